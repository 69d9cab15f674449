"""The battlefield's geometry: the grid, counters' footprints, squares around a unit, line of
sight, passage, zones of control, and the movement search with its tables (HoN core p.9-14,
p.18-20; BfC p.04-06; SoN p.5-8, p.11-13)."""

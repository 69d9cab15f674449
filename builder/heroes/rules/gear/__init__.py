"""Gear and recruitment options played as markers (HoN core p.28-31; BfC p.08-09): what each
marker does and the actions that spend them, Mines, field works and Concealed markers."""

"""A game's set-up (HoN core p.5-8; BfC p.14, p.16; SoN p.11-13): deployment and its checks,
positions files, the initiative roll, reinforcements, and the night or cave conditions."""

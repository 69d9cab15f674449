"""Scenarios: the map built from boards, zones, objectives, set-up, forces, victory
conditions, reinforcements and campaigns. Pure domain: no I/O, no UI."""

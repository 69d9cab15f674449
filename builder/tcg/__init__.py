"""Heroes of Normandie — The Tactical Card Game (rule book 001, cited "TCG p.N"): unit, hero,
decoy and event cards on a board of boxes, command boards and tactics, GO! activations,
DIRECTIVE markers, 2d6 shooting, saves, hidden units and decoys (DESIGN.md 2)."""

"""The actions of an activated unit, one module each (its options, its check, its effect), the
actions' kinds and the table that resolves them (HoN core p.9-26; BfC; SoN)."""

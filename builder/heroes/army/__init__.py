"""Army lists: the file model, the slot rule, the legality engine and the summary.
Pure domain: no I/O, no UI."""

"""The catalogue: counters, recruitment tiles, options, heroes and the glossary of
special abilities, markers and terrain effects. Pure domain: no I/O, no UI.

The model modules (and the army list's) don't use `from __future__ import annotations`:
pydantic would evaluate every field's annotation from its string when each class is built,
which cost hon's start-up about 40 ms; a reference to a class defined further down is quoted."""

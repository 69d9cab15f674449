"""The catalogue: counters, recruitment tiles, options, heroes and the glossary of
special abilities, markers and terrain effects. Pure domain: no I/O, no UI."""

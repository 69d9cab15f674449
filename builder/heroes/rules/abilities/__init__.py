"""Special abilities, markers, gear and options, one module each (issue 32, point 4).

Each module holds one ability's rule - its text and page in the docstring - and, when the
engine reaches it through a declared hook point, its `Ability` class, registered by catalogue
id in `registry.py`. This package's `__init__` imports nothing: the engine's modules import
single abilities (and the registry) without pulling in the rest."""

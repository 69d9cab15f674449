"""hon: army builder and scenario designer for the Heroes System wargames."""

__version__ = "0.1.0"

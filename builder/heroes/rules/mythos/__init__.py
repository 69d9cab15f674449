"""Shadows over Normandie's Mythos (SoN p.11, p.14-19): the bags, Terror and Madness, Search,
spells and their casting, and the options' markers that bear on Terror."""

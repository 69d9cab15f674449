"""Campaigns played through: the campaign file, results recorded one game after another and
each carried into the next scenario. Pure domain: no I/O, no UI."""

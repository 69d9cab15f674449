"""Exports: printable rosters (and, later, scenario sheets) rendered from domain models."""

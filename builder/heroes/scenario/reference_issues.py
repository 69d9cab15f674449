"""The scenario's references to names it or the catalogue must know, as issues: one message
shape for every unknown side, zone, objective or catalogue entry (`hon scenario check`)."""

from __future__ import annotations

from builder.heroes.catalogue.index import Catalogue
from builder.kernel.diagnostics import Issue, error, join_or

__all__ = ["missing", "unknown"]


def unknown(catalogue: Catalogue, section: str, what: str, entry_id: str, path: str) -> Issue:
    close = catalogue.did_you_mean(entry_id, section)
    return error(
        "reference.unknown",
        path,
        f"The catalogue has no {what} {entry_id!r}.",
        f"Did you mean {join_or(repr(c) for c in close)}?" if close else "Check the id.",
    )


def missing(kind: str, name: str, path: str, known: list[str], where: str = "") -> Issue:
    """`where` names what refers to it ('the outcome "Allied victory"'), when the path alone
    would not tell the player which of several places it is."""
    return error(
        "reference.unknown",
        path,
        f"The scenario has no {kind} {name!r}" + (f", named in {where}." if where else "."),
        f"Its {kind}s are {join_or(known)}." if known else f"Add the {kind} first.",
    )

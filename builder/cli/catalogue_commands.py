"""`hon catalogue check | list [KIND] | show ID` and `hon schema`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from builder.cli.app import CatalogueOption, ForceOption, JsonOption, app, console, open_catalogue, tell_written

# The domain is imported inside each command, so that `hon` starts without loading it.

catalogue_app = typer.Typer(help="Inspect and check the catalogue.", no_args_is_help=True)
app.add_typer(catalogue_app, name="catalogue")


@catalogue_app.command("check")
def check_command(catalogue: CatalogueOption = None, as_json: JsonOption = False) -> None:
    """Find duplicate ids, dangling references and entries without a source."""
    from rich.text import Text

    from builder.cli.render import issues_table
    from builder.heroes.catalogue.check import check_catalogue
    from builder.kernel.diagnostics import is_legal

    loaded, issues = open_catalogue(catalogue)
    issues = issues + check_catalogue(loaded)
    if as_json:
        print(
            json.dumps(
                {"ok": is_legal(issues), "entries": len(loaded), "issues": [i.model_dump(mode="json") for i in issues]},
                indent=2,
            )
        )
    elif issues:
        console.print(issues_table(issues))
    else:
        console.print(Text(f"The catalogue is sound: {len(loaded)} entries, revision {loaded.revision}."))
    raise typer.Exit(0 if is_legal(issues) else 1)


@catalogue_app.command("list")
def list_command(
    kind: Annotated[str | None, typer.Argument(help="units, tiles, heroes, options, abilities, markers…")] = None,
    faction: Annotated[str | None, typer.Option(help="Only what this faction can field.")] = None,
    search: Annotated[str | None, typer.Option(help="Fuzzy search over names and ids.")] = None,
    catalogue: CatalogueOption = None,
    as_json: JsonOption = False,
) -> None:
    """List catalogue entries, by kind."""
    from rich.table import Table

    from builder.heroes.catalogue.index import close_matches
    from builder.heroes.catalogue.kinds import KINDS
    from builder.kernel.diagnostics import join_or

    kinds = {k.section: k for k in KINDS} | {k.singular.split()[-1]: k for k in KINDS}
    loaded, _ = open_catalogue(catalogue)
    sections = None
    if kind is not None:
        found = kinds.get(kind)
        if found is None:
            close = close_matches(kind, kinds)
            raise typer.BadParameter(
                f"no kind {kind!r}" + (f"; did you mean {join_or(close)}?" if close else ""), param_hint="KIND"
            )
        sections = [found.section]
    hits = loaded.search(search or "", sections, faction, limit=100_000)
    if not search:
        hits.sort(key=lambda hit: (KINDS.index(hit.kind), hit.entry.id))
    if as_json:
        print(json.dumps([{"kind": h.kind.section, "id": h.entry.id, "name": h.entry.name} for h in hits], indent=2))
        return
    table = Table(box=None, header_style="bold", pad_edge=False)
    for column in ("kind", "id", "name", "faction", "cost", "source"):
        table.add_column(column, justify="right" if column == "cost" else "left")
    for hit in hits:
        entry = hit.entry
        cost = getattr(entry, "cost", None)
        table.add_row(
            hit.kind.singular,
            entry.id,
            entry.name,
            str(getattr(entry, "faction", "") or ""),
            "" if cost is None else str(cost),
            entry.source or "—",
        )
    console.print(table)


@catalogue_app.command("show")
def show_command(
    entry_id: Annotated[str, typer.Argument(metavar="ID")],
    catalogue: CatalogueOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show one entry."""
    import yaml
    from rich.syntax import Syntax

    from builder.cli.render import titled
    from builder.heroes.catalogue.index import close_matches
    from builder.kernel.diagnostics import join_or
    from builder.render.rules_core import rules_core_json, rules_core_line

    loaded, _ = open_catalogue(catalogue)
    found = loaded.find(entry_id)
    if not found:
        every = [entry.id for _, entry in loaded.all_entries()]
        close = close_matches(entry_id, every)
        raise typer.BadParameter(
            f"the catalogue has no entry {entry_id!r}" + (f"; did you mean {join_or(close)}?" if close else ""),
            param_hint="ID",
        )
    if as_json:
        shown = []
        for k, e in found:
            dumped = {"kind": k.section, **e.model_dump(mode="json", exclude_defaults=True)}
            listing = rules_core_json(k.section, e.id)
            if listing is not None:
                dumped["rules_core"] = listing
            shown.append(dumped)
        print(json.dumps(shown, indent=2))
        return
    for kind, entry in found:
        origin = loaded.origins.get((kind.section, entry.id))
        console.print(titled(entry.name, f" — {kind.singular}" + (f", from {origin.file}" if origin else "")))
        text = yaml.safe_dump(entry.model_dump(mode="json", exclude_defaults=True), sort_keys=False, allow_unicode=True)
        console.print(Syntax(text, "yaml", background_color="default"))
        line = rules_core_line(kind.section, entry.id, entry.game)
        if line is not None:
            console.print(line, soft_wrap=True)


@app.command()
def schema(
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="Write the schemas into this folder (made if new).")
    ] = None,
    force: ForceOption = False,
) -> None:
    """JSON Schemas for catalogue, army and scenario files (for editors)."""
    from builder.io.outputs import to_stdout
    from builder.io.schema import SCHEMAS, write_schemas

    if output is None or to_stdout(output):
        print(json.dumps({name: build() for name, build in SCHEMAS.items()}, indent=2))
        return
    for path in write_schemas(output, force):
        tell_written(path)

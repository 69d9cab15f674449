"""The roster as Markdown and as plain text, from the same model as the HTML.

Text from user files is cleaned of control characters (no terminal escapes, no line
breaks that would start a Markdown block) and, in Markdown, every character with a
Markdown meaning is backslash-escaped, so a unit named `<script>` prints as text."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

from builder.export.roster_model import Block, MarkerSheet, OptionSheet, Roster, SlotSheet
from builder.export.roster_sheets import CounterSheet, SideSheet

TICK = "☐"  # one per marker: tick it when the marker is spent
BOX = "□"  # one per counter that can be destroyed
BREAKS = "▣"  # the box that breaks the group
WIDTH = 110
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]+")
# CommonMark lets any ASCII punctuation be backslash-escaped; these are the ones that can
# start markup (emphasis, links, HTML, code, tables, headings, entities) mid-line.
_MARKDOWN = re.compile(r"([\\`*_{}\[\]<>()#+!|~&])")


def clean(text: str) -> str:
    """User text on one line, without control or bidirectional-override characters."""
    return _CONTROL.sub(" ", text).strip()


def md_escape(text: str) -> str:
    return _MARKDOWN.sub(r"\\\1", clean(text))


class _Writer:
    """Headings, paragraphs, lists and tables, in Markdown or plain text."""

    def __init__(self, markdown: bool):
        self.markdown = markdown
        self.lines: list[str] = []

    def t(self, text: str) -> str:
        """User text, made safe for the format."""
        return md_escape(text) if self.markdown else clean(text)

    def heading(self, level: int, text: str) -> None:
        if self.markdown:
            self.lines += [f"{'#' * level} {text}", ""]
        else:
            rule = "=" if level == 1 else "-"
            self.lines += [text, rule * min(WIDTH, max(len(text), 8)), ""]

    def para(self, text: str) -> None:
        self.lines += [*(textwrap.wrap(text, WIDTH) if not self.markdown else [text]), ""]

    def bullets(self, items: Sequence[str]) -> None:
        for item in items:
            if self.markdown:
                self.lines.append(f"- {item}")
            else:
                self.lines += textwrap.wrap(item, WIDTH, initial_indent="  - ", subsequent_indent="    ")
        self.lines.append("")

    def bold(self, text: str) -> str:
        return f"**{text}**" if self.markdown else text

    def table(self, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        if self.markdown:
            self.lines.append("| " + " | ".join(headers) + " |")
            self.lines.append("|" + "|".join("---" for _ in headers) + "|")
            self.lines += ["| " + " | ".join(cell or " " for cell in row) + " |" for row in rows]
        else:
            widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(headers[:-1])]
            indent = sum(widths) + 2 * len(widths) + 2
            last = max(20, WIDTH - indent)
            for row in [list(headers), *rows]:
                head = "  " + "".join(cell.ljust(w + 2) for cell, w in zip(row, widths, strict=False))
                tail = textwrap.wrap(row[-1], last) or [""]
                self.lines.append((head + tail[0]).rstrip())
                self.lines += [" " * indent + more for more in tail[1:]]
        self.lines.append("")

    def text(self) -> str:
        return "\n".join(self.lines).rstrip() + "\n"


def render_markdown(roster: Roster) -> str:
    return _render(roster, _Writer(markdown=True))


def render_text(roster: Roster) -> str:
    return _render(roster, _Writer(markdown=False))


def _render(r: Roster, w: _Writer) -> str:
    w.heading(1, w.t(r.name))
    limit = f" / {r.points_limit}" if r.points_limit is not None else ""
    left = ""
    if r.points_left is not None:
        left = f" ({r.points_left} left)" if r.points_left >= 0 else f" ({-r.points_left} over)"
    verdict = w.bold("legal") if r.legal else w.bold("NOT LEGAL")
    w.para(f"{w.t(r.faction)} · {w.t(r.game)} · {w.bold(f'{r.points}{limit} points')}{left} · {verdict}")
    if not r.legal:
        _banner(r, w)
    _overview(r, w)
    for block in r.blocks:
        _block(block, w)
    if r.glossary:
        w.heading(2, "Special abilities in this army")
        for g in r.glossary:
            page = w.t(g.source) if g.source else "no page"
            category = f" ({w.t(g.category)})" if g.category else ""
            w.para(f"{w.bold(w.t(g.name))}{category}, {page}: {w.t(g.summary)}")
    if r.notes:
        w.heading(2, "Notes")
        w.para(w.t(r.notes))
    date = f" of {w.t(r.date)}" if r.date else ""
    w.para(f"Catalogue revision {w.t(r.revision)}{date}. Printed by hon; example values are not official.")
    return w.text()


def _banner(r: Roster, w: _Writer) -> None:
    count = len(r.errors)
    title = f"NOT LEGAL: this list breaks {count} rule{'s' if count != 1 else ''}"
    items = []
    for issue in r.issues:
        line = f" (line {issue.line})" if issue.line else ""
        hint = f" {w.t(issue.hint)}" if issue.hint else ""
        items.append(
            f"[{issue.severity.value}] {w.t(issue.message)}{hint} ({w.t(issue.code)} at {w.t(issue.path)}{line})"
        )
    if w.markdown:
        w.lines += [f"> **{title}**", ">", *[f"> - {item}" for item in items], ""]
    else:
        w.lines += ["*" * WIDTH, f"*** {title}"]
        w.bullets(items)
        w.lines[-1:] = ["*" * WIDTH, ""]


def _overview(r: Roster, w: _Writer) -> None:
    o = r.orders
    w.heading(2, "Order tokens")
    w.para(f"{w.bold(str(o.numbered))} numbered ({o.stars} stars), {o.bluff} bluff, {o.special} special")
    rows = [[s.kind, str(s.count), w.t(s.source) + (f" (#{s.block})" if s.block else "")] for s in o.sources]
    w.table(["token", "count", "from"], rows)
    counters = ", ".join(f"{n} {w.t(kind)}" for kind, n in r.counters) or "none"
    markers = ", ".join(f"{n} {w.t(name)}" for name, n in r.markers) or "none"
    w.bullets(
        [
            f"Counters: {counters}",
            f"Markers: {markers}",
            f"Victory points at stake: {r.victory_points_at_stake}",
            f"Catalogue revision {w.t(r.revision)}" + (f" of {w.t(r.date)}" if r.date else ""),
        ]
    )


def _block(b: Block, w: _Writer) -> None:
    cost = f" — {b.cost} pts" if b.cost is not None else ""
    label = f" ({w.t(b.label)})" if b.label else ""
    kind = "support option" if b.kind == "support" else b.kind
    w.heading(2, f"#{b.number} {w.t(b.name)}{label} — {kind}{cost}")
    facts = _facts(b, w)
    if facts:
        w.para(" ".join(facts))
    if b.slots:
        w.bullets([_slot(slot, w) for slot in b.slots])
    if b.options:
        w.bullets([_option(o, w) for o in b.options])
    if b.counters:
        rows = [row for counter in b.counters for row in _counter_rows(counter, w)]
        w.table(["counter", "side", "def", "mv", "vs inf", "vs light", "vs heavy", "hit", "special abilities"], rows)
    if b.markers:
        w.bullets([_marker(m, w) for m in b.markers])
    if b.tally:
        boxes = " ".join(BREAKS if breaks else BOX for breaks in b.tally.marks)
        w.para(f"Destroyed: {boxes}   ({BREAKS} = breaking point)")
    w.para(w.t(b.closing))


def _facts(b: Block, w: _Writer) -> list[str]:
    """What the block's tile says beyond its slots, options and counters, one sentence each."""
    facts = []
    if not b.known:
        facts.append("Not in the catalogue: printed as listed.")
    if b.where:
        facts.append(f"In the {w.t(b.where)}.")
    if b.formation:
        facts.append(sentence(w.t(b.formation)))
    if b.command:
        facts.append(f"{b.command.capitalize()} tile: its gear and traits serve the whole army.")
    if b.stripes_unsaid:
        facts.append(sentence("Stripes: " + ", ".join(w.t(name) for name in b.stripes_unsaid)))
    if b.ability:
        facts.append(f"Tile ability: {w.t(b.ability.text)}.")
    if b.order_stars:
        facts.append(f"Order stars on the tile: {b.order_stars}.")
    if b.effect:
        facts.append(w.t(b.effect))
    return facts


def _slot(slot: SlotSheet, w: _Writer) -> str:
    """A slot of the tile: its size and frame, what it unlocks, and the option in it."""
    frame = ", ".join(w.t(s.name) for s in slot.stripes) or "not on this tile"
    about = [slot.size, f"frame: {frame}"] if slot.size else [frame]
    if slot.unlocks:
        about.append(("unlocks " if slot.option else "would unlock ") + w.t(slot.unlocks))
    what = _option(slot.option, w) if slot.option else "empty"
    return f"{w.bold(w.t(slot.id))} ({'; '.join(about)}): {what}"


def _marker(m: MarkerSheet, w: _Writer) -> str:
    """A marker with a box to tick for each one, what it does and where it comes from."""
    sources = f" From {', '.join(w.t(s) for s in m.sources)}." if m.sources else ""
    return f"{w.t(m.name)} {' '.join(TICK * m.count)} — {w.t(m.effect)}{sources}"


def sentence(text: str) -> str:
    """Text ending with one full stop: "Inf. Div." stays, "Brigade" becomes "Brigade."."""
    return text if text.endswith(".") else f"{text}."


def _option(o: OptionSheet, w: _Writer) -> str:
    if not o.known:
        return f"{w.t(o.name)} (not in the catalogue)"
    cost = f", {o.cost} pts" if o.cost is not None else ""
    parts = [f"{w.bold(w.t(o.name))} ({w.t(o.kind)}{cost})"]
    if o.stripes:
        parts.append("stripes " + "/".join(w.t(s.name) for s in o.stripes))
    if o.support_block:
        parts.append(f"its counters: block #{o.support_block}")
    if o.picks:
        parts.append("picks: " + ", ".join(w.t(p) for p in o.picks))
    if o.grants:
        parts.append("grants: " + ", ".join(w.t(g) for g in o.grants))
    if o.restricted_to:
        parts.append("restricted to " + ", ".join(w.t(x) for x in o.restricted_to))
    if o.effect and not o.support_block:
        parts.append(w.t(o.effect))
    return "; ".join(parts)


def _counter_rows(c: CounterSheet, w: _Writer) -> list[list[str]]:
    # The shield colour tells infantry; name the type of anything else, and the role.
    about = [c.type] if c.type != "infantry" else []
    about += [c.role] if c.role != "regular" else []
    name = w.t(c.name) + (f" ×{c.copies}" if c.copies > 1 else "") + (f" ({', '.join(about)})" if about else "")
    rows: list[list[str]] = []
    for index, side in enumerate(c.sides):
        rows += _side_rows(name if index == 0 else "", side, c, w)
    return rows


def _side_rows(name: str, side: SideSheet, c: CounterSheet, w: _Writer) -> list[list[str]]:
    if side.is_wreck:
        return [[name, side.state, "", "", "", "", "", "", "a wreck: a terrain element"]]
    defense = f"{side.defense} {c.shield}" if side.defense else ""
    abilities = ", ".join(w.t(a.text) for a in side.abilities)
    state = side.state + (f" ({w.t(side.name)})" if side.name else "")
    if not side.weapons:
        values = [v.value for v in side.combat]
        return [[name, state, defense, side.movement or "", *values, side.on_hit or "", abilities]]
    rows = []
    for index, weapon in enumerate(side.weapons):
        arc = f", {weapon.arc}° arc" if weapon.arc is not None else ""
        text = f"{w.t(weapon.name)} ({weapon.role}{arc})"
        if weapon.abilities:
            text += ": " + ", ".join(w.t(a.text) for a in weapon.abilities)
        if index == 0 and abilities:
            text = f"{abilities}; {text}"
        first = index == 0
        rows.append(
            [
                name if first else "",
                state if first else "",
                defense if first else "",
                (side.movement or "") if first else "",
                *[v.value for v in weapon.combat],
                (side.on_hit or "") if first else "",
                text,
            ]
        )
    return rows

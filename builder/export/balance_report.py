"""The balance report (`hon balance -o REPORT.html`): one HTML page from a Jinja2 template
with the win rates, their 95 % intervals, and charts drawn with matplotlib (the Agg-free
SVG backend, embedded inline): win-rate convergence with the interval, victory points by
side, objective control by turn.

It renders the run's JSON form (builder.services.balance.to_json), the same document
`hon balance --json` prints for any game system, so a saved run can be drawn again without
playing it."""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from builder.export.roster import environment

PALETTE = ("#1f5fa8", "#b8402a", "#3a8a3a", "#8a5a9a")  # a colour per side, in the scenario's order
NOBODY = "#bbbbbb"
SCORES = {"victory-points": "victory points", "medals": "medals"}  # what the sides score, by the document's `score`


def player_name(player: str, budget: int | None, temperature: float | None) -> str:
    """One player of a run, by its JSON form: "the greedy player", "the search agent (16
    play-outs an action)", or the Heroes System's simple policy at its temperature."""
    if player == "search":
        return f"the search agent ({budget} play-outs an action)"
    if player == "random":
        return "the random player"
    if temperature is None:
        return "the greedy player"
    if temperature == 0:
        return "the simple policy, greedy (temperature 0)"
    return f"the simple policy with seeded variety (temperature {temperature:g})"


def players_said(data: Mapping[str, Any]) -> str:
    """Who played each side, from a run's JSON form: one player for every side, or each
    side's by name."""
    seats: Mapping[str, Mapping[str, Any]] = data["players"]
    named = {seat: player_name(p["player"], p["budget"], data["temperature"]) for seat, p in seats.items()}
    if len(set(named.values())) == 1:
        return f"{next(iter(named.values()))} for every side"
    return "; ".join(f"{seats[seat]['name']}: {name}" for seat, name in named.items())


def report_said(report: Mapping[str, Any], games: int) -> list[str]:
    """The report after Ludii's in sentences, from a run's JSON `report`: decisiveness and
    draws, the first player's advantage, game length (objective control is a table)."""
    decided, draws, first, length = report["decisive"], report["draws"], report["first_player"], report["length"]
    said = [
        f"Decided {decided['games']} of {games} games ({decided['share']:.0%}); drawn {draws['games']} "
        f"({draws['share']:.0%})."
    ]
    if first["games"]:
        low, high = first["interval"]
        said.append(
            f"The side that moved first won {first['wins']} of {first['games']} ({first['rate']:.0%}, "
            f"95 % interval {low:.0%}–{high:.0%})."
        )
    said.append(
        f"Game length: {length['mean']:.1f} turns on average (spread {length['spread']:.1f}; "
        f"{length['shortest']} to {length['longest']})."
    )
    return said


def agreement_said(data: Mapping[str, Any]) -> str:
    """Whether the greedy player's verdict and the search agent's agree, from a comparison's
    JSON form ({"agreement": code, "greedy": run, "search": run})."""
    greedy, search = data["greedy"], data["search"]

    def verdict(run: Mapping[str, Any]) -> str:
        favoured = run["favoured"]
        return f"favours {run['sides'][favoured]['name']}" if favoured is not None else "favours no side"

    under = f"under the greedy player it {verdict(greedy)}, under the search agent it {verdict(search)}"
    if data["agreement"] == "agree":
        return f"The players agree: {under}."
    if data["agreement"] == "one-favours":
        return f"The players disagree: {under}; the verdict hangs on the player."
    return f"The players disagree: {under}, each another side."


def render_comparison(data: Mapping[str, Any]) -> str:
    """The page of a comparison (`--policy compare -o`): both runs side by side, the
    verdict, and each run's report after Ludii's (of a run stopped early, what was played)."""
    runs = {key: data[key] for key in ("greedy", "search") if key in data}  # a stopped run: the greedy one
    said = {key: report_said(run["report"], run["games"]) for key, run in runs.items()}
    players = {key: players_said(run) for key, run in runs.items()}
    verdict = agreement_said(data) if data["agreement"] is not None else ""
    template = environment().get_template("balance_compare.html.j2")
    return template.render(d=data, runs=runs, said=said, players=players, verdict=verdict)


def setting_said(setting: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """One setting of a handicap's sweep, from its JSON form: "the game lasts 7 turns
    instead of 6", "Germans need 5 victory points instead of 6", or as written."""
    value, written, measure = setting["value"], setting["written"], setting["measure"]
    side = names.get(setting["side"] or "", setting["side"])
    said = {
        "turns": f"the game lasts {value} turns",
        "starting-points": f"{side} start with {value} victory points",
        "points-needed": f"{side} need {value} victory points to win",
        "medals-needed": f"{side} need {value} medals to win",
    }[measure]
    return f"{said} instead of {written}" if value != written else f"as written ({said})"


REASONS = {
    "counts-points": "auto swept the victory points: the victory conditions count them",
    "turn-limit": "auto swept the turns: the victory conditions count no victory points",
}


def handicap_said(data: Mapping[str, Any]) -> list[str]:
    """The sweep's finding, from its JSON form: why auto chose its kind, then the setting
    closest to even with each side's win rate and interval."""
    said = [f"{REASONS[data['reason']][0].upper()}{REASONS[data['reason']][1:]}."] if data["reason"] else []
    if data["closest"] is None:
        return said
    best = data["settings"][data["closest"]]
    run = best["run"]
    names = {side: s["name"] for side, s in run["sides"].items()}
    rates = ", ".join(
        f"{s['name']} {s['rate']:.0%} ({s['interval'][0]:.0%}–{s['interval'][1]:.0%})" for s in run["sides"].values()
    )
    even = "its intervals overlap" if run["favoured"] is None else f"{names[run['favoured']]} is still favoured"
    said.append(f"Closest to even when {setting_said(best, names)}: {rates}; {even}.")
    return said


def render_handicap(data: Mapping[str, Any]) -> str:
    """The page of a handicap's sweep (`--handicap … -o`): each setting's win rates, the
    closest to even first said."""
    first = data["settings"][0]["run"]
    names = {side: s["name"] for side, s in first["sides"].items()}
    settings = [setting_said(setting, names) for setting in data["settings"]]
    template = environment().get_template("balance_handicap.html.j2")
    return template.render(
        d=data, first=first, names=names, settings=settings, said=handicap_said(data), players=players_said(first)
    )


def render_report(data: Mapping[str, Any]) -> str:
    """The report page for a run's JSON form."""
    sides = list(data["sides"])
    colours = {side: PALETTE[i % len(PALETTE)] for i, side in enumerate(sides)}
    names = {side: data["sides"][side]["name"] for side in sides}
    score = SCORES[data["score"]]
    charts = {
        "convergence": _convergence(data, colours, names),
        "points": _points(data, colours, names, score),
        "control": _control(data, colours, names),
    }
    template = environment().get_template("balance.html.j2")
    said = report_said(data["report"], data["games"])
    return template.render(
        d=data, colours=colours, names=names, charts=charts, score=score, players=players_said(data), report=said
    )


def _svg(figure: Any, salt: str) -> Markup:
    """A figure as inline SVG: no XML prologue, ids unique to the chart (several share a page)."""
    import matplotlib

    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": salt, "svg.fonttype": "none"}):
        figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    return Markup(re.sub(r'(width|height)="[\d.]+pt"', "", text, count=2))


def _figure(width: float, height: float) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _convergence(data: Mapping[str, Any], colours: Mapping[str, str], names: Mapping[str, str]) -> Markup:
    figure = _figure(7, 3)
    axes = figure.subplots()
    history: Sequence[Mapping[str, Any]] = data["history"]
    games = [point["games"] for point in history]
    for side, colour in colours.items():
        rates = [point["rates"][side] for point in history]
        axes.plot(games, [r[0] for r in rates], color=colour, label=names[side], marker="." if len(games) < 30 else "")
        axes.fill_between(games, [r[1] for r in rates], [r[2] for r in rates], color=colour, alpha=0.2, linewidth=0)
    axes.set_xlabel("games played")
    axes.set_ylabel("win rate (95 % interval)")
    axes.set_ylim(0, 1)
    axes.legend(loc="best", fontsize="small")
    axes.grid(alpha=0.3)
    return _svg(figure, "convergence")


def _points(data: Mapping[str, Any], colours: Mapping[str, str], names: Mapping[str, str], score: str) -> Markup:
    figure = _figure(7, 2.6)
    axes = figure.subplots()
    found = {side: {int(vp): n for vp, n in data["sides"][side]["victory_points"].items()} for side in colours}
    values = sorted({vp for counts in found.values() for vp in counts}) or [0]
    width = 0.8 / max(1, len(colours))
    for i, (side, colour) in enumerate(colours.items()):
        xs = [vp - 0.4 + width * (i + 0.5) for vp in values]
        axes.bar(xs, [found[side].get(vp, 0) for vp in values], width=width, color=colour, label=names[side])
    axes.set_xticks(values)
    axes.set_xlabel(f"{score} at the end")
    axes.set_ylabel("games")
    axes.legend(loc="best", fontsize="small")
    axes.grid(axis="y", alpha=0.3)
    return _svg(figure, "points")


def _control(data: Mapping[str, Any], colours: Mapping[str, str], names: Mapping[str, str]) -> Markup | None:
    objectives: Mapping[str, Mapping[str, Any]] = data["objectives"]
    if not objectives:
        return None
    figure = _figure(7, 1.9 * len(objectives))
    panels = figure.subplots(len(objectives), 1, sharex=True, squeeze=False)[:, 0]
    for axes, found in zip(panels, objectives.values(), strict=True):
        by_turn: Sequence[Mapping[str, int]] = found["held_by_turn"]
        turns = list(range(1, len(by_turn) + 1))
        totals = [sum(held.values()) or 1 for held in by_turn]
        bottom = [0.0] * len(turns)
        for side, colour in [*colours.items(), ("none", NOBODY)]:
            shares = [held.get(side, 0) / total for held, total in zip(by_turn, totals, strict=True)]
            label = names.get(side, "nobody")
            axes.bar(turns, shares, bottom=bottom, color=colour, label=label, width=0.8)
            bottom = [b + s for b, s in zip(bottom, shares, strict=True)]
        axes.set_ylim(0, 1)
        axes.set_title(found["name"], fontsize="small", loc="left")
        axes.set_ylabel("share of games", fontsize="x-small")
    panels[0].legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small")
    panels[-1].set_xlabel("at the end of turn")
    panels[-1].set_xticks(range(1, max(len(f["held_by_turn"]) for f in objectives.values()) + 1))
    return _svg(figure, "control")

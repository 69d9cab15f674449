"""Where hon's style sheets are, and when they are read. The app's (app.tcss,
HonApp.CSS_PATH) styles what start-up shows, the loading message and the army builder; the
other screens' styles are in screens.tcss, which every screen shown after the builder names
first in its CSS_PATH. Textual reads a screen's CSS_PATH the first time the screen is shown
(App._load_screen_css), so start-up does not parse the two thirds of hon's styles that the
army on screen does not use (6 of the 9 ms app.tcss took to parse whole)."""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode
    from textual.screen import Screen

_HERE = Path(__file__).parent

SCREENS_CSS = _HERE / "screens.tcss"
# The Tactical Card Game's screens add theirs after it, as they did after app.tcss whole.
TCG_CSS: list[str | PurePath] = [SCREENS_CSS, _HERE / "screens" / "tcg_designer.tcss"]


def read_screen_css(app: App[Any], screen: Screen[Any]) -> None:
    """Read the files of `screen`'s CSS_PATH that `app` has not read yet, as Textual does
    when the screen is first shown, less the work that only the way it is done costs.
    Textual parses every style sheet of the app anew (a fresh Stylesheet, none of the rules
    it parsed before reused: 10 ms for what the builder shows alone): here the new files
    are parsed alone (Stylesheet.parse keeps the rules of each sheet it parsed, for the
    same variables: the same rules in the same order). Textual then restyles every node of
    the screen shown (the builder, under a dialog): here only those a new rule may style and
    their descendants, which are all of them only if a new rule names any widget (`*`)."""
    stylesheet = app.stylesheet
    new = [path for path in screen.css_path if not stylesheet.has_source(str(path))]
    if not new:
        return
    from textual.scrollbar import ScrollBar, ScrollBarCorner  # imported by the first scrolling widget

    # Stylesheet.parse lists each source's rules in the order of `stylesheet.source`, a dict
    # to which the files read here are added last (none was there: has_source above): the
    # rules past those counted before are the new files' (counted, not compared by identity,
    # as a parse after its cache of 64 sheets evicted one makes every RuleSet anew).
    known = len(stylesheet.rules)
    stylesheet.read_all(new)
    named = {name for rule in stylesheet.rules[known:] for name in rule.selector_names}
    if not named.isdisjoint(ScrollBar._css_type_names | ScrollBarCorner._css_type_names):
        stylesheet.update(app)  # it styles the scroll bars of the widgets it restyles
        return
    stylesheet.update_nodes(_restyled(named, app))


def _restyled(named: set[str], app: App[Any]) -> dict[DOMNode, None]:
    """The nodes a rule whose subject is one of `named` may style, with their descendants
    (each once, in the order Stylesheet.update takes them): restyling a node clears its
    descendants' caches only in part (Styles.refresh their rich styles, not the visual
    styles drawn from what they inherit), which Stylesheet.update's restyling of each
    clears."""
    nodes: dict[DOMNode, None] = {}
    for node in app.walk_children(with_self=True):
        if node not in nodes and _may_style(named, node):
            nodes.update(dict.fromkeys(node.walk_children(with_self=True)))
    return nodes


def _may_style(named: set[str], node: DOMNode) -> bool:
    """Whether a rule whose subject is one of `named` may style `node` or its component
    classes. Stylesheet.apply styles a node with the rules naming it (its type or a base's,
    id, class, `*`) and its component classes as nodes of their own (type DOMNode): for
    any other node, the rules it considers are those it considered before."""
    components = {"DOMNode", *(f".{name}" for name in node._get_component_classes())}
    return not (named.isdisjoint(node._selector_names) and named.isdisjoint(components))

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
    from textual.screen import Screen

_HERE = Path(__file__).parent

SCREENS_CSS = _HERE / "screens.tcss"
# The Tactical Card Game's screens add theirs after it, as they did after app.tcss whole.
TCG_CSS: list[str | PurePath] = [SCREENS_CSS, _HERE / "screens" / "tcg_designer.tcss"]


def read_screen_css(app: App[Any], screen: Screen[Any]) -> None:
    """Read the files of `screen`'s CSS_PATH that `app` has not read yet, as Textual does
    when the screen is first shown, less the work that only the way it is done costs:
    Textual parses every style sheet of the app anew (a fresh Stylesheet, none of the rules
    it parsed before reused: 10 ms for what the builder shows alone). Here the new files
    are parsed alone (Stylesheet.parse keeps the rules of each sheet it parsed, for the
    same variables: the same rules in the same order), then the screen shown is restyled
    as Textual restyles it; Textual's own loading finds nothing left to read."""
    stylesheet = app.stylesheet
    new = [path for path in screen.css_path if not stylesheet.has_source(str(path))]
    if new:
        stylesheet.read_all(new)
        stylesheet.parse()
        stylesheet.update(app)

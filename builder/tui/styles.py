"""Where hon's style sheets are. The app's (app.tcss, HonApp.CSS_PATH) styles what start-up
shows, the loading message and the army builder; the other screens' styles are in
screens.tcss, which every screen shown after the builder names first in its CSS_PATH.
Textual reads a screen's CSS_PATH the first time the screen is shown
(App._load_screen_css), so start-up does not parse the two thirds of hon's styles that the
army on screen does not use (6 of the 9 ms app.tcss took to parse whole)."""

from __future__ import annotations

from pathlib import Path, PurePath

_HERE = Path(__file__).parent

SCREENS_CSS = _HERE / "screens.tcss"
# The Tactical Card Game's screens add theirs after it, as they did after app.tcss whole.
TCG_CSS: list[str | PurePath] = [SCREENS_CSS, _HERE / "screens" / "tcg_designer.tcss"]

"""Printing from the app: the roster of the army being built and the sheet of the scenario
being designed, as they are now (saved or not), written where the command line writes them
(`exports/<name>.<format>` under the current folder unless another folder is chosen)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from builder.export.formats import Format, Paper, SheetFormat
from builder.export.roster import render as render_roster
from builder.export.roster_build import build_roster
from builder.export.sheet import build_sheet
from builder.export.sheet import render as render_sheet
from builder.io.outputs import Output, exports_folder, printout
from builder.io.save import Fingerprint
from builder.io.scenario_files import LoadedScenario
from builder.io.yamlio import Document
from builder.services.army_session import ArmySession
from builder.services.scenario_session import ScenarioSession


@dataclass(frozen=True)
class PrintChoice:
    """A format the print dialog offers: its value for the exporter and its name."""

    value: str
    label: str


ROSTER_FORMATS = (
    PrintChoice(Format.PDF.value, "PDF, to print"),
    PrintChoice(Format.HTML.value, "HTML, for a browser"),
    PrintChoice(Format.MD.value, "Markdown"),
    PrintChoice(Format.TXT.value, "Plain text"),
)
SHEET_FORMATS = (
    PrintChoice(SheetFormat.PDF.value, "PDF, to print"),
    PrintChoice(SheetFormat.HTML.value, "HTML, for a browser"),
    PrintChoice(SheetFormat.SVG.value, "SVG, the map alone"),
)


def default_folder() -> Path:
    """Where exports go unless the player picks another folder: as on the command line."""
    return exports_folder()


def print_roster(session: ArmySession, fmt: Format, folder: Path | None = None, paper: Paper = Paper.A4) -> Path:
    """Write the roster of the army as it stands into `folder` (made if new); return the
    file written. An illegal army prints too, under its "not legal" banner. OSError when it
    cannot be written (an OutputRefused when it would replace the army or another format)."""
    roster = build_roster(session.army, session.catalogue, list(session.issues))
    read = [session.path] if session.path is not None else []
    return _into(folder, roster.name, fmt.extension, read).save(render_roster(roster, fmt, paper))


def print_sheet(
    session: ScenarioSession, fmt: SheetFormat, folder: Path | None = None, paper: Paper = Paper.A4
) -> Path:
    """Write the sheet of the scenario as it stands into `folder`; return the file written."""
    loaded = _as_loaded(session)
    sheet = build_sheet(loaded, session.catalogue)
    target = _into(folder, sheet.scenario.id, fmt.extension, loaded.files())
    return target.save(render_sheet(sheet, fmt, paper))


def _into(folder: Path | None, stem: str, extension: str, inputs: list[Path]) -> Output:
    # The trailing slash says "a folder" whatever its name looks like.
    given = None if folder is None else f"{folder}/"
    return printout(given, stem, extension, inputs=inputs, stdout=False, option="the folder chosen")


def _as_loaded(session: ScenarioSession) -> LoadedScenario:
    """The scenario being designed as if read from its file: the army lists its forces name
    are found beside that file. Edited since it was read, its lines are no longer known."""
    loaded = session.loaded
    if loaded is not None and loaded.scenario == session.scenario:
        return loaded
    path = session.path if session.path is not None else Path.cwd() / f"{session.scenario.id}.yaml"
    unread = Document(str(path), "", None)
    if loaded is not None:
        return dataclasses.replace(loaded, scenario=session.scenario, document=unread)
    return LoadedScenario(path, session.scenario, unread, Fingerprint(""))

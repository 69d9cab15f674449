"""Printing from the app: the roster of the army being built and the sheet of the scenario
being designed, as they are now (saved or not), written where the command line writes them
(`exports/<name>.<format>` under the current folder unless another folder is chosen)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from builder.export.formats import Format, Paper, SheetFormat
from builder.export.roster import DEFAULT_FOLDER, output_path, write_roster
from builder.export.roster_build import build_roster
from builder.export.sheet import build_sheet, sheet_path, write_sheet
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
    return Path.cwd() / DEFAULT_FOLDER


def print_roster(session: ArmySession, fmt: Format, folder: Path | None = None, paper: Paper = Paper.A4) -> Path:
    """Write the roster of the army as it stands into `folder`; return the file written.
    An illegal army prints too, under its "not legal" banner. OSError when it cannot be written."""
    roster = build_roster(session.army, session.catalogue, list(session.issues))
    target = output_path(roster.name, fmt.extension, _folder(folder))
    return write_roster(roster, fmt, target, paper)


def print_sheet(
    session: ScenarioSession, fmt: SheetFormat, folder: Path | None = None, paper: Paper = Paper.A4
) -> Path:
    """Write the sheet of the scenario as it stands into `folder`; return the file written."""
    sheet = build_sheet(_as_loaded(session), session.catalogue)
    return write_sheet(sheet, fmt, sheet_path(sheet.scenario.id, fmt, _folder(folder)), paper)


def _folder(folder: Path | None) -> Path:
    target = folder if folder is not None else default_folder()
    target.mkdir(parents=True, exist_ok=True)
    return target


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

"""`hon serve`: the app `hon` and `hon edit` open, in a web browser (textual-serve).

hon serve
hon serve data/armies/german-ss-550.yaml --port 8080

The server starts one app process per browser tab, from the command built here: this very
interpreter on this checkout, with absolute paths, run without a shell (so no file name can
inject anything, and ending the process ends the app). The app runs on this machine: it
saves to this machine's files, as in a terminal, and what it exports is delivered to the
browser.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from builder.cli.app import CatalogueOption, app
from builder.cli.bounds import PORTS, bounded
from builder.io.errors import HonFileError
from builder.io.network import is_host
from builder.io.paths import existing_user_catalogue

# The folder that holds the `builder` package: the served processes import this checkout.
CHECKOUT = Path(__file__).resolve().parents[2]


def _host(value: str) -> str:
    """--host, refused unless an IP address or a host name (the socket module would raise
    a TypeError or a UnicodeError on some others)."""
    if not is_host(value):
        raise typer.BadParameter(f"{value[:80]!r} is not an IP address or a host name", param_hint="--host")
    return value


@app.command()
def serve(
    army: Annotated[
        Path | None, typer.Argument(help="An army list (YAML) to open; by default an unsaved copy of the example.")
    ] = None,
    host: Annotated[
        str,
        typer.Option(
            help="The address to listen on (an IP address or a host name); only this machine can connect to "
            "the default.",
            callback=_host,
        ),
    ] = "127.0.0.1",
    port: Annotated[int, bounded("--port", within=PORTS, help="The port to listen on.")] = 8000,
    catalogue: CatalogueOption = None,
) -> None:
    """Serve the app to a web browser on this machine: open the address it prints."""
    check_files(army, catalogue)
    serve_app(app_command(army, catalogue), host, port)


def check_files(army: Path | None, catalogue: Path | None) -> None:
    """Read the catalogue and the army now, so that a file the app could not open is one
    line here, not a broken page in the browser (`hon edit` does the same)."""
    from builder.io.army_files import load_army
    from builder.io.catalogue_files import load_catalogue

    load_catalogue(existing_user_catalogue(catalogue))
    if army is not None:
        if not army.exists():
            raise HonFileError(army, "no such file; start a new army with `hon serve` and save it there.")
        load_army(army)


def app_command(army: Path | None, catalogue: Path | None) -> list[str]:
    """The command that runs the app for one browser tab: this Python on this checkout
    (`python -m builder.cli`, which is `hon`), with absolute paths."""
    words = [sys.executable, "-m", "builder.cli"]
    if army is not None:
        words += ["edit", str(army.resolve())]
    if catalogue is not None:
        words += ["--catalogue", str(catalogue.resolve())]
    return words


def serve_app(command: list[str], host: str, port: int) -> None:
    """Listen on `host`:`port` until interrupted, running `command` for each browser tab.
    Kept as one function so tests can replace it."""
    from builder.cli.terminal import say

    try:
        from builder.cli.web_server import HonServer, is_loopback
    except ImportError:  # a .venv made before hon served browsers
        say("serving needs the textual-serve package: run `make run` once, or `pip install textual-serve`.")
        raise typer.Exit(2) from None
    import socket  # here, not at the top: `hon --help` should not load it

    try:  # a port in use or a host that is not this machine's is one line, before anything is served
        socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET).close()
    except OSError as problem:
        say(f"cannot listen on {host}:{port}: {problem.strerror or problem}.")
        raise typer.Exit(2) from None
    if not is_loopback(host):
        say(f"{host} is not this machine only: whoever reaches port {port} can use hon and your files.")
    # The app processes inherit this environment, and with it this checkout's `builder`.
    inherited = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([str(CHECKOUT), *([inherited] if inherited else [])])
    HonServer(command, host, port).serve()

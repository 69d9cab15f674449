"""`hon roster`: where files land, --strict, bad input, and hostile names and texts."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from builder.cli import main
from builder.export.formats import Format
from builder.heroes.catalogue.index import Catalogue
from builder.io.outputs import resolve, slug
from builder.io.paths import EXAMPLE_ARMIES_DIR
from tests.export.helpers import html_tags, html_text

LEGAL = EXAMPLE_ARMIES_DIR / "commonwealth-43rd-770.yaml"
ILLEGAL = EXAMPLE_ARMIES_DIR / "illegal" / "points-over.yaml"
HOSTILE = "<script>alert(1)</script>"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("fmt", list(Format), ids=str)
def test_writes_into_exports_named_after_the_army(
    fmt: Format, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "roster", str(LEGAL), "--format", fmt.value)
    assert (code, err) == (0, "")
    written = tmp_path / "exports" / f"the-wessex-division-at-hill-112.{fmt.value}"
    assert out.strip() == str(written)
    data = written.read_bytes()
    assert data.startswith(b"%PDF") if fmt is Format.PDF else b"The Wessex Division at Hill 112" in data
    assert sorted(p.name for p in written.parent.iterdir()) == [written.name]


def test_output_may_name_a_file_or_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "mine.md"
    assert run(capsys, "roster", str(LEGAL), "-f", "md", "-o", str(target))[0] == 0
    assert target.read_text(encoding="utf-8").startswith("# The Wessex Division at Hill 112")
    folder = tmp_path / "new-folder"
    assert run(capsys, "roster", str(LEGAL), "-f", "txt", "-o", f"{folder}/")[0] == 0
    assert (folder / "the-wessex-division-at-hill-112.txt").is_file()
    assert run(capsys, "roster", str(LEGAL), "-o", str(folder))[0] == 0  # an existing folder
    assert (folder / "the-wessex-division-at-hill-112.html").is_file()


def test_an_illegal_army_prints_unless_strict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "roster", str(ILLEGAL), "-f", "txt", "-o", f"{tmp_path}/")
    assert code == 0
    text = Path(out.strip()).read_text(encoding="utf-8")
    assert "NOT LEGAL" in text and "65 over its 375-point limit" in text
    strict = tmp_path / "strict"
    code, out, err = run(capsys, "roster", str(ILLEGAL), "--strict", "-o", f"{strict}/")
    assert code == 1 and out == ""
    assert "not legal" in err and "65 over its 375-point limit" in err
    assert not strict.exists()


def test_strict_accepts_a_legal_army(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "roster", str(LEGAL), "--strict", "-o", f"{tmp_path}/")[0] == 0


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["missing.yaml"], "no such file"),
        (["BAD"], "not valid YAML"),
        ([str(LEGAL), "--format", "docx"], "--format"),
        ([str(LEGAL), "--paper", "a3"], "--paper"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    args: list[str], words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "BAD").write_text("format: hon-army\nname: [unclosed\n", encoding="utf-8")
    code, _out, err = run(capsys, "roster", *args)
    assert code == 2
    assert words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / "exports").exists()


def test_an_unwritable_target_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "the-wessex-division-at-hill-112.html"
    blocker.mkdir()  # a folder where the file should go cannot be replaced
    code, _, err = run(capsys, "roster", str(LEGAL), "-o", f"{tmp_path}/")
    assert code == 2 and str(blocker) in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err
    assert [p.name for p in tmp_path.iterdir()] == [blocker.name] and not any(blocker.iterdir())


def test_an_existing_file_is_replaced_atomically(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "roster.txt"
    target.write_text("an old roster\n", encoding="utf-8")
    os.chmod(target, 0o640)
    assert run(capsys, "roster", str(LEGAL), "-f", "txt", "-o", str(target))[0] == 0
    assert target.read_text(encoding="utf-8").startswith("The Wessex Division at Hill 112")
    assert target.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["roster.txt"]  # no temporary file, no .bak


def test_a_failed_write_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "roster.html"
    target.write_text("old", encoding="utf-8")

    def broken(*args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    code, _, err = run(capsys, "roster", str(LEGAL), "-o", str(target))
    assert code == 2 and "No space left on device" in err
    assert target.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["roster.html"]


# --- Hostile input ---------------------------------------------------------------------


@pytest.fixture
def hostile(tmp_path: Path, bundled: Catalogue) -> tuple[Path, Path]:
    """A user catalogue renaming the Rifle Section `<script>…`, and an army whose name
    climbs out of folders and whose label and notes carry markup."""
    folder = tmp_path / "catalogue"
    folder.mkdir()
    unit = bundled.units["cw-43-riflemen"].model_dump(mode="json", exclude_defaults=True)
    unit["name"] = HOSTILE
    marker = {
        "id": "knife",
        "name": "Knife <b>bold</b>",
        "effect": "[click](javascript:alert(1)) & <i>",
        "source": "example",
    }
    document = {"format": "hon-catalogue", "version": 1, "game": "hon", "units": [unit], "markers": [marker]}
    (folder / "evil.yaml").write_text(yaml.safe_dump(document, allow_unicode=True), encoding="utf-8")
    army = yaml.safe_load(LEGAL.read_text(encoding="utf-8"))
    army["name"] = "../../etc/passwd"
    army["tiles"][2]["label"] = '<img src=x onerror="alert(2)">'
    army["notes"] = "# heading\n| a | b |\n\x1b[31mred\x1b[0m <script>alert(3)</script>"
    path = tmp_path / "hostile.yaml"
    path.write_text(yaml.safe_dump(army, allow_unicode=True), encoding="utf-8")
    return path, folder


def write(capsys: pytest.CaptureFixture[str], hostile: tuple[Path, Path], out: Path, fmt: Format) -> Path:
    army, catalogue = hostile
    code, printed, err = run(
        capsys, "roster", str(army), "-f", fmt.value, "-o", f"{out}/", "--catalogue", str(catalogue)
    )
    assert code == 0, err
    return Path(printed.strip())


@pytest.mark.parametrize("fmt", list(Format), ids=str)
def test_a_hostile_army_name_lands_inside_the_output_folder(
    fmt: Format, hostile: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    written = write(capsys, hostile, out, fmt)
    assert written == (out / f"etc-passwd.{fmt.value}").resolve()
    assert [p.name for p in out.iterdir()] == [written.name]


def test_html_escapes_every_text(
    hostile: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    html = write(capsys, hostile, tmp_path, Format.HTML).read_text(encoding="utf-8")
    assert HOSTILE not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "onerror=" not in html.replace("onerror=&#34;", "")
    tags = html_tags(html)
    assert "script" not in tags and "img" not in tags
    text = html_text(html)
    assert HOSTILE in text and '<img src=x onerror="alert(2)">' in text and "Knife <b>bold</b>" in text


def test_markdown_escapes_every_text(
    hostile: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    markdown = write(capsys, hostile, tmp_path, Format.MD).read_text(encoding="utf-8")
    assert HOSTILE not in markdown and r"\<script\>alert\(1\)\</script\>" in markdown
    html = MarkdownIt("commonmark").enable("table").render(markdown)
    tags = set(re.findall(r"<([a-z0-9]+)", html))
    assert tags <= {"h1", "h2", "p", "strong", "table", "thead", "tbody", "tr", "th", "td", "ul", "li", "blockquote"}
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert r"\[click\]\(javascript:alert\(1\)\)" in markdown and "<a " not in html  # no link was made
    assert "\x1b" not in markdown


def test_plain_text_has_no_terminal_escapes(
    hostile: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = write(capsys, hostile, tmp_path, Format.TXT).read_text(encoding="utf-8")
    assert HOSTILE in text  # plain text prints names as they are...
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", text)  # ...but never a control character


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("../../etc/passwd", "etc-passwd"),
        ("..", "army"),
        ("/", "army"),
        ("C:\\Windows\\system32", "c-windows-system32"),
        ("Rush on Maltot — 10. SS-Panzer-Division", "rush-on-maltot-10-ss-panzer-division"),
        ("Ça déménage", "ca-demenage"),
        ("Армия", "army"),
        ("CON", "army-con"),
        ("x" * 200, "x" * 60),
    ],
)
def test_slugs(name: str, expected: str) -> None:
    assert slug(name) == expected


@given(st.text(min_size=1, max_size=120))
def test_any_army_name_stays_in_the_folder(name: str) -> None:
    folder = Path("/tmp/hon-exports")
    stem = slug(name)
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", stem) and len(stem) <= 60
    for fmt in Format:
        path = resolve(f"{folder}/", stem + fmt.extension, None)
        assert path is not None and path.parent == folder and path.name == f"{stem}.{fmt.value}"


def test_the_pdf_templates_fetch_nothing_from_outside() -> None:
    """Typst reads only inside its root, the templates folder; the templates import only
    each other, never a package (`@preview/…` would be downloaded) nor another file."""
    from builder.export.pdf import TEMPLATES

    for template in TEMPLATES.glob("*.typ"):
        code = template.read_text(encoding="utf-8")
        assert "@preview" not in code and "@local" not in code
        for name in re.findall(r'#import "([^"]+)"', code):
            assert (TEMPLATES / name).is_file() and "/" not in name, (template.name, name)
        assert not re.search(r"\b(read|csv|yaml|toml|xml|cbor)\(\"", code), template.name
        assert not re.search(r'image\("', code), template.name  # pictures come as bytes from the data

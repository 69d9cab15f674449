"""`hon catalogue check | list | show` and `hon schema`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.cli import main
from builder.io.paths import SCHEMAS_DIR
from builder.io.schema import SCHEMAS, render


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_passes_on_the_bundled_catalogue(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "catalogue", "check", "--json")
    assert code == 0
    assert json.loads(out)["ok"] is True


def test_check_fails_on_a_dangling_reference(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.yaml").write_text(
        "format: hon-catalogue\nversion: 1\ngame: hon\nmarkers: [{id: m, name: M, effect: e}]\n", encoding="utf-8"
    )
    code, out, _ = run(capsys, "catalogue", "check", "--catalogue", str(tmp_path))
    assert code == 1
    assert "source.missing" not in out  # the table shows the sentence, not the code
    assert "has no source" in out


def test_list_filters_by_kind_and_faction(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "catalogue", "list", "tiles", "--faction", "us", "--json")
    assert code == 0
    listed = json.loads(out)
    assert {e["kind"] for e in listed} == {"tiles"}
    assert "us-16th-inf-reg-a" in {e["id"] for e in listed}


def test_list_searches_fuzzily(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "catalogue", "list", "--search", "blean", "--json")
    assert code == 0
    assert json.loads(out)[0]["id"] == "us-lt-blean"


def test_an_unknown_kind_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "catalogue", "list", "tile")
    assert code == 0 or code == 2
    code, _, err = run(capsys, "catalogue", "list", "tilez")
    assert code == 2
    assert "did you mean" in err


def test_show_prints_an_entry_and_suggests_on_a_typo(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "catalogue", "show", "us-lt-blean")
    assert code == 0
    assert "Lt. Blean" in out and "HoN core p.4" in out
    code, _, err = run(capsys, "catalogue", "show", "us-lt-blaen")
    assert code == 2
    assert "us-lt-blean" in err


def test_the_shipped_schemas_are_up_to_date() -> None:
    for name in SCHEMAS:
        assert (SCHEMAS_DIR / name).read_text(encoding="utf-8") == render(name), f"run: hon schema -o {SCHEMAS_DIR}"


def test_schema_writes_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(capsys, "schema", "-o", str(tmp_path))
    assert code == 0
    army_schema = json.loads((tmp_path / "army.schema.json").read_text(encoding="utf-8"))
    assert army_schema["title"] == "hon army list"
    assert "tiles" in army_schema["properties"]

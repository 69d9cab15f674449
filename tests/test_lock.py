"""The lock pins every package a fresh `.venv` gets, so installs are the same everywhere."""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)", re.M)


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins() -> dict[str, str]:
    text = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    return {normal(name): version for name, version in PIN.findall(text)}


def test_every_dependency_of_hon_is_pinned() -> None:
    pinned = pins()
    for line in metadata.requires("hon-builder") or []:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate({"extra": "dev"}):
            assert normal(requirement.name) in pinned, requirement.name
            assert pinned[normal(requirement.name)] in requirement.specifier, requirement


def test_the_environment_is_the_locked_one() -> None:
    """A package installed at another version than the lock's (or not in it) means the lock
    is stale: `make lock` was not run after a dependency changed, or the venv predates it."""
    pinned = pins()
    for dist in metadata.distributions():
        name = normal(dist.metadata["Name"])
        # hon itself; uv only makes the lock; Python 3.11's venv seeds setuptools, unused
        if name in {"hon-builder", "uv", "setuptools"}:
            continue
        assert name in pinned, f"{name} is installed but not locked"
        assert pinned[name] == dist.version, (name, dist.version, pinned[name])

"""The lock pins every package a fresh `.venv` gets, so installs are the same everywhere."""

from __future__ import annotations

import re
from collections.abc import Iterator
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


def needed(name: str, extras: frozenset[str]) -> Iterator[Requirement]:
    """The requirements of one installed package that apply here, with the extras asked of it."""
    for line in metadata.requires(name) or []:
        requirement = Requirement(line)
        marker = requirement.marker
        if marker is None or any(marker.evaluate({"extra": extra}) for extra in extras or {""}):
            yield requirement


def test_every_dependency_of_hon_is_pinned() -> None:
    pinned = pins()
    for requirement in needed("hon-builder", frozenset({"dev"})):
        assert normal(requirement.name) in pinned, requirement.name
        assert pinned[normal(requirement.name)] in requirement.specifier, requirement


def test_the_environment_is_the_locked_one() -> None:
    """Everything hon and its test tools import, followed dependency by dependency, is installed
    at the lock's version; another version means the lock is stale (`make lock` was not run after
    a dependency changed) or the venv predates it. Packages nothing of hon's needs (a CI
    harness's own tools) are not hon's to pin."""
    pinned = pins()
    seen: set[tuple[str, frozenset[str]]] = set()
    todo = [("hon-builder", frozenset({"dev"}))]
    while todo:
        name, extras = todo.pop()
        for requirement in needed(name, extras):
            dependency = (normal(requirement.name), frozenset(requirement.extras))
            if dependency in seen:
                continue
            seen.add(dependency)
            assert dependency[0] in pinned, f"{dependency[0]} is needed by {name} but not locked"
            installed = metadata.version(dependency[0])
            assert installed == pinned[dependency[0]], (dependency[0], installed, pinned[dependency[0]])
            todo.append(dependency)
    assert len(seen) > 20  # the walk reached the whole tree, not only hon's direct dependencies

# Two commands do all set-up on a fresh clone: `make run` and `make test`.
# Both create .venv and install the project into it on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
# Every package the suite and CI install, pinned (pyproject.toml keeps hon's own ranges).
# PIP_CONSTRAINT reaches the build environment too, so hatchling is the locked one.
LOCK := requirements.lock
UV := uv==0.13.9

.PHONY: run test lint typecheck bench clean lock rules-index

$(STAMP): pyproject.toml $(LOCK)
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "hon needs Python 3.11 or newer"'
	$(PYTHON) -m venv $(VENV)
	PIP_CONSTRAINT=$(LOCK) $(BIN)/python -m pip install --quiet --upgrade pip
	PIP_CONSTRAINT=$(LOCK) $(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Refresh the pins: newest versions within pyproject.toml's ranges (requirements.in adds pip and
# hatchling), resolved for every platform and Python from 3.11. Review the diff, then make test.
lock:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet $(UV)
	$(BIN)/uv pip compile pyproject.toml requirements.in --extra dev --universal --python-version 3.11 --upgrade -o $(LOCK)

run: $(STAMP)
	$(BIN)/hon

# One worker per core plus one (pytest-xdist); every test is isolated in its own temporary
# folders (tests/conftest.py). A plain `pytest` stays serial, for -x and --pdb.
# The spare worker: the app's tests wait on Textual's timers and the command-line tests on
# the processes they start (Ray's start-up alone is seconds of waiting), time a worker per
# core leaves a core idle. Measured on a 2-core machine, 2,266 tests: 249 s with 2 workers,
# 210 s with 3 (user CPU 398 s and 373 s).
WORKERS ?= $(shell $(PYTHON) -c 'import os; print(len(os.sched_getaffinity(0)) + 1 if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1) + 1)')
# --dist worksteal: a worker that runs out of tests takes half of the other's queue, so a
# few long tests at the end of one worker's share leave no long tail.
# PYTHONDONTWRITEBYTECODE emptied: with it set (some sandboxes and CI images set it) every
# worker recompiles hon and rewrites the asserts of every test module on each run (15 s of
# CPU per worker, 5 s with the caches in __pycache__, which git ignores), and every `hon`
# the tests start recompiles what it imports.
test: $(STAMP)
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(WORKERS) --dist worksteal

lint: $(STAMP)
	$(BIN)/ruff check builder tests benchmarks
	$(BIN)/ruff format --check builder tests benchmarks
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

# The tests marked with each rule (`@pytest.mark.rule("ID")`) as `hon rules --json` prints
# them: each game's `tested.py`, written from the marks; its coverage test fails while stale.
rules-index: $(STAMP)
	$(BIN)/python -m tests.fixtures.rule_marks

bench: $(STAMP)
	for script in benchmarks/*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis

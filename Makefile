# Quick start: `make run` and `make test` each create or reuse .venv and install what they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# `make serve`: the table in the browser on http://127.0.0.1:8000/ (docs/web.md).
.PHONY: run serve test lint typecheck bench clean fast test-fast bench-fast

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/shiftdrive demo

serve: $(STAMP)
	$(BIN)/shiftdrive serve

test: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/mypy --strict src
	$(BIN)/pytest
	@if $(CAN_COMPILE); then $(MAKE) --no-print-directory test-fast; \
	else echo "make test: no C compiler or Python headers here: the compiled build (make fast) is not checked"; fi

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/ruff format --check src tests benchmarks tools

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_odds.py
	$(BIN)/python benchmarks/bench_sim.py

# The optional compiled build (setup.py): the same source, its hot path compiled with mypyc,
# installed (not editable) in its own venv, so an edit in src/ never hides behind a stale .so.
FAST := .venv-fast
FAST_STAMP := $(FAST)/.installed
CAN_COMPILE := $(PYTHON) -c "import os, shutil, sysconfig; raise SystemExit(not (shutil.which('cc') and os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h'))))"

$(FAST_STAMP): pyproject.toml setup.py $(shell find src -name '*.py')
	@$(CAN_COMPILE) || { echo "make fast: needs a C compiler (cc) and Python's headers (Python.h)"; exit 1; }
	@test -x $(FAST)/bin/python || $(PYTHON) -m venv $(FAST)
	@touch $(FAST)/.started  # the stamp keeps the start's time: an edit made while compiling rebuilds
	$(FAST)/bin/python -m pip install -q --upgrade pip
	$(FAST)/bin/python -m pip install -q 'setuptools>=77' wheel '.[dev]'
	@echo "compiling the hot path with mypyc (about two minutes)..."
	SHIFTDRIVE_COMPILE=1 $(FAST)/bin/python -m pip install -q --no-build-isolation --no-deps --force-reinstall .
	@mv $(FAST)/.started $@

fast: $(FAST_STAMP)
	@echo "compiled build ready: $(FAST)/bin/shiftdrive simulate SCENARIO -n N ..."

test-fast: $(FAST_STAMP) $(STAMP)
	$(FAST)/bin/python -c "import shiftdrive; assert shiftdrive.compiled(), 'not the compiled build'"
	$(FAST)/bin/python -m pytest -p no:cacheprovider
	$(BIN)/python tools/builds_agree.py $(BIN)/shiftdrive $(FAST)/bin/shiftdrive

bench-fast: $(FAST_STAMP)
	$(FAST)/bin/python benchmarks/bench_sim.py

clean:
	rm -rf $(VENV) $(FAST) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache

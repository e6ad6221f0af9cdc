# hexfront: two commands on a fresh machine with Python 3.11+
#   make play   creates .venv, installs hexfront, starts the game
#   make test   creates .venv with the test extras, then runs the lint (ruff), the types (mypy) and every test
#   make lint   the lint and the types alone
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test lint bench clean

# pip's own output (progress, notices, the editable-install warnings) goes to $(VENV)/install.log;
# the terminal gets one line, or the whole log if the install fails
PIP := $(BIN)/python -m pip --disable-pip-version-check --no-input
LOG := $(VENV)/install.log
QUIETLY = >> $(LOG) 2>&1 || { cat $(LOG); echo "the install failed: the lines above say why ($(LOG))"; exit 1; }

$(BIN)/python:
	@echo "Setting up hexfront in $(VENV) (once; pip's output is in $(LOG))..."
	@$(PYTHON) -m venv $(VENV)
	@$(PIP) install --upgrade pip $(QUIETLY)

$(VENV)/.installed: $(BIN)/python pyproject.toml
	@$(PIP) install -e . $(QUIETLY)
	@touch $@

$(VENV)/.installed-test: $(BIN)/python pyproject.toml
	@$(PIP) install -e '.[test]' $(QUIETLY)
	@touch $@ $(VENV)/.installed

play: $(VENV)/.installed
	$(BIN)/hexfront play

# mypy reads the package by its import name, hexfront, through mypy_path (pyproject.toml): a folder holding
# one link named hexfront to the repository root (the editable install is a path hook mypy cannot follow)
TYPECHECK := $(VENV)/typecheck
$(TYPECHECK)/hexfront: | $(BIN)/python
	@mkdir -p $(TYPECHECK)
	@ln -sfn ../.. $@

# the whole package: the engine (engine/core is --strict, see pyproject.toml), the terminal game, the content
lint: $(VENV)/.installed-test | $(TYPECHECK)/hexfront
	$(BIN)/ruff check .
	$(BIN)/mypy -p hexfront.engine -p hexfront.tui -p hexfront.content

# three workers on two cores: the Textual pilot tests and the real processes (sshd, the command line)
# leave a core idle while they wait; whole files per worker, longest first (tests/conftest.py)
# the package's bytecode is written once here: with PYTHONDONTWRITEBYTECODE set (as on CI), every worker and
# every game process the tests start would compile the whole package again
# while mypy runs (one core), the tests are collected once on the other core so that pytest caches their
# rewritten asserts: with PYTHONDONTWRITEBYTECODE set (as on CI) each of the three workers would otherwise
# rewrite every test module again (about 12 s of processor time each); pytest reads the cache either way
test: $(VENV)/.installed-test | $(TYPECHECK)/hexfront
	$(BIN)/ruff check .
	@PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest --collect-only -q -p no:cacheprovider > /dev/null 2>&1 & \
	  $(BIN)/mypy -p hexfront.engine -p hexfront.tui -p hexfront.content; status=$$?; wait; exit $$status
	-bash tests/tui/ensure_sshd.sh
	@$(BIN)/python -m compileall -q engine tui content > /dev/null
	$(BIN)/python -m pytest -n 3 --dist loadfile --no-loadscope-reorder

# every benchmarks/*_bench.py but selfplay_bench.py (the shared driver of the per-system scripts,
# which takes a SYSTEM argument): a new system's script is run without an edit here
BENCH_SCRIPTS := $(filter-out benchmarks/selfplay_bench.py,$(sort $(wildcard benchmarks/*_bench.py)))

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/run.py
	set -e; for script in $(BENCH_SCRIPTS); do $(BIN)/python $$script; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache .ruff_cache

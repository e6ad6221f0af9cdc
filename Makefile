# hexfront: two commands on a fresh machine with Python 3.11+
#   make play   creates .venv, installs hexfront, starts the game
#   make test   creates .venv with the test extras, runs every test
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

play: $(VENV)/.installed
	$(BIN)/hexfront play

test: $(VENV)/.installed-test
	-bash tests/tui/ensure_sshd.sh
	$(BIN)/python -m pytest

# every benchmarks/*_bench.py but selfplay_bench.py (the shared driver of the per-system scripts,
# which takes a SYSTEM argument): a new system's script is run without an edit here
BENCH_SCRIPTS := $(filter-out benchmarks/selfplay_bench.py,$(sort $(wildcard benchmarks/*_bench.py)))

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/run.py
	set -e; for script in $(BENCH_SCRIPTS); do $(BIN)/python $$script; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

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
	$(BIN)/python -m pytest -n 2 --dist loadfile

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/dustup_bench.py
	$(BIN)/python benchmarks/disrupter_bench.py
	$(BIN)/python benchmarks/minutemissions_bench.py
	$(BIN)/python benchmarks/skirmishes_bench.py
	$(BIN)/python benchmarks/tui_bench.py
	$(BIN)/python benchmarks/replay_bench.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

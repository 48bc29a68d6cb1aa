# Every target builds .venv first if it is missing, so a fresh clone needs only Python 3.11+.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint po bench clean

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,lint]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/tutor replay docs/examples/seed003-scopa.yaml
	$(BIN)/tutor replay docs/examples/scopone-hand.yaml
	@echo "Now run it yourself: $(BIN)/tutor --help (or . $(BIN)/activate, then tutor --help)"

# The whole suite, one worker per core (pytest-xdist); a worker that runs out of tests takes
# some of the other's (worksteal), so one slow test left last does not hold the end.
# `$(BIN)/pytest tests/x.py` runs one file.
test: $(STAMP)
	$(BIN)/pytest -n auto --dist worksteal

lint: $(STAMP)
	$(BIN)/ruff check tutor tests tools
	$(BIN)/ruff format --check tutor tests tools
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python tools/i18n.py check

# After changing a message: tutor.po gains the new ones (untranslated) and loses the gone ones;
# translate them, then `make po` again compiles tutor.mo.
po: $(STAMP)
	$(BIN)/python tools/i18n.py update

bench: $(STAMP)
	$(BIN)/tutor bench all

clean:
	rm -rf $(VENV) build *.egg-info

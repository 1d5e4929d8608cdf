# Two commands: `make run` serves the site, `make test` runs the suite. Both set themselves up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The languages with a catalogue under locale/ (English is the source; docs/languages.md).
LOCALES := es pap fr ro ru

.PHONY: run test test-fast install lint format bench migrate messages compilemessages

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Python 3.11 or newer is needed (set PYTHON=...)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $@

install: $(STAMP)

migrate: install
	$(BIN)/python manage.py migrate --noinput

run: migrate
	$(BIN)/python manage.py collectstatic --noinput -v0
	$(BIN)/python manage.py seed_demo
	$(BIN)/python -m config.serve

# Everything: the suites that need no whole site on two workers, then the browsers, the fault
# cluster and the tests that start the site's own processes one at a time (docs/testing.md).
# pytest's 5 is "no test selected": PYTEST_ARGS may name tests of one kind only.
SERIAL := e2e or faults or processes
test: install
	$(BIN)/python -m pytest -m "not ($(SERIAL))" -n 2 $(PYTEST_ARGS) || [ $$? -eq 5 ]
	$(BIN)/python -m pytest -m "$(SERIAL)" $(PYTEST_ARGS) || [ $$? -eq 5 ]

# The quick loop while working: everything but the browsers, the fault cluster and the tests
# that start the site's own processes, on two pytest-xdist workers (docs/testing.md).
test-fast: install
	$(BIN)/python -m pytest -m "not ($(SERIAL))" -n 2 -q $(PYTEST_ARGS)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: install
	$(BIN)/python bench/engine.py

# Translation (docs/languages.md). Both need GNU gettext; the compiled .mo files are committed,
# so `make run` and `make test` do not.
messages: install
	$(BIN)/python manage.py makemessages $(addprefix -l ,$(LOCALES))

compilemessages: install
	$(BIN)/python manage.py compilemessages --ignore=.venv $(addprefix -l ,$(LOCALES))

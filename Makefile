# Domino Table Companion: `make run` serves the app, `make test` runs the tests.
# Both work from a fresh clone: they create .venv and install what they need.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
FLASK  := $(VENV)/bin/flask --app companion
HOST   ?= 0.0.0.0
PORT   ?= 5000

.PHONY: run test install test-deps browser db-upgrade lint clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.test-installed: $(VENV)/.installed pyproject.toml
	$(PY) -m pip install --quiet -e ".[test]"
	touch $@

install: $(VENV)/.installed

db-upgrade: $(VENV)/.installed
	$(FLASK) db upgrade

run: db-upgrade
	$(PY) -m companion.serve --host $(HOST) --port $(PORT)

# Chromium for the browser tests: Debian's package (Playwright's own browser
# download is not used). Installed when missing and we may install packages.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing Debian's chromium for the browser tests..."; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
	      || echo "Could not install chromium: the browser tests will be skipped."; \
	  else echo "chromium is not installed and cannot be installed here: browser tests will be skipped."; fi; }

test-deps: $(VENV)/.test-installed browser

test: test-deps
	$(PY) -m pytest $(PYTEST_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache test-artifacts

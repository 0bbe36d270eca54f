# Domino Table Companion: `make run` serves the app, `make test` runs the tests.
# Both work from a fresh clone: they create .venv and install what they need.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
FLASK  := $(VENV)/bin/flask --app companion
HOST   ?= 0.0.0.0
PORT   ?= 5000
BABEL  := $(VENV)/bin/pybabel
I18N   := companion/translations
# Keywords beyond Babel's defaults: see babel.cfg.
I18N_KEYWORDS := -k lazy_gettext -k tr -k trn:1,2 -k plural_words:1,2

.PHONY: run test install test-deps browser fonts db-upgrade lint clean \
	i18n-compile i18n-extract i18n-update

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
	$(FLASK) recheck --if-needed

# Languages (companion/web/i18n.py): the .mo files are built here, not committed.
i18n-compile: $(VENV)/.installed
	$(BABEL) -q compile -d $(I18N)

# messages.pot from the Python code and the templates (babel.cfg).
i18n-extract: $(VENV)/.installed
	$(BABEL) -q extract -F babel.cfg $(I18N_KEYWORDS) --add-comments=Translators: \
	  --sort-by-file --project="Domino Table Companion" -o messages.pot .

# Merge messages.pot into every catalogue (then translate what is new or fuzzy).
i18n-update: i18n-extract
	$(BABEL) -q update -i messages.pot -d $(I18N)

# Fonts for the PDF score sheets: DejaVu (Latin, Cyrillic), Noto CJK (Hangul)
# and Symbola (emoji in players' names, in black like the rest of the sheet).
# Installed from Debian when missing and we may install packages.
fonts:
	@{ fc-list :lang=ko 2>/dev/null | grep -q . && fc-list 2>/dev/null | grep -q "DejaVu Sans" \
	   && fc-list 2>/dev/null | grep -q "Symbola"; } || { \
	  if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing fonts for the score sheets (DejaVu, Noto CJK, Symbola)..."; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	      fonts-dejavu-core fonts-noto-cjk fonts-symbola >/dev/null) \
	      || echo "Could not install fonts: Korean score sheets and emoji in names may miss glyphs."; \
	  else echo "Fonts for Hangul (fonts-noto-cjk) or emoji (fonts-symbola) are missing and cannot be installed here."; fi; }

run: db-upgrade i18n-compile fonts
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

test-deps: $(VENV)/.test-installed browser fonts i18n-compile

test: test-deps
	$(PY) -m pytest $(PYTEST_ARGS)

# ruff (rules in pyproject.toml, complexity at most 10) on everything, mypy
# strict on rules, store, web and every feature's services (the files in
# pyproject.toml), the import contract (import-linter, [tool.importlinter]),
# then the modules and functions too long to read (tools/sizes.py: a module
# above 500 lines or a function above 60 in companion/ fails the lint).
lint: $(VENV)/.test-installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports
	$(PY) tools/sizes.py --fail

clean:
	rm -rf $(VENV) .pytest_cache test-artifacts

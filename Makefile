# Call Break online — the two set-up commands are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8000
export PORT

.PHONY: run test lint bench bench-load install browser serve-prod clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	@touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/python -m callbreak_site.serve

# The browser tests drive Debian's Chromium; install it when it is missing.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
	  else echo "chromium is missing: browser tests will be skipped"; fi; }

test: install browser
	@eval "$$($(BIN)/python tests/service_env.py)" && $(BIN)/python -m pytest $(PYTEST_ARGS)

lint: install
	$(BIN)/ruff check .

bench: install
	$(BIN)/python -m games.engine.bench
	$(BIN)/python -m games.arena --seats hard,normal,normal,normal --matches 40 --seed 1
	$(BIN)/python -m games.arena --seats normal,easy,easy,easy --matches 40 --seed 1

clean:
	rm -rf var .pytest_cache .hypothesis

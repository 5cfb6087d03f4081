# Call Break online — the two set-up commands are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8000
export PORT

.PHONY: run test lint messages bench bench-bots bench-load bench-move bench-matchmaking bench-pwa install browser serve-prod clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	@touch $(STAMP)

# Pyodide (offline play runs games/engine in the browser with it), the version pinned in
# package-lock.json; the site serves the few files it needs (frontend/offline_files.py).
NODE_STAMP := node_modules/.installed
# Without npm the site runs all the same, with no offline play.
$(NODE_STAMP): package.json package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
	  npm ci --no-audit --no-fund --loglevel=error && touch $(NODE_STAMP); \
	else echo "npm not found: the site runs without offline play"; fi

install: $(STAMP) $(NODE_STAMP)

run: install
	$(BIN)/python -m callbreak_site.serve

# The browser tests drive Debian's Chromium; install it when it is missing.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
	  else echo "chromium is missing: browser tests will be skipped"; fi; }

# The first line says which services the suite runs against. The suite runs in one process
# more than the machine has cores (pytest-xdist): its tests spend about a third of their time
# waiting on their browser and servers, and the extra process fills those waits (on 2 cores:
# 5 min 56 s against 6 min 32 s with two). PYTEST_ARGS="-n 0" runs it in one.
TEST_PROCESSES := $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))
PYTEST_ARGS ?= -n $(TEST_PROCESSES) --dist worksteal
test:
	@$(PYTHON) tests/service_env.py >/dev/null
	@$(MAKE) --no-print-directory install browser
	@$(BIN)/lint-imports --no-cache
	@eval "$$($(BIN)/python tests/service_env.py 2>/dev/null)" && $(BIN)/python -m pytest $(PYTEST_ARGS)

# The translation catalogues: every marked message of the server ("django") and the PWA
# ("djangojs") into locale/<ne|hi|bn>/LC_MESSAGES/*.po (new ones with an empty msgstr to fill
# in), then the .mo files, which are committed so a fresh machine needs no gettext tools.
LOCALES := ne hi bn
MESSAGES_IGNORE := --ignore=.venv --ignore=var --ignore=tests --ignore=bench --ignore=node_modules
messages: install
	$(BIN)/python manage.py makemessages $(addprefix -l ,$(LOCALES)) -d django $(MESSAGES_IGNORE) --no-location --no-obsolete --no-wrap
	$(BIN)/python manage.py makemessages $(addprefix -l ,$(LOCALES)) -d djangojs $(MESSAGES_IGNORE) --no-location --no-obsolete --no-wrap
	$(BIN)/python manage.py compilemessages $(addprefix -l ,$(LOCALES)) $(MESSAGES_IGNORE)

lint: install
	$(BIN)/ruff check .
	$(BIN)/lint-imports --no-cache

bench: install
	$(BIN)/python -m games.engine.bench
	$(BIN)/python -m games.arena --seats hard,normal,normal,normal --matches 40 --seed 1
	$(BIN)/python -m games.arena --seats normal,easy,easy,easy --matches 40 --seed 1

clean:
	rm -rf var .pytest_cache .hypothesis

# Production-style run (see Procfile): needs DATABASE_URL and REDIS_URL; PRODUCTION=1 settings.
# Plain http is allowed on this machine (SECURE_SSL_REDIRECT=0) for a proxy in front to add TLS.
WORKERS ?= 2
serve-prod: install
	@test -n "$$DATABASE_URL" -a -n "$$REDIS_URL" -a -n "$$SECRET_KEY" || { \
	  echo "serve-prod needs DATABASE_URL, REDIS_URL and SECRET_KEY (50+ characters)" >&2; exit 2; }
	@$(BIN)/python -m callbreak_site.preflight
	PRODUCTION=1 SECURE_SSL_REDIRECT=$${SECURE_SSL_REDIRECT:-0} $(BIN)/python manage.py migrate --noinput -v 0
	PRODUCTION=1 SECURE_SSL_REDIRECT=$${SECURE_SSL_REDIRECT:-0} $(BIN)/python manage.py collectstatic --noinput -v 0
	PATH="$(abspath $(BIN)):$$PATH" PRODUCTION=1 SECURE_SSL_REDIRECT=$${SECURE_SSL_REDIRECT:-0} \
	  $(BIN)/honcho start -f Procfile -c worker=$(WORKERS)

# The bots' table (not a test): paired arena rows (the same deals with the tested bot and
# with a baseline in its seat; hard, hard-v1, ismcts, expert, normal) and examples/smartbot
# over HTTP, with 95 % intervals. BENCH_ARGS="--matches 40 --rows hard-normal" bounds it.
bench-bots: install
	nice -n 10 $(BIN)/python -m bench.bots $(BENCH_ARGS)

# Load benchmark (not a test): the production-style run on the callbreak_bench database and
# Redis db 2, simulated players against bots, pgbench alongside; prints a table.
bench-load: install
	PATH="$(abspath $(BIN)):$$PATH" $(BIN)/python -m bench.load $(BENCH_ARGS)

# CPU and queries per move in one process (PostgreSQL database callbreak_move_cost, Redis db 3).
bench-move: install
	$(BIN)/python -m bench.move_cost $(BENCH_ARGS)

# Quick match in one process: 2,000 seekers over 2 minutes (--seekers/--seconds bound it);
# PostgreSQL database callbreak_matchmaking, Redis db 3.
bench-matchmaking: install
	$(BIN)/python -m bench.matchmaking $(BENCH_ARGS)

# The table on a slow phone (4x CPU throttle, slow 4G) in Debian's Chromium: first and repeat
# visit to cards on screen, long tasks during one trick, shell size (database callbreak_pwa,
# Redis db 7); then offline play at 4x throttle: start to first card cold and warm, its bytes,
# bot moves in the worker beside the server's (database callbreak_offline); prints tables.
bench-pwa: install browser
	PATH="$(abspath $(BIN)):$$PATH" $(BIN)/python -m bench.pwa $(BENCH_ARGS)
	PATH="$(abspath $(BIN)):$$PATH" $(BIN)/python -m bench.offline $(BENCH_ARGS)

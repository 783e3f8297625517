# The two commands: `make demo` and `make test`. Both create the virtualenv and install
# everything on a fresh machine first (idempotent: a stamp file skips a repeated install).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.memgov-installed
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
# root on CI and on this kind of machine; elsewhere apt-get needs sudo
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: install browser node demo test lint up clean

$(STAMP): pyproject.toml clients/python/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q torch==2.13.0
	$(BIN)/python -m pip install -q -e '.[dev]'
	$(BIN)/python -m pip install -q -e 'clients/python[langgraph]'
	touch $(STAMP)

install: $(STAMP)

# Debian's Chromium for the dashboard's end-to-end browser test
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }

# the Node client's packages, from its lock file (tests run its example agent and its AI
# SDK tests); again whenever the lock file is newer than npm's record of the last install.
# Then its types (src/schema.d.ts, not committed), generated offline from the OpenAPI
# document the code states, every time: never older than the API
NODE_INSTALLED := clients/node/node_modules/.package-lock.json
node: $(STAMP) $(NODE_INSTALLED)
	$(BIN)/python tools/node_types.py
$(NODE_INSTALLED): clients/node/package-lock.json
	cd clients/node && npm ci --no-audit --no-fund

demo: $(STAMP)
	$(BIN)/memgov demo

# pylint's duplicate-code check (blocks of six identical lines in two modules, over the
# packages and the tests) may find at most this many: lower it when a change removes one
DUPLICATE_BUDGET ?= 12
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python tools/duplicate_budget.py $(DUPLICATE_BUDGET)

# two workers (the machine's two cores), whole files per worker: module fixtures are built
# once and each worker has its own embedded PostgreSQL (tests/conftest.py); a plain
# `pytest` still runs serially. TEST_WORKERS=0 runs serially here too.
TEST_WORKERS ?= 2
test: $(STAMP) browser node lint
	$(BIN)/pytest -q $(if $(filter 0,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist loadfile)

# Dagster UI, dashboard, MLflow UI and the HTTP/MCP API together on 127.0.0.1, on the demo database.
# MODE=production: the Dagster instance on PostgreSQL with the run queue, dagster-daemon and
# the webserver, the API and the dashboard (docs/deployment.md)
MODE ?= dev
up: $(STAMP)
	$(if $(filter-out dev production,$(MODE)),$(error MODE is dev or production, not '$(MODE)'))
	MEMGOV_DATABASE=$${MEMGOV_DATABASE:-memgov_demo} $(BIN)/python -m orchestration.up $(if $(filter production,$(MODE)),--production,)

# stop the embedded PostgreSQL first: removing .memgov under a running server leaves it
# serving deleted files
clean:
	@if [ -x $(BIN)/memgov ]; then $(BIN)/memgov server stop; fi
	rm -rf $(VENV) .memgov

# The two commands of the README: `make run` and `make test`. Both set up .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play test lint typecheck bench compiled wheel image clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/solocards serve --host 127.0.0.1 --port $${PORT:-8000}

play: $(STAMP)
	$(BIN)/solocards play uno --players 4

# Three test processes on CI's two cores: a test process waits for a sixth of its time (leases,
# clocks, Redis restarts, the browser), and with two of them the cores stood idle for 14% of the
# run (1,201 busy CPU s in 700 s); a third fills them. The tests write bytecode whatever the
# environment says (PYTHONDONTWRITEBYTECODE unset): each worker and each Python the tests start
# then reads the compiled modules and pytest's rewritten test modules instead of compiling them
# again (collection takes half the time).
test: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -n 3 --dist worksteal --durations=25 \
		--doctest-modules src/solocards tests

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

# The compiled build (mypyc) of the engine's hot modules, in build/mypyc: the platform wheel,
# unpacked; the source tree is left alone. Use it with PYTHONPATH=build/mypyc.
compiled: $(STAMP)
	$(BIN)/python scripts/build_compiled.py build/mypyc

# The wheels, in dist/: the source distribution and the plain wheel (py3-none-any, any
# platform), then the platform wheel with the hot modules compiled (SOLOCARDS_COMPILE=1, needs a
# C compiler). Both are built from the source distribution, each in its own build environment.
wheel: $(STAMP)
	rm -rf dist
	$(BIN)/python -m build --outdir dist
	SOLOCARDS_COMPILE=1 $(BIN)/python -m build --wheel --outdir dist dist/solocards-*.tar.gz

# The container image of the server (Dockerfile: the compiled wheel in a slim, non-root image);
# deploy/compose.yaml runs it with PostgreSQL, Redis and Caddy. Needs Docker.
image:
	docker build -t solocards:latest .

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python bench/engines.py
	$(MAKE) compiled
	PYTHONPATH=build/mypyc $(BIN)/python bench/engines.py --games uno

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache

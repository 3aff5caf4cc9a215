# syntax=docker/dockerfile:1
# The solocards server as a container: the compiled wheel, built in a first stage, installed
# with the server extra into a slim image that runs as an unprivileged user.
#
#   make image                      # docker build -t solocards .
#   docker compose -f deploy/compose.yaml up
#
# Settings come from SOLOCARDS_* variables or a TOML file at $SOLOCARDS_CONFIG
# (docs/server.md, "Configuration"); the container listens on 0.0.0.0:8000.

FROM python:3.11-slim-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py MANIFEST.in README.md ./
COPY scripts/build_backend.py scripts/build_compiled.py scripts/
COPY src/ src/
RUN python -m pip install --no-cache-dir "build>=1.2" \
    && SOLOCARDS_COMPILE=1 python -m build --wheel --outdir /wheels .

FROM python:3.11-slim-bookworm AS run
ENV PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    SOLOCARDS_HOST=0.0.0.0 \
    SOLOCARDS_PORT=8000 \
    SOLOCARDS_DATA_DIR=/data
COPY --from=build /wheels /wheels
RUN python -m venv /opt/solocards \
    && /opt/solocards/bin/pip install --no-cache-dir "$(ls /wheels/solocards-*.whl)[server]" \
    && rm -rf /wheels \
    && useradd --system --uid 10001 --user-group --home-dir /data --create-home solocards
USER 10001:10001
WORKDIR /data
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
    CMD ["/opt/solocards/bin/python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"]
ENTRYPOINT ["/opt/solocards/bin/solocards", "serve"]

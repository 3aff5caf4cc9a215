"""The command line, driven through Typer's runner (stdin scripted)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import solocards
from helpers import use_test_catalogs
from solocards.cli import app
from solocards.games.registry import game_class

runner = CliRunner()


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands speak English unless a test chooses (the CLI follows LANG)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


def plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def test_rules_lists_every_option_with_its_default() -> None:
    result = runner.invoke(app, ["rules", "uno"])
    assert result.exit_code == 0, result.output
    for spec in game_class("uno").option_specs:
        assert spec.name in result.output


def test_unknown_game_is_a_clear_error() -> None:
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in plain(result.output)


def test_simulate_reports_win_rates_and_speed() -> None:
    result = runner.invoke(app, ["simulate", "uno", "-n", "20", "--players", "3"])
    assert result.exit_code == 0, result.output
    out = plain(result.output)
    assert "decisions/s" in out and "win rate" in out and "mean round length" in out


def test_simulate_refuses_a_bad_option() -> None:
    result = runner.invoke(app, ["simulate", "uno", "-n", "5", "--option", "stack_draw2=maybe"])
    assert result.exit_code == 2
    assert "stack_draw2" in plain(result.output) and "not a boolean" in plain(result.output)
    result = runner.invoke(app, ["simulate", "uno", "-n", "5", "--option", "stack_draw2"])
    assert "not key=value" in plain(result.output)


def test_play_recovers_from_typos_then_plays_to_the_end(tmp_path: Path) -> None:
    # A typo, an out-of-range number, a malformed move, then always the first legal move.
    answers = "banana\n999\nR77\n" + "1\n" * 20000
    save = tmp_path / "game.json"
    result = runner.invoke(
        app,
        [
            "play",
            "uno",
            "--players",
            "2",
            "--seed",
            "5",
            "-o",
            "target_score=50",
            "--save",
            str(save),
        ],
        input=answers,
    )
    out = plain(result.output)
    assert result.exit_code == 0, out[-2000:]
    assert "is not one of your legal moves now" in out or "is not an action of uno" in out
    assert "There is no move 999" in out
    assert "Match over." in out and "Your hand:" in out
    record = json.loads(save.read_text())
    assert solocards.replay(record).is_over


def test_play_stops_cleanly_when_input_ends() -> None:
    result = runner.invoke(app, ["play", "uno", "--players", "2", "--seed", "1"], input="")
    assert result.exit_code == 0
    assert "Goodbye" in result.output


def test_replay_checks_and_steps(tmp_path: Path) -> None:
    match = solocards.make("uno", players=2).match(seed=9)
    for _ in range(30):
        seat = match.to_act[0]
        match.apply(seat, match.state.legal_actions(seat)[0])
    path = tmp_path / "g.json"
    solocards.save(path, match.record())
    result = runner.invoke(app, ["replay", str(path), "--step", "10"])
    assert result.exit_code == 0, result.output
    assert "After 10 actions" in plain(result.output) and "The record is valid" in result.output
    broken = match.record()
    broken["rounds"][0]["actions"][3][1] = "pass"
    solocards.save(path, broken)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "round 1, step 4" in plain(result.output)


def test_play_frog_for_five_and_replay_its_record(tmp_path: Path) -> None:
    save = tmp_path / "frog5.json"
    args = ["play", "frog", "--players", "5", "--seed", "3", "--bots", "heuristic"]
    args += ["-o", "deals=5", "--save", str(save)]
    result = runner.invoke(app, args, input="1\n" * 2000)
    out = plain(result.output)
    assert result.exit_code == 0, out[-2000:]
    assert "5 players" in out and "sitting out: Bot" in out and "Match over." in out
    record = json.loads(save.read_text())
    assert record["players"] == 5 and len(record["rounds"]) == 5
    assert solocards.replay(record).is_over
    checked = runner.invoke(app, ["replay", str(save)])
    assert checked.exit_code == 0 and "The record is valid" in checked.output
    rules = plain(runner.invoke(app, ["rules", "frog"]).output)
    assert "3-5 players" in rules


def test_play_knows_help_and_quit_and_plays_heuristic_bots_named_as_in_the_browser() -> None:
    result = runner.invoke(
        app, ["play", "uno", "--players", "3", "--seed", "2"], input="help\nquit\n1\n"
    )
    out = plain(result.output)
    assert result.exit_code == 0, out[-2000:]
    assert "Type the number of a move" in out  # the help
    assert "Goodbye" in out
    assert "Bot 2 (heuristic)" in out and "Bot 3 (heuristic)" in out
    assert "You, your move" in out


# -- languages (issue 19) and the end of a deal (issue 18) --------------------------------------

UKRAINIAN = {
    ("uk", "engine"): {
        "Cards dealt to each player.": "Роздача.",
        "draws": "бере карту",
        "red {rank}": "червона {rank}",
        "plays {card}": "грає {card}",
    },
    ("uk", "solocards"): {
        "what it does": "що робить",
        "{title} ({id}): {count} players, default {default}.": (
            "{title} ({id}): гравців {count}, типово {default}."
        ),
        "Your hand: {cards}": "Ваші карти: {cards}",
        "Goodbye.": "До побачення.",
    },
}


def test_rules_speak_the_language_of_lang_or_of_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_test_catalogs(monkeypatch, tmp_path, UKRAINIAN)
    for args, env in (
        (["rules", "uno", "--lang", "uk"], {}),
        (["--lang", "uk", "rules", "uno"], {}),
        (["rules", "uno"], {"LANG": "uk_UA.UTF-8"}),
    ):
        result = runner.invoke(app, args, env=env)
        out = plain(result.output)
        assert result.exit_code == 0, out
        assert "гравців 2-10, типово 4." in out and "що робить" in out, args
        assert "Роздача." in out and "Cards dealt to each player." not in out
        # an option description without a translation stays English
        assert "The total" in out
    english = plain(runner.invoke(app, ["rules", "uno", "--lang", "en"], env={"LANG": "uk"}).output)
    assert "Cards dealt" in english and "what it does" in english


def test_an_unknown_language_is_a_clear_error() -> None:
    for args in (["--lang", "xx", "rules", "uno"], ["rules", "uno", "--lang", "xx"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        assert "solocards speaks en, de, uk, ru, be" in plain(result.output)


def test_play_speaks_ukrainian(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    use_test_catalogs(monkeypatch, tmp_path, UKRAINIAN)
    args = ["play", "uno", "--players", "2", "--seed", "5", "--lang", "uk"]
    out = plain(runner.invoke(app, args, input="1\nquit\n").output)
    assert "Ваші карти:" in out and "До побачення." in out
    assert "бере карту (draw)" in out  # an action's words from the engine's catalog


def test_play_tells_the_contract_and_card_points_at_the_end_of_each_deal(tmp_path: Path) -> None:
    save = tmp_path / "frog.json"
    args = ["play", "frog", "--seed", "3", "-o", "deals=3", "--save", str(save)]
    out = " ".join(plain(runner.invoke(app, args, input="1\n" * 2000).output).split())
    results = solocards.replay(json.loads(save.read_text())).results
    names = ["You", "Bot 2 (heuristic)", "Bot 3 (heuristic)"]
    for result in results:
        if result["thrown_in"]:
            assert "All passed: the deal is thrown in, no payment." in out
            continue
        if result["declarer"] is None:
            assert "Ramsch: card points" in out
            continue
        outcome = "won" if result["scores"][result["declarer"]] > 0 else "lost"
        line = (
            f"{names[result['declarer']]} played {result['contract'].replace('-', ' ').title()}"
            f" ({ {'H': 'hearts', 'C': 'clubs', 'D': 'diamonds', 'S': 'spades'}[result['trump']] }"
            f" trump) and {outcome} it with {result['declarer_points']} card points to "
            f"{result['opponent_points']}."
        )
        assert line in out, line
    assert any(not r["thrown_in"] for r in results)


def test_play_tells_the_outcome_of_a_german_solo_deal(tmp_path: Path) -> None:
    save = tmp_path / "gs.json"
    one_deal = ["-o", "match_end=target", "-o", "max_deals=1"]
    args = ["play", "german-solo", "--seed", "3", *one_deal, "--save", str(save)]
    out = " ".join(plain(runner.invoke(app, args, input="1\n" * 2000).output).split())
    [result] = solocards.replay(json.loads(save.read_text())).results
    outcome = "won" if result["won"] else "lost"
    assert f"and {outcome} it with {result['side_tricks']} tricks." in out
    assert f"Game value {result['value']} (base {result['base']}, matadores" in out


def test_play_tells_the_outcome_of_an_uno_challenge() -> None:
    args = ["play", "uno", "--players", "2", "--seed", "0", "-o", "target_score=30"]
    out = plain(runner.invoke(app, args, input="1\n" * 3000).output)
    lines = out.splitlines()
    challenges = [i for i, line in enumerate(lines) if ": challenges the Wild Draw Four" in line]
    assert challenges, "seed 0 has a challenge"
    for index in challenges:
        assert (
            lines[index + 1]
            .strip()
            .startswith(
                (
                    "the challenge fails: the Wild Draw Four was legal, 6 cards for ",
                    "the challenge succeeds: the Wild Draw Four was a bluff, 4 cards for ",
                )
            )
        ), lines[index + 1]


# -- what the terminal prints, in every language (issue 19, reviews) ----------------------------

#: How each catalog names a player by seat number where it has no name ("seat 2").
SEAT_WORDS = {"en": "seat", "de": "Platz", "uk": "місце", "ru": "место", "be": "месца"}


@pytest.mark.parametrize(
    ("game_id", "lang"),
    [("uno", "uk"), ("amigo-solo", "be"), ("german-solo", "de"), ("frog", "ru"), ("frog", "en")],
)
def test_play_names_each_player_as_the_seat_list_does(game_id: str, lang: str) -> None:
    args = ["play", game_id, "--seed", "4", "--players", "3", "--lang", lang]
    result = runner.invoke(app, args, input="1\n" * 300 + "quit\n")
    out = plain(result.output)
    assert result.exit_code == 0, out[-2000:]
    numbered = re.findall(rf"(?i)\b{SEAT_WORDS[lang]} \d", out)
    assert not numbered, (numbered[:5], out[:3000])
    for english in ("(play)", "(drawn)", "(heuristic)", "(random)"):
        assert english not in out or lang == "en", english
    if lang != "en":
        assert "heuristic" not in out


def test_play_uno_shows_the_hand_once_per_turn() -> None:
    args = ["play", "uno", "--players", "2", "--seed", "5", "--lang", "uk"]
    out = plain(runner.invoke(app, args, input="1\n1\nquit\n").output)
    turns = out.count("Ви, ваш хід")
    assert turns >= 2 and out.count("Ваші карти:") == turns, out


def test_play_names_the_phase_and_the_bots_in_the_language() -> None:
    args = ["play", "uno", "--players", "2", "--seed", "5", "--lang", "ru", "--bots", "random"]
    out = plain(runner.invoke(app, args, input="quit\n").output)
    assert "Бот 2 (случайный)" in out and "(random)" not in out
    assert "(play)" not in out and "Ходит: Вы" in out


@pytest.mark.parametrize(("lang", "letters"), [("ru", "ВДКТ"), ("de", "BDKA"), ("en", "JQKA")])
def test_play_frog_shows_the_rank_letters_of_the_language(lang: str, letters: str) -> None:
    args = ["play", "frog", "--seed", "4", "--lang", lang]
    out = plain(runner.invoke(app, args, input="1\n" * 40 + "quit\n").output)
    shown = set(re.findall(r"(?<![\w(])([A-ZА-Я])[♣♦♥♠]", out))
    assert shown and shown <= set(letters), (shown, out[:2000])


def test_every_message_of_the_cli_is_in_the_template() -> None:
    """A message written inside an f-string is not extracted: it would stay English."""
    from babel.messages.pofile import read_po

    import solocards.cli

    with (Path(solocards.__file__).parent / "locale" / "solocards.pot").open("rb") as handle:
        template = {str(message.id) for message in read_po(handle) if message.id}
    literal = re.compile(r"""\b_\(\s*(['"])((?:(?!\1).)+)\1\s*[,)]""")
    missing = [
        (path.name, found.group(2))
        for path in Path(solocards.cli.__file__).parent.rglob("*.py")
        for found in literal.finditer(path.read_text(encoding="utf-8"))
        if found.group(2) not in template
    ]
    assert not missing, missing

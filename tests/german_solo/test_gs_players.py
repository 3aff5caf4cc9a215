"""German Solo for five (the 40-card pack) and for three (Spitzeln's 24-card pack)."""

from __future__ import annotations

import json
import random

import pytest
from gs_helpers import deal, deck_for

import solocards
from helpers import actor, refused, run
from solocards.bots import make_bot
from solocards.core.match import Match
from solocards.games.german_solo.cards import (
    EFF,
    TRUMP,
    card_id,
    card_name,
    trick_winner,
)
from solocards.games.german_solo.contract import matador_price
from solocards.games.german_solo.state import GermanSoloState
from solocards.records import dumps
from solocards.sim.runner import play_round

HEARTS_HAND = "QC 7H QS AH KH QH JH TH"  # every card a trump in hearts, the top eight of them


def ids(cards: str) -> list[int]:
    return [card_id(card) for card in cards.split()]


def claim_or_first(state: GermanSoloState) -> None:
    """Finish a deal: claim after five tricks when offered, else the first legal action."""
    while not state.is_over:
        seat = actor(state)
        legal = state.legal_actions(seat)
        state.apply(seat, "claim" if "claim" in legal else legal[0])


# -- five players, 40 cards ---------------------------------------------------------------------


def test_five_players_play_the_forty_card_pack_eight_cards_each() -> None:
    game = solocards.make("german-solo", players=5)
    deck = game.deck()
    assert len(deck) == 40 == len(set(deck))
    assert {card[0] for card in deck} == set("56789TJQKA")
    assert game.num_actions == 64
    state = game.deal(seed=3)
    assert [len(hand) for hand in state.snapshot()["hands"]] == [8] * 5
    assert state.to_act == [(state.dealer + 1) % 5]


def test_fives_and_sixes_parse_and_print_in_the_five_handed_game_only() -> None:
    five = solocards.make("german-solo", players=5)
    for name in ("5C", "6C", "5D", "6H", "5S", "6S"):
        assert five.action_name(five.action_id(name)) == name
        assert card_name(card_id(name)) == name
    with pytest.raises(solocards.NotationError, match="5D"):
        solocards.make("german-solo").action_id("5D")
    with pytest.raises(solocards.NotationError):
        card_id("4C")


def test_fives_and_sixes_rank_below_the_sevens_in_plain_suits_and_the_eights_in_trumps() -> None:
    hearts = 2
    # plain clubs, hearts trump: A K J T 9 8 7 6 5
    assert trick_winner(ids("5C 6C"), hearts) == 1
    assert trick_winner(ids("6C 7C"), hearts) == 1
    assert trick_winner(ids("6D 5D"), hearts) == 0  # red plain suits the same (no reversal)
    # trumps: ... 9H 8H 6H 5H, the 7H is Manilla, second only to Spadilla
    assert trick_winner(ids("6H 8H"), hearts) == 1
    assert trick_winner(ids("5H 6H"), hearts) == 1
    assert trick_winner(ids("AC 5H"), hearts) == 1  # the lowest trump still trumps
    assert EFF[hearts][card_id("5H")] == TRUMP and EFF[hearts][card_id("5C")] == 0


def test_lower_matadores_run_on_through_the_six_and_five_of_trumps() -> None:
    side = sum(1 << c for c in ids("QC 7H QS AH KH QH JH TH 9H 8H 6H 5H"))
    assert matador_price(side, 2, False) == 1 + 9
    without_six = side & ~(1 << card_id("6H"))
    assert matador_price(without_six, 2, False) == 1 + 7


def test_five_handed_partnership_declarer_takes_two_shares_to_the_partners_one() -> None:
    # seat 0 holds both black queens and the top hearts; seat 1 holds the called A♦, no heart
    state = deal({0: HEARTS_HAND, 1: "AD 8D 9D TD JD QD KD 7D"}, dealer=4, players=5)
    run(state, "forcee pass pass pass pass call:AD trump:H")
    claim_or_first(state)
    result = state.result
    assert result is not None and result["won"] and result["claimed"]
    assert (result["declarer"], result["partner"]) == (0, 1)
    value = 4 + 1 + 5  # forcée partout in suit, the three matadores, A K Q J T of hearts
    assert result["value"] == value
    stake = 2
    assert result["scores"] == [2 * value, value, -value, -value, -value - stake]
    assert result["winners"] == [0, 1]


def test_five_handed_solo_is_paid_by_each_of_the_four_others() -> None:
    state = deal({0: HEARTS_HAND}, dealer=4, players=5)
    run(state, "solo pass pass pass pass trump:H")
    claim_or_first(state)
    result = state.result
    assert result is not None and result["won"]
    value = 4 + 1 + 5
    assert result["scores"] == [4 * value, -value, -value, -value, -value - 2]


def test_five_handed_all_pass_is_a_forcee_simple_by_the_spadilla_holder() -> None:
    state = deal({3: "QC", 1: "QS"}, dealer=4, players=5)
    run(state, "pass pass pass pass pass")
    assert state.view(None)["contract"] == "forcee-simple"
    assert actor(state) == 3
    assert all(action.startswith("call:") for action in state.legal_actions(3))


# -- three players, Spitzeln ---------------------------------------------------------------------


def test_three_players_use_spitzelns_twenty_four_cards() -> None:
    game = solocards.make("german-solo", players=3)
    deck = game.deck()
    assert len(deck) == 24 == len(set(deck))
    assert "8H" not in deck and "7D" in deck
    assert [card for card in deck if card[1] == "D"] == ["7D"]
    assert sum(card[1] == "H" for card in deck) == 7
    state = game.deal(seed=1)
    assert [len(hand) for hand in state.snapshot()["hands"]] == [8, 8, 8]


def test_three_handed_auction_offers_solo_and_tout_only() -> None:
    state = deal({0: HEARTS_HAND}, dealer=2, players=3)
    assert state.legal_actions(0) == ["pass", "solo", "solo-couleur", "tout", "tout-couleur"]
    message = refused(state, 0, "simple")
    assert "three-handed" in message and "solo and tout" in message


def test_three_handed_double_queen_holder_may_pass_without_forfeit() -> None:
    state = deal({0: "QC QS"}, dealer=2, players=3)
    assert "pass" in state.legal_actions(0)
    assert "forcee" not in state.legal_actions(0)
    run(state, "pass")
    assert not state.is_over and actor(state) == 1


def test_three_handed_solo_is_paid_by_both_others() -> None:
    state = deal({0: HEARTS_HAND}, dealer=2, players=3)
    run(state, "solo pass pass trump:H")
    claim_or_first(state)
    result = state.result
    assert result is not None and result["won"]
    value = 4 + 1 + 5  # 9H is elsewhere and there is no 8H: the run is A K Q J T
    assert result["scores"] == [2 * value, -value, -value - 2]


def test_three_handed_tout_is_played_alone_with_no_call() -> None:
    state = deal({0: HEARTS_HAND}, dealer=2, players=3)
    run(state, "tout pass pass trump:H")
    view = state.view(0)
    assert view["phase"] == "playing" and view["alone"] and view["tout"]


def test_three_handed_diamond_trumps_are_the_three_matadores_alone() -> None:
    state = deal({0: "QC 7D QS AH KH AS KS AC"}, dealer=2, players=3)
    run(state, "solo pass pass trump:D")
    eff = EFF[1]
    trumps = [card for card in state.game.deck() if eff[card_id(card)] == TRUMP]
    assert sorted(trumps) == ["7D", "QC", "QS"]


def test_three_handed_all_pass_throws_the_cards_in_and_the_deal_passes_on() -> None:
    game = solocards.make("german-solo", players=3)
    match = Match(game, seed=5, first_dealer=2, decks=[deck_for({}, dealer=2, players=3)])
    for _ in range(3):
        match.apply(match.to_act[0], "pass")
    (result,) = match.results
    assert result["scores"] == [0, 0, -2] and result["pool"] == 2 and result["winners"] == []
    assert result["contract"] is None and not result["redeal"]
    assert match.state.dealer == 0 and match.state.view(None)["pool"] == 4


# -- every count: bots, sampling, records -----------------------------------------------------


@pytest.mark.parametrize("players", [3, 5])
def test_ismcts_heuristic_and_random_play_legal_replayable_rounds(players: int) -> None:
    game = solocards.make("german-solo", players=players)
    specs = ["ismcts:iterations=8", "heuristic", "random", "heuristic", "random"][:players]
    bots = [make_bot(spec, game) for spec in specs]
    for seed in range(2):
        first = play_round(game.deal(seed=seed), bots, seed=seed)
        again = play_round(game.deal(seed=seed), bots, seed=seed)
        assert first.is_over and first.history == again.history


@pytest.mark.parametrize("players", [3, 5])
def test_heuristic_beats_random(players: int) -> None:
    game = solocards.make("german-solo", players=players)
    heuristic, random_bot = make_bot("heuristic", game), make_bot("random", game)
    total = 0
    for index in range(10 * players):
        seat = index % players
        bots = [random_bot] * players
        bots[seat] = heuristic
        result = play_round(game.deal(seed=index), bots, seed=index).result
        assert result is not None
        total += result["scores"][seat]
    assert total > 0


@pytest.mark.parametrize("players", [3, 5])
def test_sampled_worlds_deal_the_pack_of_the_game_and_keep_the_view(players: int) -> None:
    game = solocards.make("german-solo", players=players)
    pack = sorted(game.deck())
    rng = random.Random(players)
    checked = 0
    for seed in range(6):
        state = game.deal(seed=seed)
        play = random.Random(seed)
        while not state.is_over:
            if play.random() < 0.3:
                for seat in (None, *range(players)):
                    view = state.view(seat)
                    world = game.sample_world(view, rng)
                    assert world.view(seat) == view
                    snapshot = world.snapshot()
                    dealt = [card for hand in snapshot["dealt"] for card in hand]
                    assert sorted(dealt) == pack
                    checked += 1
            seat = actor(state)
            state.apply(seat, play.choice(state.legal_actions(seat)))
    assert checked > 20


@pytest.mark.parametrize("players", [3, 5])
def test_a_match_record_replays(players: int) -> None:
    game = solocards.make("german-solo", players=players, deals=players)
    match = game.match(seed=11)
    rng = random.Random(2)
    while not match.is_over:
        seat = match.to_act[0]
        match.apply(seat, rng.choice(match.state.legal_actions(seat)))
    record = match.record()
    again = solocards.replay(json.loads(dumps(record)))
    assert again.totals == match.totals and again.record() == record


@pytest.mark.parametrize("players", [3, 5])
def test_the_gym_environment_plays_a_deal_with_three_or_five(players: int) -> None:
    np = pytest.importorskip("numpy")
    from solocards.rl.gym_env import SoloCardsEnv

    env = SoloCardsEnv("german-solo", players=players, opponents="heuristic")
    obs, _ = env.reset(seed=players)
    assert obs["action_mask"].shape == (env.game.num_actions,)
    done, steps = False, 0
    while not done:
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, _reward, done, _truncated, info = env.step(action)
        assert "illegal_action" not in info
        steps += 1
    assert steps >= 1


def test_views_of_three_and_five_have_the_keys_of_four() -> None:
    def keys(players: int) -> tuple[set[str], set[str]]:
        state = solocards.make("german-solo", players=players).deal(seed=2)
        seat, spectator = state.view(0), state.view(None)
        return set(seat), set(spectator)

    assert keys(3) == keys(4) == keys(5)
    view = solocards.make("german-solo", players=5).deal(seed=2).view(1)
    assert view["players"] == 5 and len(view["hand_sizes"]) == len(view["tricks_won"]) == 5

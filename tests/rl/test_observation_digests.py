"""The observations of every game's encoder, pinned bit for bit along seeded rounds.

Each case plays one seeded round and hashes (sha256), at every step and for every seat, the view
path's observation (:meth:`Encoder.encode`), the fast path's (:meth:`Encoder.observation`) and
the mask, after the layout itself (every field's name, offset, size, bounds and meaning). The
expected digests were recorded from the encoders as they stood before they were regrouped into
the shedding and trick bases, so any change to a single value of any field, to the layout or to
its documentation shows here. A second test checks that the recorded rounds give every field a
non-zero value somewhere, so that no field could change unseen.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

np = pytest.importorskip("numpy")

import solocards  # noqa: E402
from solocards.core.game import Game, State, View  # noqa: E402
from solocards.rl.observations import Encoder, Obs, encoder_class, encoder_for  # noqa: E402
from solocards.rl.observations.base import Cells  # noqa: E402

MAX_STEPS = 300
"""Steps of a round at most (a random UNO round can run to over a thousand)."""

CONFIGS: dict[str, tuple[str, int, dict[str, Any]]] = {
    "uno-2p": ("uno", 2, {}),
    "uno-3p-swaps-stacks": (
        "uno",
        3,
        {"seven_zero": True, "jump_in": True, "stack_draw2": True, "stack_draw4": True},
    ),
    "uno-4p-jump-in": ("uno", 4, {"jump_in": True, "jump_in_pending": True, "cross_stack": "both"}),
    "uno-6p-strict": ("uno", 6, {"draw_until_playable": True, "strict_uno_call": True}),
    "amigo-solo-2p": ("amigo-solo", 2, {}),
    "amigo-solo-3p-catch": (
        "amigo-solo",
        3,
        {"solo_call_enforcement": "catch", "jump_in_self": True},
    ),
    "amigo-solo-4p-jump-in": (
        "amigo-solo",
        4,
        {"jump_in_black": True, "jump_in_during_penalty": True, "play_after_draw": "any_card"},
    ),
    "amigo-solo-6p-against-play": (
        "amigo-solo",
        6,
        {"solo_call_enforcement": "catch", "rotation_moves_hands": "against_play"},
    ),
    "german-solo-3p": ("german-solo", 3, {}),
    "german-solo-4p": ("german-solo", 4, {}),
    "german-solo-4p-couleur": (
        "german-solo",
        4,
        {"couleur": "first_won", "tout_choice": "side", "call_trump_ace": True},
    ),
    "german-solo-5p": ("german-solo", 5, {"double_queen_pass": "forfeit"}),
    "frog-3p": ("frog", 3, {}),
    "frog-3p-shown": ("frog", 3, {"frage_talon": "shown", "all_pass": "same_dealer"}),
    "frog-4p-ramsch": ("frog", 4, {"all_pass": "ramsch"}),
    "frog-5p": ("frog", 5, {"all_pass": "ramsch", "frage_talon": "shown"}),
}

SEEDS = (1, 2, 3)

EXPECTED: dict[tuple[str, int], str] = {
    ("amigo-solo-2p", 1): "9cb2f66617e7d4ceec2220c10cefa14f7dc2a25684dd5e0ed15184eab4a407a4",
    ("amigo-solo-2p", 2): "b9b93c7ed0379467e71ba7ce4b3633cb33ac4e6448ec64e401ce207da06a648b",
    ("amigo-solo-2p", 3): "155bc6b2af318d0a1e90e6a59381cb15f09ca383c93db6d520eab5ebf3944461",
    ("amigo-solo-3p-catch", 1): "728d408e5eb406707e2a600d08e23bec41a04b2944b9455a94f2ff6734825f9d",
    ("amigo-solo-3p-catch", 2): "fec835b84907252b75ef841990f137e6e1625f6755834b7377ee90f300a55816",
    ("amigo-solo-3p-catch", 3): "6fe2d8f6d339029c23d2fc94311fd857541a93a6a480dd9bf6b65e4546950d51",
    (
        "amigo-solo-4p-jump-in",
        1,
    ): "88648e09c890a4c5719c05235da9b5ebd274cdd62cde5b88028d4db39c7a6576",
    (
        "amigo-solo-4p-jump-in",
        2,
    ): "00a8a73a4d148e4c4e36da00498ca25ae21b8810726db6977d5fee14b5eda61c",
    (
        "amigo-solo-4p-jump-in",
        3,
    ): "342d43fb99bc6e5714d66a3cba80bf0fc51c4741ee6be9b1f49f0c38ebaf5605",
    (
        "amigo-solo-6p-against-play",
        1,
    ): "ec18f43005abbc27ed83a8da11dfda908d68374d9884e0176d8f8c4e463f1f23",
    (
        "amigo-solo-6p-against-play",
        2,
    ): "385f1a06d4053ab26a3cb6077f4fc3eb670dbb83adb3bbb1b334f4387b4ed901",
    (
        "amigo-solo-6p-against-play",
        3,
    ): "7f1b688ceaf175f79ebfbfe2cf6d1af7e47cb733481a9522aeb0abd6a2507432",
    ("frog-3p", 1): "0a78c584c3ce342aba8b19a87e77700bde1477e4ed5d24853cf6918a710571f9",
    ("frog-3p", 2): "ec41862af31174b3de887380c7b7abfc73f41796324e6ab467558099b0f9b34c",
    ("frog-3p", 3): "b8dddff18da9f29c46582f3330f4c28b641524443c30d280ec7d6f5db39e2597",
    ("frog-3p-shown", 1): "0a78c584c3ce342aba8b19a87e77700bde1477e4ed5d24853cf6918a710571f9",
    ("frog-3p-shown", 2): "ec41862af31174b3de887380c7b7abfc73f41796324e6ab467558099b0f9b34c",
    ("frog-3p-shown", 3): "8d42c5a7e4843a99e5f392b841d67595ab434a1c00a8a501712dedc091c9a7d7",
    ("frog-4p-ramsch", 1): "70fcd808ace83f2e62d2cf6b8e17d7537ffd4d9da83d933b408371ffae6dfb78",
    ("frog-4p-ramsch", 2): "f4d8375a648994ca69943a790ee4de5507b463df7c0da2111a5afa14a7f77832",
    ("frog-4p-ramsch", 3): "aab54c86c041315fa3c6e98455e4affc7f997a5112f39ef9b74e10def4dc57f1",
    ("frog-5p", 1): "0b6617cd52d7002a2a6eb281c025dc0a68fc2e4fc9c8732cbf147fd99050c271",
    ("frog-5p", 2): "d881ad1b8c0fab29c20f4cddb3ad25f50967be3f3f0ff5a0bee4a1c052a6630e",
    ("frog-5p", 3): "c3f201d9b87de98b03ec9c5ca9d64d702327dc8a4662b8381ba42eeceadf96be",
    ("german-solo-3p", 1): "5c71f1a3f5825a4c4ff68bdfc58dfce8a9df3d72e266104f0e23b10cb83442b8",
    ("german-solo-3p", 2): "70dcc2ce0f0d54cc478df240d014cb3c227fe2ae00b01e1fc1e8c2b800267cc1",
    ("german-solo-3p", 3): "42180f107e20368a17bd959fe11dc51048b1ed98de80c40d86f831472f22c2f5",
    ("german-solo-4p", 1): "c27a2ad8f7e12d85fc0875d7060e591beedffadeca9dfbc412cdb403dea43c6c",
    ("german-solo-4p", 2): "a9c4cf1505fd2f9edadd70c132bb46be91b76e6d74d90d983798c344d52d74f4",
    ("german-solo-4p", 3): "2489a353db97547b325138591de10952ea454d1b77da926a9ac30a1302ae7802",
    (
        "german-solo-4p-couleur",
        1,
    ): "dad230c415ef09a2c164bf358c2714eb5d3251edb1129d761b4774147a3c673d",
    (
        "german-solo-4p-couleur",
        2,
    ): "a9d127028ebe7e6125bba87d811d031fff4e5cf2efe479b06dbf362e8a621b25",
    (
        "german-solo-4p-couleur",
        3,
    ): "bfc8d71731d3e6693a7feba86487534f6eac1a15aeb3ab168bbe3483809f3302",
    ("german-solo-5p", 1): "ba0ea6bb5447f5653cf40194f60782dbe11c4453330d2fcd42f2297cb1a36127",
    ("german-solo-5p", 2): "ddffe7b63b292d8c8637b2691e0b24158bb59be4a41535ca968922c343dae328",
    ("german-solo-5p", 3): "375ebfc2811c748e99fab48b4c64715112a5978f8464d1d34e5f96c274dcf223",
    ("uno-2p", 1): "8d9a622394f1743c6a72a3f876a567c7a17b074cc1e6ca6a63419ba076d948d4",
    ("uno-2p", 2): "018ea639c389750cb1b3e8164f5df690fac4c337371efcda6e31c5def087132c",
    ("uno-2p", 3): "4961792ee1e1e59a540aa93f3fdd9d78150b4b7a366c812d54fc39759e7afc8e",
    ("uno-3p-swaps-stacks", 1): "4102b19f248720ae990f3f44f8d4e3844ee15b60a37199dbb0a7c6cd21308194",
    ("uno-3p-swaps-stacks", 2): "e521cbd9e44c291aac97007de6dda7e83dfe0fa8ccf3010a313037eed1152770",
    ("uno-3p-swaps-stacks", 3): "f2c5ac57becff4fa52006a446a544d12cb1a5ea9541dcd5182d938420bb2ba19",
    ("uno-4p-jump-in", 1): "3f67e95ae82c3c025ca7fe606abd9c1c2c2f2e0f84f7379d610ef5f51097e376",
    ("uno-4p-jump-in", 2): "b700ecd3dcb34d55ce9406046308314ced610a138c9427bddd16980c6c91aad8",
    ("uno-4p-jump-in", 3): "be63aa2a66ecbed18db5a0bcf85a1062f5f935f2773e5aed36f336e7ca515064",
    ("uno-6p-strict", 1): "8007fb0f97cfcba33392729fc75e45f8df1a9eb8632a5b7756339a9514499a6a",
    ("uno-6p-strict", 2): "8f1a4f21e1bed6bcf23cf1926c0f2ead05bd142ae15df98029b200ed036abe81",
    ("uno-6p-strict", 3): "a668b731abe990920cdeba421e6a9840f3d460ccc1236006cd609163bb8f9916",
}
"""sha256 of each (config, seed) round, recorded before the encoders were regrouped."""


def choose(game: Game, state: State, rng: random.Random, seed: int) -> tuple[int, int]:
    """A seat among those that may act and one of its legal actions: mostly a play (so that
    shedding rounds end), or a pass at odd seeds (auctions that stop low)."""
    seat = rng.choice(state.to_act)
    ids = state.legal_action_ids(seat)
    names = [game.action_name(i) for i in ids]
    if seed % 2 and "pass" in names and rng.random() < 0.6:
        return seat, ids[names.index("pass")]
    plays = [i for i, name in zip(ids, names, strict=True) if name not in ("draw", "pass")]
    if plays and rng.random() < 0.8:
        return seat, rng.choice(plays)
    return seat, rng.choice(ids)


def positions(game: Game, seed: int) -> Iterator[State]:
    """The states of one seeded round, from the deal to its end (or :data:`MAX_STEPS`)."""
    rng = random.Random(seed)
    state = game.deal(seed=seed, dealer=seed % game.players)
    for step in range(MAX_STEPS + 1):
        yield state
        if state.is_over or step == MAX_STEPS:
            return
        seat, action = choose(game, state, rng, seed)
        state.apply_id(seat, action)


def layout_text(encoder: Encoder) -> str:
    """Every field of the layout, with its bounds and meaning, and the size."""
    fields = [
        f"{f.name}|{f.offset}|{f.size}|{float(f.low)!r}|{float(f.high)!r}|{f.doc}"
        for f in encoder.layout.fields
    ]
    return "\n".join([str(encoder.size), *fields])


def round_digest(
    config: str,
    seed: int,
    seen: dict[str, bool] | None = None,
    make_encoder: Callable[[Game], Encoder] = encoder_for,
) -> str:
    """sha256 of the layout and, at every step for every seat, the view path's and the fast
    path's observations and the mask; ``seen`` (if given) collects, per field name, whether
    the field was ever non-zero."""
    game_id, players, options = CONFIGS[config]
    game = solocards.make(game_id, players=players, **options)
    encoder = make_encoder(game)
    digest = hashlib.sha256(layout_text(encoder).encode())
    slow = encoder.new_observation()
    mask = np.zeros(game.num_actions, dtype=np.int8)
    for state in positions(game, seed):
        for seat in range(players):
            view = state.view(seat)
            encoder.encode(view, slow)
            encoder.mask(view, mask)
            fast = encoder.observation(state, seat, state.legal_action_ids(seat))
            digest.update(slow.astype("<f4").tobytes())
            digest.update(fast.astype("<f4").tobytes())
            digest.update(mask.tobytes())
            if seen is not None:
                for f in encoder.layout.fields:
                    if slow[f.offset : f.offset + f.size].any():
                        seen[f.name] = True
                    else:
                        seen.setdefault(f.name, False)
    return digest.hexdigest()


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_the_observations_are_those_recorded(config: str, seed: int) -> None:
    assert round_digest(config, seed) == EXPECTED[config, seed]


@pytest.mark.parametrize("game_id", sorted({game_id for game_id, _, _ in CONFIGS.values()}))
def test_the_recorded_rounds_set_every_field(game_id: str) -> None:
    # A field that stayed zero all along could change without changing a digest.
    seen: dict[str, bool] = {}
    for config, (config_game, _, _) in CONFIGS.items():
        if config_game == game_id:
            for seed in SEEDS:
                round_digest(config, seed, seen)
    assert [name for name, set_once in seen.items() if not set_once] == []


def test_a_changed_value_changes_the_digest() -> None:
    # The digest covers single values: one entry of one field moved by one changes it.
    frog_encoder = encoder_class(solocards.make("frog"))
    assert isinstance(frog_encoder, type)

    class OffByOne(frog_encoder):  # type: ignore[misc, valid-type]
        def encode(self, view: View, out: Obs) -> None:
            super().encode(view, out)
            out[self.field("tricks_won").offset] += 1.0

        def write_state(
            self, state: State, seat: int, legal: Sequence[int], out: Cells, base: int
        ) -> None:
            super().write_state(state, seat, legal, out, base)
            out[base + self.field("tricks_won").offset] += 1.0

    assert round_digest("frog-3p", 1) == EXPECTED["frog-3p", 1]
    assert round_digest("frog-3p", 1, make_encoder=OffByOne) != EXPECTED["frog-3p", 1]

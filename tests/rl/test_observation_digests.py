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
    ("amigo-solo-2p", 1): "1f65d3c7989eaca7c77fc4247ca8ba1c22f7d0343c8cb195b7cedf2c540d85db",
    ("amigo-solo-2p", 2): "e979e68a17939279b110a413457f1204364cbd9faec0fcb87a0efbfb8adf8ef5",
    ("amigo-solo-2p", 3): "ac7da6fdd5e85c283b394859443e61433f4fb75bcdd12107671820ca1db3da32",
    ("amigo-solo-3p-catch", 1): "1e87e02e10be40b1656a298d504b515ea14ae9f196be0d99e38930afc477e38b",
    ("amigo-solo-3p-catch", 2): "9b7065cf63c002d6da10f29b3e710e7e0db68039e6d0a4fa2262bf23fbd3d912",
    ("amigo-solo-3p-catch", 3): "5173850c708941bbd0e4aa80399919a5209c8b4a54261884e38e94b754c1bac6",
    (
        "amigo-solo-4p-jump-in",
        1,
    ): "fb072d2c55cbc138d017888721a5ce347f119f344e42313c7c573096f67199d7",
    (
        "amigo-solo-4p-jump-in",
        2,
    ): "d0932c0810ac8470574440d876e2930477ed48be5ed1bd12f268925da8d5f141",
    (
        "amigo-solo-4p-jump-in",
        3,
    ): "04117ece69a645f50fede666ebbf2d6adc8afeb2d52e88670500180a75352784",
    (
        "amigo-solo-6p-against-play",
        1,
    ): "13d8959ccf179d2e15dd67a1e377dad96ce7ce6298517419a2495efa86aedba7",
    (
        "amigo-solo-6p-against-play",
        2,
    ): "1cd28e6eee669fbb80efe89786ac8b74bf5b002689aa3954c09bf57e5470a892",
    (
        "amigo-solo-6p-against-play",
        3,
    ): "f90667d7531d95d8f0781f2dd6cc4aa60988bad210e38956469eec6239dd2a24",
    ("frog-3p", 1): "248372e400072cc69fff63b08639591fb778834c85ad5d85dda7dd91307e10d2",
    ("frog-3p", 2): "f2faa1c88d57902002e77470a6f011fe1a808a2872b544d9d651eaba0bc4ed2c",
    ("frog-3p", 3): "e302c5544c6a3651679caa64a1108b43d0d3dd8c0a5b62d709711ad6c943efa6",
    ("frog-3p-shown", 1): "248372e400072cc69fff63b08639591fb778834c85ad5d85dda7dd91307e10d2",
    ("frog-3p-shown", 2): "f2faa1c88d57902002e77470a6f011fe1a808a2872b544d9d651eaba0bc4ed2c",
    ("frog-3p-shown", 3): "ecc3b22db0ec6f05ba28adc9e69e045735ccec0213a07d6d6772b1314e4df336",
    ("frog-4p-ramsch", 1): "0e1312761ed4cd0685d8b55088f5f34a5098e3048d8107ce5f00b06f576fa52a",
    ("frog-4p-ramsch", 2): "660a8d406656c48f5fc6c7979984645128d15b5de4d02852bfdaecf5df20a8d9",
    ("frog-4p-ramsch", 3): "b828d2fc5b2c865d0a707c6796fba99ed8e08edc6614b3703873cfff96bdf46a",
    ("frog-5p", 1): "1f725320dd90b4eb14fd3a443fdb41e19ffb04d6760585a700a031859d3d2c2d",
    ("frog-5p", 2): "a0faa305ff0f7f5e964864e29707c8a4e1992261387f287f4fd48be399cb005d",
    ("frog-5p", 3): "a857b7380ba6ebdb9dfa00a0f61dcc870e7ff1b04c33f9f2701c6af9415a5626",
    ("german-solo-3p", 1): "a730306d980bcb20e58d31f11c5286bad0ef34b8b57b00ac7ebad3b89e4457d0",
    ("german-solo-3p", 2): "273bb01f7d160b7fdf1f2322272eba3f6b3901794519e43197befa7f74ea1209",
    ("german-solo-3p", 3): "8d26f2f468ad167469a65307da9fffa524ee350adad61db094fb750f90bdab69",
    ("german-solo-4p", 1): "65f860da31271a77b936c587b4f4aa11ab1c06ac99c191a13dd82e9d7a800deb",
    ("german-solo-4p", 2): "6bdb6d7b5148b8434259a44fbd254f31a256b760134f8d0147f02b6114ff0d6a",
    ("german-solo-4p", 3): "7d7f931b30d406e75923dad838dbf1cca2103263c627ef885f3241520b8d9818",
    (
        "german-solo-4p-couleur",
        1,
    ): "92b4c7ed055bd4326ad1c7822e337b300d66eb84504323dad0cae333bb279713",
    (
        "german-solo-4p-couleur",
        2,
    ): "3c36703288d9437c99682601be06c3e901342c1cb85ff7b73f85d770282f7580",
    (
        "german-solo-4p-couleur",
        3,
    ): "166699a8a2a67a8b4c28f5988a96a66c5bea4454cb37db51320c8382b2eaf108",
    ("german-solo-5p", 1): "4dc2704a3920f6aa0ebda032bdeec27ba6a88005fe7708ad1f5ffcf1e7603bbb",
    ("german-solo-5p", 2): "806620c51a34a4e01a262ce045120d21a7a329b9ff930e5af3ebb7ef18f5df41",
    ("german-solo-5p", 3): "848afb79b17af01a9ab9e8a2851f4523d9383df724d51861dc60bd6b50b31bc9",
    ("uno-2p", 1): "f7c6224d4a2a1c7e35d68bdacf1ee51c5921d943fd492d377737fda187fbd058",
    ("uno-2p", 2): "18bf3af12657b92f7a86877970649d2bac8b9f85469acf7d05b24f71764194a2",
    ("uno-2p", 3): "19d45fc5db9f55b1be803dd0f93e62c87a13c99c92e759c9bbe1b0486311dacf",
    ("uno-3p-swaps-stacks", 1): "e8bab8a85bc4735e39dc7c87f21b6e6de1137ea02a9fdc71b2e65775cb71625c",
    ("uno-3p-swaps-stacks", 2): "062cb852fd31ec8bbd6a2a88d0a1006f395e4d20f9f05137023ad0be15701024",
    ("uno-3p-swaps-stacks", 3): "e027e57ed2551dc977844fbec566f6a87b49a453674514fad3549b4c2a12f34c",
    ("uno-4p-jump-in", 1): "fb0434e3d7c70395a95b43ff1503dddea9411efb137934bf9bfe0eaf2f1d5bad",
    ("uno-4p-jump-in", 2): "5aa42371b91c61b656c182df5d8adcecaa98d01869bdda7a02e0a2c4789bf7e7",
    ("uno-4p-jump-in", 3): "63dfb7b4c1f4dfd1d9615dc4769c7b5e21938ea8969d081fc6da4d0222cbc292",
    ("uno-6p-strict", 1): "36a62679808842571850aea47010fa3ac2c3dd80d64396a29f0b3de25555b6bc",
    ("uno-6p-strict", 2): "2d5b858b2ea7239385e3a67b88e219cd4ab39e8039a4529b054bdbe26cc9a75d",
    ("uno-6p-strict", 3): "eafcf37fe306f75b22940e13ced39c3cf20b6d648d7b3bc23de5a125fdc30d21",
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
        f"{f.name}|{f.offset}|{f.size}|{f.low!r}|{f.high!r}|{f.doc}" for f in encoder.layout.fields
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

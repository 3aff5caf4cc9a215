"""Staging: observations and masks written into vecs, handed out as fresh numpy arrays."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("librt")

from librt.vecs import vec  # noqa: E402
from mypy_extensions import u8  # noqa: E402

import solocards  # noqa: E402
from solocards.rl import solocards_uno_v0  # noqa: E402
from solocards.rl.observations import encoder_for  # noqa: E402
from solocards.rl.observations.base import SLOTS, Staging  # noqa: E402
from solocards.rl.vec_views import byte_view, float_view  # noqa: E402


def test_every_observation_is_what_was_written_and_starts_from_zeros():
    size = 7
    stage = Staging(size, 0)
    rng = random.Random(5)
    taken = []
    for n in range(3 * SLOTS + 2):  # past several rounds of zeroing
        base = stage.base()
        assert [stage.cells[base + i] for i in range(size)] == [0.0] * size, f"slot {n}"
        written = [0.0] * size
        for i in rng.sample(range(size), 3):
            written[i] = float(rng.randint(-3, 9))
            stage.cells[base + i] = written[i]
        obs = stage.take_observation()
        assert obs.dtype == np.float32 and obs.shape == (size,) and obs.flags.writeable
        assert obs.tolist() == written, f"observation {n}"
        taken.append((obs, written))
        obs[0] = 99.0  # a policy may write into what it was given
    for n, (obs, written) in enumerate(taken):  # nothing handed out is written again
        assert obs[1:].tolist() == written[1:], f"observation {n}"
    assert len({id(obs) for obs, _ in taken}) == len(taken)


def test_masks_are_fresh_int8_arrays_and_leave_no_bits_behind():
    stage = Staging(0, 6)
    mask = stage.mask([1, 4])
    assert mask.dtype == np.int8 and mask.flags.writeable
    assert mask.tolist() == [0, 1, 0, 0, 1, 0]
    assert stage.mask([0], extra=5).tolist() == [1, 0, 0, 0, 0, 1]
    assert stage.mask([]).tolist() == [0] * 6  # the bits of earlier masks are cleared
    mask[2] = 1
    assert stage.mask([]).tolist() == [0] * 6  # a handed-out mask is its own memory


def test_the_views_share_the_vecs_memory():
    cells = vec[float]([0.0] * 4)
    view = float_view(cells)
    cells[2] = 1.5
    assert view.tolist() == [0.0, 0.0, 1.5, 0.0] and view.flags.writeable
    view[3] = 2.0
    assert cells[3] == 2.0
    view.fill(0.0)
    assert list(cells) == [0.0] * 4
    bits = vec[u8]([0, 0, 0])
    bytes_view = byte_view(bits)
    bits[1] = 1
    assert bytes_view.dtype == np.int8 and bytes_view.tolist() == [0, 1, 0]
    del cells, bits  # the views keep the memory alive
    assert view.tolist() == [0.0] * 4 and bytes_view.tolist() == [0, 1, 0]
    assert float_view(vec[float]()).shape == (0,)


def test_an_encoder_stays_exact_past_many_observations():
    # Encoder.observation goes through a Staging: after every round of zeroing, the
    # observations must still be the encoded views.
    game = solocards.make("uno", players=3)
    encoder = encoder_for(game)
    state = game.deal(seed=11)
    expected = encoder.new_observation()
    rng = random.Random(2)
    for step in range(4 * SLOTS):
        seat = state.to_act[0]
        for observer in range(game.players):
            obs = encoder.observation(state, observer, state.legal_action_ids(observer))
            encoder.encode(state.view(observer), expected)
            assert np.array_equal(obs, expected), f"step {step} seat {observer}"
        state.apply_id(seat, rng.choice(state.legal_action_ids(seat)))
        if state.is_over:
            break


def test_the_aec_env_keeps_the_last_observation_until_the_next_action():
    env = solocards_uno_v0.raw_env(players=2)
    env.reset(seed=3)
    agent = env.agent_selection
    other = next(a for a in env.possible_agents if a != agent)
    first = env.observe(agent)
    assert env.observe(agent) is first
    away = env.observe(other)  # another agent's observation replaces the kept one
    assert not away["action_mask"].any()
    again = env.observe(agent)
    assert again is not first
    assert np.array_equal(again["observation"], first["observation"])
    assert np.array_equal(again["action_mask"], first["action_mask"])
    with pytest.raises(ValueError, match="no agent 'player_9'"):
        env.observe("player_9")


@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (3, {"seven_zero": True, "jump_in": True})]
)
def test_the_aec_env_observes_every_seat_as_its_view_encodes(players, options):
    env = solocards_uno_v0.raw_env(players=players, **options)
    encoder = env.encoder
    expected = encoder.new_observation()
    rng = random.Random(4)
    decisions = 0
    for seed in range(4):
        env.reset(seed=seed)
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            state = env.state_
            # the view with its log at every tenth decision (it grows with the round), else the
            # same view without it (UNO's encoder never reads the log)
            log = decisions % 10 == 0
            for seat, other in enumerate(env.possible_agents):
                if other == agent:
                    continue
                encoder.encode(state.view(seat, log=log), expected)
                assert env.observe(other)["observation"].tobytes() == expected.tobytes()
            obs = env.observe(agent)
            encoder.encode(state.view(int(agent.rsplit("_", 1)[1]), log=log), expected)
            assert obs["observation"].tobytes() == expected.tobytes(), f"seed {seed}"
            env.step(rng.choice(obs["action_mask"].nonzero()[0].tolist()))
            decisions += 1
    assert decisions > 100


@pytest.mark.parametrize("size", [1, 3, 4, 5, 8, 11, 385])
def test_a_listed_observation_is_what_was_written_and_zeroes_its_cells(size):
    """``take_list`` (pyspiel's observation tensors): every written value, rounded to float32,
    in any cell (the last few of a size that is no multiple of four too), and zeros elsewhere;
    the cells it read are zero again."""
    stage = Staging(size, 0)
    rng = random.Random(size)
    for _ in range(40):
        base = stage.base()
        written = [0.0] * size
        for _ in range(rng.randrange(size + 1)):
            index, value = rng.randrange(size), rng.choice([1.0, 2.0, 0.1, 120.0])
            stage.cells[base + index] = value
            written[index] = float(np.float32(value))
        listed = stage.take_list()
        assert listed == written
        assert all(type(value) is float for value in listed)
        assert [stage.cells[base + i] for i in range(size)] == [0.0] * size

"""The observation encoders: layout, bounds, vocabulary, hidden information, import hygiene."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from interop_support import CASE_IDS, CASES, MULTI, MULTI_IDS, random_positions, with_hands_reversed  # noqa: E402

from multiverse import modes  # noqa: E402
from multiverse.interop import games  # noqa: E402
from multiverse.interop.encoding import make_encoder  # noqa: E402


def _encoder(mode, fields):
    config = games.make_config(mode, fields)
    return config, make_encoder(games.new_state(config, 0), games.n_seats(config),
                                games.DEFAULT_MAX_OPTIONS[mode])


@pytest.mark.parametrize(("mode", "fields"), CASES, ids=CASE_IDS)
def test_layout_is_contiguous_and_documented(mode, fields):
    _, enc = _encoder(mode, fields)
    at = 0
    for seg in enc.layout:
        assert seg.start == at and seg.size > 0 and seg.doc
        at += seg.size
    assert at == enc.size
    assert enc.layout[-1].name == "options"
    assert enc.describe().count("\n") == len(enc.layout) + 1


@pytest.mark.parametrize(("mode", "fields"), CASES, ids=CASE_IDS)
def test_observations_in_bounds_and_option_rows_match(mode, fields):
    """Every feature is in [0, 1]; the deciding seat's option rows are the pending options
    (one 'present' row per option) and every option verb is in the vocabulary."""
    config, enc = _encoder(mode, fields)
    other = enc.option_features.index("verb=other")
    for s in random_positions(mode, fields, range(3)):
        d = s.decision()
        for seat in range(games.n_seats(config)):
            x = enc.encode(games.seat_view(s, seat))
            assert x.dtype == np.float32 and x.shape == (enc.size,)
            assert x.min() >= 0 and x.max() <= 1
            rows = enc.segments(x)["options"]
            if seat == d.seat:
                assert rows[:, 0].sum() == len(d.options)
                assert rows[: len(d.options), 0].all()
                assert not rows[: len(d.options), other].any(), [o.id for o in d.options]
                assert enc.segments(x)["to_act"][0] == 1
            else:
                assert not rows.any()
                assert enc.segments(x)["to_act"][0] == 0


@pytest.mark.parametrize(("mode", "fields"), MULTI, ids=MULTI_IDS)
def test_a_seat_never_sees_another_seats_hand_order(mode, fields):
    """Two positions that differ only in the order of another seat's hand give the same
    observation to every other seat."""
    config, enc = _encoder(mode, fields)
    n = games.n_seats(config)
    checked = 0
    for s in random_positions(mode, fields, range(2), every=4):
        for changed in range(n):
            t = with_hands_reversed(s, changed)
            if t is None:
                continue
            for seat in range(n):
                if seat != changed:
                    a = enc.encode(games.seat_view(s, seat))
                    b = enc.encode(games.seat_view(t, seat))
                    assert np.array_equal(a, b), (seat, changed)
                    checked += 1
    assert checked > 20


@pytest.mark.parametrize(("mode", "fields"), MULTI, ids=MULTI_IDS)
def test_determinized_positions_look_the_same(mode, fields):
    """Resampling everything a seat cannot see (other hands, deck orders, the generator)
    leaves that seat's observation unchanged."""
    from multiverse.engine.rng import SplitMix64

    config, enc = _encoder(mode, fields)
    rng = SplitMix64(5)
    for s in random_positions(mode, fields, range(2), every=5):
        for seat in range(games.n_seats(config)):
            det = modes.of_state(s).determinize(s, seat, rng)
            assert np.array_equal(enc.encode(games.seat_view(s, seat)),
                                  enc.encode(games.seat_view(det, seat)))


def test_a_seats_own_hand_is_encoded():
    config, enc = _encoder("dofp", None)
    s = games.new_state(config, 4)
    hand = enc.segments(enc.encode(games.seat_view(s, 0)))["hand"]
    assert sorted(np.flatnonzero(hand)) == sorted(s.hand[0])
    other = enc.segments(enc.encode(games.seat_view(s, 1)))["hand"]
    assert sorted(np.flatnonzero(other)) == sorted(s.hand[1])


def test_the_core_never_imports_the_rl_libraries():
    """gymnasium, pettingzoo and pyspiel are imported inside multiverse.interop only (the
    benchmark's OpenSpiel peer, `multiverse.bench`, imports pyspiel lazily for its own run)."""
    src = Path(__file__).resolve().parents[2] / "src" / "multiverse"
    allowed = {("bench.py", "pyspiel"), ("bench.py", "open_spiel")}
    for path in src.rglob("*.py"):
        if "interop" in path.relative_to(src).parts:
            continue
        text = path.read_text()
        for lib in ("gymnasium", "pettingzoo", "pyspiel", "open_spiel"):
            if (path.name, lib) in allowed:
                continue
            assert f"import {lib}" not in text and f"from {lib}" not in text, (path, lib)
    code = ("import sys, multiverse.interop, multiverse.interop.encoding, multiverse.cli.main, "
            "multiverse.lab.runner;"
            "print([m for m in ('gymnasium','pettingzoo','pyspiel') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"

"""Agents for Sentinels of the Multiverse: the determinizer, the evaluation, the heuristic's
scores, and ISMCTS through the mode registry."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from multiverse import modes
from multiverse.agents import ISMCTSAgent, agent_seed, decision_seed, game_seed, hint, hint_lines
from multiverse.engine.rng import SplitMix64
from multiverse.sentinels.config import SentinelsConfig
from multiverse.sentinels.determinize import determinize
from multiverse.sentinels.game import new_game
from multiverse.sentinels.heuristic import SentinelsHeuristic, fast_scores, option_scores
from multiverse.sentinels.invariants import check_invariants
from multiverse.sentinels.state import Z_DECK, Z_HAND
from multiverse.sentinels.value import FEATURES, WEIGHTS, features, value
from multiverse.sentinels.view import view

TEAMS = (("luminary", "the-harpy", "lifeline"),
         ("luminary", "the-harpy", "akash-thriya", "la-comodora"),
         ("luminary", "the-harpy", "akash-thriya", "la-comodora", "lifeline"))


def position(team: int, seed: int, steps: int):
    """The position after `steps` random choices (None if the game ended first)."""
    rnd = random.Random(seed)
    s = new_game(SentinelsConfig(heroes=TEAMS[team]), seed=seed)
    for _ in range(steps):
        d = s.decision()
        if d is None:
            return None
        s.apply(rnd.choice(d.options).id)
    return s if s.decision() is not None else None


def positions(count: int, seed: int = 0) -> list:
    rnd = random.Random(seed)
    out = []
    while len(out) < count:
        s = position(len(out) % len(TEAMS), rnd.getrandbits(32), rnd.randrange(0, 400))
        if s is not None:
            out.append(s)
    return out


def cards(s, o: int) -> list[int]:
    return sorted(s.hand[o] + s.deck[o])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(team=st.integers(0, 2), game=st.integers(0, 2**32 - 1), steps=st.integers(0, 400),
       rng_seed=st.integers(0, 2**64 - 1), data=st.data())
def test_determinize_keeps_the_view_and_the_cards(team, game, steps, rng_seed, data):
    s = position(team, game, steps)
    if s is None:
        return
    seat = data.draw(st.integers(0, len(TEAMS[team]) - 1))
    before = s.key()
    det = determinize(s, seat, SplitMix64(rng_seed))
    assert s.key() == before, "the real state is untouched"
    assert view(det, seat) == view(s, seat)
    check_invariants(det)
    for o in range(len(s.deck)):
        assert cards(det, o) == cards(s, o), "every owner keeps its cards"
        assert len(det.hand[o]) == len(s.hand[o]) and len(det.deck[o]) == len(s.deck[o])
        assert all(det.zone[c] == Z_HAND for c in det.hand[o])
        assert all(det.zone[c] == Z_DECK for c in det.deck[o])
    assert det.hand[seat] == s.hand[seat], "the seat's own hand, in order"
    assert [det.trash[o] for o in range(len(s.trash))] == s.trash
    assert det.inplay == s.inplay and det.hp == s.hp
    d = s.decision()
    if d.seat == seat:  # the decider's options show it nothing hidden: read again on the
        fresh = det.clone()  # sample, they are the same (labels and prompt too), so a
        fresh.refresh_decision()  # sample keeps them as they are (`refreshes`)
        assert fresh.decision() == d == det.decision()


def test_hidden_orders_and_other_hands_are_resampled():
    changed = {"villain deck": 0, "environment deck": 0, "own deck": 0, "other hands": 0}
    rng_changed = 0
    pos = positions(40, seed=3)
    for i, s in enumerate(pos):
        seat = s.decision().seat
        det = determinize(s, seat, SplitMix64(100 + i))
        t = s.T
        changed["villain deck"] += det.deck[t.villain] != s.deck[t.villain]
        changed["environment deck"] += det.deck[t.env] != s.deck[t.env]
        changed["own deck"] += det.deck[seat] != s.deck[seat]
        changed["other hands"] += any(det.hand[h] != s.hand[h] for h in range(t.n_heroes)
                                      if h != seat)
        rng_changed += det.rng != s.rng
    assert min(changed.values()) >= 30, changed
    assert rng_changed == 40


def test_arranged_tops_and_tried_cards_stay():
    """The cards of a pending arrange decision stay on top of their deck (the decision names
    them); a card a play phase already tried stays in its hand."""
    found = 0
    for i in range(400):
        s = position(i % 3, 5000 + i, 0)
        rnd = random.Random(i)
        while (d := s.decision()) is not None and d.kind != "arrange":
            s.apply(rnd.choice(d.options).id)
        if d is None:
            continue
        frame = s.stack[-1]
        o, top = frame[1], frame[2]
        for seat in range(s.T.n_heroes):
            det = determinize(s, seat, SplitMix64(i * 7 + seat))
            assert det.deck[o][len(det.deck[o]) - len(top):] == s.deck[o][len(s.deck[o]) - len(top):]
            if seat == d.seat:
                assert det.decision().ids() == d.ids()
        found += 1
        if found >= 5:
            break
    assert found >= 5


def test_determinized_games_play_on_and_a_seed_fixes_the_sample():
    rnd = random.Random(4)
    for i, s in enumerate(positions(12, seed=5)):
        seat = s.decision().seat
        a, b = determinize(s, seat, SplitMix64(i)), determinize(s, seat, SplitMix64(i))
        assert a.key() == b.key()
        while (d := a.decision()) is not None:
            a.apply(rnd.choice(d.options).id)
        assert a.result in ("win", "loss")


def test_value_is_a_probability_that_reads_only_public_facts():
    assert len(WEIGHTS) == len(FEATURES) and any(WEIGHTS)
    for i, s in enumerate(positions(60, seed=6)):
        v = value(s)
        assert 0.0 < v < 1.0
        assert len(features(s)) == len(FEATURES)
        for seat in range(s.T.n_heroes):
            assert value(determinize(s, seat, SplitMix64(i))) == v


def test_value_of_finished_games_and_of_a_hurt_villain():
    s = new_game(SentinelsConfig(), seed=1)
    hurt = s.clone()
    hurt.hp[s.T.villain_character] -= 20
    assert value(hurt) > value(s)
    down = s.clone()
    down.hp[s.T.character[0]] = 2
    assert value(down) < value(s)
    for g in range(4):
        s = new_game(SentinelsConfig(), seed=g)
        agent = SentinelsHeuristic(g)
        while (d := s.decision()) is not None:
            s.apply(agent.choose(d, s))
        assert value(s) == (1.0 if s.result == "win" else 0.0)


def test_option_scores_are_the_heuristics_choice():
    for i, s in enumerate(positions(150, seed=7)):
        d = s.decision()
        sc = option_scores(d, s)
        assert list(sc) == d.ids()
        assert fast_scores(d, s) == [sc[o] for o in d.ids()]
        best = max(sc.values())
        assert sc[SentinelsHeuristic(i).choose(d, s)] == best
        mode = modes.of_state(s)
        assert mode.option_scores(d, s) == sc and mode.fast_scores(d, s) == fast_scores(d, s)


def test_ismcts_plays_a_sentinels_game_to_the_end_deterministically():
    def game() -> tuple[str | None, int, str]:
        seed = game_seed(3, 0)
        s = new_game(SentinelsConfig(), seed=seed)
        agents = [ISMCTSAgent(agent_seed(seed, k), iterations=6) for k in range(3)]
        while (d := s.decision()) is not None:
            before = s.key()
            oid = agents[d.seat].choose(d, s)
            assert s.key() == before and oid in d.ids()
            s.apply(oid)
        return s.result, s.decisions, s.state_hash()

    first = game()
    assert first[0] in ("win", "loss") and first[1] > 20
    assert game() == first


def test_ismcts_priors_come_from_the_sentinels_heuristic():
    checked = 0
    for i, s in enumerate(positions(30, seed=8)):
        d = s.decision()
        sc = option_scores(d, s)
        best = max(sc.values())
        root = ISMCTSAgent(i, iterations=1, reuse=False).search(s, d.seat)
        first = [k for k, ch in root.children.items() if ch.visits]
        assert len(first) == 1 and sc[first[0]] == best
        checked += 1
    assert checked == 30


@pytest.mark.parametrize("kw", [{"prior": "fast"}, {"prior": "uniform", "turns": 2},
                                {"rollout": "random", "turns": None, "horizon": 40},
                                {"rollout": "heuristic"}])
def test_ismcts_variants_choose_legal_sentinels_options(kw):
    for i, s in enumerate(positions(8, seed=9)):
        d = s.decision()
        assert ISMCTSAgent(i, iterations=5, **kw).choose(d, s) in d.ids()


def test_hint_for_sentinels():
    s = positions(1, seed=10)[0]
    rows = hint(s, top=2, iterations=10, time_limit=None, seed=1)
    assert 1 <= len(rows) <= 2 and all(r["id"] in s.decision().ids() for r in rows)
    lines = hint_lines(s, seed=1, time_limit=0.05)
    assert lines[0].startswith("Hint (ISMCTS") and len(lines) >= 2


def test_seeds_keep_their_values():
    """Stored games and documents depend on these numbers."""
    assert game_seed(1, 0) == 3395948882924712079
    assert agent_seed(7, 0) == 16325812546559874870
    assert agent_seed(game_seed(1, 0), 2) == 8555190929167011086
    assert decision_seed(agent_seed(7, 0), 0) == 8594168873871530439
    seen = {decision_seed(agent_seed(7, 0), n) for n in range(1000)}
    assert len(seen) == 1000 and all(0 <= x < 2**64 for x in seen)
    assert decision_seed(agent_seed(7, 1), 0) != decision_seed(agent_seed(7, 0), 0)


def test_agents_never_import_the_lab():
    code = ("import sys, multiverse.agents, multiverse.united.value, multiverse.sentinels.value;"
            "from multiverse import modes;"
            "[m.heuristic(0) for m in modes.all_modes()];"
            "print(sorted(m for m in sys.modules if m.startswith('multiverse.lab')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_refit_fits_on_the_self_play_rows_of_each_configuration():
    from multiverse import modes
    from multiverse.agents.fit import fit_self_play, self_play_rows

    config = modes.get("sentinels").make_config("3")
    rows = self_play_rows(features, config, 2, 0)
    r = fit_self_play(features, FEATURES, [config], 2, 0, 1)
    assert r["positions"] == len(rows) > 0 and r["games"] == 2 and len(r["weights"]) == len(FEATURES)

"""The stronger ISMCTS: fast rollout policy, position evaluation, heuristic priors, tree reuse."""

from __future__ import annotations

import pytest
from agent_positions import CONFIGS, positions

from multiverse.agents import ISMCTSAgent
from multiverse.agents.policy import FastPolicy, softmax
from multiverse.engine.rng import SplitMix64
from multiverse.lab.runner import agent_seed
from multiverse.united.determinize import determinize
from multiverse.united.dofp.game import new_game
from multiverse.united.fast_scores import SCORERS, _dist, _nearest, fast_scores
from multiverse.united.value import FEATURES, WEIGHTS, features, value


def test_fast_policy_chooses_only_legal_options_and_leaves_the_state_alone():
    kinds = set()
    for i, s in enumerate(positions(300, seed=41)):
        d = s.decision()
        kinds.add(d.kind)
        before = s.key()
        scores = fast_scores(d, s)
        assert len(scores) == len(d.options)
        for eps in (0.0, 0.1, 1.0):
            assert FastPolicy(SplitMix64(i), eps).choose(d, s) in d.ids()
        assert s.key() == before
    assert {"play_card", "resolve_actions", "wound"} <= kinds
    assert kinds <= set(SCORERS), kinds - set(SCORERS)


def test_the_rollout_policy_measures_the_ring_of_six_the_shorter_way():
    # a ring of six Locations: 0 and 5 are neighbours, 0 and 3 are three steps apart either way
    assert [_dist(0, b) for b in range(6)] == [0, 1, 2, 3, 2, 1]
    assert [_dist(a, 0) for a in range(6)] == [0, 1, 2, 3, 2, 1]
    assert _dist(5, 1) == 2 and _dist(1, 5) == 2
    assert _nearest(0, [3, 4]) == 2 and _nearest(2, [5, 2, 4]) == 0 and _nearest(1, [4]) == 3
    assert _nearest(3, []) == 9  # no enemy to reach


def test_fast_policy_is_deterministic_with_a_seed():
    for i, s in enumerate(positions(60, seed=42)):
        d = s.decision()
        a, b = FastPolicy(SplitMix64(i), 0.3), FastPolicy(SplitMix64(i), 0.3)
        assert [a.choose(d, s) for _ in range(5)] == [b.choose(d, s) for _ in range(5)]


def test_fast_policy_attacks_a_sentinel_in_reach():
    found = 0
    for s in positions(800, seed=43):
        d = s.decision()
        if d.kind != "resolve_actions":
            continue
        hits = [o.id for o in d.options if o.data.get("enemy") == "sentinel"]
        if hits:
            found += 1
            assert FastPolicy(SplitMix64(0), 0.0).choose(d, s) in hits
    assert found > 0


def test_fast_rollouts_finish_games_legally_and_beat_uniform_play():
    """Whole games with the fast policy in every seat end (every choice legal: apply raises
    otherwise), and it wins more often than uniform play (standard game, same seeds)."""
    wins = {0.0: 0, 1.0: 0}
    for eps in wins:
        for g in range(100):
            s = new_game(CONFIGS[5], seed=g)
            pol = FastPolicy(SplitMix64(g), eps)
            while (d := s.decision()) is not None:
                s.apply(pol.choose(d, s))
            assert s.result in ("win", "loss")
            wins[eps] += s.result == "win"
    assert wins[0.0] > wins[1.0]


def test_softmax_is_a_distribution():
    p = softmax([1.0, 2.0, -1e6], 1.0)
    assert abs(sum(p) - 1) < 1e-12 and p[1] > p[0] > p[2] >= 0


def test_value_is_a_probability_and_ignores_hidden_cards():
    for i, s in enumerate(positions(200, seed=44)):
        v = value(s)
        assert 0.0 <= v <= 1.0
        phase, x = features(s)
        assert len(x) == len(FEATURES[phase]) == len(WEIGHTS[phase])
        d = s.decision()
        det = determinize(s, d.seat, SplitMix64(i))
        assert value(det) == v, "the evaluation reads only public facts"


def test_value_of_finished_games():
    for g in range(6):
        s = new_game(CONFIGS[4], seed=g)
        pol = FastPolicy(SplitMix64(g), 0.0)
        while (d := s.decision()) is not None:
            s.apply(pol.choose(d, s))
        assert value(s) == (1.0 if s.result == "win" else 0.0)


def test_value_prefers_fewer_sentinel_health_and_a_lower_track():
    s = new_game(CONFIGS[0], seed=1)
    base = value(s)
    hurt = s.clone()
    hurt.s_hp[0] -= 2
    assert value(hurt) > base
    late = s.clone()
    late.track += 6
    assert value(late) < base


def small(seed: int, **kw) -> ISMCTSAgent:
    return ISMCTSAgent(seed, iterations=kw.pop("iterations", 12), **kw)


@pytest.mark.parametrize("kw", [{}, {"prior": "fast"}, {"prior": "uniform", "turns": 2},
                                {"rollout": "random", "turns": None, "horizon": 30}])
def test_ismcts_variants_choose_legal_options(kw):
    for i, s in enumerate(positions(24, seed=45)):
        d = s.decision()
        before = s.key()
        assert small(i, **kw).choose(d, s) in d.ids()
        assert s.key() == before


def play(config, seed: int, factory) -> list[str]:
    s = new_game(config, seed=seed)
    seats = 1 if config.solo else config.n_heroes
    agents = [factory(agent_seed(seed, i)) for i in range(seats)]
    out = []
    while (d := s.decision()) is not None and len(out) < 60:
        oid = agents[d.seat].choose(d, s)
        s.apply(oid)
        out.append(oid)
    return out


def test_ismcts_is_deterministic_with_a_seed_and_reuse():
    a = play(CONFIGS[0], 4, lambda sd: small(sd, iterations=8))
    assert a == play(CONFIGS[0], 4, lambda sd: small(sd, iterations=8))


def test_ismcts_reuses_the_tree_between_its_own_consecutive_decisions():
    s = new_game(CONFIGS[3], seed=2)  # solo: one seat takes every decision
    agent = small(1, iterations=30)
    reused = []
    for _ in range(12):
        d = s.decision()
        s.apply(agent.choose(d, s))
        reused.append(agent.last_reused)
    assert reused[0] == 0 and max(reused) > 0
    off = small(1, iterations=30, reuse=False)
    s = new_game(CONFIGS[3], seed=2)
    for _ in range(6):
        d = s.decision()
        s.apply(off.choose(d, s))
        assert off.last_reused == 0


def test_ismcts_rejects_bad_parameters():
    with pytest.raises(ValueError):
        ISMCTSAgent(0, prior="oracle")
    with pytest.raises(ValueError):
        ISMCTSAgent(0, turns=0)
    for bad in ("x", 1.5, True):  # a whole number of hero turns, named in the message
        with pytest.raises(ValueError, match=f"turns must be a whole number.*not {bad!r}"):
            ISMCTSAgent(0, turns=bad)
    # every number a search reads is checked when it is made, naming the setting, rather
    # than failing at the first decision of a game
    for name, bad in (("exploration", "abc"), ("exploration", -0.1), ("exploration", True),
                      ("prime_visits", 2.5), ("prior_temperature", 0), ("epsilon", 1.5),
                      ("horizon", 0), ("iterations", 0), ("iterations", "100"),
                      ("stop_early", "x"), ("stop_early", 2)):
        with pytest.raises(ValueError, match=f"{name} must be .*not {bad!r}"):
            ISMCTSAgent(0, **{name: bad})
    with pytest.raises(ValueError, match="time_limit must be a number, above 0, not 0"):
        ISMCTSAgent(0, iterations=None, time_limit=0)
    ok = ISMCTSAgent(0, exploration=0, epsilon=1, prime_visits=0, prior_temperature=0.5,
                     iterations=None, time_limit=0.5, stop_early=0.5)
    assert (ok.c, ok.policy.epsilon, ok.prime_visits, ok.stop_early) == (0, 1, 0, 0.5)


def test_the_root_prior_follows_the_heuristic_ordering():
    """With one iteration per option and heuristic priors, the first option searched is the
    heuristic's choice."""
    from multiverse.united.heuristic import evaluate_options

    checked = 0
    for i, s in enumerate(positions(40, seed=46)):
        d = s.decision()
        sc = evaluate_options(d, s)
        best = max(sc.values())
        top = {k for k, v in sc.items() if v >= best - 1e-9}
        agent = ISMCTSAgent(i, iterations=1, reuse=False)
        root = agent.search(s, d.seat)
        first = [k for k, ch in root.children.items() if ch.visits]
        assert len(first) == 1 and first[0] in top
        checked += 1
    assert checked == 40


@pytest.mark.parametrize("name,heroes", [("dofp", "3"), ("standard", "3"), ("sentinels", "3"),
                                         ("oblivaeon", "4")])
def test_a_modes_fast_scorer_is_its_games_rollout_scores(name, heroes):
    """`Mode.fast_scorer()`, read once per search, is the game's own function: Marvel
    United scores a decision by its kind's rule of thumb (`None` for a kind without one),
    the Sentinels modes by the heuristic's cheap scores; `Mode.fast_scores` says the same,
    along random games."""
    import inspect
    import random

    from multiverse import modes
    from multiverse.sentinels.heuristic import fast_scores as sentinels_scores

    mode = modes.get(name)
    scorer = mode.fast_scorer()
    assert not inspect.ismethod(scorer)  # each of these modes hands over its game function
    rnd = random.Random(7)
    kinds = set()
    for g in range(3):
        s = mode.new_game(mode.make_config(heroes), seed=g)
        while (d := s.decision()) is not None and s.decisions < 400:
            if name in ("dofp", "standard"):
                rule = SCORERS.get(d.kind)
                want = None if rule is None else rule(d, s)
            else:
                want = sentinels_scores(d, s)
            assert scorer(d, s) == want and mode.fast_scores(d, s) == want
            kinds.add(d.kind)
            s.apply(rnd.choice(d.options).id)
    assert len(kinds) >= 3


@pytest.mark.parametrize("name,heroes,module", [
    ("dofp", "3", "multiverse.united.value"), ("standard", "3", "multiverse.united.value"),
    ("sentinels", "3", "multiverse.sentinels.value"),
    ("oblivaeon", "4", "multiverse.sentinels.oblivaeon.value")])
def test_a_modes_valuer_is_its_games_evaluation(name, heroes, module):
    """`Mode.valuer()`, read once per search, is the game's own evaluation function (no
    method of the registry per rollout), and scores every position as `Mode.value` does:
    1 or 0 once the game is over, the model's chance in (0, 1) before."""
    import importlib
    import random

    from multiverse import modes

    mode = modes.get(name)
    valuer = mode.valuer()
    assert valuer is importlib.import_module(module).value
    rnd = random.Random(3)
    s = mode.new_game(mode.make_config(heroes), seed=5)
    seen = set()
    while (d := s.decision()) is not None and s.decisions < 3000:
        v = valuer(s)
        assert v == mode.value(s) and 0.0 < v < 1.0
        seen.add(round(v, 6))
        s.apply(rnd.choice(d.options).id)
    assert valuer(s) == mode.value(s) == (1.0 if s.result == "win" else 0.0)
    assert s.result is not None and len(seen) > 3  # the evaluation moves along the game


def test_the_tree_policy_picks_the_best_puct_score_and_counts_every_option_available():
    """`select`: mean value (an unvisited child: the node's own mean) plus c · prior ·
    sqrt(available) / (1 + visits); every option's child counts this availability, an option
    the priors have not met gets a uniform prior, and the first of equal scores wins."""
    import math

    from multiverse.agents.ismcts import Node, select
    from multiverse.engine.decision import Option

    node = Node(1.0)
    node.visits, node.value = 10, 6.0  # the node's mean, 0.6, stands in for unvisited children
    a, b = Node(0.5), Node(0.3)
    a.visits, a.value, a.avail = 4, 2.0, 9  # mean 0.5
    b.avail = 3  # unvisited
    node.children = {"a": a, "b": b}
    options = [Option("a", "A"), Option("b", "B"), Option("c", "C")]
    score_a = 0.5 + 2.0 * 0.5 * math.sqrt(10) / 5
    score_b = 0.6 + 2.0 * 0.3 * math.sqrt(4) / 1
    score_c = 0.6 + 2.0 * (1 / 3) * math.sqrt(1) / 1
    assert score_b > max(score_a, score_c)
    assert select(node, options, 2.0) == "b"
    assert (a.avail, b.avail, node.children["c"].avail) == (10, 4, 1)
    assert node.children["c"].prior == 1 / 3 and node.children["c"].visits == 0
    assert select(node, options, 0.0) == "b"  # no exploration: the best mean (0.6, b first)
    fresh = Node(1.0)  # a node never visited: 0.5 for every child; ties go to the first
    assert select(fresh, options, 0.0) == "a"


@pytest.mark.parametrize("mode_name", ["dofp", "sentinels", "oblivaeon"])
@pytest.mark.parametrize("how", ["fast", "random", "heuristic"])
def test_a_rollout_plays_to_its_turn_or_horizon_with_its_policy(mode_name: str, how: str) -> None:
    """`play_out`, the rollout's moves: the fast policy's, the rollout agent's or uniform
    ones, each drawing from the search's generator; it stops before the `left`-th decision of
    the mode's turn kind (that decision left pending), after `horizon` moves, or at the end.
    The same moves as the rule written out here, from the same generator."""
    from multiverse import modes
    from multiverse.agents.heuristic import HeuristicAgent
    from multiverse.agents.ismcts import SearchRandom, play_out

    mode = modes.get(mode_name)
    kind = mode.turn_kind
    for seed, left, horizon in ((1, 2, 400), (2, -1, 7), (3, 1, 400)):
        s = mode.new_game(mode.make_config("3"), seed)
        for _ in range(3):  # a little way in
            s.apply(s.decision().options[0].id)
        a, b = s.clone(), s.clone()
        ra, rb = SearchRandom(seed), SearchRandom(seed)
        fa = FastPolicy(ra, 0.1) if how == "fast" else None
        fb = FastPolicy(rb, 0.1) if how == "fast" else None
        ha = HeuristicAgent(9) if how == "heuristic" else None
        hb = HeuristicAgent(9) if how == "heuristic" else None
        play_out(a, fa, ha, ra, horizon, left, kind)
        n, turns = 0, left  # the rule, written out
        while (d := b.decision()) is not None and n < horizon:
            if turns > 0 and d.kind == kind:
                turns -= 1
                if turns == 0:
                    break
            pick = (fb.choose(d, b) if fb is not None else hb.choose(d, b) if hb is not None
                    else d.options[rb.below(len(d.options))].id)
            b.apply(pick)
            n += 1
        assert a.state_hash() == b.state_hash() and a.decisions == b.decisions
        assert ra.random() == rb.random()  # the generator drawn from alike
        moved = a.decisions - s.decisions
        if horizon == 7:
            assert moved == 7 or a.result is not None
        elif a.result is None:  # stopped before a decision of its turn kind (left = 1: the
            assert a.decision().kind == kind and moved < horizon  # first one, maybe at once)
            assert moved > 0 or left == 1

"""Agents speak only the decision protocol: legal options, their own generators, replays."""

from __future__ import annotations

import pytest
from agent_positions import CONFIGS, positions

from multiverse.agents import AGENTS, HeuristicAgent, ISMCTSAgent, RandomAgent, hint, make_agent
from multiverse.engine.decision import Decision, Option
from multiverse.lab.runner import agent_seed
from multiverse.united.dofp.game import new_game
from multiverse.united.heuristic import evaluate_options, pool_left


def small_ismcts(seed: int) -> ISMCTSAgent:
    return ISMCTSAgent(seed, iterations=6)


FACTORIES = {"random": RandomAgent, "heuristic": HeuristicAgent, "ismcts": small_ismcts}


def test_registry_has_the_three_agents():
    assert {"random", "heuristic", "ismcts"} <= set(AGENTS)
    for name in ("random", "heuristic", "ismcts"):
        assert make_agent(name, 1).name == name
    with pytest.raises(KeyError, match="known agents"):
        make_agent("nobody", 1)


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_agents_choose_only_legal_options(name):
    for i, s in enumerate(positions(240, seed=11)):
        d = s.decision()
        before = s.key()
        choice = FACTORIES[name](i).choose(d, s)
        assert choice in d.ids(), (d.kind, choice)
        assert s.key() == before, "choosing never changes the game (nor its generator)"


def test_ismcts_chooses_only_legal_options():
    for i, s in enumerate(positions(40, seed=12)):
        d = s.decision()
        before = s.key()
        assert small_ismcts(i).choose(d, s) in d.ids()
        assert s.key() == before


def test_agents_without_a_state_still_choose_legally():
    d = Decision(0, "demo", "pick", (Option("a", "A"), Option("b", "B"), Option("c", "C")))
    for cls in (RandomAgent, HeuristicAgent, ISMCTSAgent):
        assert cls(3).choose(d) in d.ids()


def play(config, name: str, seed: int, factory=None) -> list[str]:
    """A whole game with `name` in every seat; returns the state hash after each decision."""
    s = new_game(config, seed=seed)
    seats = 1 if config.solo else config.n_heroes
    make = factory or (lambda sd: make_agent(name, sd))
    agents = [make(agent_seed(seed, i)) for i in range(seats)]
    hashes = []
    while (d := s.decision()) is not None:
        s.apply(agents[d.seat].choose(d, s))
        hashes.append(s.state_hash())
    return hashes


@pytest.mark.parametrize("config", CONFIGS[:1] + CONFIGS[3:4] + CONFIGS[5:6], ids=["dofp", "solo", "standard"])
def test_random_with_the_same_seed_replays_the_same_game(config):
    assert play(config, "random", 7) == play(config, "random", 7)
    assert play(config, "random", 7) != play(config, "random", 8)


@pytest.mark.parametrize("config", CONFIGS[:1] + CONFIGS[5:6], ids=["dofp", "standard"])
def test_heuristic_is_deterministic(config):
    assert play(config, "heuristic", 3) == play(config, "heuristic", 3)


def test_ismcts_is_deterministic_with_an_iteration_budget():
    config = CONFIGS[4]
    a = play(config, "ismcts", 5, factory=small_ismcts)
    assert a == play(config, "ismcts", 5, factory=small_ismcts)


def test_ismcts_needs_a_budget_and_a_known_rollout():
    with pytest.raises(ValueError):
        ISMCTSAgent(0, iterations=None, time_limit=None)
    with pytest.raises(ValueError):
        ISMCTSAgent(0, rollout="oracle")


def test_ismcts_time_budget_stops():
    s = positions(1, seed=3)[0]
    agent = ISMCTSAgent(1, iterations=None, time_limit=0.05)
    assert agent.choose(s.decision(), s) in s.decision().ids()
    assert agent.last_iterations >= 1


def test_heuristic_scores_every_option():
    for s in positions(60, seed=21):
        d = s.decision()
        scores = evaluate_options(d, s)
        assert set(scores) == set(d.ids())


def test_heuristic_finishes_a_damaged_sentinel_in_reach():
    """Rule of thumb: a Sentinel with 1 Health left here and an Attack to spend: the turn
    defeats a Sentinel (this one, or another one in reach)."""
    found = 0
    for s in positions(1500, seed=5):
        d = s.decision()
        if d.kind != "resolve_actions":
            continue
        finish = [o.id for o in d.options
                  if o.data.get("enemy") == "sentinel" and s.s_hp[o.data["sentinel"]] == 1]
        if finish:
            found += 1
            live = len(s.live_sentinels())
            turn, agent, t = s.turn, HeuristicAgent(0), s.clone()
            while (d := t.decision()) is not None and t.turn == turn and d.kind != "play_card":
                t.apply(agent.choose(d, t))
            assert len(t.live_sentinels()) < live or t.result, "the turn defeats a Sentinel"
    assert found > 0


def test_pool_left_reads_the_prompt():
    d = Decision(0, "resolve_actions", "Logan: resolve actions (1 move, 2 attack left)",
                 (Option("end", "End"), Option("x", "X")))
    assert pool_left(d) == (1, 2, 0, 0)


def test_hint_ranks_legal_options():
    s = positions(1, seed=9)[0]
    rows = hint(s, top=3, iterations=12, time_limit=None, rollout="random", seed=1)
    ids = s.decision().ids()
    assert 1 <= len(rows) <= 3
    assert all(r["id"] in ids and 0.0 <= r["win_rate"] <= 1.0 for r in rows)
    assert [r["visits"] for r in rows] == sorted((r["visits"] for r in rows), reverse=True)

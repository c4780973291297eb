"""ISMCTS's `stop_early` (issue 24): a search stops once no remaining iteration can change its
most visited option, so every decision is the one the whole budget would make, for less CPU."""

from __future__ import annotations

import copy
import random

import pytest

from multiverse import modes
from multiverse.agents.ismcts import ISMCTSAgent, Node, decided


def root_with(visits: dict[str, int]) -> Node:
    root = Node(1.0)
    for oid, v in visits.items():
        root.children[oid] = ch = Node(0.1)
        ch.visits = v
    return root


def test_decided_needs_a_lead_larger_than_the_iterations_left():
    root = root_with({"a": 30, "b": 12, "c": 4})
    assert decided(root, ["a", "b", "c"], 17)  # b reaches 29 at most
    assert not decided(root, ["a", "b", "c"], 18)  # b could tie at 30 (and win on value)
    assert not decided(root_with({"a": 9, "b": 9}), ["a", "b"], 0)  # a tie is not decided
    assert decided(root_with({"a": 5}), ["a"], 4)
    # a child that is not a legal option still counts as a rival (never stop too soon)
    assert not decided(root_with({"a": 20, "x": 25}), ["a"], 1)
    assert not decided(root_with({"a": 20, "x": 20}), ["a"], 0)


def positions(mode_name: str, count: int, seed: int) -> list:
    mode = modes.get(mode_name)
    config = mode.make_config("3")
    rnd = random.Random(seed)
    out = []
    while len(out) < count:
        s = mode.new_game(config, rnd.getrandbits(63))
        for _ in range(rnd.randrange(0, 120)):
            d = s.decision()
            if d is None:
                break
            s.apply(rnd.choice(d.options).id)
        if s.decision() is not None and len(s.decision().options) > 1:
            out.append(s)
    return out


@pytest.mark.parametrize(("mode_name", "count", "budget"),
                         [("dofp", 10, 120), ("standard", 6, 120), ("sentinels", 6, 80),
                          ("oblivaeon", 4, 60)])
def test_the_same_choice_as_the_whole_budget_for_fewer_iterations(mode_name, count, budget):
    spent = 0
    for i, s in enumerate(positions(mode_name, count, seed=61)):
        d = s.decision()
        before = s.key()
        full = ISMCTSAgent(i, iterations=budget, reuse=False)
        early = ISMCTSAgent(i, iterations=budget, reuse=False, stop_early=True)
        assert early.choose(d, s) == full.choose(d, s)
        assert full.last_iterations == budget
        assert 0 < early.last_iterations <= budget
        spent += early.last_iterations
        assert s.key() == before  # searching leaves the position untouched
    assert spent < count * budget  # some searches stopped early


def test_a_reused_tree_also_keeps_the_choice():
    """Along a game, each decision of the stopping agent (its generator and reused subtree as
    they are) is the one its copy makes with the whole budget."""
    mode = modes.get("dofp")
    s = mode.new_game(mode.make_config("3", sets={"solo": True}), 7)  # one seat decides all
    agent = ISMCTSAgent(3, iterations=60, stop_early=True)
    stopped = reused = 0
    for _ in range(25):
        d = s.decision()
        if d is None:
            break
        twin = copy.deepcopy(agent)
        twin.stop_early = False
        oid = agent.choose(d, s)
        assert oid == twin.choose(d, s)
        stopped += agent.last_iterations < 60
        reused += agent.last_reused > 0
        s.apply(oid)
    assert stopped and reused


def test_a_share_below_one_stops_sooner_and_a_bad_share_is_refused():
    spent = {1.0: 0, 0.5: 0}
    for i, s in enumerate(positions("dofp", 12, seed=62)):
        d = s.decision()
        for share in spent:
            agent = ISMCTSAgent(i, iterations=120, reuse=False, stop_early=share)
            assert agent.choose(d, s) in d.ids()
            spent[share] += agent.last_iterations
    assert spent[0.5] < spent[1.0]
    for bad in (-0.1, 1.5, 2):
        with pytest.raises(ValueError, match="stop_early"):
            ISMCTSAgent(0, stop_early=bad)

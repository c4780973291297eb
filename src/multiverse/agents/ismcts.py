"""Information-set Monte Carlo tree search (single-observer ISMCTS, keyed by option id).

Each iteration samples the hidden information consistently with what the deciding seat
sees — `determinize(state, seat, rng)` with the agent's own generator — and walks one tree
whose edges are option ids (Cowling, Powley & Whitehouse 2012, SO-ISMCTS): an option that
is not legal in this sample is simply not available, and UCB uses how often an option was
*available* in place of the parent's visits. The heroes play as one team, so every
decision in the tree maximises the same reward:

- 1 for a win;
- for a loss (or a rollout cut at its horizon), a shaped value below 0.5 that grows with
  how far the heroes got (Sentinel and Villain Health removed, Missions completed) and
  shrinks with the track, so that search still tells a near miss from a rout.

The exploration constant is small (0.05): random rollouts nearly always lose, so the
values of options differ by a few hundredths and a textbook constant (0.7) makes the
search almost uniform (measured on the standard game: 0 wins in 30 games at 0.7, 2 in 10
at 0.05, 50 iterations).

Rollouts are uniformly random (fast) or follow the heuristic agent (stronger, ~100x slower).
Budgets: `iterations` per decision and/or `time_limit` seconds per decision (the time
budget makes a game depend on the machine's speed: the lab uses iterations only).

The agent reads the real state only through `view`-consistent determinization; the game's
generator is never drawn from (a determinized copy gets a fresh one from the agent's).
"""

from __future__ import annotations

import math
import time
from typing import Any

from multiverse.engine.decision import Decision
from multiverse.engine.rng import SplitMix64
from multiverse.united.determinize import determinize
from multiverse.united.state import PHASE_NIMROD

ROLLOUTS = ("random", "heuristic")


class Node:
    """Statistics of one option id below a sequence of option ids."""

    __slots__ = ("avail", "children", "value", "visits", "wins")

    def __init__(self) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 0
        self.value = 0.0
        self.wins = 0


def progress(s: Any) -> float:
    """How far the heroes got, in [0, 1] (public facts of the sampled state)."""
    t = s.T
    if t.mode == "standard":
        need = max(1, t.config.vulnerable_after)
        done = 0
        if t.mission_need:
            p, m = s.progress, t.mission_need
            done = (p[0] >= m[0]) + (p[1] >= m[1]) + (p[2] >= m[2])
            partial = sum(min(1.0, p[i] / m[i]) for i in range(3)) / 3
        else:
            partial = 0.0
        first = min(1.0, (min(done, need) + partial) / (need + 1))
        villain = 1 - s.n_hp / t.nimrod_health if t.nimrod_health else 0.0
        return 0.5 * first + 0.5 * (villain if done >= need else 0.0)
    if s.phase == PHASE_NIMROD:
        return 0.5 + 0.5 * (1 - s.n_hp / t.nimrod_health)
    start = 2 if (t.n_heroes == 2 and not t.config.solo) else 3  # DFP-S3
    left = sum(s.s_hp)
    return 0.5 * max(0.0, 1 - left / (start * t.sentinel_health))


def reward(s: Any) -> float:
    """1 for a win; below 0.5 otherwise, more for more progress and a lower track."""
    if s.result == "win":
        return 1.0
    track = s.track / s.T.track_max if s.T.track_max else 0.0
    return 0.4 * progress(s) + 0.05 * (1.0 - track)


class ISMCTSAgent:
    """`ISMCTSAgent(seed, iterations=200, time_limit=None, rollout="random")`."""

    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int | None = 200, time_limit: float | None = None,
                 rollout: str = "random", exploration: float = 0.05, horizon: int = 400) -> None:
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {ROLLOUTS}, not {rollout!r}")
        if iterations is None and time_limit is None:
            raise ValueError("give an iteration budget, a time budget, or both")
        self.rng = SplitMix64(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.rollout = rollout
        self.c = exploration
        self.horizon = horizon
        self.last_root: Node | None = None
        self.last_iterations = 0
        self._rollout_agent = None
        if rollout == "heuristic":
            from multiverse.agents.heuristic import HeuristicAgent

            self._rollout_agent = HeuristicAgent(self.rng.next64())

    # ----- the agent protocol ---------------------------------------------------------
    def choose(self, decision: Decision, state: Any = None) -> str:
        opts = decision.options
        if state is None:  # nothing to search: a uniform choice
            return opts[self.rng.below(len(opts))].id
        root = self.search(state, decision.seat)
        best, best_visits = opts[0].id, -1
        for o in opts:
            child = root.children.get(o.id)
            if child is not None and child.visits > best_visits:
                best, best_visits = o.id, child.visits
        return best

    # ----- search -----------------------------------------------------------------------
    def search(self, state: Any, seat: int) -> Node:
        """Run the budget from `state` for `seat`; return the root's statistics."""
        root = Node()
        rng = self.rng
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        limit = self.iterations
        c = self.c
        log = math.log
        sqrt = math.sqrt
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            done += 1
            det = determinize(state, seat, rng)
            node = root
            path = [root]
            while (d := det.decision()) is not None:
                children = node.children
                untried = []
                best, best_score = None, -1.0
                for o in d.options:
                    child = children.get(o.id)
                    if child is None:
                        untried.append(o.id)
                        continue
                    child.avail += 1
                    score = child.value / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if score > best_score:
                        best, best_score = o.id, score
                if untried:
                    oid = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                    child = children[oid] = Node()
                    child.avail = 1
                    det.apply(oid)
                    path.append(child)
                    break
                det.apply(best)  # type: ignore[arg-type]
                node = children[best]  # type: ignore[index]
                path.append(node)
            value = self._rollout(det)
            win = det.result == "win"
            for n in path:
                n.visits += 1
                n.value += value
                n.wins += win
        self.last_root = root
        self.last_iterations = done
        return root

    def _rollout(self, det: Any) -> float:
        rng = self.rng
        n = 0
        horizon = self.horizon
        agent = self._rollout_agent
        if agent is None:
            while (d := det.decision()) is not None and n < horizon:
                opts = d.options
                det.apply(opts[rng.below(len(opts))].id)
                n += 1
        else:
            while (d := det.decision()) is not None and n < horizon:
                det.apply(agent.choose(d, det))
                n += 1
        return reward(det)


def hint(state: Any, top: int = 3, iterations: int | None = None, time_limit: float | None = 2.0,
         seed: int = 0, rollout: str = "heuristic") -> list[dict[str, Any]]:
    """The top options of the pending decision by ISMCTS visits, each with its estimated
    win rate (wins in the rollouts through it), mean reward and visits.

    Reads the state only through determinization for the deciding seat."""
    d = state.decision()
    if d is None:
        return []
    agent = ISMCTSAgent(seed, iterations=iterations, time_limit=time_limit, rollout=rollout)
    root = agent.search(state, d.seat)
    rows = []
    for o in d.options:
        ch = root.children.get(o.id)
        visits = ch.visits if ch else 0
        rows.append({"id": o.id, "label": o.label, "visits": visits,
                     "win_rate": ch.wins / visits if visits else 0.0,
                     "value": ch.value / visits if visits else 0.0})
    rows.sort(key=lambda r: (-r["visits"], -r["value"]))
    return rows[:top]




def hint_lines(state: Any, seed: int = 0, top: int = 3, time_limit: float = 3.0) -> list[str]:
    """`hint` in interactive play: the top options, numbered as the decision lists them."""
    d = state.decision()
    if d is None:
        return ["The game is over."]
    rows = hint(state, top=top, time_limit=time_limit, seed=seed)
    number = {o.id: i for i, o in enumerate(d.options, 1)}
    out = [f"Hint (ISMCTS, {time_limit:g} s, heuristic rollouts; win rates are estimates):"]
    for r in rows:
        out.append(f"  {number[r['id']]:>2}. {r['label']} — est. win {r['win_rate']:.0%} "
                   f"({r['visits']} rollouts)")
    return out


__all__ = ["ISMCTSAgent", "Node", "hint", "hint_lines", "progress", "reward"]

"""Information-set Monte Carlo tree search (single-observer ISMCTS, keyed by option id).

It plays every registered mode, reaching the game only through the mode registry
(`multiverse.modes`): the mode's determinizer, evaluation, heuristic scores, fast rollout
scores and the decision kind that opens a hero's turn (`Mode.turn_kind`).

Each iteration samples the hidden information consistently with what the deciding seat
sees — `mode.sampler(state, seat)`, drawn from with the agent's own generator — and walks one tree
whose edges are option ids (Cowling, Powley & Whitehouse 2012, SO-ISMCTS): an option that
is not legal in this sample is simply not available, and the exploration term uses how
often an option was *available* in place of the parent's visits. The heroes play as one
team, so every decision in the tree maximises the same value: the heroes' chance to win.

What makes it stronger than plain ISMCTS with random rollouts (which, in Days of Future
Past, lose almost at once and carry no signal):

- **Short rollouts ending in an evaluation.** A rollout follows the fast policy of
  `united.fast_scores` (the mode's `fast_scores`: a few µs a decision, option data only; a
  mode without them rolls out at random) until the start of the next hero turn
  (`turns=1`; `turns=k` plays k-1 more hero turns) and scores the position reached with
  `mode.value` — the heroes' chance to win from public facts (`united.value`: a logistic
  model fitted on heuristic self-play for Marvel United; `sentinels.value` for
  Sentinels), in [0, 1]; a finished game scores 1 or 0. `turns=None` plays to the end.
- **Progressive bias from the heuristic.** Selection is PUCT:
  Q + c · P · sqrt(available) / (1 + visits), where P, the prior, comes from the heuristic
  agent's option scores (`mode.option_scores`, a softmax) at the root and at every node visited
  `prime_visits` times, and from the fast policy's scores elsewhere; an unvisited option
  takes its parent's mean value, so the first visits follow the heuristic's ordering and
  search overrides it only when the values say so.
- **Stopping when the choice is made** (`stop_early`). Each iteration adds one visit to one
  option of the root, and the agent plays the most visited option; once the leader is ahead
  of every other option by more visits than the budget has iterations left, no remaining
  iteration can change the choice, so the search stops there. The choice of that decision
  is exactly the one the whole budget would make; what changes is the CPU spent, the
  search's generator (fewer draws) and the statistics a reused subtree keeps. A share below
  1 (`stop_early=0.5`) stops sooner, once the lead exceeds that share of the iterations
  left: a decision may then differ from the whole budget's (a bet that the leader stays).
- **Tree reuse.** When the agent's next decision comes straight after its own previous one
  (no other decision in between, as when a hero resolves one action after another), the
  subtree below the option it chose becomes the new root, statistics and all; the budget
  of new iterations is spent on top of it.

Budgets: `iterations` per decision and/or `time_limit` seconds per decision (the time
budget makes a game depend on the machine's speed: the lab uses iterations only).

The agent reads the real state only through `view`-consistent determinization; the game's
generator is never drawn from (a determinized copy gets a fresh one from the agent's), and
the heuristic prior reads `view(det, seat)` of a determinized copy. All the search's chance
(samples, rollouts) comes from one `SearchRandom` seeded from `seed`: the same seed, the
same choices.
"""

from __future__ import annotations

import math
import numbers
import random
import time
from collections.abc import Sequence
from typing import Any

from multiverse import modes
from multiverse.agents.policy import FastPolicy, softmax
from multiverse.engine.decision import Decision
from multiverse.engine.rng import SplitMix64
from multiverse.engine.state import GameState

ROLLOUTS = ("fast", "random", "heuristic")
PRIORS = ("heuristic", "fast", "uniform")


class SearchRandom(random.Random):
    """The search's generator: Python's Mersenne Twister (its `random()` is one C call) with
    `SplitMix64`'s `below` and `next64` (a determinizer seeds its shuffles with one `next64`),
    seeded from the agent's seed: the same seed, the same choices."""

    def below(self, n: int) -> int:
        """Uniform int in [0, n) (53-bit float times n: bias < 2^-40 for small n)."""
        return int(self.random() * n)

    def next64(self) -> int:
        return self.getrandbits(64)


class Node:
    """Statistics of one option id below a sequence of option ids, and the priors of the
    options of the decision that follows it."""

    __slots__ = ("avail", "children", "primed", "prior", "value", "visits", "wins")

    def __init__(self, prior: float = 0.0) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 0
        self.value = 0.0
        self.wins = 0
        self.prior = prior
        self.primed = 0  # priors of the children: 0 none, 1 fast policy, 2 heuristic


def decided(root: Node, legal: list[str], left: float) -> bool:
    """Whether `left` more iterations cannot change the most visited legal option of
    `root`: its lead over every other child is larger than `left` (each iteration adds one
    visit to one child)."""
    children = root.children
    best = -1
    for oid in legal:
        ch = children.get(oid)
        if ch is not None and ch.visits > best:
            best = ch.visits
    second = -1
    seen_best = False
    for ch in children.values():
        v = ch.visits
        if v == best and not seen_best:
            seen_best = True
        elif v > second:
            second = v
    return best - max(second, 0) > left


_N_ROOTS = 4096
_ROOTS = [math.sqrt(i) for i in range(_N_ROOTS)]  # `select`'s square roots of small counts


def select(node: Node, options: Sequence[Any], c: float) -> str:
    """The option below `node` with the best PUCT score: mean value (an unvisited child: the
    node's own mean, 0.5 at first) plus `c` times prior times the square root of how often
    the child was available, over one more than its visits. Every option's child counts this
    availability; an option the node's priors have not met gets a child with a uniform
    prior. The first of equal scores wins."""
    children = node.children
    fpu = node.value / node.visits if node.visits else 0.5
    k = len(options)
    best = ""
    best_score = -1e18
    for o in options:
        oid = o.id
        ch = children.get(oid)
        if ch is None:
            ch = children[oid] = Node(1.0 / k)
        ch.avail += 1
        n = ch.visits
        q = ch.value / n if n else fpu
        root = _ROOTS[ch.avail] if ch.avail < _N_ROOTS else math.sqrt(ch.avail)
        score = q + c * ch.prior * root / (1 + n)
        if score > best_score:
            best, best_score = oid, score
    return best


def setting(name: str, value: Any, low: float, *, whole: bool = False, strict: bool = False,
            high: float | None = None) -> None:
    """Raise `ValueError` naming the search setting `name` unless `value` is a number (a whole
    one when `whole`; never a bool) of at least `low` (above it when `strict`), at most
    `high`."""
    kind = numbers.Integral if whole else numbers.Real
    if (isinstance(value, kind) and not isinstance(value, bool)
            and (value > low if strict else value >= low) and (high is None or value <= high)):
        return
    what = "a whole number" if whole else "a number"
    bound = f"above {low}" if strict else f"{low} or more"
    upto = f" and at most {high}" if high is not None else ""
    raise ValueError(f"{name} must be {what}, {bound}{upto}, not {value!r}")


def reward(s: Any) -> float:
    """The value of a position for the heroes: 1 won, 0 lost, else the estimated chance."""
    return modes.of_state(s).value(s)


class ISMCTSAgent:
    """`ISMCTSAgent(seed, iterations=200, time_limit=None, rollout="fast", turns=1, …)`.

    - `rollout`: "fast" (option-data rules of thumb), "random", or "heuristic" (~100x
      slower); `epsilon` is the fast policy's share of random choices;
    - `turns`: rollouts stop at the start of the `turns`-th hero turn after the leaf and
      score it with the evaluation (None: play to the end, `horizon` decisions at most);
    - `prior`: "heuristic", "fast" or "uniform"; `prime_visits`: a node visited this often
      gets heuristic priors (the root always does); `prior_temperature` scales them;
    - `exploration`: the PUCT constant c; `reuse`: keep the subtree between consecutive
      decisions of this agent;
    - `stop_early`: stop an iteration budget once no remaining iteration can change the
      most visited option (`True` or 1: the same choice for less CPU; a share in (0, 1):
      once the leader's lead exceeds that share of the iterations left).
    """

    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int | None = 200, time_limit: float | None = None,
                 rollout: str = "fast", turns: int | None = 1, prior: str = "heuristic",
                 exploration: float = 0.25, prime_visits: int = 20, prior_temperature: float = 1.0,
                 epsilon: float = 0.1, reuse: bool = True, horizon: int = 400,
                 stop_early: float = False) -> None:
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {ROLLOUTS}, not {rollout!r}")
        if prior not in PRIORS:
            raise ValueError(f"prior must be one of {PRIORS}, not {prior!r}")
        if iterations is None and time_limit is None:
            raise ValueError("give an iteration budget, a time budget, or both")
        if not (isinstance(stop_early, numbers.Real) and 0 <= stop_early <= 1):
            raise ValueError(f"stop_early must be False, True or a share in (0, 1], not {stop_early!r}")
        if iterations is not None:
            setting("iterations", iterations, 1, whole=True)
        if time_limit is not None:
            setting("time_limit", time_limit, 0, strict=True)
        setting("exploration", exploration, 0)
        setting("prime_visits", prime_visits, 0, whole=True)
        setting("prior_temperature", prior_temperature, 0, strict=True)
        setting("epsilon", epsilon, 0, high=1)
        setting("horizon", horizon, 1, whole=True)
        if turns is not None and (type(turns) is not int or turns < 1):
            raise ValueError(f"turns must be a whole number, 1 or more (or None: play to the end), not {turns!r}")
        self.rng = SearchRandom(SplitMix64(seed).next64())
        self.iterations = iterations
        self.time_limit = time_limit
        self.rollout = rollout
        self.turns = turns
        self.prior = prior
        self.c = exploration
        self.prime_visits = prime_visits
        self.temperature = prior_temperature
        self.reuse = reuse
        self.horizon = horizon
        self.stop_early = float(stop_early)
        self.policy = FastPolicy(self.rng, epsilon)
        self.last_root: Node | None = None
        self.last_iterations = 0
        self.last_reused = 0  # visits the root already had from the previous search
        self._next: tuple[Node, int, int] | None = None  # (subtree, decisions count, seat)
        self._rollout_agent = None
        self._mode: Any = None
        self._value: Any = None  # the mode's evaluation, read once per search
        if rollout == "heuristic":
            from multiverse.agents.heuristic import HeuristicAgent

            self._rollout_agent = HeuristicAgent(self.rng.next64())

    # ----- the agent protocol ---------------------------------------------------------
    def choose(self, decision: Decision, state: Any = None) -> str:
        opts = decision.options
        if state is None:  # nothing to search: a uniform choice
            return opts[self.rng.below(len(opts))].id
        root = self.search(state, decision.seat)
        best, key = opts[0].id, (-1, -1.0, -1.0)
        for o in opts:
            ch = root.children.get(o.id)
            if ch is None:
                continue
            k = (ch.visits, ch.value / ch.visits if ch.visits else 0.0, ch.prior)
            if k > key:
                best, key = o.id, k
        if self.reuse and best in root.children:
            self._next = (root.children[best], self._decisions + 1, decision.seat)
        else:
            self._next = None
        return best

    # ----- search -----------------------------------------------------------------------
    def _priors(self, node: Node, d: Decision, det: Any, heuristic: bool) -> None:
        """Set the priors of the children of `node` for the options of `d`."""
        opts = d.options
        fast = None
        if heuristic:
            sc = self._mode.option_scores(d, det)
            scores = [max(sc.get(o.id, -1e9), -1e6) for o in opts]
            probs = softmax(scores, self.temperature)
            node.primed = 2
        elif self.prior == "uniform" or (fast := self.policy.scores(d, det)) is None:
            probs = [1.0 / len(opts)] * len(opts)
            node.primed = max(node.primed, 1)
        else:
            probs = softmax(fast, 2.0)
            node.primed = max(node.primed, 1)
        children = node.children
        for o, p in zip(opts, probs, strict=True):
            ch: Node | None = children.get(o.id)
            if ch is None:
                children[o.id] = Node(p)
            else:
                ch.prior = p

    def search(self, state: Any, seat: int) -> Node:
        """Run the budget from `state` for `seat`; return the root's statistics."""
        rng = self.rng
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        limit = self.iterations
        c = self.c
        heuristic_prior = self.prior == "heuristic"
        prime = self.prime_visits
        mode = self._mode = modes.of_state(state)
        self.policy.scores = mode.fast_scorer()  # (the priors read it too)
        self._value = mode.valuer()
        sample = mode.sampler(state, seat)  # one determinization per iteration
        det: GameState = sample(rng)  # (compiled: its decision and apply are C calls)
        d: Decision | None
        self._decisions = det.decisions
        root = None
        nxt = self._next
        if nxt is not None and nxt[1] == det.decisions and nxt[2] == seat:
            root = nxt[0]
        self._next = None
        if root is None:
            root = Node(1.0)
        self.last_reused = root.visits
        d0 = det.decision()
        if d0 is not None and root.primed < 2:
            self._priors(root, d0, det, heuristic_prior)
        done = 0
        share = self.stop_early
        real = state.decision() if share and limit else None
        legal = [o.id for o in real.options] if real is not None else None
        while True:
            if limit is not None and done >= limit:
                break
            if legal is not None and not done & 7 and decided(root, legal, share * (limit - done)):  # type: ignore[operator]
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            if done:
                det = sample(rng)
            done += 1
            node: Node = root
            path = [root]
            while (d := det.decision()) is not None:
                if node.primed == 0 or (heuristic_prior and node.primed < 2 and node.visits >= prime):
                    self._priors(node, d, det, heuristic_prior and node.visits >= prime)
                best = select(node, d.options, c)
                det.apply(best)
                node = node.children[best]
                path.append(node)
                if node.visits == 0:
                    break
            v = self._rollout(det)
            win = det.result == "win"
            step: Node
            for step in path:
                step.visits += 1
                step.value += v
                step.wins += win
        self.last_root = root
        self.last_iterations = done
        return root

    def _rollout(self, det: GameState) -> float:
        turns = self.turns
        agent = self._rollout_agent
        fast = self.policy if agent is None and self.rollout == "fast" else None
        play_out(det, fast, agent, self.rng, self.horizon, turns if turns is not None else -1,
                 self._mode.turn_kind)
        return self._value(det)


def play_out(det: GameState, fast: FastPolicy | None, agent: Any, rng: Any, horizon: int,
             left: int, turn_kind: str) -> None:
    """A rollout's moves from `det`, at most `horizon`, stopping at the `left`-th decision
    of `turn_kind` (-1: never): the fast policy's, else `agent`'s, else uniform ones."""
    n = 0
    while (d := det.decision()) is not None and n < horizon:
        if left > 0 and d.kind == turn_kind:
            left -= 1
            if left == 0:
                break
        if fast is not None:
            det.apply(fast.choose(d, det))
        elif agent is None:
            opts = d.options
            det.apply(opts[rng.below(len(opts))].id)
        else:
            det.apply(agent.choose(d, det))
        n += 1


def hint(state: Any, top: int = 3, iterations: int | None = None, time_limit: float | None = 2.0,
         seed: int = 0, rollout: str = "fast") -> list[dict[str, Any]]:
    """The top options of the pending decision by ISMCTS visits, each with its estimated
    win rate (the mean value of the rollouts through it: the evaluation's chance to win, or
    1/0 for rollouts that finished the game), wins among them and visits.

    Reads the state only through determinization for the deciding seat."""
    d = state.decision()
    if d is None:
        return []
    agent = ISMCTSAgent(seed, iterations=iterations, time_limit=time_limit, rollout=rollout,
                        reuse=False)
    root = agent.search(state, d.seat)
    rows = []
    for o in d.options:
        ch = root.children.get(o.id)
        visits = ch.visits if ch else 0
        rows.append({"id": o.id, "label": o.label, "visits": visits,
                     "win_rate": ch.value / visits if visits else 0.0,
                     "value": ch.value / visits if visits else 0.0,
                     "wins": ch.wins if ch else 0})
    rows.sort(key=lambda r: (-r["visits"], -r["value"]))
    return rows[:top]


def hint_lines(state: Any, seed: int = 0, top: int = 3, time_limit: float = 3.0) -> list[str]:
    """`hint` in interactive play: the top options, numbered as the decision lists them."""
    d = state.decision()
    if d is None:
        return ["The game is over."]
    rows = hint(state, top=top, time_limit=time_limit, seed=seed)
    number = {o.id: i for i, o in enumerate(d.options, 1)}
    out = [f"Hint (ISMCTS, {time_limit:g} s; win rates are estimates):"]
    for r in rows:
        out.append(f"  {number[r['id']]:>2}. {r['label']} — est. win {r['win_rate']:.0%} "
                   f"({r['visits']} rollouts)")
    return out


__all__ = ["ISMCTSAgent", "Node", "decided", "hint", "hint_lines", "play_out", "reward"]

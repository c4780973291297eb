"""The heuristic agent: rules of thumb for Days of Future Past and the standard game.

It reads only the pending `decision`, `view(state, seat)` and the static content (card
symbols, Location and Threat texts — public rules data); never the state's hidden fields,
never the game's generator. Its own SplitMix64 only breaks exact ties.

The rules of thumb, in the order they usually decide:

- **attack** a Sentinel or the Villain in reach; prefer finishing a damaged Sentinel
  (a defeated Sentinel never activates again);
- **clear Threats**, Sentinel Production Threats first (they heal the Sentinels), since a
  cleared Threat lowers the track;
- **rescue** (or defeat Thugs) where a Location is nearly full, before it overflows;
- **move** toward the nearest attackable enemy, but keep away from a full-health Sentinel
  that targets the hero (it would deal damage, and a Move symbol with the Sentinel already
  there raises the track);
- **resolve effects** and **use Location effects**;
- for damage, put the **least valuable card** at the bottom of the deck.

A card is chosen by planning the turn it opens: a short depth-first search over the
actions its symbols (with the previous Hero card's) allow, on a small model built from the
view, scored at the end of the turn with the Sentinel activation those same symbols will
cause (DFP-A3 … DFP-A9). `evaluate_options` exposes the scores (for hints and rollouts).
"""

from __future__ import annotations

import re
from typing import Any

from multiverse.engine.decision import Decision
from multiverse.engine.rng import SplitMix64

MOVE, ATTACK, HEROIC, WILD = 0, 1, 2, 3
SYM_NAMES = ("move", "attack", "heroic", "wild")
SENTINEL_INDEX = {"I": 0, "II": 1, "III": 2}

# values, in "track steps" of about 2.0 each
V_TRACK = 2.0
V_SENTINEL_HP = 2.0
V_SENTINEL_KILL = 3.0
V_VILLAIN_HP = 2.5
V_HERO_DAMAGE = 0.6
V_TOKEN_SPENT = 0.5
V_DRAW = 0.6
V_FILL = 0.7
V_CLEAR = 2.0
MAX_DEPTH = 6


class _Content:
    """Static content read by the heuristic, looked up once per compiled Tables."""

    __slots__ = ("card_fx", "card_sym", "loc_fx", "loc_index", "mode", "prod_threats",
                 "sentinel_health", "solo", "threat_tags")

    def __init__(self, t: Any) -> None:
        self.card_sym = t.card_sym
        self.card_fx = t.card_fx
        self.loc_index = {loc.id: i for i, loc in enumerate(t.content.locations)}
        self.loc_fx = t.loc_fx
        self.threat_tags = dict(zip(t.threat_name, t.threat_tags, strict=True))
        self.sentinel_health = t.sentinel_health
        self.mode = t.mode
        self.solo = t.config.solo
        self.prod_threats = 0


_CONTENT: dict[int, tuple[Any, _Content]] = {}


def content_of(t: Any) -> _Content:
    hit = _CONTENT.get(id(t))
    if hit is None or hit[0] is not t:
        hit = (t, _Content(t))
        _CONTENT[id(t)] = hit
    return hit[1]


def _dist(a: int, b: int) -> int:
    d = (b - a) % 6
    return min(d, 6 - d)


class Board:
    """The part of a view the planner changes: a small mutable model of one hero turn."""

    __slots__ = (
        "civ",
        "fx",
        "hero",
        "n_hp",
        "n_loc",
        "need",
        "pool",
        "pos",
        "s_hp",
        "s_loc",
        "slots",
        "threat",
        "thug",
        "tokens",
        "value",
    )

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.hero, b.pos, b.n_hp, b.n_loc, b.value, b.fx = (
            self.hero, self.pos, self.n_hp, self.n_loc, self.value, self.fx)
        b.pool, b.tokens, b.s_hp, b.s_loc = self.pool[:], self.tokens[:], self.s_hp[:], self.s_loc[:]
        b.civ, b.thug, b.need = self.civ[:], self.thug[:], self.need[:]
        b.slots, b.threat = self.slots, self.threat
        return b


# the planner's own actions as option data (`Planner.moves`; read by `Planner.do`)
_DO_EFFECT = {"action": "effect"}
_DO_ATTACK_SENTINEL = tuple({"action": "attack", "enemy": "sentinel", "sentinel": sn} for sn in range(3))
_DO_ATTACK_VILLAIN = {"action": "attack", "enemy": "villain"}
_DO_ATTACK_THUG = {"action": "attack", "enemy": "thug"}
_DO_RESCUE = {"action": "rescue"}
_DO_FILL = tuple({"action": "fill", "symbol": sym} for sym in (MOVE, ATTACK, HEROIC))
_DO_MOVE = tuple({"action": "move", "location": p} for p in range(6))


class Planner:
    """Scores options from a view: `score(option)`; higher is better."""

    __slots__ = ("_base", "_fx", "_played", "_pool", "c", "hero", "loc_ids", "me", "memo", "others_at",
                 "prev", "prod", "sentinels_ok", "slots", "standard", "threat_names", "v",
                 "villain", "vulnerable", "w_clear", "w_rescue", "w_thug")

    def __init__(self, view: dict[str, Any], content: _Content, hero: int) -> None:
        self.v, self.c, self.hero = view, content, hero
        self.me = view["heroes"][hero]
        locs = view["locations"]
        self.slots = [loc["slots"] for loc in locs]
        self.loc_ids = [loc["id"] for loc in locs]
        self.threat_names = [loc["threat"]["name"] if loc["threat"] else None for loc in locs]
        self.prod = sum(1 for n in self.threat_names
                        if n and "sentinel_production" in content.threat_tags.get(n, ()))
        self.others_at = [0] * 6
        for i, h in enumerate(view["heroes"]):
            if i != hero and not h["ko"] and not h["eliminated"]:
                self.others_at[h["location"]] += 1
        # the Villain: `villain` (standard game and Nimrod) or, in an older view, `nimrod`
        self.villain = view.get("villain") or view.get("nimrod")
        self.standard = content.mode == "standard"
        self.vulnerable = bool(self.villain) and self.villain.get("vulnerable", True)
        ch = view.get("challenge")
        self.sentinels_ok = not self.standard or bool(ch and ch.get("damageable"))
        done = {m["id"]: m["completed"] for m in view.get("missions") or ()}
        self.w_rescue = 1.0 if self.standard and not done.get("rescue-civilians") else 0.35
        self.w_thug = 1.0 if self.standard and not done.get("defeat-thugs") else 0.35
        self.w_clear = 1.0 if self.standard and not done.get("clear-threats") else 0.0
        self.prev = self._last_hero_card()
        # symbols of the last two Hero cards, and whether the newest has a Special Effect;
        # the symbols left to resolve and the card whose Special Effect is pending (-1)
        self._played: tuple[tuple[int, ...], bool] = ((0, 0, 0, 0), False)
        self._pool: tuple[int, ...] = (0, 0, 0, 0)
        self._fx = -1
        self.memo: dict[tuple, float] = {}
        self._base: Board | None = None  # the view's board, read once (`board`)

    # ----- the model ----------------------------------------------------------------
    def _last_hero_card(self) -> int:
        """The newest faceup Hero card of the Storyline (-1: none or facedown)."""
        for c in reversed(self.v["storyline"]):
            if c.get("master_plan"):
                continue
            return -1 if c.get("facedown") else c["card"]
        return -1

    def board(self, pool: list[int], fx: int) -> Board:
        """The model of the view with `pool` symbols to spend and card `fx`'s Special Effect
        pending (-1: none): a copy of the view's board, read from the view once."""
        base = self._base
        if base is None:
            base = self._base = self._view_board()
        b = base.copy()
        b.pool = pool
        b.fx = fx
        return b

    def _view_board(self) -> Board:
        v = self.v
        b = Board.__new__(Board)
        b.hero = self.hero
        b.pos = self.me["location"]
        b.pool = []  # (each copy is given its own: `board`)
        tok = self.me["tokens"]
        b.tokens = [tok.get(n, 0) for n in SYM_NAMES]
        b.s_hp, b.s_loc = [0, 0, 0], [-1, -1, -1]
        for s in v["sentinels"]:
            if not s["defeated"]:
                i = SENTINEL_INDEX[s["id"]]
                b.s_hp[i], b.s_loc[i] = s["health"], s["location"]
        vil = self.villain
        b.n_hp, b.n_loc = (vil["health"], vil["location"]) if vil else (0, -1)
        locs = v["locations"]
        b.civ = [loc["civilians"] for loc in locs]
        b.thug = [loc["thugs"] for loc in locs]
        b.need = []
        for loc in locs:
            need = loc["threat"]["need"] if loc["threat"] else {}
            b.need += [need.get("move", 0), need.get("attack", 0), need.get("heroic", 0)]
        b.slots = self.slots
        b.threat = list(self.threat_names)  # (shared by the copies: `fill` copies it to write)
        b.fx = -1
        b.value = 0.0
        return b

    def sym(self, card: int) -> tuple[int, int, int, int]:
        return self.c.card_sym[card] if card >= 0 else (0, 0, 0, 0)

    def pay(self, b: Board, sym: int, pay: int | None = None) -> bool:
        """Spend a resource for an action (MU-5 order: symbol, Wild, token, Wild token)."""
        if pay == 2:
            if b.tokens[sym]:
                b.tokens[sym] -= 1
                b.value -= V_TOKEN_SPENT
                return True
            return False
        if b.pool[sym]:
            b.pool[sym] -= 1
        elif b.pool[WILD]:
            b.pool[WILD] -= 1
        elif b.tokens[sym]:
            b.tokens[sym] -= 1
            b.value -= V_TOKEN_SPENT
        elif b.tokens[WILD]:
            b.tokens[WILD] -= 1
            b.value -= V_TOKEN_SPENT
        else:
            return False
        return True

    def can_pay(self, b: Board, sym: int) -> bool:
        return bool(b.pool[sym] or b.pool[WILD] or b.tokens[sym] or b.tokens[WILD])

    def free(self, b: Board, p: int) -> int:
        return self.slots[p] - b.civ[p] - b.thug[p]

    # ----- actions on the model -------------------------------------------------------
    def hit_sentinel(self, b: Board, sn: int, n: int = 1) -> None:
        k = min(n, b.s_hp[sn])
        if k <= 0:
            return
        b.s_hp[sn] -= k
        b.value += V_SENTINEL_HP * k
        if b.s_hp[sn] == 0:
            b.s_loc[sn] = -1
            b.value += V_SENTINEL_KILL

    def hit_villain(self, b: Board, n: int = 1) -> None:
        k = min(n, b.n_hp)
        b.n_hp -= k
        b.value += V_VILLAIN_HP * k
        if b.n_hp == 0:
            b.value += 100.0

    def hit_thug(self, b: Board, n: int = 1) -> None:
        p = b.pos
        k = min(n, b.thug[p])
        if k:
            urgent = 1.0 if self.free(b, p) <= 1 else 0.0
            b.thug[p] -= k
            b.value += k * (self.w_thug + urgent)

    def rescue(self, b: Board, n: int = 1) -> None:
        p = b.pos
        k = min(n, b.civ[p])
        if k:
            urgent = 1.0 if self.free(b, p) <= 1 else 0.0
            b.civ[p] -= k
            b.value += k * (self.w_rescue + urgent)

    def fill(self, b: Board, sym: int) -> None:
        p = b.pos
        i = p * 3 + sym
        if b.need[i] <= 0 or b.threat[p] is None:
            return
        b.need[i] -= 1
        b.value += V_FILL
        if b.need[p * 3] + b.need[p * 3 + 1] + b.need[p * 3 + 2] == 0:
            tags = self.c.threat_tags.get(b.threat[p], ())
            b.value += V_CLEAR + self.w_clear
            if "sentinel_production" in tags:
                b.value += 1.5
            if "data_analyzer" in tags or "mutant_detection" in tags:
                b.value += 0.7
            b.threat = list(b.threat)
            b.threat[p] = None

    def best_enemy_hit(self, b: Board, villains_only: bool = False) -> None:
        """Deal 1 damage to the best enemy here (effects: 1 at a time)."""
        p = b.pos
        live = [sn for sn in range(3) if b.s_loc[sn] == p and b.s_hp[sn] > 0]
        if not villains_only and live and self.sentinels_ok:
            self.hit_sentinel(b, min(live, key=lambda sn: b.s_hp[sn]))
        elif b.n_loc == p and b.n_hp > 0 and self.vulnerable:
            self.hit_villain(b)
        elif not villains_only and b.thug[p]:
            self.hit_thug(b)

    def effects(self, b: Board, fx: tuple) -> None:
        """The value of resolving a card's (or Location's) effect on the model."""
        for f in fx:
            verb, n, sym = f[0], f[1], f[2]
            if verb == "draw":
                b.value += V_DRAW * n
            elif verb == "gain_token":
                b.tokens[sym] += n
                b.value += V_TOKEN_SPENT * n
            elif verb in ("deal_damage", "deal_damage_villain"):
                for _ in range(n):
                    self.best_enemy_hit(b, verb == "deal_damage_villain")
            elif verb == "rescue":
                self.rescue(b, n)
            elif verb == "defeat_thugs":
                self.hit_thug(b, n)
            elif verb == "move_anywhere":
                b.value += 0.8
            elif verb == "others_here_draw":
                b.value += 0.4 * n * self.others_at[b.pos]
            elif verb == "one_hero_draws":
                b.value += V_DRAW * n
            elif verb == "fill_threat":
                for _ in range(n):
                    p = b.pos
                    left = next((i for i in range(3) if b.need[p * 3 + i] > 0), -1)
                    if left < 0:
                        break
                    self.fill(b, left)
            elif verb in _OWNER_VALUES:
                _OWNER_VALUES[verb](self, b, f)

    def do(self, b: Board, data: dict[str, Any]) -> bool:
        """Apply an action option's data to the model; False when it cannot be paid."""
        a = data["action"]
        pay = data.get("pay")
        if a == "move":
            if not self.pay(b, MOVE, pay):
                return False
            b.pos = data["location"]
        elif a == "attack":
            if not self.pay(b, ATTACK, pay):
                return False
            e = data["enemy"]
            if e == "sentinel":
                self.hit_sentinel(b, data["sentinel"])
            elif e in ("nimrod", "villain"):
                self.hit_villain(b)
            elif e == "thug":
                self.hit_thug(b)
            else:
                b.value += 1.2  # a Henchman
        elif a == "rescue":
            if not self.pay(b, HEROIC, pay):
                return False
            self.rescue(b)
        elif a == "fill":
            if not self.pay(b, data["symbol"], pay):
                return False
            self.fill(b, data["symbol"])
        elif a == "effect":
            if b.fx < 0:
                return False
            fx, b.fx = b.fx, -1
            self.effects(b, self.c.card_fx[fx])
        elif a == "escape":
            if not self.pay(b, MOVE, pay):
                return False
            b.value += 1.0
        return True

    def moves(self, b: Board) -> list[dict[str, Any]]:
        """The actions the model allows now (as option data: shared dicts, never written)."""
        p = b.pos
        out: list[dict[str, Any]] = []
        if b.fx >= 0:
            out.append(_DO_EFFECT)
        if self.can_pay(b, ATTACK):
            if self.sentinels_ok:
                for sn in range(3):
                    if b.s_loc[sn] == p and b.s_hp[sn] > 0:
                        out.append(_DO_ATTACK_SENTINEL[sn])
            if b.n_loc == p and b.n_hp > 0 and self.vulnerable:
                out.append(_DO_ATTACK_VILLAIN)
            if b.thug[p]:
                out.append(_DO_ATTACK_THUG)
        if b.civ[p] and self.can_pay(b, HEROIC):
            out.append(_DO_RESCUE)
        if b.threat[p] is not None:
            for sym in (MOVE, ATTACK, HEROIC):
                if b.need[p * 3 + sym] and self.can_pay(b, sym):
                    out.append(_DO_FILL[sym])
        if self.can_pay(b, MOVE):
            out.append(_DO_MOVE[(p - 1) % 6])
            out.append(_DO_MOVE[(p + 1) % 6])
        return out

    def plan(self, b: Board, depth: int = MAX_DEPTH) -> float:
        """The best value reachable from `b` this turn (actions, then the end of turn)."""
        return b.value + self.gain(b, depth)

    def gain(self, b: Board, depth: int) -> float:
        """The best value still to gain from `b` (path-independent, so memoized: the same
        actions in another order reach the same board)."""
        key = (b.pos, b.fx, b.n_hp, *b.pool, *b.tokens, *b.s_hp, *b.civ, *b.thug, *b.need)
        memo = self.memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        base = b.value
        best = self.end_value(b) - base if b.fx < 0 or depth == 0 else -1e9
        if depth:
            for data in self.moves(b):
                nb = b.copy()
                if self.do(nb, data):
                    val = nb.value - base + self.gain(nb, depth - 1)
                    if val > best:
                        best = val
        memo[key] = best
        return best

    # ----- the end of the turn ----------------------------------------------------------
    def end_value(self, b: Board) -> float:
        """Location effect, the Sentinel activation the played symbols cause, position."""
        value = b.value
        p = b.pos
        if b.threat[p] is None:
            li = self.c.loc_index.get(self.loc_ids[p])
            fx = self.c.loc_fx[li] if li is not None else ()
            if fx:
                nb = b.copy()
                nb.value = 0.0
                self.effects(nb, fx)
                value += nb.value
        value += self.activation_value(b)
        value += self.position_value(b)
        return value

    def activation_value(self, b: Board) -> float:
        """DFP-A3 … A9: the cost of the activation after this turn (<= 0)."""
        if self.standard or self.villain is not None:
            return 0.0
        live = [sn for sn in range(3) if b.s_loc[sn] >= 0 and b.s_hp[sn] > 0]
        if not live:
            return 3.0  # the last Sentinel falls: Nimrod enters, no more activations
        costs = [self.activation_cost(b, sn) for sn in live]
        if self.c.solo:  # DFP-SOLO1: a random Target token: the mean
            return -sum(costs) / len(costs)
        target = self.me["target"]
        if target is not None and SENTINEL_INDEX[target] in live:
            return -costs[live.index(SENTINEL_INDEX[target])]
        return -min(costs)  # DFP-A10: a tokenless hero chooses

    def activation_cost(self, b: Board, sn: int) -> float:
        sym, fx = self._played
        cost = 0.0
        loc = b.s_loc[sn]
        p = b.pos
        steps = sym[MOVE]
        if steps:  # each Move symbol: a step toward the hero (clockwise at an exact
            # tie), or the track once it is there
            d = (p - loc) % 6
            dist = d if d <= 3 else 6 - d
            if steps <= dist:
                loc = (loc + steps) % 6 if d <= 3 else (loc - steps) % 6
            else:
                loc = p
                cost = V_TRACK * (steps - dist)
        if sym[HEROIC]:
            free = self.slots[loc] - b.civ[loc] - b.thug[loc]
            cost += V_TRACK if free < sym[HEROIC] else 0.15 * sym[HEROIC]
        if sym[ATTACK]:
            here = self.others_at[loc] + (1 if loc == p else 0)
            if here:
                cost += V_HERO_DAMAGE * sym[ATTACK]
        if sym[WILD]:
            full = self.c.sentinel_health
            hp = b.s_hp[sn]
            if hp >= full:
                cost += V_TRACK
            else:
                cost += V_SENTINEL_HP * min(self.prod * sym[WILD], full - hp)
        if fx:
            cost += V_TRACK
        if loc == p:
            cost += V_HERO_DAMAGE
        return cost

    def position_value(self, b: Board) -> float:
        """Being near something to attack next turn; not being with a Villain's BAM!."""
        p = b.pos
        near = 9
        s_loc, s_hp = b.s_loc, b.s_hp
        for sn in (0, 1, 2):
            loc = s_loc[sn]
            if loc >= 0 and s_hp[sn] > 0:
                d = (loc - p) % 6
                d = d if d <= 3 else 6 - d
                if d < near:
                    near = d
        if b.n_loc >= 0 and b.n_hp > 0:
            if p == b.n_loc:
                return -0.5 - (0.3 if self.standard else 0.0)
            near = min(near, _dist(p, b.n_loc))
        return -0.15 * near if near < 9 else 0.0

    # ----- scoring decisions ---------------------------------------------------------------
    def score_action(self, data: dict[str, Any]) -> float:
        b = self.board(list(self._pool), self._fx)
        if data["action"] == "end":
            return self.end_value(b)
        if not self.do(b, data):
            return -1e9
        return self.plan(b, MAX_DEPTH - 1)


def _sum_sym(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, int, int, int]:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def card_value(c: _Content, card: int) -> float:
    """How much a card is worth keeping (for damage: the least valuable goes)."""
    m, a, h, w = c.card_sym[card]
    return m * 1.0 + a * 1.3 + h * 1.0 + w * 1.6 + (0.8 if c.card_fx[card] else 0.0)


def evaluate_options(decision: Decision, state: Any) -> dict[str, float]:
    """A score for every option of `decision` (higher is better), from the view of the
    deciding seat. Reads `view(state, decision.seat)` and the static content only."""
    from multiverse.united.view import view as view_of

    v = view_of(state, decision.seat, words=False)  # no texts: only what is scored
    c = content_of(state.T)
    kind = decision.kind
    opts = decision.options
    heroes = v["heroes"]
    active = v["active"]
    if kind == "play_card":
        pl = Planner(v, c, active)
        prev = pl.sym(pl.prev)
        out = {}
        for o in opts:
            card = o.data["card"]
            sym = _sum_sym(c.card_sym[card], prev)
            pl._played = (sym, bool(c.card_fx[card]))
            pl.memo = {}
            b = pl.board(list(sym), card if c.card_fx[card] else -1)
            out[o.id] = pl.plan(b)
        return out
    if kind == "resolve_actions":
        pl = Planner(v, c, active)
        story = v["storyline"]
        newest = next((x for x in reversed(story) if not x.get("master_plan")), None)
        card = newest["card"] if newest and not newest.get("facedown") else -1
        prev = _prev_hero_card(story)
        pl._played = (_sum_sym(pl.sym(card), pl.sym(prev)),
                      bool(card >= 0 and c.card_fx[card]))
        pl._pool = pool_left(decision)
        fx_pending = any(o.data.get("action") == "effect" for o in opts)
        pl._fx = card if fx_pending else -1
        out = {}
        for o in opts:
            # ties (the same plan in another order): act before moving, pay with symbols
            out[o.id] = pl.score_action(o.data) + _TIE.get(o.data["action"], 0.0)
            if o.data.get("pay") == 2:
                out[o.id] -= 0.01
        return out
    if kind == "wound":
        return {o.id: -card_value(c, o.data["card"]) for o in opts}
    if kind in ("task_damage", "challenge_damage", "grab"):
        return {o.id: (heroes[o.data["hero"]]["hand_size"] if o.data["hero"] >= 0 else 0)
                for o in opts}
    if kind == "one_hero_draws":
        return {o.id: -heroes[o.data["hero"]]["hand_size"] for o in opts}
    if kind in ("effect_damage",):
        return {o.id: _enemy_value(v, o.data) for o in opts}
    if kind == "location_effect":
        return {o.id: 1.0 if o.data.get("use") else 0.0 for o in opts}
    if kind == "may":
        return {o.id: 1.0 if o.data["resolve"] else 0.0 for o in opts}
    if kind == "act":
        return {o.id: _act_value(Planner(v, c, active), v, o.data) for o in opts}
    if kind == "move_to":
        pl = Planner(v, c, active)
        return {o.id: _spot_value(pl, o.data["location"]) for o in opts}
    if kind == "move_anywhere":
        pl = Planner(v, c, active)
        return {o.id: _spot_value(pl, o.data["location"]) for o in opts}
    if kind == "choose_sentinel":
        pl = Planner(v, c, active)
        story = v["storyline"]
        newest = next((x for x in reversed(story) if not x.get("master_plan")), None)
        card = newest["card"] if newest and not newest.get("facedown") else -1
        pl._played = (_sum_sym(pl.sym(card), pl.sym(_prev_hero_card(story))),
                      bool(card >= 0 and c.card_fx[card]))
        b = pl.board([0, 0, 0, 0], -1)
        return {o.id: -pl.activation_cost(b, o.data["sentinel"]) for o in opts}
    if kind == "sentinel_direction":
        crowd = [0] * 6
        for h in heroes:
            if not h["ko"] and not h["eliminated"]:
                crowd[h["location"]] += 1
        return {o.id: -crowd[o.data["location"]] for o in opts}
    return {o.id: 0.0 for o in opts}


def _gain_action(pl: Planner, b: Board, f: tuple) -> None:
    b.pool[f[2]] += f[1]  # the planner spends them later this turn


def _take_action(pl: Planner, b: Board, f: tuple) -> None:
    """Actions granted now: modelled as taken here (an approximation for other places)."""
    n, sym = f[1], f[2]
    for _ in range(n):
        if sym in (ATTACK, WILD):
            pl.best_enemy_hit(b)
        elif sym == HEROIC:
            pl.rescue(b)
        else:
            b.value += 0.3


def _choose_one(pl: Planner, b: Board, f: tuple) -> None:
    """The best branch on the model."""
    best = None
    for branch in dict(f[5])["options"]:
        nb = b.copy()
        pl.effects(nb, branch)
        if best is None or nb.value > best.value:
            best = nb
    if best is not None:
        b.value, b.pool, b.tokens = best.value, best.pool, best.tokens
        b.civ, b.thug, b.need, b.s_hp, b.s_loc, b.n_hp = (
            best.civ, best.thug, best.need, best.s_hp, best.s_loc, best.n_hp)


def _convert_symbols(pl: Planner, b: Board, f: tuple) -> None:
    sym, to = f[2], dict(f[5])["to"]
    if sym != to:
        b.pool[to] += b.pool[sym]
        b.pool[sym] = 0


def _double_symbols(pl: Planner, b: Board, f: tuple) -> None:
    for k in range(4) if f[2] < 0 else (f[2],):
        b.pool[k] *= 2


_OWNER_VALUES = {
    "gain_action": _gain_action,
    "take_action": _take_action,
    "choose_one": _choose_one,
    "draw_until": lambda pl, b, f: setattr(b, "value", b.value + V_DRAW),
    "move": lambda pl, b, f: setattr(b, "value", b.value + 0.5),
    "give_token": lambda pl, b, f: setattr(b, "value", b.value + 0.3 * f[1]),
    "ignore_damage": lambda pl, b, f: setattr(b, "value", b.value + 0.5),
    "prevent_damage": lambda pl, b, f: setattr(b, "value", b.value + 0.3 * f[1]),
    "cancel_bam": lambda pl, b, f: setattr(b, "value", b.value + 0.6),
    "stop_villain_move": lambda pl, b, f: setattr(b, "value", b.value + 0.3),
    "ignore_overflow": lambda pl, b, f: setattr(b, "value", b.value + 0.6),
    "extra_damage": lambda pl, b, f: setattr(b, "value", b.value + 0.5 * f[1]),
    "damage_each_enemy_here": lambda pl, b, f: _take_action(pl, b, ("", f[1], ATTACK)),
    "take_damage": lambda pl, b, f: setattr(b, "value", b.value - V_HERO_DAMAGE * f[1]),
    "lose_civilians": lambda pl, b, f: setattr(b, "value", b.value - 0.5 * f[1]),
    "thugs_to_civilians": lambda pl, b, f: setattr(b, "value", b.value + 0.3 * f[1]),
    "clear_threat": lambda pl, b, f: setattr(b, "value", b.value + V_CLEAR),
    "delay_master_plan": lambda pl, b, f: setattr(b, "value", b.value + 0.2),
    "blank_master_plan": lambda pl, b, f: setattr(b, "value", b.value + 0.6),
    "move_villain": lambda pl, b, f: setattr(b, "value", b.value + 0.3),
    "convert_symbols": _convert_symbols,
    "double_symbols": _double_symbols,
    "flip_facedown": lambda pl, b, f: setattr(b, "value", b.value + 0.2),
    "move_tokens": lambda pl, b, f: setattr(b, "value", b.value + 0.2),
    "copy_effect": lambda pl, b, f: setattr(b, "value", b.value + 0.5),
}

_TIE = {"attack": 0.03, "fill": 0.02, "rescue": 0.02, "effect": 0.01, "move": -0.01}


def _prev_hero_card(story: list[dict[str, Any]]) -> int:
    """The Hero card before the newest one (-1: none, or facedown)."""
    seen = 0
    for x in reversed(story):
        if x.get("master_plan"):
            continue
        seen += 1
        if seen == 2:
            return -1 if x.get("facedown") else x["card"]
    return -1


_LEFT = re.compile(r"(\d+) (move|attack|heroic|wild)")


def pool_left(decision: Decision) -> tuple[int, ...]:
    """The symbols the active hero has left, as the action prompt says ("2 attack left")."""
    p = decision._prompt
    if type(p) is tuple and len(p) == 3 and type(p[2]) is tuple and len(p[2]) == 4:
        return p[2]
    pool = [0, 0, 0, 0]
    for n, name in _LEFT.findall(decision.prompt):
        pool[SYM_NAMES.index(name)] = int(n)
    return tuple(pool)


def _enemy_value(v: dict[str, Any], data: dict[str, Any]) -> float:
    e = data.get("enemy")
    if e == "sentinel":
        sid = ("I", "II", "III")[data["sentinel"]]
        hp = next((s["health"] for s in v["sentinels"] if s["id"] == sid), 5)
        return 10.0 - hp
    if e in ("nimrod", "villain"):
        return 6.0
    if e == "henchman":
        return 3.0
    return 1.0


def _act_value(pl: Planner, v: dict[str, Any], data: dict[str, Any]) -> float:
    """A granted action: hit the best enemy, rescue, fill; move toward something to hit."""
    a = data["act"]
    if a == "attack":
        return _enemy_value(v, data)
    if a == "move":
        return _spot_value(pl, data["location"])
    if a == "stop":
        return -1.0
    return 1.0 if a == "rescue" else 0.7


def _spot_value(pl: Planner, p: int) -> float:
    v = pl.v
    value = 0.0
    for s in v["sentinels"]:
        if not s["defeated"] and s["location"] == p:
            value = max(value, 3.0 + (pl.c.sentinel_health - s["health"]))
    vil = pl.villain
    if vil and vil["location"] == p:
        value = max(value, 3.0)
    loc = v["locations"][p]
    if loc["slots"] - loc["civilians"] - loc["thugs"] <= 1 and (loc["civilians"] or loc["thugs"]):
        value += 1.5
    if loc["threat"]:
        value += 0.5
    return value


class UnitedHeuristic:
    """Marvel United's rules of thumb: the option `evaluate_options` scores highest (ties:
    its own generator). Without a state (a bare decision) it chooses uniformly."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = SplitMix64(seed)

    def choose(self, decision: Decision, state: Any = None) -> str:
        opts = decision.options
        if state is None:
            return opts[self.rng.below(len(opts))].id
        scores = evaluate_options(decision, state)
        best = max(scores.values())
        top = [o.id for o in opts if scores[o.id] >= best - 1e-9]
        return top[0] if len(top) == 1 else top[self.rng.below(len(top))]


__all__ = ["UnitedHeuristic", "evaluate_options"]

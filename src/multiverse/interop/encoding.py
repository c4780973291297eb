"""Fixed-size float vectors from a seat's view, for the RL adapters.

An encoder is built once per game configuration from the static, public tables (content and
configuration: card ids, Locations, deck sizes) and then turns `seat_view(state, seat)` — a
JSON-ready dictionary of what one seat may see — into a `float32` vector. It never reads the
state itself, so whatever the view hides stays hidden.

Every feature lies in [0, 1]: flags and one-hots are 0/1, counts are divided by a documented
scale and clipped to 1. `encoder.layout` lists the named segments (`Segment(name, start,
size, doc)`); `encoder.segments(vec)` splits a vector back into them. docs/interop.md
describes the layout of each mode.

The last segment, `options`, has one row of features per action index (the pending
decision's options in order); rows are filled only for the deciding seat, because an
option may name a card in that seat's hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from multiverse import modes as registry
from multiverse.engine.state import GameState
from multiverse.interop.games import decision_kinds, mode_of
from multiverse.sentinels.tables import KINDS
from multiverse.sentinels.tables import Tables as SentinelsTables
from multiverse.united.tables import SENTINEL_IDS, SYMBOLS
from multiverse.united.tables import Tables as UnitedTables


class Segment(NamedTuple):
    name: str
    start: int
    size: int
    doc: str


def _clip(x: float) -> float:
    return 0.0 if x <= 0 else 1.0 if x >= 1 else float(x)


def _tag(option_id: str) -> str:
    """The verb of an option id: `card:12` → card, `attack:thug/token` → attack."""
    return option_id.split("/", 1)[0].split(":", 1)[0]


@dataclass
class _Builder:
    layout: list[Segment]
    size: int = 0

    def add(self, name: str, size: int, doc: str) -> int:
        self.layout.append(Segment(name, self.size, size, doc))
        self.size += size
        return self.size - size


class Encoder:
    """Base: the layout, the common header and the option rows."""

    mode: str
    layout: list[Segment]
    size: int
    option_features: tuple[str, ...]

    def __init__(self, n_seats: int, max_options: int) -> None:
        self.n_seats = n_seats
        self.max_options = max_options
        self.kinds = decision_kinds(self.mode)
        self._kind_index = {k: i for i, k in enumerate(self.kinds)}
        self.layout = []
        b = _Builder(self.layout)
        self._seat = b.add("seat", n_seats, "one-hot: the seat this observation belongs to")
        self._dseat = b.add("decision_seat", n_seats, "one-hot: the seat that decides now (all 0 when over)")
        self._kind = b.add("decision_kind", len(self.kinds),
                           f"one-hot over the decision kinds: {', '.join(self.kinds)}")
        self._mine = b.add("to_act", 1, "1 when this seat decides now")
        self._build(b)
        self.n_option_features = len(self.option_features)
        self._options = b.add("options", max_options * self.n_option_features,
                              f"{max_options} rows (one per action index) of {self.n_option_features} "
                              f"option features: {', '.join(self.option_features)}; only for the "
                              "deciding seat, zeros elsewhere")
        self.size = b.size

    # ----- to override -------------------------------------------------------------
    def _build(self, b: _Builder) -> None:
        raise NotImplementedError

    def _body(self, v: dict[str, Any], out: np.ndarray) -> None:
        raise NotImplementedError

    def _option(self, option: dict[str, Any], row: np.ndarray) -> None:
        raise NotImplementedError

    # ----- public --------------------------------------------------------------------
    def encode(self, v: dict[str, Any]) -> np.ndarray:
        """The vector of one seat's view (`seat_view(state, seat)`)."""
        out = np.zeros(self.size, dtype=np.float32)
        seat = v["seat"]
        out[self._seat + seat] = 1
        d = v.get("decision")
        if d is not None:
            out[self._dseat + d["seat"]] = 1
            k = self._kind_index.get(d["kind"])
            if k is not None:
                out[self._kind + k] = 1
            if d["seat"] == seat:
                out[self._mine] = 1
                f = self.n_option_features
                for i, opt in enumerate(d.get("options", ())[: self.max_options]):
                    row = out[self._options + i * f: self._options + (i + 1) * f]
                    row[0] = 1
                    self._option(opt, row)
        self._body(v, out)
        return out

    def segments(self, vec: np.ndarray) -> dict[str, np.ndarray]:
        """Split a vector into its named segments (the options as a K x F matrix)."""
        out = {s.name: vec[s.start: s.start + s.size] for s in self.layout}
        out["options"] = out["options"].reshape(self.max_options, self.n_option_features)
        return out

    def describe(self) -> str:
        """The layout as a Markdown table (offset, size, name, meaning)."""
        rows = ["| offset | size | segment | meaning |", "|---:|---:|---|---|"]
        rows += [f"| {s.start} | {s.size} | `{s.name}` | {s.doc} |" for s in self.layout]
        return "\n".join(rows)


def _onehot(out: np.ndarray, start: int, index: int | None, size: int) -> None:
    if index is not None and 0 <= index < size:
        out[start + index] = 1


# ===================================================================================
# Marvel United: Days of Future Past and the standard game
# ===================================================================================
UNITED_TAGS = ("card", "hero", "to", "sentinel", "cw", "ccw", "use", "skip", "move", "attack",
               "rescue", "fill", "effect", "end", "escape", "squeeze", "nimrod", "villain",
               "henchman", "thug")
UNITED_ENEMIES = ("sentinel", "nimrod", "villain", "henchman", "thug")
PHASES_UNITED = ("sentinels", "nimrod", "villain")
DIFFICULTIES = ("normal", "moderate", "hard", "heroic")


class UnitedEncoder(Encoder):
    """Days of Future Past and the standard Marvel United game (same view keys; the
    standard game's Missions and Villain segments are zeros in Days of Future Past)."""

    def __init__(self, t: UnitedTables, n_seats: int, max_options: int) -> None:
        self.mode = t.mode
        self.n_heroes = t.n_heroes
        self.n_cards = len(t.card_name)
        self.loc_ids = [loc.id for loc in t.content.locations]
        self.threat_ids = list(t.threat_ids)
        self.hero_ids = list(t.hero_ids)
        self.card_sym = t.card_sym
        self.card_fx = [bool(fx) for fx in t.card_fx]
        self.deck0 = [max(len(c), 1) for c in t.hero_cards]
        self.mp_total = max(len(t.mp_cards), 1)
        self.sentinel_scale = 2 * max(t.sentinel_health, t.challenge_health, 1)
        self.max_turns = t.config.max_turns
        nh = self.n_heroes
        self.option_features = (
            "present", *(f"verb={x}" for x in (*UNITED_TAGS, "other")), "pays_token",
            "card", "card_id/n_cards", *(f"card_{s}/3" for s in SYMBOLS), "card_has_effect",
            *(f"hero={h}" for h in range(nh)), *(f"location={p}" for p in range(6)),
            *(f"sentinel={s}" for s in SENTINEL_IDS), *(f"enemy={e}" for e in UNITED_ENEMIES),
            *(f"symbol={s}" for s in SYMBOLS), "use")
        self._fi = {name: i for i, name in enumerate(self.option_features)}
        super().__init__(n_seats, max_options)

    def _build(self, b: _Builder) -> None:
        nh, nl, nt = self.n_heroes, len(self.loc_ids), len(self.threat_ids)
        self._phase = b.add("phase", 3, "one-hot: sentinels, nimrod, villain (standard game)")
        self._difficulty = b.add("difficulty", 4, "one-hot: normal, moderate, hard, heroic")
        self._counters = b.add("counters", 8, (
            "track/track_max, round/50, turn/max_turns, hero cards since the villain turn/6, "
            "villain turn every N cards/6 (0 without Master Plans), Master Plan deck/its size, "
            "solo token pile/12, Storyline length/30"))
        self.loc_width = nl + 3 + 1 + nt + 3 + 2 + 1
        self._locations = b.add("locations", 6 * self.loc_width, (
            f"6 ring positions x {self.loc_width}: Location id one-hot ({', '.join(self.loc_ids)}), "
            f"slots/6, civilians/6, thugs/6, threat present, threat id one-hot ({', '.join(self.threat_ids)}), "
            "threat needs move/attack/heroic (/4), henchman present, henchman health/max, villain start here"))
        self._sentinels = b.add("sentinels", 3 * 9, (
            f"Sentinels I, II, III x 9: in this game, alive, position one-hot (6), "
            f"health/{self.sentinel_scale}"))
        self._villain = b.add("villain", 9, (
            "Nimrod (DFP) or the Villain (standard) x 9: present, position one-hot (6), "
            "health/max, can be damaged"))
        self._missions = b.add("missions", 8, (
            "standard game: rescue/thugs/threats progress/threshold (3), completed flags (3), "
            "missions completed/3, under pressure"))
        self._challenge = b.add("challenge", 2 + nh, (
            "Sentinel Challenge: present, damageable, which hero it holds (one-hot by hero)"))
        self.hero_width = 2 + 6 + 2 + 4 + 3 + 3
        self._heroes = b.add("heroes", nh * self.hero_width, (
            f"{nh} heroes ({', '.join(self.hero_ids)}) x {self.hero_width}: played by this seat, "
            "active, position one-hot (6), hand size/12, deck/its start size, tokens move/attack/"
            "heroic/wild (/5), Sentinel target one-hot I/II/III, KO, eliminated, held"))
        self._hand = b.add("hand", self.n_cards, "multi-hot over card ids: the cards in this seat's hands")
        self._story = b.add("storyline", self.n_cards, "multi-hot over card ids: faceup Storyline cards")
        self._facedown = b.add("storyline_facedown", nh, "facedown Storyline cards per hero /6")

    def _body(self, v: dict[str, Any], out: np.ndarray) -> None:
        o = self._phase
        _onehot(out, o, PHASES_UNITED.index(v["phase"]), 3)
        _onehot(out, self._difficulty, DIFFICULTIES.index(v["difficulty"]), 4)
        o = self._counters
        out[o] = _clip(v["track"] / max(v["track_max"], 1))
        out[o + 1] = _clip(v["round"] / 50)
        out[o + 2] = _clip(v["turn"] / self.max_turns)
        out[o + 3] = _clip(v["hero_cards_since_villain_turn"] / 6)
        out[o + 4] = _clip((v["villain_turn_every"] or 0) / 6)
        out[o + 5] = _clip(v["master_plan_deck_size"] / self.mp_total)
        out[o + 6] = _clip(v["token_pile_size"] / 12)
        out[o + 7] = _clip(len(v["storyline"]) / 30)
        nl, nt = len(self.loc_ids), len(self.threat_ids)
        for loc in v["locations"]:
            p = loc["position"]
            o = self._locations + p * self.loc_width
            _onehot(out, o, self.loc_ids.index(loc["id"]), nl)
            o += nl
            out[o] = _clip(loc["slots"] / 6)
            out[o + 1] = _clip(loc["civilians"] / 6)
            out[o + 2] = _clip(loc["thugs"] / 6)
            o += 3
            th = loc["threat"]
            if th is not None:
                out[o] = 1
                _onehot(out, o + 1, self.threat_ids.index(th["id"]), nt)
                need = th["need"]
                for i, sym in enumerate(("move", "attack", "heroic")):
                    out[o + 1 + nt + i] = _clip(need.get(sym, 0) / 4)
                hench = th.get("henchman")
                if hench:
                    out[o + 4 + nt] = 1
                    out[o + 5 + nt] = _clip(hench["health"] / max(hench["max_health"], 1))
            out[o + 6 + nt] = 1 if v["villain_start"] == p else 0
        for sn in v["sentinels"]:
            o = self._sentinels + SENTINEL_IDS.index(sn["id"]) * 9
            out[o] = 1
            if not sn["defeated"]:
                out[o + 1] = 1
                _onehot(out, o + 2, sn["location"], 6)
            out[o + 8] = _clip(sn["health"] / self.sentinel_scale)
        vil = v.get("villain")
        if vil is not None:
            o = self._villain
            out[o] = 1
            _onehot(out, o + 1, vil["location"], 6)
            out[o + 7] = _clip(vil["health"] / max(vil["max_health"], 1))
            out[o + 8] = 1 if vil["vulnerable"] else 0
        if "missions" in v:
            o = self._missions
            for i, m in enumerate(v["missions"]):
                out[o + i] = _clip(m["progress"] / max(m["threshold"], 1))
                out[o + 3 + i] = 1 if m["completed"] else 0
            out[o + 6] = _clip(v["missions_completed"] / 3)
            out[o + 7] = 1 if v["under_pressure"] else 0
        ch = v.get("challenge")
        if ch is not None:
            o = self._challenge
            out[o] = 1
            out[o + 1] = 1 if ch["damageable"] else 0
            if ch["holding"] is not None:
                _onehot(out, o + 2, self.hero_ids.index(ch["holding"]), self.n_heroes)
        seat = v["seat"]
        for h, hero in enumerate(v["heroes"]):
            o = self._heroes + h * self.hero_width
            out[o] = 1 if hero["seat"] == seat else 0
            out[o + 1] = 1 if v["active"] == h else 0
            _onehot(out, o + 2, hero["location"], 6)
            out[o + 8] = _clip(hero["hand_size"] / 12)
            out[o + 9] = _clip(hero["deck_size"] / self.deck0[h])
            for i, sym in enumerate(SYMBOLS):
                out[o + 10 + i] = _clip(hero["tokens"].get(sym, 0) / 5)
            if hero["target"] is not None:
                _onehot(out, o + 14, SENTINEL_IDS.index(hero["target"]), 3)
            out[o + 17] = 1 if hero["ko"] else 0
            out[o + 18] = 1 if hero["eliminated"] else 0
            out[o + 19] = 1 if hero["held"] else 0
            for card in hero["hand"] or ():
                out[self._hand + card["card"]] = 1
        facedown = [0] * self.n_heroes
        for card in v["storyline"]:
            if card.get("facedown"):
                facedown[self.hero_ids.index(card["hero"])] += 1
            else:
                out[self._story + card["card"]] = 1
        for h, n in enumerate(facedown):
            out[self._facedown + h] = _clip(n / 6)

    def _option(self, option: dict[str, Any], row: np.ndarray) -> None:
        fi = self._fi
        tag = _tag(option["id"])
        row[fi[f"verb={tag}"] if tag in UNITED_TAGS else fi["verb=other"]] = 1
        data = option.get("data") or {}
        if data.get("pay"):
            row[fi["pays_token"]] = 1
        c = data.get("card")
        if c is not None and 0 <= c < self.n_cards:
            row[fi["card"]] = 1
            row[fi["card_id/n_cards"]] = (c + 1) / self.n_cards
            for i, sym in enumerate(SYMBOLS):
                row[fi[f"card_{sym}/3"]] = _clip(self.card_sym[c][i] / 3)
            row[fi["card_has_effect"]] = 1 if self.card_fx[c] else 0
        h = data.get("hero")
        if h is not None and 0 <= h < self.n_heroes:
            row[fi[f"hero={h}"]] = 1
        p = data.get("location")
        if p is not None and 0 <= p < 6:
            row[fi[f"location={p}"]] = 1
        sn = data.get("sentinel")
        if sn is not None and 0 <= sn < 3:
            row[fi[f"sentinel={SENTINEL_IDS[sn]}"]] = 1
        enemy = data.get("enemy")
        if enemy in UNITED_ENEMIES:
            row[fi[f"enemy={enemy}"]] = 1
        sym = data.get("symbol")
        if sym is not None and 0 <= sym < 4:
            row[fi[f"symbol={SYMBOLS[sym]}"]] = 1
        if data.get("use"):
            row[fi["use"]] = 1


# ===================================================================================
# Sentinels of the Multiverse
# ===================================================================================
SOTM_TAGS = ("card", "play", "power", "skip", "stop", "none", "yes", "no", "ability", "react",
             "mod", "all", "hero")
SOTM_PHASES = ("setup", "start", "play", "power", "draw", "end")
MODIFIER_KINDS = ("increase_dealt", "reduce_dealt", "increase_taken", "reduce_taken", "immune",
                  "redirect_to_this", "change_type")


class SentinelsEncoder(Encoder):
    mode = "sentinels"

    def __init__(self, t: SentinelsTables, n_seats: int, max_options: int) -> None:
        self.n_heroes = nh = t.n_heroes
        self.n_cards = len(t.card)
        self.owners = (*t.hero_ids, "villain", "environment")
        self.hero_ids = list(t.hero_ids)
        self.token_sides = [list(t.hero_tokens[h][0]) for h in range(nh)]
        self.deck0 = [max(len(c), 1) for c in t.deck_cards]  # heroes, villain, environment
        self.card_kind = t.kind
        self.card_owner = t.owner
        self.card_max_hp = t.max_hp
        self.option_features = (
            "present", *(f"verb={x}" for x in (*SOTM_TAGS, "other")), "card", "card_id/n_cards",
            *(f"card_kind={k}" for k in KINDS), *(f"card_owner={o}" for o in range(nh + 2)),
            "card_max_hp/40", *(f"hero={h}" for h in range(nh)), "index/8", "yes")
        self._fi = {name: i for i, name in enumerate(self.option_features)}
        super().__init__(n_seats, max_options)

    def _build(self, b: _Builder) -> None:
        nh, nc = self.n_heroes, self.n_cards
        self._turn = b.add("turn", nh + 2, f"one-hot: whose turn ({', '.join(self.owners)})")
        self._phase = b.add("phase", len(SOTM_PHASES) + 1,
                            f"one-hot: {', '.join(SOTM_PHASES)}, other")
        self._counters = b.add("counters", 1, "round/50")
        self.hero_width = 8 + 4
        self._heroes = b.add("heroes", nh * self.hero_width, (
            f"{nh} heroes ({', '.join(self.hero_ids)}) x {self.hero_width}: played by this seat, "
            "HP/max HP, max HP/40, incapacitated, is a target, hand size/10, deck/its start size, "
            "trash/deck start size, hero tokens showing each side (up to 4 sides, /5)"))
        self._villain = b.add("villain", 6, (
            "villain HP/max HP, max HP/100, flipped, deck/its start size, trash/deck start size, "
            "cards in play/20"))
        self._environment = b.add("environment", 3,
                                  "environment deck/its start size, trash/deck start size, cards in play/20")
        self._modifiers = b.add("modifiers", 2 * len(MODIFIER_KINDS), (
            f"modifiers in force by kind ({', '.join(MODIFIER_KINDS)}): count/5, then total amount/10"))
        self._in_play = b.add("in_play", nc, "multi-hot over card ids: cards in play (characters excluded)")
        self._hp = b.add("card_hp", nc, "per card id: HP/max HP of a target in play")
        self._tokens = b.add("card_tokens", nc, "per card id: tokens on a card in play/5")
        self._trash = b.add("trash", nc, "multi-hot over card ids: cards in any trash")
        self._hand = b.add("hand", nc, "multi-hot over card ids: the cards in this seat's hand")

    def _play(self, cards: list[dict[str, Any]], out: np.ndarray) -> None:
        for c in cards:
            i = c["card"]
            out[self._in_play + i] = 1
            if c.get("max_hp"):
                out[self._hp + i] = _clip(c["hp"] / c["max_hp"])
            out[self._tokens + i] = _clip(c["tokens"] / 5)

    def _body(self, v: dict[str, Any], out: np.ndarray) -> None:
        nh = self.n_heroes
        _onehot(out, self._turn, self.owners.index(v["turn"]), nh + 2)
        ph = v["phase"]
        out[self._phase + (SOTM_PHASES.index(ph) if ph in SOTM_PHASES else len(SOTM_PHASES))] = 1
        out[self._counters] = _clip(v["round"] / 50)
        seat = v["seat"]
        for h, hero in enumerate(v["heroes"]):
            o = self._heroes + h * self.hero_width
            out[o] = 1 if hero["seat"] == seat else 0
            out[o + 1] = _clip(hero["hp"] / max(hero["max_hp"], 1))
            out[o + 2] = _clip(hero["max_hp"] / 40)
            out[o + 3] = 1 if hero["incapacitated"] else 0
            out[o + 4] = 1 if hero["target"] else 0
            out[o + 5] = _clip(hero["hand_size"] / 10)
            out[o + 6] = _clip(hero["deck_size"] / self.deck0[h])
            out[o + 7] = _clip(len(hero["trash"]) / self.deck0[h])
            sides = self.token_sides[h]
            for side in hero["tokens"] or ():
                i = sides.index(side)
                if i < 4:
                    out[o + 8 + i] += 0.2
            for c in hero["trash"]:
                out[self._trash + c["card"]] = 1
            self._play(hero["play"], out)
            for c in hero["hand"] or ():
                out[self._hand + c["card"]] = 1
        np.clip(out[self._heroes: self._heroes + nh * self.hero_width], 0, 1,
                out=out[self._heroes: self._heroes + nh * self.hero_width])
        vil, env = v["villain"], v["environment"]
        o = self._villain
        out[o] = _clip(vil["hp"] / max(vil["max_hp"], 1))
        out[o + 1] = _clip(vil["max_hp"] / 100)
        out[o + 2] = 1 if vil["flipped"] else 0
        out[o + 3] = _clip(vil["deck_size"] / self.deck0[nh])
        out[o + 4] = _clip(len(vil["trash"]) / self.deck0[nh])
        out[o + 5] = _clip(len(vil["play"]) / 20)
        o = self._environment
        out[o] = _clip(env["deck_size"] / self.deck0[nh + 1])
        out[o + 1] = _clip(len(env["trash"]) / self.deck0[nh + 1])
        out[o + 2] = _clip(len(env["play"]) / 20)
        for zone in (vil, env):
            for c in zone["trash"]:
                out[self._trash + c["card"]] = 1
            self._play(zone["play"], out)
        nk = len(MODIFIER_KINDS)
        for m in v["modifiers"]:
            k = MODIFIER_KINDS.index(m["kind"]) if m["kind"] in MODIFIER_KINDS else None
            if k is not None:
                out[self._modifiers + k] += 0.2
                out[self._modifiers + nk + k] += m["amount"] / 10
        np.clip(out[self._modifiers: self._modifiers + 2 * nk], 0, 1,
                out=out[self._modifiers: self._modifiers + 2 * nk])

    def _option(self, option: dict[str, Any], row: np.ndarray) -> None:
        fi = self._fi
        tag = _tag(option["id"])
        row[fi[f"verb={tag}"] if tag in SOTM_TAGS else fi["verb=other"]] = 1
        data = option.get("data") or {}
        c = data.get("card")
        if c is not None and 0 <= c < self.n_cards:
            row[fi["card"]] = 1
            row[fi["card_id/n_cards"]] = (c + 1) / self.n_cards
            row[fi[f"card_kind={KINDS[self.card_kind[c]]}"]] = 1
            row[fi[f"card_owner={self.card_owner[c]}"]] = 1
            row[fi["card_max_hp/40"]] = _clip(self.card_max_hp[c] / 40)
        h = data.get("hero")
        if h is not None and 0 <= h < self.n_heroes:
            row[fi[f"hero={h}"]] = 1
        i = data.get("i")
        if i is not None and i >= 0:
            row[fi["index/8"]] = _clip((i + 1) / 8)
        if data.get("yes"):
            row[fi["yes"]] = 1


def make_encoder(state_or_tables: GameState | Any, n_seats: int, max_options: int) -> Encoder:
    """The encoder of a game's mode (`Mode.encoder`), for its static tables or a state."""
    t = state_or_tables.T if isinstance(state_or_tables, GameState) else state_or_tables
    return registry.of_config(t.config).encoder(t, n_seats, max_options)


# ===================================================================================
# Shaping potential (public information only)
# ===================================================================================
def potential(v: dict[str, Any]) -> float:
    """A progress score in about [-1, 1] from the public part of a view (`Mode.potential`),
    for optional potential-based reward shaping. Only public keys are read, so every seat
    computes the same value."""
    return registry.get(v["mode"]).potential(v)


def sentinels_potential(v: dict[str, Any]) -> float:
    """Sentinels: damage dealt to the villain minus the heroes' lost HP."""
    vil = v["villain"]
    dealt = 1 - vil["hp"] / max(vil["max_hp"], 1)
    hurt = sum(1 - h["hp"] / max(h["max_hp"], 1) for h in v["heroes"]) / len(v["heroes"])
    return float(dealt - hurt)


def united_potential(v: dict[str, Any]) -> float:
    """Marvel United: damage to the enemies (and Missions) minus the track."""
    lose = v["track"] / max(v["track_max"], 1)
    if v["mode"] == "standard":
        ms = v["missions"]
        progress = sum(min(m["progress"] / max(m["threshold"], 1), 1) for m in ms) / len(ms)
        vil = v["villain"]
        dealt = 1 - vil["health"] / max(vil["max_health"], 1)
        return float(0.5 * progress + 0.5 * dealt - 0.5 * lose)
    sentinels = sum(1.0 if sn["defeated"] else 0.0 for sn in v["sentinels"]) / 3
    nimrod = 0.0
    if v["villain"] is not None:
        nimrod = 1 - v["villain"]["health"] / max(v["villain"]["max_health"], 1)
    return float(0.5 * sentinels + 0.5 * nimrod - 0.5 * lose)


__all__ = ["Encoder", "Segment", "SentinelsEncoder", "UnitedEncoder", "make_encoder", "mode_of",
           "potential", "sentinels_potential", "united_potential"]

"""Sentinels of the Multiverse's RL observation encoder and shaping potential: what
`Mode.encoder` and `Mode.potential` give the Gymnasium, PettingZoo and OpenSpiel adapters.
Needs numpy (the `rl` extra); imported only by those adapters."""

from __future__ import annotations

from typing import Any

import numpy as np

from multiverse.interop.encoding import Encoder, _Builder, _clip, _onehot, _tag
from multiverse.sentinels.tables import KINDS
from multiverse.sentinels.tables import Tables as SentinelsTables

SOTM_TAGS = ("card", "play", "power", "skip", "stop", "none", "yes", "no", "ability", "react",
             "mod", "all", "hero", "prevent", "option")
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
        self.card_kind = [k[0] for k in t.kind]  # options name cards: their printed fronts
        self.card_owner = t.owner
        self.card_max_hp = [hp[0] for hp in t.max_hp]
        self.option_features = (
            "present", *(f"verb={x}" for x in (*SOTM_TAGS, "other")), "card", "card_id/n_cards",
            *(f"card_kind={k}" for k in KINDS), *(f"card_owner={o}" for o in range(nh + 2)),
            "card_max_hp/40", *(f"hero={h}" for h in range(nh)), "index/8", "yes")
        self._fi = {name: i for i, name in enumerate(self.option_features)}
        super().__init__(n_seats, max_options)

    def _decision_kinds(self) -> tuple[str, ...]:
        """Sentinels' kinds, without OblivAeon's (`ob_…`, registered on the same state class
        once OblivAeon's rules are imported), so the size does not depend on imports."""
        return tuple(k for k in super()._decision_kinds() if not k.startswith("ob_"))

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




def sentinels_potential(v: dict[str, Any]) -> float:
    """Sentinels: damage dealt to the villain minus the heroes' lost HP."""
    vil = v["villain"]
    dealt = 1 - vil["hp"] / max(vil["max_hp"], 1)
    hurt = sum(1 - h["hp"] / max(h["max_hp"], 1) for h in v["heroes"]) / len(v["heroes"])
    return float(dealt - hurt)

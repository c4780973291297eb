"""OblivAeon's RL observation encoder and shaping potential: what `Mode.encoder` and
`Mode.potential` give the Gymnasium, PettingZoo and OpenSpiel adapters for `oblivaeon`.
Read from `view(state, seat)` only (`sentinels/oblivaeon/view.py`), so what the view hides
stays hidden. Needs numpy (the `rl` extra); imported only by those adapters."""

from __future__ import annotations

from typing import Any

import numpy as np

from multiverse.interop.encoding import Encoder, _Builder, _clip, _onehot, _tag
from multiverse.sentinels.tables import KINDS
from multiverse.sentinels.tables import Tables as SentinelsTables

OBL_TAGS = ("card", "play", "power", "skip", "stop", "none", "yes", "no", "ability", "react",
            "mod", "all", "hero", "prevent", "option", "stay", "move", "take", "swap", "trade", "shuffle", "regain",
            "env")
PHASES = ("setup", "start", "play", "power", "draw", "end")
TURNS = ("hero", "oblivaeon", "villain", "environment")
ENV_PLACES = (0, 1, -1, -2, -3)  # in zone 1, in zone 2, set aside, destroyed, not in the game


class OblivaeonEncoder(Encoder):
    mode = "oblivaeon"

    def __init__(self, t: SentinelsTables, n_seats: int, max_options: int) -> None:
        self.n_players = t.n_heroes
        self.n_cards = len(t.card)
        self.env_ids = list(t.env_ids)
        self.card_kind = [k[0] for k in t.kind]
        self.card_max_hp = [hp[0] for hp in t.max_hp]
        self.n_forms = t.n_faces[t.villain_character]
        self.option_features = (
            "present", *(f"verb={x}" for x in (*OBL_TAGS, "other")), "card", "card_id/n_cards",
            *(f"card_kind={k}" for k in KINDS), "card_max_hp/40", "move", "index/8", "yes")
        self._fi = {name: i for i, name in enumerate(self.option_features)}
        super().__init__(n_seats, max_options)

    def _build(self, b: _Builder) -> None:
        np_, nc = self.n_players, self.n_cards
        self._turn = b.add("turn", len(TURNS) + 2, (
            f"one-hot: whose turn ({', '.join(TURNS)}), then: this seat's turn, the turn's "
            "zone is the second"))
        self._phase = b.add("phase", len(PHASES) + 1, f"one-hot: {', '.join(PHASES)}, other")
        self._counters = b.add("counters", 3, "round/60, Devastation/its maximum, Countdown/6")
        self._ob = b.add("oblivaeon", 4 + self.n_forms + 4, (
            "OblivAeon: in the second zone, HP/max HP, max HP/100, immune; one-hot form; "
            "Shield in play, Shield flipped, Shield tokens/its goal, Mission deck/20"))
        self.player_width = 12
        self._players = b.add("players", np_ * self.player_width, (
            f"{np_} players x {self.player_width}: played by this seat, in the second zone, "
            "HP/max HP, max HP/40, incapacitated, out of heroes, hand/10, deck/40, trash/40, "
            "cards in play/10, incapacitated character cards/3, rewards under them/3"))
        self.zone_width = 10
        self._zones = b.add("zones", 2 * self.zone_width, (
            f"2 battle zones x {self.zone_width}: environment present, environment deck/20, "
            "environment cards in play/10, Scions/3, Scion HP/60, Aeon Men/10, other villain "
            "cards/10, Missions in play/3, OblivAeon here, heroes here/5"))
        self._envs = b.add("environments", len(self.env_ids) * len(ENV_PLACES), (
            "per environment of the pack, one-hot: in zone 1, in zone 2, set aside, destroyed, "
            "not in this game"))
        self._in_play = b.add("in_play", nc, "multi-hot over card ids: cards in play")
        self._bz = b.add("card_zone", nc, "per card id: 1 when in play in the second zone")
        self._hp = b.add("card_hp", nc, "per card id: HP/max HP of a target in play")
        self._tokens = b.add("card_tokens", nc, "per card id: tokens on a card in play/5")
        self._hand = b.add("hand", nc, "multi-hot over card ids: the cards in this seat's hand")
        self._top = b.add("mission_top", nc, "one-hot over card ids: the Mission deck's top card")

    def _play(self, cards: list[dict[str, Any]], z: int, out: np.ndarray) -> None:
        for c in cards:
            i = c["card"]
            out[self._in_play + i] = 1
            out[self._bz + i] = z
            if c.get("max_hp"):
                out[self._hp + i] = _clip(c["hp"] / c["max_hp"])
            out[self._tokens + i] = _clip(c["tokens"] / 5)

    def _body(self, v: dict[str, Any], out: np.ndarray) -> None:
        seat = v["seat"]
        turn = v["turn"]
        kind = turn if turn in TURNS[1:] else "hero"
        out[self._turn + TURNS.index(kind)] = 1
        ph = v["phase"]
        out[self._phase + (PHASES.index(ph) if ph in PHASES else len(PHASES))] = 1
        idd = v["inevitable_destruction"]
        out[self._counters] = _clip(v["round"] / 60)
        out[self._counters + 1] = _clip(idd["devastation"] / max(idd["devastation_max"], 1))
        out[self._counters + 2] = _clip(idd["countdown"] / 6)
        ob = v["oblivaeon"]
        o = self._ob
        out[o] = ob["zone"]
        out[o + 1] = _clip(ob["hp"] / max(ob["max_hp"], 1))
        out[o + 2] = _clip(ob["max_hp"] / 100)
        out[o + 3] = 1 if ob["immune"] else 0
        _onehot(out, o + 4, ob["face"], self.n_forms)
        sh = v["shield"]
        o += 4 + self.n_forms
        if sh is not None:
            out[o] = 1
            out[o + 1] = 1 if sh["face"] else 0
            out[o + 2] = _clip(sh["tokens"] / (sh["goal"] or 3))
        out[o + 3] = _clip(v["mission_deck"]["size"] / 20)
        top = v["mission_deck"]["top"]
        if top is not None:
            out[self._top + top["card"]] = 1
        for zv in v["zones"]:
            z = zv["zone"]
            o = self._zones + z * self.zone_width
            env = zv["environment"]
            if env is not None:
                out[o] = 1
                out[o + 1] = _clip(env["deck_size"] / 20)
                out[o + 2] = _clip(len(env["play"]) / 10)
                self._play(env["play"], z, out)
            out[o + 3] = _clip(len(zv["scions"]) / 3)
            out[o + 4] = _clip(sum(c.get("hp", 0) for c in zv["scions"]) / 60)
            out[o + 5] = _clip(len(zv["aeon_men"]) / 10)
            out[o + 6] = _clip(len(zv["villain"]) / 10)
            out[o + 7] = _clip(len(zv["missions"]) / 3)
            out[o + 8] = 1 if zv["oblivaeon"] else 0
            out[o + 9] = _clip(len(zv["heroes"]) / 5)
            for part in ("scions", "aeon_men", "villain", "missions"):
                self._play(zv[part], z, out)
            for h in zv["heroes"]:
                p = h["player"] - 1
                o = self._players + p * self.player_width
                out[o] = 1 if h["seat"] == seat else 0
                out[o + 1] = z
                out[o + 2] = _clip(h["hp"] / max(h["max_hp"], 1))
                out[o + 3] = _clip(h["max_hp"] / 40)
                out[o + 4] = 1 if h["incapacitated"] else 0
                out[o + 5] = 1 if h["incap"] == 2 else 0
                out[o + 6] = _clip(h["hand_size"] / 10)
                out[o + 7] = _clip(h["deck_size"] / 40)
                out[o + 8] = _clip(len(h["trash"]) / 40)
                out[o + 9] = _clip(len(h["play"]) / 10)
                out[o + 10] = _clip(len(h["incapacitated_cards"]) / 3)
                out[o + 11] = _clip(sum(x["under_count"] for x in h["incapacitated_cards"]) / 3)
                self._play(h["play"], z, out)
                if h["character"] >= 0 and not h["incapacitated"]:
                    c = h["character"]
                    out[self._in_play + c] = 1
                    out[self._bz + c] = z
                    out[self._hp + c] = _clip(h["hp"] / max(h["max_hp"], 1))
                for c in h["hand"] or ():
                    out[self._hand + c["card"]] = 1
                if h["seat"] == seat and turn == h["id"]:
                    out[self._turn + len(TURNS)] = 1
        if kind == "hero":
            out[self._turn + len(TURNS) + 1] = next(
                (zv["zone"] for zv in v["zones"] for h in zv["heroes"] if h["id"] == turn), 0)
        elif kind == "oblivaeon":
            out[self._turn + len(TURNS) + 1] = ob["zone"]
        places = {e["id"]: -1 for e in v["environments_aside"]}
        places.update({e["id"]: -2 for e in v["environments_destroyed"]})
        places.update({zv["environment"]["id"]: zv["zone"] for zv in v["zones"]
                       if zv["environment"] is not None})
        for i, eid in enumerate(self.env_ids):
            _onehot(out, self._envs + i * len(ENV_PLACES), ENV_PLACES.index(places.get(eid, -3)),
                    len(ENV_PLACES))

    def _option(self, option: dict[str, Any], row: np.ndarray) -> None:
        fi = self._fi
        tag = _tag(option["id"])
        row[fi[f"verb={tag}"] if tag in OBL_TAGS else fi["verb=other"]] = 1
        data = option.get("data") or {}
        c = data.get("card")
        if isinstance(c, int) and 0 <= c < self.n_cards:
            row[fi["card"]] = 1
            row[fi["card_id/n_cards"]] = (c + 1) / self.n_cards
            row[fi[f"card_kind={KINDS[self.card_kind[c]]}"]] = 1
            row[fi["card_max_hp/40"]] = _clip(self.card_max_hp[c] / 40)
        if data.get("move"):
            row[fi["move"]] = 1
        i = data.get("i")
        if isinstance(i, int) and i >= 0:
            row[fi["index/8"]] = _clip((i + 1) / 8)
        if data.get("yes"):
            row[fi["yes"]] = 1


def oblivaeon_potential(v: dict[str, Any]) -> float:
    """OblivAeon: damage dealt to OblivAeon and the Scions in play, minus the heroes' lost HP
    and the Devastation on the Inevitable Destruction card."""
    ob = v["oblivaeon"]
    dealt = (ob["face"] + 1 - ob["hp"] / max(ob["max_hp"], 1)) / max(ob["faces"], 1)
    heroes = [h for zv in v["zones"] for h in zv["heroes"]]
    hurt = sum(1 - h["hp"] / max(h["max_hp"], 1) if not h["incapacitated"] else 1
               for h in heroes) / max(len(heroes), 1)
    idd = v["inevitable_destruction"]
    dev = idd["devastation"] / max(idd["devastation_max"], 1)
    return float(dealt - hurt - dev)

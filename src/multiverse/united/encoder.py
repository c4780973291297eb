"""Marvel United's RL observation encoder and shaping potential (`dofp`, `standard`): what
`Mode.encoder` and `Mode.potential` give the Gymnasium, PettingZoo and OpenSpiel adapters.
Needs numpy (the `rl` extra); imported only by those adapters."""

from __future__ import annotations

from typing import Any

import numpy as np

from multiverse.interop.encoding import Encoder, _Builder, _clip, _onehot, _tag
from multiverse.united.tables import SENTINEL_IDS, SYMBOLS
from multiverse.united.tables import Tables as UnitedTables

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

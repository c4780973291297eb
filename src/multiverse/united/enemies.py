"""Enemies a hero can hit: Thugs, Henchmen, Sentinels and the Villain (MU-18, MU-19,
DFP-A16, DFP-N2, DFP-C3)."""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.engine.words import article, count
from multiverse.united.board import RING
from multiverse.united.protection import henchman_away, immune
from multiverse.united.standard.missions import THREATS, THUGS, record, under_pressure, vulnerable
from multiverse.united.state import PHASE_NIMROD, UnitedState
from multiverse.united.tables import SYMBOLS
from multiverse.united.verbs import push_villain_effects

_SENTINEL_IDS = ("sentinel:0", "sentinel:1", "sentinel:2")
_NIMROD = {"enemy": "nimrod"}
_THUG = {"enemy": "thug"}
_VILLAIN = {"enemy": "villain"}
_HENCHMAN = {"enemy": "henchman"}


def enemies_at(s: UnitedState, pos: int, villains_only: bool = False) -> list[Option]:
    """Options for each enemy in a Location. `villains_only` leaves out Sentinels and Thugs
    (DFP-A11: Sentinels are not Villains or Henchmen for special effects)."""
    out: list[Option] = []
    t = s.T
    if not villains_only and (t.challenge < 0 or under_pressure(s)):  # DFP-C3
        for sn, p in enumerate(s.s_loc):
            if p == pos:
                out.append(Option(_SENTINEL_IDS[sn], t.sentinel_names[sn],
                                  {"enemy": "sentinel", "sentinel": sn}))
    if s.phase == PHASE_NIMROD and s.n_loc == pos:
        if t.mode == "dofp":
            out.append(Option("nimrod", "Nimrod", _NIMROD))
        elif vulnerable(s):  # MU-15
            out.append(Option("villain", t.villain_name, _VILLAIN))
    if s.hench[pos] > 0 and not (s.protect and _henchman_away(s, pos)):
        out.append(Option("henchman", t.threat_henchman[s.threat[pos]], _HENCHMAN))
    if not villains_only and s.thug[pos]:
        out.append(Option("thug", "a Thug", _THUG))
    return out


def _henchman_away(s: UnitedState, pos: int) -> bool:
    return henchman_away(s, pos)


def hit(s: UnitedState, h: int, data: dict, n: int = 1, pos: int = -1) -> None:
    """Deal `n` damage from hero `h` to the enemy described by an option's data, in the
    hero's Location (or `pos`, for an action granted at another Location)."""
    kind = data["enemy"]
    if s.protect and kind != "thug" and immune(s, h, data, pos):  # the owner's `immune_enemy`
        if s.log is not None:
            s.emit("immune", f"{s.hero_name(h)}'s damage does not hurt it: it is immune", hero=h)
        return
    if kind == "sentinel":
        damage_sentinel(s, data["sentinel"], n, s.hero_name(h))
    elif kind in ("nimrod", "villain"):
        damage_nimrod(s, n, s.hero_name(h))
    elif kind == "henchman":
        damage_henchman(s, s.hero_loc[h] if pos < 0 else pos, n, s.hero_name(h))
    else:
        if pos < 0:
            pos = s.hero_loc[h]
        k = min(n, s.thug[pos])
        s.thug[pos] -= k
        if s.log is not None:
            s.emit("thug_defeated", f"{s.hero_name(h)} defeats {count(k, 'Thug')} in {s.loc_name(pos)}",
                   hero=h, location=pos, count=k)
        record(s, THUGS, k)  # (after the line: a Mission completes because of it)


def damage_sentinel(s: UnitedState, sn: int, n: int, source: str) -> None:
    """DFP-A1: Sentinels can be damaged from the start; at 0 Health one is defeated."""
    s.s_hp[sn] = max(0, s.s_hp[sn] - n)
    if s.log is not None:
        s.emit("sentinel_damaged", f"{source} deals {n} damage to {s.sentinel_name(sn)} "
               f"→ {s.s_hp[sn]} Health", sentinel=sn, amount=n, health=s.s_hp[sn])
    if s.s_hp[sn] == 0:
        defeat_sentinel(s, sn)


def defeat_sentinel(s: UnitedState, sn: int) -> None:
    """DFP-A16 / DFP-SOLO3: the Sentinel leaves the game; its Target token is discarded."""
    s.s_loc[sn] = -1
    for h, t in enumerate(s.target):
        if t == sn:
            s.target[h] = -1
    if sn in s.pile:
        s.pile.remove(sn)
    if sn == s.T.challenge and s.grab >= 0:  # DFP-C12: it leaves the game, so does its grip
        s.grab = -1
    if s.log is not None:
        s.emit("sentinel_defeated", f"{s.sentinel_name(sn)} is defeated", sentinel=sn)


def damage_nimrod(s: UnitedState, n: int, source: str) -> None:
    """DFP-N2: Nimrod can be damaged as soon as he enters; at 0 Health the heroes win
    (MU-23, a standard Villain too). DFP-D3: the first time Nimrod drops to the retreat
    value or less, he retreats at the end of the turn."""
    s.n_hp = max(0, s.n_hp - n)
    name = s.T.villain_name
    if s.log is not None:
        s.emit("nimrod_damaged", f"{source} deals {n} damage to {name} → {s.n_hp} Health",
               amount=n, health=s.n_hp)
    if s.n_hp == 0:
        s.end("win", f"{name} was defeated")
    elif s.retreat == 0 and s.n_hp <= s.T.retreat_at and s.T.mode == "dofp":
        s.retreat = 1


def damage_henchman(s: UnitedState, pos: int, n: int, source: str) -> None:
    """MU-19: a Henchman Threat loses Health; when its Henchman is defeated it is cleared."""
    s.hench[pos] = max(0, s.hench[pos] - n)
    if s.log is not None:
        s.emit("henchman_damaged", f"{source} deals {n} damage to "
               f"{s.T.threat_henchman[s.threat[pos]]} → {s.hench[pos]} Health",
               location=pos, health=s.hench[pos])
    if s.hench[pos] == 0:
        clear_threat(s, pos)


def wild_left(s: UnitedState, pos: int) -> int:
    """The Wild symbols still to fill on the Threat at `pos` (any symbol fills one)."""
    return s.need[RING * 3 + pos] if s.T.wild_costs else 0


def fill_threat(s: UnitedState, pos: int, sym: int, source: str) -> None:
    """MU-18/MU-19: fill one symbol on the Threat here (its own kind first, else a Wild
    one); the last one clears it."""
    t = s.threat[pos]
    i = pos * 3 + sym
    if t < 0:
        return
    if s.need[i] <= 0:
        if not wild_left(s, pos):
            return
        i = RING * 3 + pos
    s.need[i] -= 1
    if s.log is not None:
        left = count(sum(s.need[pos * 3: pos * 3 + 3]) + wild_left(s, pos), "symbol")
        s.emit("threat_filled", f"{source} fills {article(SYMBOLS[sym].title())} on "
               f"{s.T.threat_name[t]} ({left} left)", location=pos, threat=t, symbol=SYMBOLS[sym])
    if s.need[pos * 3] + s.need[pos * 3 + 1] + s.need[pos * 3 + 2] + wild_left(s, pos) == 0:
        clear_threat(s, pos)


def clear_threat(s: UnitedState, pos: int) -> None:
    """MU-19: a cleared Threat uncovers the Location's effect and resolves its on-clear text."""
    t = s.threat[pos]
    s.threat[pos] = -1
    s.hench[pos] = 0
    s.need[pos * 3: pos * 3 + 3] = [0, 0, 0]
    if s.T.wild_costs:
        s.need[RING * 3 + pos] = 0
    if s.log is not None:
        s.emit("threat_cleared", f"{s.T.threat_name[t]} at {s.loc_name(pos)} is cleared",
               location=pos, threat=t)
    record(s, THREATS)  # (after the line: a Mission completes because of it)
    push_villain_effects(s, s.T.threat_clear[t], s.T.threat_name[t], pos)

"""Enemies a hero can hit: Thugs, Sentinels and the Villain (MU-18, DFP-A16, DFP-N2)."""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.united.state import PHASE_NIMROD, UnitedState

_SENTINEL_IDS = ("sentinel:0", "sentinel:1", "sentinel:2")
_NIMROD = {"enemy": "nimrod"}
_THUG = {"enemy": "thug"}


def enemies_at(s: UnitedState, pos: int, villains_only: bool = False) -> list[Option]:
    """Options for each enemy in a Location. `villains_only` leaves out Sentinels and Thugs
    (DFP-A11: Sentinels are not Villains or Henchmen for special effects)."""
    out: list[Option] = []
    if not villains_only:
        for sn, p in enumerate(s.s_loc):
            if p == pos:
                out.append(Option(_SENTINEL_IDS[sn], s.T.sentinel_names[sn],
                                  {"enemy": "sentinel", "sentinel": sn}))
    if s.phase == PHASE_NIMROD and s.n_loc == pos:
        out.append(Option("nimrod", "Nimrod", _NIMROD))
    if not villains_only and s.thug[pos]:
        out.append(Option("thug", "a Thug", _THUG))
    return out


def hit(s: UnitedState, h: int, data: dict, n: int = 1) -> None:
    """Deal `n` damage from hero `h` to the enemy described by an option's data."""
    kind = data["enemy"]
    if kind == "sentinel":
        damage_sentinel(s, data["sentinel"], n, s.hero_name(h))
    elif kind == "nimrod":
        damage_nimrod(s, n, s.hero_name(h))
    else:
        pos = s.hero_loc[h]
        k = min(n, s.thug[pos])
        s.thug[pos] -= k
        if s.log is not None:
            s.emit("thug_defeated", f"{s.hero_name(h)} defeats {k} Thug(s) in {s.loc_name(pos)}",
                   hero=h, location=pos, count=k)


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
    if s.log is not None:
        s.emit("sentinel_defeated", f"{s.sentinel_name(sn)} is defeated", sentinel=sn)


def damage_nimrod(s: UnitedState, n: int, source: str) -> None:
    """DFP-N2: Nimrod can be damaged as soon as he enters; at 0 Health the heroes win.
    DFP-D3: the first time he drops to the retreat value or less, he retreats at turn end."""
    s.n_hp = max(0, s.n_hp - n)
    if s.log is not None:
        s.emit("nimrod_damaged", f"{source} deals {n} damage to Nimrod → {s.n_hp} Health",
               amount=n, health=s.n_hp)
    if s.n_hp == 0:
        s.end("win", "Nimrod was defeated")
    elif s.retreat == 0 and s.n_hp <= s.T.retreat_at:
        s.retreat = 1


def fill_threat(s: UnitedState, pos: int, sym: int, source: str) -> None:
    """MU-18/MU-19: fill one symbol on the Threat here; the last one clears it."""
    t = s.threat[pos]
    i = pos * 3 + sym
    if t < 0 or s.need[i] <= 0:
        return
    s.need[i] -= 1
    if s.log is not None:
        s.emit("threat_filled", f"{source} fills a symbol on {s.T.threat_name[t]}",
               location=pos, threat=t)
    if s.need[pos * 3] + s.need[pos * 3 + 1] + s.need[pos * 3 + 2] == 0:
        clear_threat(s, pos)


def clear_threat(s: UnitedState, pos: int) -> None:
    """MU-19: a cleared Threat uncovers the Location's effect and resolves its on-clear text."""
    from multiverse.united.effects import push_villain_effects

    t = s.threat[pos]
    s.threat[pos] = -1
    if s.log is not None:
        s.emit("threat_cleared", f"{s.T.threat_name[t]} at {s.loc_name(pos)} is cleared",
               location=pos, threat=t)
    push_villain_effects(s, s.T.threat_clear[t], s.T.threat_name[t])

"""The damage pipeline (SOTM-13 … SOTM-15), destruction, incapacitation, flipping cards."""

from __future__ import annotations

from collections.abc import Callable

from multiverse.engine.decision import Option
from multiverse.sentinels import amounts, memory, triggers
from multiverse.sentinels.select import in_group
from multiverse.sentinels.state import LIVE_CMODS, LIVE_MODS, LIVE_RT, Z_HAND, Z_PLAY, SentinelsState, choice, step
from multiverse.sentinels.tables import (
    CHANGE_TYPE,
    DAMAGE_TYPES,
    DEALT,
    IMMUNE,
    REDIRECT,
    TAKEN,
    CMod,
    ModAmount,
)
from multiverse.sentinels.triggers import fire_on_card, fire_watchers, watching
from multiverse.sentinels.verbs import push_effect
from multiverse.sentinels.zones import flip, move, remove_from_game, to_trash


def active_modifiers(s: SentinelsState, zone: int = -1) -> list[tuple[CMod, int]]:
    """Every modifier in force, with the card it is read from: cards in play (each at the
    face it shows) and temporary modifiers of effects; with battle zones, only those of
    cards in `zone` (OBL-B1); a modifier with a condition only while it holds."""
    t = s.T
    table, face = t.cmods, s.face
    conds = t.mod_conds and (bool(s.live_get(t.cond_cards)) or bool(
        s.mods and t.step_if and [m for m in s.mods if m[0] in t.step_if]))
    if not conds and (zone < 0 or t.n_zones == 1):
        out = s.live_get(LIVE_CMODS)
        if s.mods:
            return out + [(t.step_cmod[sid], this) for sid, this, _hero, _dur, _o in s.mods]
        return out  # (kept: read, never changed)
    bz = s.bz
    if not conds:  # zones only (OblivAeon): the modifiers shown in `zone`
        out = []
        for p in s.live_get(LIVE_CMODS):
            c = p[1]
            if bz[c] == zone:
                out.append(p)
        if s.mods:
            out += [(t.step_cmod[sid], this) for sid, this, _hero, _dur, _o in s.mods
                    if this < 0 or bz[this] == zone]
        return out
    cards = s.live_get(LIVE_MODS)
    holds, cif = amounts.holds, t.cmod_if
    out = []
    for c in cards:
        f = face[c]
        ms = table[c][f]
        if not ms or (zone >= 0 and bz[c] != zone):
            continue
        for m, cond in zip(ms, cif[c][f], strict=True):
            if cond is None:
                out.append((m, c))
            elif type(cond) is ModAmount:  # an amount read now (a count)
                if cond.only_if is None or holds(s, cond.only_if, c, s.hero_of(c)):
                    out.append((cond.cmod(amounts.modifier_amount(s, cond, c)), c))
            elif holds(s, cond, c, s.hero_of(c)):
                out.append((m, c))
    for sid, this, hero, _dur, _o in s.mods:
        if zone >= 0 and this >= 0 and bz[this] != zone:
            continue
        cond = t.step_if.get(sid)
        if cond is None:
            out.append((t.step_cmod[sid], this))
        elif type(cond) is ModAmount:
            if cond.only_if is None or holds(s, cond.only_if, this, hero):
                out.append((cond.cmod(amounts.modifier_amount(s, cond, this)), this))
        elif holds(s, cond, this, hero):
            out.append((t.step_cmod[sid], this))
    return out


def retargeting(s: SentinelsState, mods: list[tuple[CMod, int]]) -> list[tuple[CMod, int]]:
    """Those of the modifiers in force `mods` that redirect damage or change its type
    (SOTM-14 steps 1 and 2), in the same order: in a one-zone game with no conditional
    modifier, the cards' from `live`, then the temporary ones."""
    t = s.T
    if t.mod_conds or t.n_zones > 1:
        return [p for p in mods if p[0][4] <= CHANGE_TYPE]
    out = s.live_get(LIVE_RT)
    if s.mods:
        out = out + [p for p in mods[len(mods) - len(s.mods):] if p[0][4] <= CHANGE_TYPE]
    return out


def heroes_lost(s: SentinelsState) -> bool:
    """SOTM-18: the heroes lose when every hero is incapacitated (checked between steps, so a
    villain defeated in the same step wins for the heroes)."""
    if s.T.dynamic:  # OblivAeon: incapacitated heroes are replaced until none is left
        for i in s.incap:
            if i != 2:  # a player still has a hero
                return s.result is not None
        s.end("loss", "every player is out of heroes")
        return True
    if all(s.incap):
        s.end("loss", "every hero is incapacitated")
        return True
    return False


def blocker(s: SentinelsState, kind: str, cid: int) -> str:
    """The name of the card putting `cid` under a "cannot …" modifier, "" if none."""
    if not s.T.blocks:
        return ""
    return next((s.T.name[c] for m, c in active_modifiers(s, s.bz[cid])
                 if m[0] == kind and in_group(s, m[2], cid, c)), "")


def blocked(s: SentinelsState, kind: str, cid: int) -> bool:
    """Is card `cid` under a "cannot …" modifier (cannot play cards, use powers, regain HP,
    be moved) of its battle zone?"""
    if not s.T.blocks:
        return False
    for m, c in active_modifiers(s, s.bz[cid]):  # noqa: SIM110 (compiled: no generator in a cpdef)
        if m[0] == kind and in_group(s, m[2], cid, c):
            return True
    return False


def immune_to(s: SentinelsState, src: int, tgt: int, dtype: int, seen: dict | None = None) -> str:
    """SOTM-14 read ahead for an option's label: the card making `tgt` immune to `dtype`
    damage from `src` (after the type changes in force), "" when none does (issue 21).
    `seen`: the immunities already read for this source and type, by battle zone (a caller
    labelling many targets passes one dict)."""
    t = s.T
    zone = s.bz[tgt] if t.n_zones > 1 else -1
    shields = seen.get(zone) if seen is not None else None
    if shields is None:
        shields = immunities(s, src, dtype, zone)
        if seen is not None:
            seen[zone] = shields
    for group, c in shields:
        if in_group(s, group, tgt, c):
            return t.name[c]
    return ""


def immunities(s: SentinelsState, src: int, dtype: int, zone: int) -> list[tuple[object, int]]:
    """The immunity modifiers in force in `zone` that `dtype` damage from `src` meets (after
    the type changes), in order: (the group they protect, the card they are read from)."""
    t = s.T
    mods = active_modifiers(s, zone)
    if not mods:
        return []
    if t.retargets:
        for (_k, _n, group, ty, code, _d, _sd, _by), c in retargeting(s, mods):
            if code == CHANGE_TYPE and ty >= 0 and src >= 0 and in_group(s, group, src, c):
                dtype = ty
    out = []
    for (_k, _n, group, ty, code, _d, _sides, by), c in mods:
        if code != IMMUNE or (ty >= 0 and ty != dtype):
            continue
        if by is not None and (src < 0 or not in_group(s, by, src, c)):
            continue
        out.append((group, c))
    return out


def count_turn_damage(s: SentinelsState, tgt: int, amount: int) -> None:
    """`turn_dmg[tgt] += amount` (the cards dealt damage this turn, state.py)."""
    dealt = s.turn_dmg
    dealt[tgt] = dealt.get(tgt, 0) + amount


def deal_damage(s: SentinelsState, src: int, tgt: int, amount: int, dtype: int, irreducible: bool,
                drain: int = -1, cross: bool = False, via: int = -1, vthis: int = -1) -> None:
    """SOTM-14: redirection, type changes, then the increases and reductions (the players
    order them when both kinds apply), then immunity; every modifier is noted (the notes
    are narration: without a log, a `damage_final` frame, which resolves at once, carries
    none; a `modify_damage` frame, which waits for the players, carries them all). `via`:
    the step (of card `vthis`'s text) that caps the damage or remembers it (`memory`)."""
    t = s.T
    if s.result is not None or s.zone[tgt] != Z_PLAY or not t.max_hp[tgt][s.face[tgt]]:
        return  # no target (SOTM-9)
    if t.n_zones > 1 and src >= 0 and s.bz[src] != s.bz[tgt] and not cross:
        return  # OBL-B1: nothing reaches the other battle zone unless its text says so
    mods = active_modifiers(s, s.bz[tgt] if t.n_zones > 1 else -1)
    if not mods:  # nothing in force: straight to the damage
        final_damage(s, src, tgt, amount, dtype, int(irreducible), drain, (), "", via, vthis)
        return  # (resolved at once: the frame would be the next one popped)
    names, side, face = t.name, t.side, s.face
    notes: list[str] = []
    if t.retargets:  # redirection (the first card that takes it), then type changes
        redirected = False
        for (_k, _n, group, ty, code, _d, _sd, _by), c in retargeting(s, mods):
            if code == REDIRECT:
                if not redirected and c != tgt and s.is_target(c) and in_group(s, group, tgt, c):
                    notes.insert(0, f"redirected to {names[c]}")
                    tgt = c
                    redirected = True
            elif code == CHANGE_TYPE and ty >= 0 and src >= 0 and in_group(s, group, src, c):
                dtype = ty
                notes.append(f"type changed to {DAMAGE_TYPES[ty]} by {names[c]}")
    deltas: list[tuple[int, str]] = []
    up = down = False
    immune = ""
    # the notes below are read by the log, and travel in a prevention's frame (so the state,
    # and its hash, hold them): written only when either may read them (a frame of ordered
    # modifiers carries them all, but irreducible damage is never ordered: it has no reduction)
    noted = s.log is not None or (t.watchers and watching(s, "would_be_dealt_damage"))
    src_side = side[src][face[src]] if src >= 0 else -1
    tgt_side = side[tgt][face[tgt]]
    for (_k, _n, group, ty, code, d, sides, by), c in mods:
        if ty >= 0 and ty != dtype and code != CHANGE_TYPE:
            continue
        if by is not None and (src < 0 or not in_group(s, by, src, c)):
            continue  # only damage dealt by cards of that group
        if code == DEALT:
            if src < 0:
                continue
            who, who_side = src, src_side
        elif code == TAKEN:
            who, who_side = tgt, tgt_side
        else:
            if code == IMMUNE and not immune and in_group(s, group, tgt, c):
                immune = names[c]  # read now: ordering cannot change who is immune
            continue
        if not (who_side in sides if sides is not None else in_group(s, group, who, c)):
            continue
        if d < 0 and irreducible:
            if noted:
                notes.append(f"irreducible: {names[c]}'s reduction ignored")
            continue
        deltas.append((d, names[c]))
        if d > 0:
            up = True
        elif d < 0:
            down = True
    if not (up and down):  # the order cannot matter: no one is asked
        for d, name in deltas:
            amount = max(0, amount + d)
            if noted:
                notes.append(f"{'+' if d > 0 else '-'}{abs(d)} ({name})")
        final_damage(s, src, tgt, amount, dtype, int(irreducible), drain, tuple(notes), immune,
                     via, vthis)
        return
    frame = ("modify_damage", src, tgt, amount, dtype, int(irreducible), drain,
             tuple(deltas), tuple(notes), immune)
    s.stack.append(frame if via < 0 else (*frame, via, vthis))


_APPLY_ALL = [Option("all", "apply", {"i": -1})]


def _sign_mixed(deltas: tuple) -> bool:
    return any(d > 0 for d, _ in deltas) and any(d < 0 for d, _ in deltas)


def _order_options(s: SentinelsState, f: tuple) -> tuple:
    tgt, amount, deltas = f[2], f[3], f[7]
    if not _sign_mixed(deltas):  # order cannot matter: apply them all (a forced choice)
        return 0, "", _APPLY_ALL
    seat = s.seat(s.owner_of(tgt))
    keys = _MOD_KEYS if len(deltas) <= len(_MOD_KEYS) else _mod_keys(len(deltas))
    return (seat, (_order_prompt, amount, DAMAGE_TYPES[f[4]], s.T.name[tgt]),
            [Option(keys[i][0], (_mod_label, d, name), keys[i][1])
             for i, (d, name) in enumerate(deltas)])


def _mod_keys(n: int) -> list[tuple[str, dict[str, int]]]:
    """The ids and data of "this modifier next" options (built once for the usual counts)."""
    return [(f"mod:{i}", {"i": i}) for i in range(n)]


_MOD_KEYS = _mod_keys(12)


def _order_prompt(amount: int, kind: str, name: str) -> str:
    """The type is named, never the source: the heuristic reads hero names in this prompt."""
    return f"{amount} {kind} damage to {name}: which modifier applies next?"


def _mod_label(d: int, name: str) -> str:
    return f"{'+' if d > 0 else '-'}{abs(d)} from {name}"


@choice("modify_damage", _order_options)
def apply_modifiers(s: SentinelsState, f: tuple, opt: Option) -> None:
    """SOTM-14 step 3: increases and reductions in the order the players choose; the
    amount never drops below 0 along the way, so the order can change the result."""
    _, src, tgt, amount, dtype, irr, drain, deltas, notes, immune = f[:10]
    via = f[10:]  # (the step carrying the damage's result, and its card: `deal_damage`)
    i = opt.data["i"]
    if i < 0:
        applied = list(deltas)
        rest: tuple = ()
    else:
        applied = [deltas[i]]
        rest = deltas[:i] + deltas[i + 1:]
    for d, name in applied:
        amount = max(0, amount + d)
        notes = (*notes, f"{'+' if d > 0 else '-'}{abs(d)} ({name})")
    if rest:
        s.stack.append(("modify_damage", src, tgt, amount, dtype, irr, drain, rest, notes, immune,
                        *via))
    else:
        s.stack.append(("damage_final", src, tgt, amount, dtype, irr, drain, notes, immune, *via))


@step("damage_final")
def damage_final(s: SentinelsState, f: tuple) -> None:
    """SOTM-14 step 4 and 5, after the players ordered the modifiers."""
    final_damage(s, *f[1:])


def final_damage(s: SentinelsState, src: int, tgt: int, amount: int, dtype: int, irr: int,
                 drain: int, notes: tuple, immune: str, via: int = -1, vthis: int = -1,
                 declined: tuple = ()) -> None:
    """SOTM-14 step 4 and 5: immunity and prevention (SOTM-15: these stop irreducible damage
    too: a card that "would be dealt damage" may have it prevented, `triggers.prevent_damage`;
    `declined`: the optional preventions its players turned down); 0 or less is no damage
    and triggers nothing. A step carrying its result (`via`) caps the amount dealt and
    remembers it."""
    t = s.T
    if s.zone[tgt] != Z_PLAY or not t.max_hp[tgt][s.face[tgt]]:  # no longer a target
        return
    if immune:
        notes = (*notes, f"prevented: immune ({immune})")
        amount = 0
    elif amount > 0 and t.watchers and watching(s, "would_be_dealt_damage") \
            and triggers.prevent_damage(s, src, tgt, amount, (dtype, irr, drain, notes, via, vthis),
                                        declined):
        return
    if via >= 0:
        amount = memory.carried(s, via, vthis, tgt, amount)
    if amount <= 0:
        if s.log is not None:
            src_name = (f"Zone {s.bz[tgt] + 1}: " if s.T.n_zones > 1 else "") + (s.name(src) if src >= 0 else "Damage")
            kind = DAMAGE_TYPES[dtype]
            s.emit("damage", f"{src_name} deals {s.name(tgt)} no damage"
                   + (f" ({'; '.join(notes)})" if notes else ""), source=src, target=tgt,
                   amount=0, type=kind, irreducible=bool(irr), modifiers=list(notes))
        return
    s.hp[tgt] -= amount
    if t.track_dmg:  # "dealt N or more damage this turn" (state.py's "this turn" facts)
        count_turn_damage(s, tgt, amount)
    if s.log is not None:
        src_name = (f"Zone {s.bz[tgt] + 1}: " if s.T.n_zones > 1 else "") + (s.name(src) if src >= 0 else "Damage")
        kind = DAMAGE_TYPES[dtype]
        extra = ([*notes] + (["irreducible"] if irr else []))
        s.emit("damage", f"{src_name} deals {s.name(tgt)} {amount} {kind} damage"
               + (f" ({'; '.join(extra)})" if extra else "") + f" → {s.hp[tgt]} HP",
               source=src, target=tgt, amount=amount, type=kind, irreducible=bool(irr),
               modifiers=list(notes), hp=s.hp[tgt])
    if drain >= 0:
        s.stack.append(("regain", s.char[drain], amount))
    table, face = t.triggers, s.face
    if table[tgt][face[tgt]]:
        fire_on_card(s, "dealt_damage", tgt, src)
    if src >= 0 and table[src][face[src]]:
        fire_on_card(s, "deals_damage", src, tgt)
    if t.watchers and watching(s, "card_dealt_damage"):  # cards watching this one
        fire_watchers(s, "card_dealt_damage", tgt, src)
    if s.hp[tgt] <= 0:  # SOTM-9: destroyed at once, before any reaction (or choice) resolves
        s.stack.append(("check_destroyed", tgt, src))


@step("regain")
def regain(s: SentinelsState, f: tuple) -> None:
    heal(s, f[1], f[2])


def heal(s: SentinelsState, cid: int, n: int) -> None:
    """SOTM-9: HP is regained up to the maximum, never above (nor by a target that cannot
    regain HP)."""
    if not s.is_target(cid) or n <= 0 or blocked(s, "cannot_regain_hp", cid):
        return
    full = s.T.max_hp[cid][s.face[cid]]
    old = s.hp[cid]
    s.hp[cid] = min(full, old + n)
    if s.log is not None and s.hp[cid] != old:
        s.emit("heal", f"{s.name(cid)} regains {s.hp[cid] - old} HP → {s.hp[cid]}", target=cid,
               amount=s.hp[cid] - old, hp=s.hp[cid])


@step("check_destroyed")
def check_destroyed(s: SentinelsState, f: tuple) -> None:
    """SOTM-9: a target at 0 HP or less is destroyed unless indestructible (by the card
    whose damage or text brought it there, when the frame names one)."""
    cid = f[1]
    if s.zone[cid] == Z_PLAY and s.hp[cid] <= 0:
        destroy(s, cid, f[2] if len(f) > 2 else -1)


def destroy(s: SentinelsState, cid: int, by: int = -1) -> None:
    """SOTM-11: destroy a card in play; SOTM-10: indestructible cards survive; SOTM-17 a hero
    character is incapacitated; SOTM-18 the villain character flips or is defeated. `by`:
    the card whose text or damage destroyed it (-1: none), which its `destroyed` reactions
    and `card_destroyed` watchers read (`by`, `react_to: source`)."""
    t = s.T
    if s.zone[cid] != Z_PLAY:
        return
    if t.hero_char[cid] >= 0:
        h = s.hero_of(cid)
        if h < 0:
            return
        lead = s.char[h]
        team = t.team.get(lead)
        if team is None:
            if cid == lead:
                incapacitate(s, h)
            return
        if cid == lead or cid in team:
            team_member_down(s, h, cid, (lead, *team))
        return
    if cid == t.villain_character:
        villain_down(s)
        return
    if t.indestructible[cid]:
        return
    s.turn_destroyed += 1  # ("this turn": a destroyed card, SOTM-11)
    if cid in t.scions:  # a Scion panel (a villain character card, OBL-C4)
        zero = t.scion_zero.get(cid)
        fx = zero[s.face[cid]] if zero is not None else ()
        if fx:  # SOTM-18: the panel says what it does instead (flip to another face, …)
            s.stack.append(("scion_down", cid))
            push_effect(s, fx, cid, -1, -1)
            return
        scion_defeated(s, cid)
        return
    to_trash(s, cid)
    if s.log is not None:
        s.emit("destroyed", f"{s.name(cid)} is destroyed", card=cid, by=by)
    fire_on_card(s, "destroyed", cid, by)
    if t.watchers:
        fire_watchers(s, "card_destroyed", cid, by)


@step("scion_down")
def scion_down(s: SentinelsState, f: tuple) -> None:
    """After a Scion's 0-HP text has resolved: a Scion still a target at 0 HP or less (its
    text did not save it) is defeated after all."""
    cid = f[1]
    if s.is_target(cid) and s.hp[cid] <= 0:
        scion_defeated(s, cid)


def scion_defeated(s: SentinelsState, cid: int) -> None:
    """A defeated Scion leaves the game (the default where its panel says nothing else;
    OBL-B3 removes 1 Devastation token as it goes)."""
    if s.log is not None:
        s.emit("destroyed", f"{s.name(cid)} is defeated", card=cid)
    remove_from_game(s, cid)


def team_member_down(s: SentinelsState, h: int, cid: int, members: tuple[int, ...]) -> None:
    """OBL-C24: one character card of a team falls (it flips; no longer a target); the hero
    is incapacitated only once all have. A card of the hero's that reacts to the whole team
    falling (`team_down`) resolves first, and may stand them up again."""
    t = s.T
    if s.face[cid] == 0:
        hp = s.hp[cid]
        flip(s, cid, t.n_faces[cid] - 1)
        s.hp[cid] = min(hp, 0)
        if s.log is not None:
            s.emit("team_member_down", f"{s.name(cid)} is incapacitated", hero=h, card=cid)
    if any(s.face[m] == 0 for m in members):
        return
    s.stack.append(("team_down", h))
    for c in s.play[h]:
        for on, _w, fx in t.triggers[c][s.face[c]]:
            if on == "team_down":
                push_effect(s, fx, c, h, -1)


@step("team_down")
def team_down(s: SentinelsState, f: tuple) -> None:
    """OBL-C24: the whole team is down (still, after its reactions): the hero is
    incapacitated (once: one Devastation token in OblivAeon)."""
    h = f[1]
    lead = s.char[h]
    members = (lead, *s.T.team.get(lead, ()))
    if not s.incap[h] and all(s.face[m] != 0 for m in members):
        incapacitate(s, h)


def revive_team(s: SentinelsState, h: int, hp: int) -> None:
    """Every character card of hero `h`'s team stands again at `hp` HP (never above its
    printed HP), if the hero is not yet incapacitated."""
    if h < 0 or s.incap[h]:
        return
    lead = s.char[h]
    for m in (lead, *s.T.team.get(lead, ())):
        if s.zone[m] == Z_PLAY and s.face[m] != 0:
            flip(s, m, 0)
            s.hp[m] = max(1, min(hp, s.T.max_hp[m][0]))
            if s.log is not None:
                s.emit("revived", f"{s.name(m)} stands again at {s.hp[m]} HP", card=m)


INCAPACITATE_HOOKS: dict[str, Callable[[SentinelsState, int], None]] = {}


def incapacitate(s: SentinelsState, h: int) -> None:
    """SOTM-17: the character flips to its incapacitated face (no HP: no longer a target);
    all the hero's cards leave play. A mode may add to this (OBL-I1 … I4)."""
    if s.incap[h]:
        return
    s.incap[h] = 1
    char = s.char[h]
    if s.log is not None:
        s.emit("incapacitated", f"{s.oname(h)} is incapacitated", hero=h)
    hp = s.hp[char]
    flip(s, char, s.T.n_faces[char] - 1)
    s.hp[char] = min(hp, 0)  # SOTM-9: kept signed (an incapacitated hero has no HP above 0)
    s.mods = [m for m in s.mods if m[2] != h]
    hook = INCAPACITATE_HOOKS.get(s.T.config.mode)
    if hook is not None:
        hook(s, h)
    else:
        for c in list(s.play[h]):
            if s.T.hero_char[c] < 0:  # (a team's other character cards stay, OBL-C24)
                to_trash(s, c)
        if s.T.play_areas:  # its cards in other play areas (`play_area`) leave play too
            for c in [c for c in s.inplay if s.home[c] != h and s.hero_of(c) == h
                      and s.T.hero_char[c] < 0]:
                to_trash(s, c)
    if s.T.watchers.get("hero_incapacitated"):
        fire_watchers(s, "hero_incapacitated", char)


def villain_down(s: SentinelsState) -> None:
    """SOTM-18: at 0 HP the villain character flips to its next face if it has one (a face
    that does not restore HP leaves it at 0 or less: it goes down again), else it is
    defeated."""
    vc = s.T.villain_character
    if s.face[vc] + 1 < s.T.n_faces[vc]:
        flip_card(s, vc, s.face[vc] + 1)
        if s.hp[vc] <= 0:
            s.stack.append(("check_destroyed", vc))
        return
    if s.T.usurp_faces and amounts.usurped(s):  # OBL-C22: a Scion has taken his place
        if s.log is not None:
            s.emit("villain_defeated", f"{s.name(vc)} falls, but a usurper holds his power: "
                   "defeat the usurper to win", card=vc)
        return
    s.end("win", f"{s.name(vc)} is defeated")


def flip_card(s: SentinelsState, cid: int, face: int = -1) -> None:
    """Flip a card to `face` (-1: its next), then resolve that face's flip text while the
    card is in play (OBL-C11 HP, OBL-C14 tokens: `zones.flip`)."""
    t = s.T
    if not flip(s, cid, face):
        return
    f = s.face[cid]
    if s.zone[cid] != Z_PLAY:
        return
    if s.log is not None:
        hp = f" → {s.hp[cid]} HP" if t.max_hp[cid][f] else ""
        label = t.face_name[cid][f]
        shown = f" ({label})" if label != t.name[cid] else ""
        s.emit("villain_flips" if cid == t.villain_character else "flipped",
               f"{s.name(cid)} flips!{shown}{hp}", card=cid, face=f)
    push_effect(s, t.flip_fx[cid][f], cid, s.hero_of(cid), -1)
    if cid in t.missions and f == 1:
        completed(s, cid)


def completed(s: SentinelsState, cid: int) -> None:
    """OBL-M2: a completed objective shows its reward, a card of the hero whose play area it
    is in (OBL-C8); a one-shot reward goes to that hero's hand (a decision where the seed
    is silent)."""
    t = s.T
    h = s.home[cid]
    if s.log is not None:
        s.emit("objective_completed", f"{s.name(cid)} is completed: {t.face_name[cid][1]} is "
               f"{s.oname(h)}'s reward" if h < t.n_heroes else f"{s.name(cid)} is completed",
               card=cid)
    if h < t.n_heroes and t.kind[cid][1] == 0:
        move(s, cid, Z_HAND, home=h)
    if t.watchers.get("mission_completed"):  # Shields and others watching Missions
        fire_watchers(s, "mission_completed", cid)


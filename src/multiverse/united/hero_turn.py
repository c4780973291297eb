"""The hero turn (MU-16 … MU-20): draw, play a card, resolve actions, Location effect."""

from __future__ import annotations

from multiverse.content.schema import LOCATION_VILLAIN_VERBS
from multiverse.engine.decision import Option
from multiverse.engine.words import article
from multiverse.united.board import RING, move_hero
from multiverse.united.cardtext import card_option, effect_text, special_effect_label
from multiverse.united.damage import draw
from multiverse.united.dofp.challenge import release
from multiverse.united.enemies import enemies_at, fill_threat, hit, wild_left
from multiverse.united.hooks import fire, hooked
from multiverse.united.protection import (
    NEXT_TURN,
    attack_damage,
    bonus_here,
    expire,
    immune,
    lasting_total,
)
from multiverse.united.standard.missions import RESCUE, record
from multiverse.united.state import NOW_ACTIONS, UnitedState, choice, push, step
from multiverse.united.storyline import last_hero_cards, symbols_of
from multiverse.united.tables import ATTACK, HEROIC, MOVE, SYMBOLS, WILD, Tables
from multiverse.united.verbs import push_hero_effects, push_villain_effects
from multiverse.united.vocab.components import team_options, use_team_card
from multiverse.united.vocab.lasting import (
    also_from,
    bring_along,
    heroic_reach,
    move_reach_targets,
    ranged_heroic,
    ranged_heroic_options,
)
from multiverse.united.vocab.parts import duplicate_options, free_move
from multiverse.united.vocab.turn import (
    ATTACK_RANGE,
    come_back,
    more_fills,
    ranged_attack,
    ranged_attack_options,
)


@step("hero_turn")
def start_hero_turn(s: UnitedState, f: tuple) -> None:
    """MU-16: draw 1 (MU-22: a KO'd hero stands up and draws 4); no cards at all loses.
    Lasting text waiting for the start of the turn (`turn_starts`) resolves before the draw:
    the frame comes back as ("hero_turn", 1) for the rest."""
    h = s.active
    if len(f) == 1 or f[1] == "back":  # "back": after coming back elsewhere (vocab/turn.py)
        if len(f) == 1:
            s.ovf = 0  # MU-12: the once-per-Location limit was the Villain turn's (or activation's)
            s.now = [0, 0, 0, 0]  # this turn's tally starts again (counts group)
            if s.out[h]:
                s.stack.append(("next_turn",))
                return
            if s.log is not None:
                s.emit("turn", f"— {s.hero_name(h)}'s turn (round {s.round}) —", hero=h, round=s.round)
        if s.protect:
            if come_back(s, h):
                return
            expire(s, NEXT_TURN, h)
        if not s.hand[h] and not s.deck[h]:
            s.end("loss", f"{s.hero_name(h)} started a turn with no cards")
            return
        if s.T.hooks and hooked(s, "turn_starts"):
            s.stack.append(("hero_turn", 1))
            fire(s, "turn_starts", h)
            return
    if s.ko[h]:
        s.ko[h] = 0
        k = draw(s, h, s.T.config.ko_draw)
        if s.log is not None:
            s.emit("stand_up", f"{s.hero_name(h)} stands up and draws {k}", hero=h, count=k)
    else:
        k = draw(s, h, 1)
        if s.log is not None:
            s.emit("draw", f"{s.hero_name(h)} draws {k}", hero=h, count=k)
    s.pool = [0, 0, 0, 0]
    s.fx_card = -1
    if s.T.hooks:
        push(s, *turn_frames(s, h))
    else:
        push(s, ("play_card",), ("resolve_actions",), ("location_effect",), ("end_of_turn",))


def turn_frames(s: UnitedState, h: int) -> list[tuple]:
    """MU-17 … MU-20: the steps of hero `h`'s turn after the draw (with `turn_ends` lasting
    text, its hook point between the Location effect and the end of the turn)."""
    if s.T.hooks and hooked(s, "turn_ends"):
        return [("play_card",), ("resolve_actions",), ("location_effect",),
                ("hook", "turn_ends", h), ("end_of_turn",)]
    return [("play_card",), ("resolve_actions",), ("location_effect",), ("end_of_turn",)]


def _play_options(s: UnitedState, f: tuple) -> tuple:
    h = s.active
    t = s.T
    kept = t.kept
    opts = [kept.get(("card", c)) or card_option(t, c) for c in s.hand[h]]
    return t.seats[h], (_play_prompt, t.hero_names[h]), opts


def _play_prompt(hero: str) -> str:
    return f"{hero}: play which card?"


@choice("play_card", _play_options)
def play_card(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-17: the card goes face up at the end of the Storyline; its symbols and those of
    the previous Hero card (skipping Master Plan cards; facedown gives none) are usable."""
    h, c = s.active, opt.data["card"]
    prev = last_hero_cards(s, 1)
    s.hand[h].remove(c)
    s.story.append(c)
    s.since += 1
    s.pool = symbols_of(s, [c, *prev])
    s.fx_card = c if s.T.card_fx[c] else -1
    if s.log is not None:
        s.emit("play", f"{s.hero_name(h)} plays {s.T.card_name[c]}", hero=h, card=c)


def _source(s: UnitedState, h: int, sym: int) -> int:
    """Which resource pays for an action, cheapest first: the card symbol, a Wild symbol,
    an action token of that kind, a Wild token (MU-5, MU-17). -1 when none."""
    if s.pool[sym]:
        return 0
    if s.protect:  # the owner's `symbols_also_count`: another kind of symbol pays (4 + kind)
        k = also_from(s, h, sym)
        if k >= 0:
            return 4 + k
    if s.pool[WILD]:
        return 1
    if s.tokens[h * 4 + sym]:
        return 2
    if s.tokens[h * 4 + WILD]:
        return 3
    return -1


_PAID = ("symbol", "Wild symbol", "token", "Wild token",
         *(f"{x.title()} symbol" for x in SYMBOLS))  # 4 + kind: `symbols_also_count`


def spend(s: UnitedState, h: int, sym: int, src: int | None = None) -> None:
    if src is None:
        src = _source(s, h, sym)
    if src == 0:
        s.pool[sym] -= 1
    elif src >= 4:  # a symbol of another kind that also counts as this one
        s.pool[src - 4] -= 1
    elif src == 1:
        s.pool[WILD] -= 1
    elif src == 2:
        s.tokens[h * 4 + sym] -= 1
    else:
        s.tokens[h * 4 + WILD] -= 1


def _label(fmt: str, *args: object) -> str:
    return fmt.format(*args)


def _token_twin(s: UnitedState, h: int, sym: int, src: int, opts: list[Option],
                key: tuple | int | None = None) -> None:
    """MU-5: when a Wild symbol would pay but the hero also holds a token of that kind, the
    player may spend the token instead and keep the Wild symbol (the one choice of payment
    that is not dominated). The twin of the last option pays with the token (a kept option's
    twin is kept under `_twin_key(key)`, made with it while its label is unformatted)."""
    if src == 1 and s.tokens[h * 4 + sym]:
        opts.append(_twin(opts[-1]) if key is None else s.T.kept[_twin_key(key)])


def _twin(o: Option) -> Option:
    return Option(f"{o.id}/token", (*o._label[:-1], _PAID[2]), {**o.data, "pay": 2})


# A kept action option's key: a tuple ending with what pays (`_source`), or, for the actions
# named by small numbers, one int (`_action_key`: a dict reads an int key faster than a
# tuple's); its token twin's key is `_twin_key(key)`.
_MOVE_KEY, _RESCUE_KEY, _FILL_KEY = 1, 2, 3


def _action_key(kind: int, a: int, b: int, src: int) -> int:
    """The int key of a kept move (Location place, Location), rescue or fill (symbol,
    Threat) option paid by `src` (0 … 7): distinct for Location and Threat indexes below
    2**20 (a pack holds a few dozen)."""
    return ((a * 1048576 + b) * 16 + src) * 4 + kind


def _twin_key(key: tuple | int) -> tuple | int:
    return -key if type(key) is int else ("twin", *key)


def _keep(t: Tables, key: tuple | int, o: Option) -> Option:
    """Keep option `o` under `key` (and its token twin, when a Wild symbol pays for it)."""
    t.kept[key] = o
    pays = (key >> 2) % 16 if type(key) is int else key[-1]
    if pays == 1:  # a Wild symbol
        t.kept[_twin_key(key)] = _twin(o)
    return o


def action_options(s: UnitedState, h: int) -> list[Option]:
    """MU-18: every action the hero can take now, each naming what pays for it."""
    if s.grab == h:
        return grabbed_options(s, h)
    if s.protect and s.away(h):  # off the board for a while: no more actions this turn
        return [Option("end", "End actions (off the board)", _END)]
    pos = s.hero_loc[h]
    t = s.T
    kept = t.kept  # options that depend only on their key, made once per game content
    opts: list[Option] = []
    srcs = (_source(s, h, MOVE), _source(s, h, ATTACK), _source(s, h, HEROIC))  # (by symbol)
    src = srcs[MOVE]
    if src >= 0:
        for p in (move_reach_targets(s, h, pos) if s.protect else ((pos - 1) % RING, (pos + 1) % RING)):
            key = _action_key(_MOVE_KEY, p, s.locs[p], src)
            o = kept.get(key)
            if o is None:
                o = _keep(t, key, Option(f"move:{p}", (_label, "Move to {} ({})", t.loc_name[s.locs[p]],
                                                       _PAID[src]), {"action": "move", "location": p}))
            opts.append(o)
            if src == 1:
                _token_twin(s, h, MOVE, src, opts, key)
    src = srcs[ATTACK]
    if src >= 0:
        for e in enemies_at(s, pos):
            name = e.label + (" (immune)" if s.protect and e.data["enemy"] != "thug"
                              and immune(s, h, e.data, -1) else "")  # issue 21: marked
            key = ("attack", e.id, name, src)
            o = kept.get(key)
            if o is None:
                o = _keep(t, key, Option(f"attack:{e.id}", (_label, "Attack {} ({})", name, _PAID[src]),
                                         {"action": "attack", **(e.data or {})}))
            opts.append(o)
            if src == 1:
                _token_twin(s, h, ATTACK, src, opts, key)
        if s.protect and lasting_total(s, ATTACK_RANGE, h):  # the owner's `attack_range`
            for o in ranged_attack_options(s, h, _label, _PAID[src]):
                opts.append(o)
                _token_twin(s, h, ATTACK, src, opts)
    src = srcs[HEROIC]
    if src >= 0 and s.civ[pos]:
        key = _action_key(_RESCUE_KEY, 0, 0, src)
        opts.append(kept.get(key) or _keep(t, key, Option(
            "rescue", (_label, "Rescue a Civilian ({})", _PAID[src]), {"action": "rescue"})))
        if src == 1:
            _token_twin(s, h, HEROIC, src, opts, key)
    if src >= 0 and s.protect and heroic_reach(s, h):  # the owner's `heroic_range`
        for o in ranged_heroic_options(s, h, _label, _PAID[src]):
            opts.append(o)
            _token_twin(s, h, HEROIC, src, opts)
    th = s.threat[pos]
    if th >= 0:
        for sym in (MOVE, ATTACK, HEROIC):
            if s.need[pos * 3 + sym] or wild_left(s, pos):
                src = srcs[sym]
                if src >= 0:
                    key = _action_key(_FILL_KEY, sym, th, src)
                    o = kept.get(key)
                    if o is None:
                        o = _keep(t, key, Option(
                            _FILL_IDS[sym], (_label, "Fill {} on {} ({})", _FILL_WORDS[sym],
                                             t.threat_name[th], _PAID[src]),
                            {"action": "fill", "symbol": sym}))
                    opts.append(o)
                    if src == 1:
                        _token_twin(s, h, sym, src, opts, key)
    if h in t.duplicates:  # a duplicate's clones act for it (vocab/parts.py)
        for sym, o in duplicate_options(s, h, _label, {k: _PAID[_source(s, h, k)] for k in (ATTACK, HEROIC)
                                                       if _source(s, h, k) >= 0}):
            opts.append(o)
            _token_twin(s, h, sym, _source(s, h, sym), opts)
    if t.team_name:  # a team card: a free choice among the actions, once per round
        opts += team_options(s, h)
    if s.fx_card >= 0:
        c = s.fx_card
        why = futile(s, h, t.card_fx[c])  # MU-17: it must resolve; say when it does nothing
        opts.append(Option("effect", (_futile_label, t.card_name[c], t.card_fx[c], why)
                           if why else (special_effect_label, t.card_name[c], t.card_fx[c]),
                           _EFFECT))
        if t.card_optional[c]:  # "you may": actions can end before it resolves
            opts.append(Option("end", "End actions (leave the Special Effect)", _END))
    else:
        opts.append(_END_ACTIONS)
    return opts


_FILL_IDS = tuple(f"fill:{x}" for x in SYMBOLS)
_FILL_WORDS = tuple(article(x.title()) for x in SYMBOLS)  # "an Attack", "a Move"
_EFFECT = {"action": "effect"}
_NOT_ACTIONS = frozenset({"effect", "team"})  # a Special Effect or a team card is no action
_END = {"action": "end"}
_END_ACTIONS = Option("end", "End actions", _END)


def grabbed_options(s: UnitedState, h: int) -> list[Option]:
    """DFP-C11: a grabbed hero can do nothing until they spend a Move to escape (they stay
    in the same Location); without a Move they can only end their actions."""
    opts: list[Option] = []
    src = _source(s, h, MOVE)
    if src >= 0:
        opts.append(Option("escape", (_label, "Escape the grip ({})", _PAID[src]),
                           {"action": "escape"}))
        _token_twin(s, h, MOVE, src, opts)
    opts.append(Option("end", "End actions (still held)", _END))
    return opts


def _actions_prompt(hero: str, pool: tuple[int, ...]) -> str:
    left = ", ".join(f"{pool[i]} {SYMBOLS[i]}" for i in range(4) if pool[i]) or "no symbols"
    return f"{hero}: resolve actions ({left} left)"


def _actions_options(s: UnitedState, f: tuple) -> tuple:
    h = s.active
    return s.T.seats[h], (_actions_prompt, s.T.hero_names[h], tuple(s.pool)), action_options(s, h)


@choice("resolve_actions", _actions_options)
def resolve_action(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-17/MU-18: take one action (or the Special Effect), then choose again."""
    h = s.active
    d = opt.data
    a = d["action"]
    if a == "end":
        if s.log is not None and any(s.pool):
            _unused(s, h)
        s.pool = [0, 0, 0, 0]  # MU-17: unused symbols are lost as the actions end
        return
    s.stack.append(("resolve_actions",))
    if a not in _NOT_ACTIONS:
        s.now[NOW_ACTIONS] += 1  # "each action you took this turn" (counts group)
        if s.T.hooks and hooked(s, "hero_action"):
            s.stack.append(("hook", "hero_action", h))  # after the action and what it sets off
    if a == "effect":
        c = s.fx_card
        s.fx_card = -1
        if s.log is not None:
            s.emit("special_effect", f"{s.hero_name(h)} resolves the Special Effect of "
                   f"{s.T.card_name[c]}: {effect_text(s.T.card_fx[c])}", hero=h, card=c)
        push_hero_effects(s, h, s.T.card_fx[c], s.T.card_name[c])
    elif a == "move":
        spend(s, h, MOVE, d.get("pay"))
        before = s.hero_loc[h]
        move_hero(s, h, d["location"])
        if s.protect:  # the owner's `move_with_hero`: one hero may come along
            bring_along(s, h, before)
        if s.T.free_move:  # a free-move marker (vocab/parts.py)
            free_move(s, h, before)
    elif a == "attack":
        spend(s, h, ATTACK, d.get("pay"))
        hit(s, h, d, attack_damage(s, h, d) if s.protect or bonus_here(s, h) else 1)
    elif a == "ranged_heroic":  # the owner's `heroic_range`
        spend(s, h, HEROIC, d.get("pay"))
        ranged_heroic(s, h, d)
    elif a == "ranged_attack":
        spend(s, h, ATTACK, d.get("pay"))
        ranged_attack(s, h, d)
    elif a == "team":
        use_team_card(s, h, d["team"])
    elif a == "escape":
        spend(s, h, MOVE, d.get("pay"))
        release(s)
    elif a == "rescue":
        spend(s, h, HEROIC, d.get("pay"))
        pos = d.get("location", s.hero_loc[h])  # a duplicate's clone's Location (vocab/parts.py)
        s.civ[pos] -= 1
        if s.log is not None:
            s.emit("rescue", f"{s.hero_name(h)} rescues a Civilian in {s.loc_name(pos)}",
                   hero=h, location=pos)
        record(s, RESCUE)  # (after the line: a Mission completes because of it)
    elif a == "fill":
        spend(s, h, d["symbol"], d.get("pay"))
        fill_threat(s, s.hero_loc[h], d["symbol"], s.hero_name(h))
        if s.protect:  # the owner's `extra_fill`
            more_fills(s, h, s.hero_loc[h], d["symbol"])


def futile(s: UnitedState, h: int, fx: tuple) -> str:
    """Why an effect would do nothing for hero `h` now ("" when it may do something): each
    step is "up to" Thugs, Civilians or cards where there are none (issue 21: nothing
    offered that cannot work)."""
    pos = s.hero_loc[h]
    why = []
    for one in fx:
        if one[0] == "defeat_thugs" and not s.thug[pos]:
            why.append(f"no Thug in {s.loc_name(pos)}")
        elif one[0] == "rescue" and not s.civ[pos]:
            why.append(f"no Civilian in {s.loc_name(pos)}")
        elif one[0] == "draw" and not s.deck[h]:
            why.append(f"{s.hero_name(h)}'s deck is empty")
        else:
            return ""
    return ", ".join(dict.fromkeys(why))


def _unused(s: UnitedState, h: int) -> None:
    """MU-17: the symbols left as the actions end are lost; said with why, when no action
    could use them (issue 21: why the action phase ended)."""
    pos = s.hero_loc[h]
    why = []
    if s.pool[ATTACK] and not enemies_at(s, pos):
        why.append(f"no enemy in {s.loc_name(pos)}")
    if s.pool[HEROIC] and not s.civ[pos] and s.threat[pos] < 0:
        why.append(f"no Civilian or Threat in {s.loc_name(pos)}")
    left = ", ".join(f"{n} {SYMBOLS[i].title()}" for i, n in enumerate(s.pool) if n)
    s.emit("symbols_lost", f"{s.hero_name(h)} ends the actions: {left} unused, lost"
           + (f" ({'; '.join(why)})" if why else ""), hero=h)


def _futile_label(name: str, fx: tuple, why: str) -> str:
    return f"{special_effect_label(name, fx)} (does nothing now: {why})"


def _location_options(s: UnitedState, f: tuple) -> tuple:
    h = s.active
    pos = s.hero_loc[h]
    li = s.locs[pos]
    if s.threat[pos] >= 0 or not s.T.loc_fx[li] or not s.in_play(h) or s.grab == h:
        return s.seat(h), "", []
    why = futile(s, h, s.T.loc_fx[li])
    if why:  # MU-20: an effect that can do nothing is not offered
        if s.log is not None:
            s.emit("location_nothing", f"{s.T.loc_name[li]}'s effect "
                   f"({_mandatory(s, li)}) does nothing for {s.hero_name(h)}: {why}",
                   hero=h, location=pos)
        return s.seat(h), "", []
    use = Option("use", (_location_label, s.T.loc_name[li], s.T.loc_fx[li]), {"use": True})
    if s.T.loc_mandatory[li]:
        return s.seat(h), "", [use]
    return s.seat(h), f"{s.hero_name(h)}: use the Location effect?", [
        use, Option("skip", "Skip it", {"use": False})]


def _mandatory(s: UnitedState, li: int) -> str:
    return "mandatory" if s.T.loc_mandatory[li] else "optional"


def _location_label(name: str, fx: tuple) -> str:
    return f"Use the effect of {name}: {effect_text(fx)}"


@choice("location_effect", _location_options)
def resolve_location_effect(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-20: with no Threat covering it, the Location's effect may (or must) be used."""
    if opt.data["use"]:
        h = s.active
        pos = s.hero_loc[h]
        li = s.locs[pos]
        if s.log is not None:
            s.emit("location_effect", f"{s.hero_name(h)} uses the effect of {s.T.loc_name[li]} "
                   f"({_mandatory(s, li)}): {effect_text(s.T.loc_fx[li])}", hero=h,
                   location=pos)
        push_location_effects(s, h, s.T.loc_fx[li], s.T.loc_name[li], pos)


def push_location_effects(s: UnitedState, h: int, fx: tuple, source: str, pos: int) -> None:
    """MU-20: a Location's End-of-Turn effect, in order: hero verbs for the hero using it,
    villain verbs (harm, tokens, the track) with "here" the Location itself."""
    for one in reversed(fx):
        if one[0] in LOCATION_VILLAIN_VERBS:
            push_villain_effects(s, (one,), source, pos)
        else:
            push_hero_effects(s, h, (one,), source)

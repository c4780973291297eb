"""A hero's own components and a Location's (issue 20, items 2 and 10; MU-17 Special
Effects, MU-20 Location effects; the rules file does not state these components: the
decisions are in docs/content.md, "Your hero's own components and a Location's").

- a hero's **own tokens** (`Hero.tokens`): a pile gained by `gain_own_tokens`, spent as a
  step's cost (`spend`), counted by `per: own_tokens`;
- a hero's **own deck** (`Hero.deck`): shuffled at setup, its order hidden; `draw_own_card`
  draws and resolves its cards, which go face up to its discard; an empty deck reshuffles
  its discard;
- **markers** (`Hero.markers`): placed in Locations by `place_marker`, each goes off at its
  hook point (`goes_off`) or by `set_off_markers`, dealing its damage to every enemy there;
- a companion that starts **off the board** (`Companion.starts: off_board`) enters play by
  `bring_companion`;
- `replace_location`: a Location in play is replaced by one out of play (a Location whose
  own effect names its other side replaces itself);
- a **team card's tokens** (`TeamCard.tokens`): a pile its heroes share, filled by
  `add_team_tokens`, taken as a step's cost (`spend_team`), counted by `per: team_tokens`.

The records live in `s.parts` (united/owned.py), empty in a game without them.
"""

from __future__ import annotations

from typing import Any

from multiverse.engine.decision import Option
from multiverse.engine.positions import as_int, as_list, field_error
from multiverse.engine.words import count
from multiverse.united.board import RING
from multiverse.united.counts import clones_of
from multiverse.united.enemies import enemies_at, hit
from multiverse.united.owned import (
    LOC_DECK,
    LOC_USED,
    MARKER,
    MAX_SLOT_TOKENS,
    OWN_DECK,
    OWN_TOKENS,
    OWN_USED,
    SLOTS,
    TEAM_TOKENS,
    markers_of,
    pile,
    records,
    set_pile,
    slots,
    team_of,
)
from multiverse.united.state import UnitedState, choice, step
from multiverse.united.verbs import phrases, push_hero_effects, text, verb, words

# ----- setup, invariants ----------------------------------------------------------------


def setup_parts(s: UnitedState) -> None:
    """MU-7 setup: each hero's own tokens and each team card's at their start, each hero's
    own deck shuffled (its order is hidden), no marker on the board."""
    t = s.T
    s.parts = []
    for h, (name, start, _most) in enumerate(t.own_tokens):
        if name:
            s.parts += [OWN_TOKENS, h, start, 0]
    for k, (name, start, _most) in enumerate(t.team_tokens):
        if name:
            s.parts += [TEAM_TOKENS, k, start, 0]
    for h in range(len(t.own_deck)):
        cards = [c for c, (owner, _n, _fx) in enumerate(t.own_cards) if owner == h]
        s.shuffle(cards)
        for c in cards:
            s.parts += [OWN_DECK, h, c, 0]
    sync_location_decks(s)


def sync_location_decks(s: UnitedState) -> None:
    """Each Location in play with a deck of its own has its cards (shuffled, as it comes
    into play); a Location out of play takes its cards with it."""
    t = s.T
    if not t.loc_deck:
        return
    p = s.parts
    s.parts = [x for i in range(0, len(p), 4)
               if not (p[i] in (LOC_DECK, LOC_USED) and p[i + 1] not in s.locs) for x in p[i: i + 4]]
    for li in s.locs:
        if t.loc_deck[li] and not records(s, LOC_DECK, li) and not records(s, LOC_USED, li):
            cards = [c for c, (owner, _n, _fx) in enumerate(t.loc_cards) if owner == li]
            s.shuffle(cards)
            for c in cards:
                s.parts += [LOC_DECK, li, c, 0]


def check_parts(s: UnitedState) -> None:
    """Invariants: piles within 0..their most, one per hero (team card) that has one; each
    card of a hero's own deck in its deck or its discard, once; markers on the ring, never
    more of a kind than the hero has."""
    t, p = s.T, s.parts
    assert len(p) % 4 == 0
    kinds = {OWN_TOKENS, OWN_DECK, OWN_USED, MARKER, TEAM_TOKENS, LOC_DECK, LOC_USED, SLOTS}
    assert all(p[i] in kinds for i in range(0, len(p), 4)), p
    for h, (name, _start, most) in enumerate(t.own_tokens):
        assert len(records(s, OWN_TOKENS, h)) == (1 if name else 0)
        assert 0 <= pile(s, OWN_TOKENS, h) <= most
    for k, (name, _start, most) in enumerate(t.team_tokens):
        assert len(records(s, TEAM_TOKENS, k)) == (1 if name else 0)
        assert 0 <= pile(s, TEAM_TOKENS, k) <= most
    if not t.own_tokens:
        assert not records(s, OWN_TOKENS)
    if not t.team_tokens:
        assert not records(s, TEAM_TOKENS)
    placed = sorted(p[i + 2] for i in records(s, OWN_DECK) + records(s, OWN_USED))
    assert placed == list(range(len(t.own_cards))), placed
    for i in records(s, OWN_DECK) + records(s, OWN_USED):
        assert t.own_cards[p[i + 2]][0] == p[i + 1]
    for i in records(s, MARKER):
        h, m, pos = p[i + 1], p[i + 2], p[i + 3]
        assert 0 <= h < len(t.markers) and 0 <= m < len(t.markers[h]) and 0 <= pos < RING, (h, m, pos)
    held = sorted(p[i + 2] for i in records(s, LOC_DECK) + records(s, LOC_USED))
    assert held == [c for c, (li, _n, _fx) in enumerate(t.loc_cards) if li in s.locs], held
    for i in records(s, LOC_DECK) + records(s, LOC_USED):
        assert t.loc_cards[p[i + 2]][0] == p[i + 1]
    places = [p[i + 1] for i in records(s, SLOTS)]
    assert len(places) == len(set(places)) and all(0 <= x < RING for x in places), places
    assert all(0 <= p[i + 2] <= MAX_SLOT_TOKENS for i in records(s, SLOTS))
    for h, kinds_of in enumerate(t.markers):
        for m, (_name, n, _damage) in enumerate(kinds_of):
            assert len(markers_of(s, h, m)) <= n


# ----- your own tokens --------------------------------------------------------------------
@verb("gain_own_tokens")
def gain_own_tokens(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: you gain `n` of your own tokens; the pile holds at most its `most` (more are
    not gained)."""
    name, _start, most = s.T.own_tokens[h]
    have = pile(s, OWN_TOKENS, h)
    k = min(n, most - have)
    if k <= 0:
        return
    set_pile(s, OWN_TOKENS, h, have + k)
    if s.log is not None:
        s.emit("own_tokens_gained", f"{s.hero_name(h)} gains {count(k, name)} ({source}): {have + k} now",
               hero=h, amount=k)


@verb("add_team_tokens")
def add_team_tokens(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: `n` tokens go on your team card's pile (at most its `most`)."""
    k = team_of(s, h)
    if k < 0:
        return  # no team card of yours with tokens in this game
    name, _start, most = s.T.team_tokens[k]
    have = pile(s, TEAM_TOKENS, k)
    add = min(n, most - have)
    if add <= 0:
        return
    set_pile(s, TEAM_TOKENS, k, have + add)
    if s.log is not None:
        s.emit("team_tokens_added", f"{s.hero_name(h)} puts {count(add, name)} on {s.T.team_name[k]} "
               f"({source}): {have + add} there", hero=h, amount=add, team=k)


# ----- your own deck ----------------------------------------------------------------------
@verb("draw_own_card")
def draw_own_card(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: draw `n` cards of your own deck, one at a time, resolving each before the next."""
    if n > 0:
        s.stack.append(("own_draw", h, n, source))


@step("own_draw")
def own_draw(s: UnitedState, f: tuple) -> None:
    """MU-17: One card of hero `h`'s own deck (or, with `li` >= 0, of the pack Location `li`'s):
    its top card goes face up to the discard and its effect resolves for `h`; an empty deck
    first reshuffles its discard (none left: nothing is drawn)."""
    _, h, n, source, *rest = f
    li = rest[0] if rest else -1
    t = s.T
    deck, used_kind, owner = (OWN_DECK, OWN_USED, h) if li < 0 else (LOC_DECK, LOC_USED, li)
    cards_of, deck_name = (t.own_cards, t.own_deck[h]) if li < 0 else (t.loc_cards, t.loc_deck[li])
    top = records(s, deck, owner)
    if not top:
        used = records(s, used_kind, owner)
        if not used:
            return
        cards = [s.parts[i + 2] for i in used]
        s.shuffle(cards)
        s.parts = [x for i in range(0, len(s.parts), 4) if i not in used for x in s.parts[i: i + 4]]
        for c in cards:
            s.parts += [deck, owner, c, 0]
        if s.log is not None:
            s.emit("own_deck_shuffled", f"The {deck_name} discard is shuffled into a new deck", hero=h)
        top = records(s, deck, owner)
    i = top[0]
    card = s.parts[i + 2]
    del s.parts[i: i + 4]
    s.parts += [used_kind, owner, card, 0]
    if n > 1:
        s.stack.append(("own_draw", h, n - 1, source, li))
    _owner, name, fx = cards_of[card]
    if s.log is not None:
        s.emit("own_card_drawn", f"{s.hero_name(h)} draws {name} from the {deck_name} ({source})",
               hero=h, card=name)
    push_hero_effects(s, h, fx, name)


@verb("draw_location_card")
def draw_location_card(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-20: draw `n` cards of your Location's own deck, one at a time, each resolving for
    you before the next (a Location without a deck: nothing happens)."""
    li = s.locs[s.hero_loc[h]]
    if n > 0 and s.T.loc_deck and s.T.loc_deck[li]:
        s.stack.append(("own_draw", h, n, source, li))


def duplicate_options(s: UnitedState, h: int, label: object, paid: dict[int, str]) -> list[tuple[int, Option]]:
    """MU-18 for a duplicate (`Hero.duplicate`): an Attack on each enemy, and a Rescue, in
    each other Location holding one of its clones, as if the hero stood there (`paid`: the
    Attack / Heroic that would pay, by symbol; a Move still moves the hero, and a Threat
    is filled only where the hero stands)."""
    pos = s.hero_loc[h]
    out: list[tuple[int, Option]] = []
    for p in sorted(set(clones_of(s, h)) - {pos}):
        where = f"{s.loc_name(p)}, by your clone"
        if 1 in paid:  # ATTACK
            for e in enemies_at(s, p):
                out.append((1, Option(f"clone_attack:{p}:{e.id}", (label, "Attack {} ({})",
                                      f"{e.label} in {where}", paid[1]),
                                      {"action": "ranged_attack", "location": p, **(e.data or {})})))
        if 2 in paid and s.civ[p]:  # HEROIC
            out.append((2, Option(f"clone_rescue:{p}", (label, "Rescue a Civilian in {} ({})", where, paid[2]),
                                  {"action": "rescue", "location": p})))
    return out


def free_move(s: UnitedState, h: int, origin: int) -> None:
    """MU-18: a hero whose Move action starts or ends in a Location holding a free-move
    marker (any hero's) may Move once more, free; that free Move gives no other."""
    p, t = s.parts, s.T
    at = {p[i + 3] for i in records(s, MARKER) if (p[i + 1], p[i + 2]) in t.free_move}
    if origin in at or s.hero_loc[h] in at:
        if s.log is not None:
            s.emit("free_move", f"{s.hero_name(h)} may Move again, free (a marker)", hero=h)
        push_hero_effects(s, h, (("take_action", 1, 0, 0, 0, (("optional", 1),)),), "a free Move")


# ----- markers ------------------------------------------------------------------------------
def marker_index(s: UnitedState, h: int, name: str) -> int:
    """The index of hero `h`'s marker named `name` (-1: the hero has none of that name, as
    when another hero's card acts for them)."""
    kinds = s.T.markers[h] if s.T.markers else ()
    return next((m for m, k in enumerate(kinds) if k[0] == name), -1)


@verb("place_marker")
def place_marker(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: up to `n` of your markers named `marker` go from your supply to a Location
    `where` says (`here` by default); with none left in your supply nothing happens."""
    m = marker_index(s, h, d["marker"])
    if m < 0:
        return
    k = min(n, s.T.markers[h][m][1] - len(markers_of(s, h, m)))
    if k > 0:
        s.stack.append(("place_marker", h, m, d.get("where", "here"), k, source))


def _marker_places(s: UnitedState, h: int, where: str) -> list[int]:
    pos = s.hero_loc[h]
    if where == "adjacent":
        return [(pos - 1) % RING, (pos + 1) % RING]
    return list(range(RING)) if where == "any" else [pos]


def _marker_options(s: UnitedState, f: tuple) -> tuple:
    _, h, m, where, n, source = f
    name = s.T.markers[h][m][0]
    return (s.seat(h), f"{s.hero_name(h)}: {source}: place {name} where? ({n} to place)",
            [Option(f"to:{p}", s.loc_name(p), {"location": p}) for p in _marker_places(s, h, where)])


@choice("place_marker", _marker_options)
def resolve_place_marker(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-17: One marker goes on the board at the Location picked, then the next."""
    _, h, m, where, n, source = f
    p = opt.data["location"]
    s.parts += [MARKER, h, m, p]
    if s.log is not None:
        s.emit("marker_placed", f"{s.hero_name(h)} places {s.T.markers[h][m][0]} in {s.loc_name(p)}",
               hero=h, location=p)
    if n > 1:
        s.stack.append(("place_marker", h, m, where, n - 1, source))


@verb("set_off_markers")
def set_off_markers(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """Each of your markers named `marker` on the board goes off, in ring order: it returns
    to your supply and every enemy in its Location takes its damage (MU-18: every Thug there
    is defeated; a Sentinel, the Villain or a Henchman takes the damage)."""
    m = marker_index(s, h, d["marker"])
    if m < 0:
        return
    name, _n, damage = s.T.markers[h][m]
    for pos in sorted(markers_of(s, h, m)):
        i = next(i for i in records(s, MARKER, h) if s.parts[i + 2] == m and s.parts[i + 3] == pos)
        del s.parts[i: i + 4]
        if s.log is not None:
            s.emit("marker_goes_off", f"{s.hero_name(h)}'s {name} goes off in {s.loc_name(pos)}",
                   hero=h, location=pos)
        if damage:
            for e in enemies_at(s, pos):
                hit(s, h, e.data, s.thug[pos] if e.data["enemy"] == "thug" else damage, pos)


# ----- a slot token -----------------------------------------------------------------------
@verb("add_slot")
def add_slot(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-12: `n` slot tokens go in your Location, each adding a slot there for the rest of
    the game (at most 3 per Location: more are not placed). They stay with the place when
    its Location is replaced."""
    pos = s.hero_loc[h]
    have = pile(s, SLOTS, pos)
    k = min(n, MAX_SLOT_TOKENS - have)
    if k <= 0:
        return
    set_pile(s, SLOTS, pos, have + k)
    if s.log is not None:
        s.emit("slot_added", f"{s.hero_name(h)} adds {count(k, 'slot')} to {s.loc_name(pos)} ({source}): "
               f"{slots(s, pos)} slots now", hero=h, location=pos, amount=k)


# ----- a companion entering play ---------------------------------------------------------
@verb("bring_companion")
def bring_companion(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: your companion enters play in your Location (one already on the board moves
    there)."""
    if not s.comp or not s.T.companion_name[h]:
        return
    pos = s.hero_loc[h]
    entered = s.comp[h] < 0
    s.comp[h] = pos
    if s.log is not None:
        s.emit("companion_enters" if entered else "companion_moves",
               f"{s.T.companion_name[h]} ({s.hero_name(h)}'s companion) "
               f"{'enters play in' if entered else 'moves to'} {s.loc_name(pos)}", hero=h, to=pos)


# ----- replacing a Location -------------------------------------------------------------
@verb("replace_location")
def replace_location(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-2: your Location is replaced by the Location `location` names (one already in play:
    nothing happens) or, unnamed, by one out of play of your choice. What stands on it stays
    (its Threat, tokens, heroes, figures, the Villain); tokens beyond the new Location's slots
    go back to the supply, Thugs first, then the Villain's extra tokens, then Civilians."""
    t = s.T
    if "location" in d:
        new = t.loc_ids.index(d["location"])
        if new not in s.locs:
            swap_location(s, s.hero_loc[h], new, source)
        return
    out = [i for i in range(len(t.loc_ids)) if i not in s.locs and t.loc_in_game[i]]
    if out:
        s.stack.append(("replace_location", h, s.hero_loc[h], source))


def _replace_options(s: UnitedState, f: tuple) -> tuple:
    _, h, pos, source = f
    t = s.T
    return (s.seat(h), f"{s.hero_name(h)}: {source}: replace {s.loc_name(pos)} by which Location?",
            [Option(f"loc:{t.loc_ids[i]}", t.loc_name[i], {"location": i})
             for i in range(len(t.loc_ids)) if i not in s.locs and t.loc_in_game[i]])


@choice("replace_location", _replace_options)
def resolve_replace_location(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-2: The Location picked comes into play in place of the hero's."""
    swap_location(s, f[2], opt.data["location"], f[3])


def swap_location(s: UnitedState, pos: int, new: int, source: str) -> None:
    """Location `new` (out of play) takes ring position `pos`; tokens beyond its slots go
    back to the supply (Thugs, extra tokens, then Civilians)."""
    old = s.loc_name(pos)
    s.locs[pos] = new
    sync_location_decks(s)
    over = s.civ[pos] + s.thug[pos] + s.xtok[pos] - slots(s, pos)  # slot tokens stay on the place
    for field in ("thug", "xtok", "civ"):
        lst = getattr(s, field)
        k = min(max(over, 0), lst[pos])
        lst[pos] -= k
        over -= k
    if s.log is not None:
        s.emit("location_replaced", f"{old} is replaced by {s.loc_name(pos)} ({source})",
               location=pos)


phrases({
    "gain_own_tokens": lambda n: f"gain {n} of your own tokens",
    "add_team_tokens": lambda n: f"put {n} tokens on your team card",
    "draw_own_card": lambda n: f"draw {count(n, 'card')} of your own deck",
    "place_marker": lambda n: f"place {count(n, 'marker')}",
    "set_off_markers": lambda n: "set off your markers",
    "bring_companion": lambda n: "bring your companion into play",
    "replace_location": lambda n: "replace your Location",
    "draw_location_card": lambda n: f"draw {count(n, 'card')} of your Location's deck",
    "add_slot": lambda n: f"add {count(n, 'slot')} to your Location",
})


@text("add_slot")
def _slot_text(n: int, sym: int, civ: int, thug: int) -> str:
    return f"put {count(n, 'slot token')} in your Location (each adds a slot)"


@text("draw_location_card")
def _loc_draw_text(n: int, sym: int, civ: int, thug: int) -> str:
    return f"draw {count(n, 'card')} from this Location's own deck and resolve {'it' if n == 1 else 'them'}"


@text("gain_own_tokens")
def _gain_text(n: int, sym: int, civ: int, thug: int) -> str:
    return f"gain {n} of your own tokens"


@text("add_team_tokens")
def _team_text(n: int, sym: int, civ: int, thug: int) -> str:
    return f"put {n} tokens on your team card"


@text("draw_own_card")
def _draw_text(n: int, sym: int, civ: int, thug: int) -> str:
    return f"draw {count(n, 'card')} from your own deck and resolve {'it' if n == 1 else 'them'}"


@text("place_marker")
def _place_text(n: int, sym: int, civ: int, thug: int) -> str:
    return f"place {'a' if n == 1 else f'up to {n}'}"


@text("set_off_markers")
def _off_text(n: int, sym: int, civ: int, thug: int) -> str:
    return "set off each of your"


@text("bring_companion")
def _bring_text(n: int, sym: int, civ: int, thug: int) -> str:
    return "your companion enters play in your Location"


@text("replace_location")
def _replace_text(n: int, sym: int, civ: int, thug: int) -> str:
    return "replace your Location"


_PART_PER = {"own_tokens": "for each of your own tokens", "team_tokens": "for each token on your team card",
             "markers_in_play": "for each of your markers on the board"}


@words
def _part_words(verb_: str, n: int, sym: int, text_: str, x: dict) -> str:
    """Card text of `marker`, `location`, `spend`, `spend_team` and the parts' `per`."""
    if "marker" in x:
        name = x.pop("marker")
        text_ += f" {name}" + ("" if verb_ == "place_marker" and n == 1 else "s")
        if verb_ == "set_off_markers":
            text_ += " on the board"
    if verb_ == "replace_location":
        loc = x.pop("location", None)
        text_ += f" with {loc.replace('-', ' ').title()}" if loc else " with a Location out of play of your choice"
    if x.get("per") in _PART_PER:
        text_ += " " + _PART_PER[x.pop("per")]
    if "spend" in x:
        text_ = f"spend {x.pop('spend')} of your own tokens to {text_}"
    if "spend_team" in x:
        text_ = f"take {x.pop('spend_team')} tokens off your team card to {text_}"
    return text_


# ----- positions --------------------------------------------------------------------------
def position_parts(s: UnitedState, h: int, spec: dict[str, Any], where: str) -> None:
    """A position's `own_tokens: N`, `own_deck: [card, ...]` (top first; the rest of the
    hero's own cards on the discard) and `markers: {name: [RING, ...]}` for hero `h`."""
    t = s.T
    if "own_tokens" in spec:
        if not (t.own_tokens and t.own_tokens[h][0]):
            raise field_error(f"{where}.own_tokens", f"{t.hero_names[h]} has no tokens of their own")
        set_pile(s, OWN_TOKENS, h, as_int(spec["own_tokens"], f"{where}.own_tokens", 0, t.own_tokens[h][2]))
    if "own_deck" in spec:
        if not (t.own_deck and t.own_deck[h]):
            raise field_error(f"{where}.own_deck", f"{t.hero_names[h]} has no deck of their own")
        mine = [c for c, (owner, _n, _fx) in enumerate(t.own_cards) if owner == h]
        deck = []
        for i, name in enumerate(as_list(spec["own_deck"], f"{where}.own_deck")):
            c = next((c for c in mine if t.own_cards[c][1] == name and c not in deck), -1)
            if c < 0:
                raise field_error(f"{where}.own_deck[{i}]", f"no card {name!r} left in "
                                  f"{t.hero_names[h]}'s {t.own_deck[h]}")
            deck.append(c)
        keep = [x for i in range(0, len(s.parts), 4) if not (s.parts[i] in (OWN_DECK, OWN_USED)
                and s.parts[i + 1] == h) for x in s.parts[i: i + 4]]
        s.parts = keep + [x for c in deck for x in (OWN_DECK, h, c, 0)] + [
            x for c in mine if c not in deck for x in (OWN_USED, h, c, 0)]
    if "markers" in spec:
        marks = spec["markers"]
        if not isinstance(marks, dict):
            raise field_error(f"{where}.markers", "a mapping {marker name: [ring positions]}")
        s.parts = [x for i in range(0, len(s.parts), 4)
                   if not (s.parts[i] == MARKER and s.parts[i + 1] == h) for x in s.parts[i: i + 4]]
        for name, places in marks.items():
            m = marker_index(s, h, name)
            if m < 0:
                raise field_error(f"{where}.markers.{name}", f"{t.hero_names[h]} has no marker named {name!r}")
            places = as_list(places, f"{where}.markers.{name}")
            if len(places) > t.markers[h][m][1]:
                raise field_error(f"{where}.markers.{name}", f"{t.hero_names[h]} has "
                                  f"{t.markers[h][m][1]} of {name}, not {len(places)}")
            for i, p in enumerate(places):
                s.parts += [MARKER, h, m, as_int(p, f"{where}.markers.{name}[{i}]", 0, RING - 1)]


def position_slot_tokens(s: UnitedState, pos: int, spec: dict[str, Any], where: str) -> int:
    """A position's `locations[i].slot_tokens: N` (slot tokens there); returns the count."""
    if "slot_tokens" not in spec:
        return pile(s, SLOTS, pos) if s.parts else 0
    n = as_int(spec["slot_tokens"], f"{where}.slot_tokens", 0, MAX_SLOT_TOKENS)
    set_pile(s, SLOTS, pos, n)
    return n


def position_team_tokens(s: UnitedState, spec: Any) -> None:
    """A position's top-level `team_tokens: {team card name: N}`."""
    t = s.T
    if not isinstance(spec, dict):
        raise field_error("team_tokens", "a mapping {team card name: count}")
    for name, n in spec.items():
        k = t.team_name.index(name) if name in t.team_name else -1
        if k < 0 or not (t.team_tokens and t.team_tokens[k][0]):
            raise field_error(f"team_tokens.{name}", "no team card of this game with tokens "
                              f"is named {name!r}")
        set_pile(s, TEAM_TOKENS, k, as_int(n, f"team_tokens.{name}", 0, t.team_tokens[k][2]))


# ----- what players see -----------------------------------------------------------------
def parts_view(s: UnitedState) -> dict[str, Any]:
    """The view's own tokens, own decks (their size and discard: the order is hidden),
    markers and team tokens (absent when the game has none)."""
    t, p = s.T, s.parts
    out: dict[str, Any] = {}
    if t.own_tokens:
        out["own_tokens"] = [{"hero": t.hero_ids[h], "name": name, "count": pile(s, OWN_TOKENS, h),
                              "most": most} for h, (name, _s, most) in enumerate(t.own_tokens) if name]
    if t.own_deck:
        out["own_decks"] = [{"hero": t.hero_ids[h], "name": name, "size": len(records(s, OWN_DECK, h)),
                             "discard": [t.own_cards[p[i + 2]][1] for i in records(s, OWN_USED, h)]}
                            for h, name in enumerate(t.own_deck) if name]
    if t.markers:
        out["markers"] = [{"hero": t.hero_ids[h], "name": name, "locations": sorted(markers_of(s, h, m)),
                           "supply": n - len(markers_of(s, h, m))}
                          for h, kinds in enumerate(t.markers) for m, (name, n, _d) in enumerate(kinds)]
    if t.loc_deck:
        out["location_decks"] = [{"location": pos, "name": t.loc_deck[li], "size": len(records(s, LOC_DECK, li)),
                                  "discard": [t.loc_cards[p[i + 2]][1] for i in records(s, LOC_USED, li)]}
                                 for pos, li in enumerate(s.locs) if t.loc_deck[li]]
    if records(s, SLOTS):
        out["slot_tokens"] = [{"location": p[i + 1], "count": p[i + 2]} for i in records(s, SLOTS) if p[i + 2]]
    if t.team_tokens:
        out["team_tokens"] = [{"team_card": t.team_name[k], "name": name, "count": pile(s, TEAM_TOKENS, k)}
                              for k, (name, _s, _most) in enumerate(t.team_tokens) if name]
    return out


def markers_at(v: dict[str, Any], pos: int) -> str:
    """The markers in Location `pos`, in words for the board ("" for none)."""
    names = {h["id"]: h["name"] for h in v["heroes"]}
    out = []
    for m in v.get("markers", ()):
        k = m["locations"].count(pos)
        if k:
            out.append(f"{names[m['hero']]}'s {m['name']}" + (f" (x{k})" if k > 1 else ""))
    return ", ".join(out)


def parts_line(v: dict[str, Any]) -> str:
    """The own tokens, own decks and team tokens for the board ("" for none)."""
    names = {h["id"]: h["name"] for h in v["heroes"]}
    lines = [f"{names[x['hero']]}: {count(x['count'], x['name'])} (of {x['most']})" for x in v.get("own_tokens", ())]
    lines += [f"{names[x['hero']]}'s {x['name']}: {count(x['size'], 'card')} facedown"
              + (f", discard: {', '.join(x['discard'])}" if x["discard"] else "")
              for x in v.get("own_decks", ())]
    lines += [f"{x['team_card']}: {count(x['count'], x['name'])}" for x in v.get("team_tokens", ())]
    lines += [f"Location {x['location']}'s {x['name']}: {count(x['size'], 'card')} facedown"
              + (f", discard: {', '.join(x['discard'])}" if x["discard"] else "")
              for x in v.get("location_decks", ())]
    return "\n".join(lines)

"""The owner's words on the Villain and its Master Plan (MU-10, MU-11; MU-17 Special
Effects): peek at (and reorder) the Master Plan, react to the Villain's move, redirect it
(docs/content.md, cookbook). `united.effects` dispatches to these verbs; `villain_turn` calls
`reactions_fire` and `redirected` as the Villain moves.

Lasting ones are kept in `s.protect` like the other lasting effects (4 ints: kind, uses
left, until, reference), so they are cloned, hashed, saved and expire the same way:

- `REDIRECT_MOVE`: the owner decides the Villain's next `amount` Master Plan moves;
- a reaction: kind `REACTION - (2 * k + when)`, where `k` indexes the pack's reaction step
  lists (`reaction_steps`, fixed by the content) and `when` is `INTO_YOUR_LOCATION` or
  `ANY_MOVE`; uses left is how many more moves it fires for.

Master Plan cards seen by every player (`peek_master_plan`) are listed in `s.mp_known`
until drawn: the view shows them and determinization keeps them in place.

A Villain's third token kind (`extra_token`, e.g. Bombs) is counted per Location in
`s.xtok`: placed by `add_extra` after a group's Civilians and Thugs (MU-12), removed by
`remove_tokens`, counted by `per: B_here` (`united.counts.board_count`).
"""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.engine.words import count
from multiverse.united.board import RING, overflows
from multiverse.united.cardtext import effect_text
from multiverse.united.lasting import henchman_stunned
from multiverse.united.owned import slots
from multiverse.united.protection import FACE_UP, henchman_away, lasts, protect_until, record_owner
from multiverse.united.state import UnitedState, choice
from multiverse.united.tables import FX, Move, Tables
from multiverse.united.verbs import phrases, push_hero_effects, push_villain_effects, verb

REDIRECT_MOVE = -50  # far from protection.py's kinds (-2 …), which other verbs extend
REACTION = -100  # reaction kinds are REACTION - (2 * k + when), all below it
REACTION_LAST = -199  # … down to here (-200 … -299: the lasting text of `united.lasting`)
INTO_YOUR_LOCATION, ANY_MOVE = 0, 1
WHEN = {"into_your_location": INTO_YOUR_LOCATION, "any_move": ANY_MOVE}
WHEN_WORDS = ("into_your_location", "any_move")


# ----- peek at the Master Plan --------------------------------------------------------------
@verb("peek_master_plan")
def peek_master_plan(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict,
                     source: str) -> None:
    """MU-10/MU-17: look at the top `n` Master Plan cards; they are known to every player
    until drawn. With `reorder`, the player puts them back in the order they choose, one
    choice per position from the top."""
    k = min(n, len(s.mp_deck))
    if not k:
        return
    top = s.mp_deck[len(s.mp_deck) - k:][::-1]  # top first
    for c in top:
        if c not in s.mp_known:
            s.mp_known.append(c)
    if s.log is not None:
        s.emit("master_plan_peek", f"{s.hero_name(h)} looks at the top "
               f"{count(k, 'Master Plan card')}: {_top_words(s, top)}", hero=h,
               cards=top)
    if "reorder" in d and k > 1:
        s.stack.append(("mp_order", h, k, 0, source))


def _top_words(s: UnitedState, cards: list[int]) -> str:
    return ", ".join(s.T.card_name[c] for c in cards) + (" (top first)" if len(cards) > 1 else "")


_ORDINAL = ("1st", "2nd", "3rd")


def _ordinal(i: int) -> str:
    return _ORDINAL[i] if i < 3 else f"{i + 1}th"


def _order_options(s: UnitedState, f: tuple) -> tuple:
    _, h, k, i, source = f
    top = len(s.mp_deck) - 1
    cards = [s.mp_deck[top - j] for j in range(i, k)]
    return (s.seat(h), f"{source}: which Master Plan card goes {_ordinal(i)} from the top?",
            [Option(f"card:{c}", s.T.card_name[c], {"card": c}) for c in cards])


@choice("mp_order", _order_options)
def resolve_mp_order(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-10: The chosen card takes the next position from the top; the last one is left."""
    _, h, k, i, source = f
    top = len(s.mp_deck) - 1
    j = s.mp_deck.index(opt.data["card"])
    s.mp_deck[top - i], s.mp_deck[j] = s.mp_deck[j], s.mp_deck[top - i]
    if i + 2 < k:
        s.stack.append(("mp_order", h, k, i + 1, source))
    elif s.log is not None:
        top_k = s.mp_deck[len(s.mp_deck) - k:][::-1]
        s.emit("master_plan_order", f"{s.hero_name(h)} puts them back: {_top_words(s, top_k)}",
               hero=h, cards=top_k)


def drawn(s: UnitedState, c: int) -> None:
    """Master Plan card `c` leaves the deck: it is no longer a known card of it."""
    if c in s.mp_known:
        s.mp_known.remove(c)


# ----- react to the Villain's move ----------------------------------------------------------
def reaction_steps(t: Tables) -> list[tuple[tuple[FX, ...], str]]:
    """Every reaction's steps in the pack, with the name of the first card or Location
    that holds them, in a fixed order (Hero cards, then Locations): a reaction refers to
    its steps by index, so a saved game needs only ints."""
    out: list[tuple[tuple[FX, ...], str]] = []
    seen: set = set()

    def walk(fx: tuple[FX, ...], name: str) -> None:
        for e in fx:
            if len(e) <= 5:
                continue
            for key, value in e[5]:
                if key == "steps":
                    if value not in seen:
                        seen.add(value)
                        out.append((value, name))
                    walk(value, name)
                elif key == "options":
                    for branch in value:
                        walk(branch, name)

    for c, fx in enumerate(t.card_fx):
        walk(fx, t.card_name[c])
    for i, fx in enumerate(t.loc_fx):
        walk(fx, t.loc_name[i])
    return out


@verb("on_villain_move")
def on_villain_move(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict,
                    source: str) -> None:
    """MU-11/MU-17: until then, each time the Villain moves (`any_move`) or moves into your
    Location (`into_your_location`), the nested `steps` resolve for you, once per move, for
    the next `n` such moves."""
    if n <= 0:
        return
    k = [st for st, _ in reaction_steps(s.T)].index(d["steps"])
    when = WHEN[d["when"]]
    if protect_until(s, REACTION - (2 * k + when), n, h, d.get("until", "your_next_turn")) and s.log is not None:
        what = "moves" if when == ANY_MOVE else "moves into their Location"
        s.emit("protect", f"{source}: when {s.T.villain_name} {what}, {s.hero_name(h)} reacts "
               f"({count(n, 'time')})", hero=h, amount=n)


def reactions_fire(s: UnitedState, dest: int) -> None:
    """The Villain has moved to `dest`: every lasting reaction that watches such a move
    resolves its steps for its owner (in the order they were made), one use each."""
    p = s.protect
    fire: list[tuple[int, int]] = []
    keep: list[int] = []
    for i in range(0, len(p), 4):
        kind, left, until, ref = p[i: i + 4]
        if REACTION_LAST <= kind <= REACTION and lasts(s, until, ref):
            h = record_owner(s, until, ref)
            code = REACTION - kind
            if s.in_play(h) and (code % 2 == ANY_MOVE or s.hero_loc[h] == dest):
                fire.append((h, code // 2))
                left -= 1
                if left == 0:
                    continue
        keep += [kind, left, until, ref]
    if not fire:
        return
    s.protect = keep
    table = reaction_steps(s.T)
    for h, k in reversed(fire):  # the first made resolves first
        steps, name = table[k]
        if s.log is not None:
            s.emit("reaction", f"{s.hero_name(h)} reacts to {s.T.villain_name}'s move ({name})",
                   hero=h)
        push_hero_effects(s, h, steps, name)


# ----- redirect the Villain's move ----------------------------------------------------------
@verb("redirect_villain_move")
def redirect_villain_move(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict,
                          source: str) -> None:
    """MU-11: until then, the Villain's next `n` Master Plan moves are decided by you: it
    moves as far as the card says, in the direction (or to the Location at that distance)
    you choose."""
    if n > 0 and protect_until(s, REDIRECT_MOVE, n, h, d.get("until", "your_next_turn")) and s.log is not None:
        s.emit("protect", f"{source}: {s.hero_name(h)} will decide "
               f"{s.T.villain_name}'s next move", hero=h, amount=n)


def distance(s: UnitedState, move: Move, dest: int) -> int:
    """How far a Master Plan move takes the Villain: a count's own number of steps (round
    the ring), or for a move toward or to a Location the ring distance it travels."""
    kind, n, _ = move
    if kind == "steps":
        return abs(n) % RING
    k = (dest - s.n_loc) % RING
    return min(k, RING - k)


def redirected(s: UnitedState, move: Move, dest: int) -> bool:
    """A move that would happen (to `dest`) is redirected: one use of the earliest
    redirect of a hero in play is spent and its owner's player chooses where the Villain goes."""
    p = s.protect
    for i in range(0, len(p), 4):
        if p[i] == REDIRECT_MOVE and lasts(s, p[i + 2], p[i + 3]):
            h = record_owner(s, p[i + 2], p[i + 3])
            if not s.in_play(h):  # MU-22: a KO'd hero (or one off the board) is ignored; it waits
                continue
            p[i + 1] -= 1
            if p[i + 1] == 0:
                del p[i: i + 4]
            s.stack.append(("redirect_move", h, distance(s, move, dest)))
            return True
    return False


def _redirect_options(s: UnitedState, f: tuple) -> tuple:
    _, h, k = f
    spots = [(s.n_loc + k) % RING, (s.n_loc - k) % RING]
    opts = [Option(f"to:{p}", f"{s.loc_name(p)} ({way})", {"location": p})
            for p, way in zip(spots, ("clockwise", "counterclockwise"), strict=True)]
    if spots[0] == spots[1]:
        opts = [Option(f"to:{spots[0]}", s.loc_name(spots[0]), {"location": spots[0]})]
    return (s.seat(h), f"{s.hero_name(h)}: {s.T.villain_name} moves {count(k, 'Location')}: "
            "which way?", opts)


@choice("redirect_move", _redirect_options)
def resolve_redirect_move(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-11: the Villain moves where the hero's player chose (a Threat's arrival fires)."""
    if s.log is not None:
        s.emit("villain_redirected", f"{s.hero_name(f[1])} redirects {s.T.villain_name}",
               hero=f[1])
    villain_arrives(s, opt.data["location"])


# ----- what every seat sees -----------------------------------------------------------------
def lasting_view(s: UnitedState, kind: int, n: int, until: int, ref: int) -> dict:
    """A redirect or a reaction in the view's `protections` (public, like the others)."""
    out: dict = {"effect": "redirect_villain_move" if kind == REDIRECT_MOVE else "on_villain_move",
                 "hero": record_owner(s, until, ref), "amount": n,
                 "until": ("end_of_turn", "your_next_turn", "face_up")[until],
                 ("card" if until == FACE_UP else "owner"): ref}
    if REACTION_LAST <= kind <= REACTION:
        code = REACTION - kind
        steps, name = reaction_steps(s.T)[code // 2]
        out["when"] = WHEN_WORDS[code % 2]
        out["steps"] = effect_text(steps)
        out["source"] = name
    return out


def known_view(s: UnitedState) -> list[dict]:
    """The known Master Plan cards, where they lie in the deck (depth 0: the top)."""
    top = len(s.mp_deck) - 1
    return sorted(({"card": c, "name": s.T.card_name[c], "depth": top - s.mp_deck.index(c)}
                   for c in s.mp_known), key=lambda x: x["depth"])


# ----- an owner's Villain's third token kind ------------------------------------------------
def add_extra(s: UnitedState, pos: int, n: int) -> None:
    """MU-12 for the Villain's extra token kind (`extra_token`): placed after the group's
    Civilians and Thugs, one slot each; what does not fit overflows the Location (once per
    Location per Villain turn, like C and T)."""
    free = slots(s, pos) - s.civ[pos] - s.thug[pos] - s.xtok[pos]
    put = max(0, min(n, free))
    s.xtok[pos] += put
    if put and s.log is not None:
        s.emit("tokens_added", f"{count(put, s.T.extra_name)} added to {s.loc_name(pos)}",
               location=pos, extra=put)
    if put < n:
        overflows(s, pos)


@verb("remove_tokens")
def remove_tokens(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: up to `n` of the Villain's extra tokens of `letter` leave your Location (none
    when this game's Villain has no such kind)."""
    pos = s.hero_loc[h]
    k = min(n, s.xtok[pos]) if d["letter"] == s.T.extra_letter else 0
    s.xtok[pos] -= k
    if k and s.log is not None:
        s.emit("tokens_removed", f"{s.hero_name(h)} removes {count(k, s.T.extra_name)} from "
               f"{s.loc_name(pos)}", hero=h, location=pos, count=k)


phrases({
    "peek_master_plan": lambda n: f"look at the top {count(n, 'Master Plan card')}",
    "on_villain_move": lambda n: "react when the Villain moves",
    "redirect_villain_move": lambda n: ("decide where the Villain's next move goes" if n == 1 else
                                        f"decide where the Villain's next {n} moves go"),
    "remove_tokens": lambda n: f"remove up to {n} of the Villain's extra tokens",
})


def villain_arrives(s: UnitedState, dest: int) -> None:
    """The Villain ends a move in `dest`; MU-13: a Threat with a Location trigger there fires."""
    s.n_loc = dest
    if s.log is not None:
        s.emit("villain_moves", f"{s.T.villain_name} moves to {s.loc_name(dest)}", to=dest)
    if s.protect:  # the owner's reactions to the move resolve after the Threat's text
        reactions_fire(s, dest)
    th = s.threat[dest]
    if th >= 0 and s.T.threat_arrive[th] and not (s.protect and henchman_away(s, dest)):
        if s.protect and henchman_stunned(s, dest):  # a stunned Henchman: no trigger (lasting)
            if s.log is not None:
                s.emit("stunned", f"{s.T.threat_henchman[th]} is stunned: no trigger", location=dest)
            return
        push_villain_effects(s, s.T.threat_arrive[th], s.T.threat_name[th], dest)

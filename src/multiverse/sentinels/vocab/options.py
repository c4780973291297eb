"""Verbs of choice and of an earlier step's result: "choose one: A, or B", "you may X; if
you do, Y" (`may` with `if_done`), the damage a step deals when it is capped (`at_most`)
or remembered (`remember`, `sentinels.memory`), a hero incapacitated outright (SOTM-17),
and a card put into play in another play area (`play_area`)."""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.engine.words import possessive
from multiverse.sentinels import memory
from multiverse.sentinels.damage import deal_damage, incapacitate
from multiverse.sentinels.select import candidates
from multiverse.sentinels.state import Z_BOX, SentinelsState, choice, step
from multiverse.sentinels.tables import DAMAGE_TYPES, ONE_SHOT
from multiverse.sentinels.verbs import applies, push_effect, seat_of, verb
from multiverse.sentinels.zones import flip, top_card


# ----- choose one ------------------------------------------------------------------------
@verb("choose_one")
def choose_one(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """SOTM-8: "choose one: A, or B": the player (of this text's hero; else the players)
    chooses one option, whose steps resolve."""
    s.stack.append(("choose_one", sid, this, hero, other))


def can_act(s: SentinelsState, sid: int, this: int, hero: int, other: int) -> bool:
    """Can an option's first step do something now? Read where that is cheap: a selecting
    step needs a card to select, a discard a card in hand, a draw a card to draw; any
    other step is taken to act."""
    t = s.T
    st = t.steps[sid]
    v = st.verb
    if t.fx_head[sid] is not None:
        return bool(candidates(s, st.target, this, hero, other))
    if v in ("discard", "play_card"):
        return hero >= 0 and not s.incap[hero] and bool(s.hand[hero])
    if v == "draw":
        return hero >= 0 and not s.incap[hero] and bool(s.deck[hero] or s.trash[hero])
    if v == "remove_tokens" and st.counter is None:
        return this >= 0 and s.tok[this] > 0
    return True


def _choose_options(s: SentinelsState, f: tuple) -> tuple:
    _, sid, this, hero, other = f
    t = s.T
    opts = [opt for opt, fx in t.branches[sid] if can_act(s, fx[0], this, hero, other)]
    text = t.steps[sid].prompt or "choose one"
    return seat_of(s, hero), f"{t.name[this]}: {text}" if this >= 0 else text, opts


@choice("choose_one", _choose_options)
def resolve_choose_one(s: SentinelsState, f: tuple, opt: Option) -> None:
    """The chosen option's steps resolve, as the text's own (same card, hero and `other`)."""
    _, sid, this, hero, other = f
    chosen, fx = s.T.branches[sid][opt.data["i"]]
    if s.log is not None:
        s.emit("chosen", f"{s.name(this)}: {chosen.label}", card=this, option=opt.data["i"])
    push_effect(s, fx, this, hero, other)


# ----- "you may X; if you do, Y" -----------------------------------------------------------
@step("if_done")
def if_done(s: SentinelsState, f: tuple) -> None:
    """"If you do": the `then` of a `may` follows only if its cost (the step of `do` that
    remembered `if_done`) did something."""
    _, sid, this, hero, other = f
    t = s.T
    if memory.any_done(s, t.steps[sid].if_done, this):
        push_effect(s, t.then[sid], this, hero, other)
    elif s.log is not None:
        s.emit("not_done", f"{s.name(this)}: nothing was done, so nothing follows", card=this)


# ----- remembered results ----------------------------------------------------------------
@verb("forget")
def forget(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """The end of an effect whose steps remembered `remember` nothing (`sentinels.memory`)."""


@step("memo")
def memo_frame(s: SentinelsState, f: tuple) -> None:
    """The end of an effect: what its steps remembered ends with it (`sentinels.memory`)."""


@step("memo_top")
def memo_top(s: SentinelsState, f: tuple) -> None:
    """A remembering `play_top`: the card about to be played (the next frame plays it)."""
    _, name, this, o = f
    c = top_card(s, o)
    if c >= 0:
        memory.note(s, name, this, c, True)


@applies("damage", "drain")
def damage_carried(s: SentinelsState, sid: int, this: int, hero: int, other: int,
                   c: int) -> None:
    """SOTM-14: a damage step that caps what it deals (`at_most`, "no more than X") or
    remembers it (`remember`: "the damage dealt this way"): the pipeline carries the step."""
    t = s.T
    st = t.steps[sid]
    src = (this if st.source == "this" else c if st.source == "target"
           else t.villain_character if st.source == "villain_character"
           else s.char[hero] if hero >= 0 else this)
    drain = st.verb == "drain" and hero >= 0
    from multiverse.sentinels.amounts import amount_of

    deal_damage(s, src, c, amount_of(s, sid, this), DAMAGE_TYPES.index(st.type),
                st.irreducible, hero if drain else -1, st.target.zone != "this", sid, this)


# ----- a hero incapacitated outright ----------------------------------------------------------
@applies("incapacitate")
def incapacitate_selected(s: SentinelsState, sid: int, this: int, hero: int, other: int,
                          c: int) -> None:
    """SOTM-17: the selected hero is incapacitated now, whatever its HP (a team's every
    character card falls with it, OBL-C24)."""
    t = s.T
    if t.hero_char[c] < 0:
        return
    h = s.hero_of(c)
    if h < 0 or s.incap[h]:
        return
    if s.log is not None:
        s.emit("incapacitated_by", f"{s.name(this)} incapacitates {s.oname(h)}", hero=h,
               card=this)
    for m in t.team.get(s.char[h], ()):
        if s.face[m] == 0:
            hp = s.hp[m]
            flip(s, m, t.n_faces[m] - 1)
            s.hp[m] = min(hp, 0)
    incapacitate(s, h)


# ----- another play area -------------------------------------------------------------------------
def into_area(s: SentinelsState, c: int, area: str, this: int) -> None:
    """A card (lifted, in the box) put into play in the play area a step names: the
    villain's, the environment's (of this zone, OBL-B1), or a hero's the players choose."""
    t = s.T
    if area == "villain":
        _enter(s, c, t.villain)
    elif area == "environment":
        from multiverse.sentinels.vocab.piles import deck_owner

        env = deck_owner(s, "environment", this, -1)
        _enter(s, c, env if env >= 0 else s.home[c])
    else:
        hero = s.hero_of(this) if this >= 0 else -1
        s.stack.append(("play_area", c, this, hero if area == "another_hero" else -1))


def _enter(s: SentinelsState, c: int, o: int) -> None:
    """SOTM-8: the card enters play in owner `o`'s play area (a one-shot resolves and goes
    to its own trash); it is still its own deck's card."""
    from multiverse.sentinels.turns import put_into_play

    if s.T.kind[c][s.face[c]] != ONE_SHOT:
        s.own_home()[c] = o
        if s.log is not None and o != s.owner_of(c):
            s.emit("play_area", f"{s.name(c)} enters play in {possessive(s.oname(o))} play area",
                   card=c, owner=o)
    put_into_play(s, c, from_deck=True)


def _area_options(s: SentinelsState, f: tuple) -> tuple:
    _, c, this, not_hero = f
    t = s.T
    live = [h for h in range(t.n_heroes) if not s.incap[h] and h != not_hero
            and (t.n_zones == 1 or this < 0 or s.azone[h] == s.bz[this])]
    if not live:  # no hero's play area to enter: its own (SOTM-8)
        live = [s.owner_of(c)] if s.owner_of(c) < t.n_heroes else []
    return (seat_of(s, s.hero_of(this) if this >= 0 else -1),
            f"{t.name[c]}: enters play in which hero's play area?",
            [Option(f"hero:{h}", s.oname(h), {"hero": h}) for h in live]
            or [Option("own", "its own", {"hero": -1})])


@choice("play_area", _area_options)
def resolve_area(s: SentinelsState, f: tuple, opt: Option) -> None:
    c = f[1]
    if s.zone[c] != Z_BOX:
        return
    h = opt.data["hero"]
    _enter(s, c, h if h >= 0 else s.owner_of(c))

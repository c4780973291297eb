"""The effect dispatcher: each verb of `content.schema` resolves by the rule step it
registered in `united.verbs` (MU-17 Special Effects, MU-20 Location effects, MU-11 the
Villain's texts). This module reads those tables only: it imports no verb module.

A step written with the owner's words compiles with a 6th item, its extras (sorted
`(key, value)` pairs), and its `hfx` frame carries them. The words are taken off one at a
time, each by its own rule step, in the order a player reads them: "you may" (a choice to
resolve or decline), the cost, the count, who, then the verb (docs/content.md, cookbook).
"""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.united.cardtext import verb_text
from multiverse.united.conditions import condition_text, holds
from multiverse.united.counts import board_count
from multiverse.united.owned import can_spend, spend
from multiverse.united.state import UnitedState, choice, step
from multiverse.united.tables import ATTACK, HEROIC, MOVE, WILD
from multiverse.united.verbs import NO_WORDS, VERBS, VILLAIN, push_hero_effects, push_villain_effects


@step("hfx")
def hero_effect(s: UnitedState, f: tuple) -> None:
    """One hero verb, resolved for hero `h` (MU-17 Special Effects, MU-20 Location effects)."""
    if len(f) > 8:
        owner_effect(s, f)
        return
    _, h, verb, n, sym, _civ, _thug, source = f
    VERBS[verb](s, h, h, n, sym, NO_WORDS, source)  # type: ignore[arg-type]


_NEEDS_VILLAIN = frozenset({"bam", "villain_recover_per_hero", "damage_heroes_here",
                            "add_tokens_here"})
_VILLAIN_ONLY = frozenset({"bam", "villain_recover_per_hero"})


@step("vfx")
def villain_effect(s: UnitedState, f: tuple) -> None:
    """MU-11: One villain verb (Master Plan effects, dashboard and Threat texts). "Here" is the
    Threat's Location for a Threat's text, else the Villain's."""
    _, verb, n, _sym, civ, thug, source, here = f
    if s.n_loc < 0 and ((verb in _NEEDS_VILLAIN and here < 0) or verb in _VILLAIN_ONLY):
        return  # no Villain on the board (DFP-S7 Nimrod set aside; DFP-A11 Sentinels aren't)
    VILLAIN[verb](s, n, civ, thug, source, s.n_loc if here < 0 else here)


# ----- the owner's words ----------------------------------------------------------------
Extras = tuple  # sorted (key, value) pairs

# verbs whose own choice offers the decline of "you may"
_SELF_DECLINING = frozenset({"take_action", "choose_one"})


def without(x: Extras, key: str) -> Extras:
    """The extras less `key` (one word taken off, MU-17)."""
    return tuple(p for p in x if p[0] != key)


def with_extra(x: Extras, key: str, value: object) -> Extras:
    """The extras with `key` set to `value`, kept sorted."""
    return tuple(sorted((*without(x, key), (key, value))))


def owner_effect(s: UnitedState, f: tuple) -> None:
    """One step with the owner's words, for hero `h` (MU-17 Special Effects, MU-20)."""
    _, h, verb, n, sym, civ, thug, source, x = f
    d = dict(x)
    if "if" in d:  # a condition (counts group): the step is offered and resolves only if it holds
        cond = d.pop("if")
        if not holds(s, h, cond):
            if s.log is not None:
                s.emit("condition", f"{s.hero_name(h)}: {source}: not so ({condition_text(cond)}): "
                       f"{step_words((*f[:8], without(x, 'if')))} does not resolve", hero=h)
            return
        x = without(x, "if")
        f = (*f[:8], x)
    spends = "spend" in d or "spend_team" in d  # a hero's own tokens (united/owned.py)
    paid = "cost" in d or "token_cost" in d or "discard_cost" in d
    if "optional" in d and (verb not in _SELF_DECLINING or paid or spends):
        if payable(s, h, d) and (not spends or can_spend(s, h, d)):
            s.stack.append(("may", (*f[:8], without(x, "optional"))))
        return
    if spends and not can_spend(s, h, d):
        return  # your own (or your team card's) tokens cannot pay: the step does not resolve
    if paid:
        if not payable(s, h, d):
            return  # the cost cannot be paid: the step does not resolve
        if "cost" in d:
            pay_cost(s, h, d["cost"])
            x = without(x, "cost")
        if "token_cost" in d:  # action tokens only (counts group)
            _pay([0, 0, 0, 0], s.tokens, h, d["token_cost"])
            x = without(x, "token_cost")
        if "discard_cost" in d:  # the player's cards, then the step (counts group)
            s.stack.append((*f[:8], without(x, "discard_cost")))
            s.stack.append(("discard", h, d["discard_cost"], source))
            return
    if spends:
        spend(s, h, d, source)
        x = without(without(x, "spend"), "spend_team")
    if "per" in d:
        n *= board_count(s, h, d["per"])
        x = without(x, "per")
        if n <= 0:
            return
    if "then_each" in d:  # "then, for each one ... this way": the step is counted (vocab/moves.py)
        s.stack.append(("then_each", (*f[:3], n, *f[4:8], without(x, "then_each")), d["then_each"]))
        return
    if "who" in d:
        for_whom(s, (*f[:3], n, *f[4:8], without(x, "who")), d["who"])
        return
    d["civ"], d["thug"] = civ, thug  # the step's C/T letters, for the verbs that read them
    VERBS[verb](s, h, d.get("hero", h), n, sym, d, source)


# ----- "you may" ----------------------------------------------------------------------------
def step_words(inner: tuple) -> str:
    """A waiting step (an `hfx` frame with its extras) in the card's words."""
    return verb_text((*inner[2:7], inner[8]))


def _may_options(s: UnitedState, f: tuple) -> tuple:
    inner = f[1]
    h, source = inner[1], inner[7]
    what = step_words(inner)
    return (s.seat(h), f"{s.hero_name(h)}: {source}: you may {what}",
            [Option("resolve", f"Resolve: {what}", _YES), Option("decline", "Decline", _NO)])


_YES, _NO = {"resolve": True}, {"resolve": False}


@choice("may", _may_options)
def resolve_may(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-17: "You may": the hero's player resolves the step or declines it."""
    if opt.data["resolve"]:
        s.stack.append(f[1])
    elif s.log is not None:
        s.emit("decline", f"{s.hero_name(f[1][1])} declines: {step_words(f[1])}", hero=f[1][1])


# ----- costs --------------------------------------------------------------------------------
def _pay(pool: list[int], tokens: list[int], h: int, cost: tuple[int, ...]) -> bool:
    """Pay `cost` (counts of move/attack/heroic/wild) from this turn's symbols, then tokens
    (MU-5 order: the symbol, a Wild symbol, a token, a Wild token); a Wild in a cost is paid
    by any one symbol or token. False (lists partly spent) when it cannot be paid."""
    for sym in (MOVE, ATTACK, HEROIC):
        for _ in range(cost[sym]):
            if pool[sym]:
                pool[sym] -= 1
            elif pool[WILD]:
                pool[WILD] -= 1
            elif tokens[h * 4 + sym]:
                tokens[h * 4 + sym] -= 1
            elif tokens[h * 4 + WILD]:
                tokens[h * 4 + WILD] -= 1
            else:
                return False
    for _ in range(cost[WILD]):
        i = next((i for i in range(4) if pool[i]), -1)
        if i >= 0:
            pool[i] -= 1
            continue
        i = next((i for i in range(4) if tokens[h * 4 + i]), -1)
        if i < 0:
            return False
        tokens[h * 4 + i] -= 1
    return True


def can_pay(s: UnitedState, h: int, cost: tuple[int, ...]) -> bool:
    """Could hero `h` pay `cost` now (MU-17: this turn's symbols, then tokens)?"""
    return _pay(s.pool[:], s.tokens[:], h, cost)


def pay_cost(s: UnitedState, h: int, cost: tuple[int, ...]) -> bool:
    """Pay a step's cost, or change nothing and return False when it cannot be paid."""
    if not can_pay(s, h, cost):
        return False
    _pay(s.pool, s.tokens, h, cost)
    return True


def payable(s: UnitedState, h: int, d: dict) -> bool:
    """Every cost of a step can be paid now (MU-17): symbols then tokens (`cost`), action
    tokens only (`token_cost`: MU-5 tokens, not this turn's symbols), cards from the hand
    (`discard_cost`: the hand holds that many). A step whose cost cannot be paid is neither
    offered nor resolved."""
    if "cost" in d and not can_pay(s, h, d["cost"]):
        return False
    if "token_cost" in d and not _pay([0, 0, 0, 0], s.tokens[:], h, d["token_cost"]):
        return False
    return len(s.hand[h]) >= d.get("discard_cost", 0)


# ----- who ----------------------------------------------------------------------------------
def for_whom(s: UnitedState, f: tuple, who: str) -> None:
    """The step acts for the hero(es) `who` names; a chosen hero is the player's pick."""
    h, x = f[1], f[8]
    if who in ("one_hero", "another_hero"):
        s.stack.append(("pick_hero", f, int(who == "another_hero")))
        return
    pos = s.hero_loc[h]
    heroes = [o for o in range(len(s.hand)) if s.in_play(o)] if who == "each_hero" else s.heroes_at(pos)
    for o in reversed(heroes):
        if o != h or who != "each_other_hero_here":
            s.stack.append((*f[:8], with_extra(x, "hero", o)))


def _pick_options(s: UnitedState, f: tuple) -> tuple:
    inner, another = f[1], f[2]
    h = inner[1]
    near = ("near", 1) in inner[8]  # a hero in your Location or an adjacent one
    return (s.seat(h), f"{inner[7]}: which hero? ({step_words(inner)})",
            [Option(f"hero:{o}", s.hero_name(o), {"hero": o})
             for o in range(len(s.hand)) if s.in_play(o) and not (another and o == h)
             and not (near and (s.hero_loc[o] - s.hero_loc[h]) % 6 not in (0, 1, 5))])


@choice("pick_hero", _pick_options)
def resolve_pick_hero(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-17: "One hero" / "another hero": the step acts for the hero the player picks."""
    inner = f[1]
    s.stack.append((*inner[:8], with_extra(inner[8], "hero", opt.data["hero"])))


__all__ = ["can_pay", "pay_cost", "payable", "push_hero_effects", "push_villain_effects", "step_words",
           "with_extra", "without"]

"""Counts, conversions, conditions, costs, kind-limited bonuses and token transfers: Special
Effect verbs registered in `united.verbs` (docs/content.md, cookbook, "Counts, conditions,
costs and token transfers"), and the card words of `if`, `discard_cost`, `token_cost`,
`into`, `enemy` and this turn's counts.

The counts are `united.counts` (`this_turn_count`), the conditions `united.conditions`, the
costs the dispatcher's (`united.effects.payable`). The lasting ones keep 4 ints in
`s.protect` like the protections (`protection.KIND_BONUS`, `protection.TO_TOKENS`, codes
-300 .. -399), so they are cloned, hashed, saved and checked with them.
"""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.engine.words import article, count
from multiverse.united.cardtext import symbols_text
from multiverse.united.conditions import condition_text, counted
from multiverse.united.counts import THIS_TURN
from multiverse.united.protection import KIND_BONUS, TO_TOKENS, protect_until
from multiverse.united.state import UnitedState, choice
from multiverse.united.tables import SYMBOLS
from multiverse.united.verbs import phrases, text, verb, words

# the view's names of the lasting records (`view.protections`)
KINDS = {**{code: "extra_damage_to" for code in KIND_BONUS.values()},
         **{TO_TOKENS - i: "damage_to_tokens" for i in range(4)}}
_ENEMIES = {"henchman": "Henchmen", "thug": "Thugs", "villain": "the Villain"}


def _token(sym: int, n: int = 1) -> str:
    return count(n, SYMBOLS[sym].title() + " token")


# ----- kind-limited bonuses and damage turned into tokens ---------------------------------------
@verb("extra_damage_to")
def extra_damage_to(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-18: each of your Attacks deals `n` more damage to one kind of enemy (Henchmen,
    Thugs or the Villain) until then (default: the end of this turn). Decision: a Thug is
    defeated by 1 damage, so against Thugs each extra damage defeats one more Thug in that
    Location; a Henchman or the Villain loses that much more Health (the Villain only when it
    can be damaged, MU-15)."""
    if n > 0 and protect_until(s, KIND_BONUS[d["enemy"]], n, h, d.get("until", "end_of_turn")) \
            and s.log is not None:
        s.emit("protect", f"{s.hero_name(h)}: Attacks deal {n} more damage to "
               f"{_ENEMIES[d['enemy']]} ({source})", hero=h, amount=n)


@verb("damage_to_tokens")
def damage_to_tokens(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-21 / MU-5: until then (default: your next turn), each damage you would take (the
    next `n`; 0: every one) is not taken: you gain a `symbol` action token instead. It comes
    after prevention (a prevented damage is no damage you would take) and before the cards
    it would cost."""
    if protect_until(s, TO_TOKENS - sym, n, h, d.get("until", "your_next_turn")) and s.log is not None:
        what = "each damage" if n == 0 else f"the next {n} damage"
        s.emit("protect", f"{s.hero_name(h)}: {what} they would take becomes "
               f"{article(SYMBOLS[sym].title())} token instead ({source})", hero=h, amount=n)


# ----- token transfers --------------------------------------------------------------------------
def _others(s: UnitedState, h: int, where: str) -> list[int]:
    """The other heroes in play a token can pass to or from: in your Location (`here`) or
    anywhere (`any`, the default)."""
    pos = s.hero_loc[h]
    return [o for o in range(len(s.hand))
            if o != h and s.in_play(o) and (where != "here" or s.hero_loc[o] == pos)]


def _take_choices(s: UnitedState, h: int, sym: int, where: str) -> list[tuple[int, int]]:
    kinds = range(4) if sym < 0 else (sym,)
    return [(o, k) for o in _others(s, h, where) for k in kinds if s.tokens[o * 4 + k]]


@verb("take_token")
def take_token(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-5: take up to `n` action tokens of one kind (`symbol`; none: a kind of your
    choice) from another hero of your choice (in your Location with `where: here`). Nothing
    happens when no other hero holds such a token."""
    where = d.get("where", "any")
    if n > 0 and _take_choices(s, h, sym, where):
        s.stack.append(("take_token", h, sym, n, where, source))


def _take_options(s: UnitedState, f: tuple) -> tuple:
    _, h, sym, n, where, source = f
    return (s.seat(h), f"{s.hero_name(h)}: {source}: take up to {n} token(s) from which hero?",
            [Option(f"take:{o}:{k}", f"{s.hero_name(o)}: {SYMBOLS[k].title()} "
                    f"({s.tokens[o * 4 + k]} held)", {"hero": o, "kind": k})
             for o, k in _take_choices(s, h, sym, where)])


@choice("take_token", _take_options)
def resolve_take_token(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-5: The chosen hero's tokens of that kind (up to `n`) become yours."""
    _, h, _sym, n, _where, source = f
    o, k = opt.data["hero"], opt.data["kind"]
    m = min(n, s.tokens[o * 4 + k])
    s.tokens[o * 4 + k] -= m
    s.tokens[h * 4 + k] += m
    if s.log is not None:
        s.emit("take_token", f"{s.hero_name(h)} takes {_token(k, m)} from {s.hero_name(o)} "
               f"({source})", hero=h, source_hero=o, symbol=SYMBOLS[k], count=m)


def _trades(s: UnitedState, h: int, where: str) -> list[tuple[int, int, int]]:
    t = s.tokens
    return [(o, i, j) for o in _others(s, h, where) for i in range(4) if t[h * 4 + i]
            for j in range(4) if j != i and t[o * 4 + j]]


@verb("exchange_token")
def exchange_token(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-5: `n` times, one of your action tokens and one of another kind held by another
    hero of your choice trade owners (both kinds and the hero are the player's pick).
    Decision: an exchange of two tokens of one kind changes nothing, so it is not offered;
    with nothing to trade the step does nothing."""
    where = d.get("where", "any")
    if n > 0 and _trades(s, h, where):
        s.stack.append(("exchange_token", h, n, where, source))


def _exchange_options(s: UnitedState, f: tuple) -> tuple:
    _, h, n, where, source = f
    return (s.seat(h), f"{s.hero_name(h)}: {source}: exchange which tokens ({n} left)?",
            [Option(f"swap:{o}:{i}:{j}", f"your {SYMBOLS[i].title()} for {s.hero_name(o)}'s "
                    f"{SYMBOLS[j].title()}", {"hero": o, "mine": i, "theirs": j})
             for o, i, j in _trades(s, h, where)])


@choice("exchange_token", _exchange_options)
def resolve_exchange_token(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-5: one token of yours and one of another kind of the other hero's trade places."""
    _, h, n, where, source = f
    o, i, j = opt.data["hero"], opt.data["mine"], opt.data["theirs"]
    t = s.tokens
    t[h * 4 + i] -= 1
    t[o * 4 + i] += 1
    t[o * 4 + j] -= 1
    t[h * 4 + j] += 1
    if s.log is not None:
        s.emit("exchange_token", f"{s.hero_name(h)} gives {article(SYMBOLS[i].title())} token "
               f"to {s.hero_name(o)} for {article(SYMBOLS[j].title())} token ({source})", hero=h,
               to=o)
    if n > 1 and _trades(s, h, where):
        s.stack.append(("exchange_token", h, n - 1, where, source))


@verb("convert_tokens")
def convert_tokens(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-5: up to `n` of your `symbol` action tokens become `into` tokens (kept across
    turns like any token)."""
    into = d["into"]
    k = min(n, s.tokens[h * 4 + sym])
    if k:
        s.tokens[h * 4 + sym] -= k
        s.tokens[h * 4 + into] += k
        if s.log is not None:
            s.emit("convert_tokens", f"{s.hero_name(h)} turns {_token(sym, k)} into "
                   f"{_token(into, k)} ({source})", hero=h, count=k)


@verb("lose_token")
def lose_token(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-5: you lose up to `n` of your action tokens (a drawback): of `symbol`, else one at
    a time of a kind of your choice. Holding fewer, you lose what you hold."""
    if sym >= 0:
        _lose(s, h, sym, min(n, s.tokens[h * 4 + sym]), source)
    elif n > 0 and any(s.tokens[h * 4: h * 4 + 4]):
        s.stack.append(("lose_token", h, n, source))


def _lose(s: UnitedState, h: int, k: int, m: int, source: str) -> None:
    s.tokens[h * 4 + k] -= m
    if m and s.log is not None:
        s.emit("lose_token", f"{s.hero_name(h)} loses {_token(k, m)} ({source})", hero=h,
               symbol=SYMBOLS[k], count=m)


def _lose_options(s: UnitedState, f: tuple) -> tuple:
    _, h, n, source = f
    return (s.seat(h), f"{s.hero_name(h)}: {source}: lose which token ({n} left)?",
            [Option(f"lose:{k}", SYMBOLS[k].title(), {"kind": k})
             for k in range(4) if s.tokens[h * 4 + k]])


@choice("lose_token", _lose_options)
def resolve_lose_token(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-5: the token picked is lost (back to the supply)."""
    _, h, n, source = f
    _lose(s, h, opt.data["kind"], 1, source)
    if n > 1 and any(s.tokens[h * 4: h * 4 + 4]):
        s.stack.append(("lose_token", h, n - 1, source))


phrases({
    "extra_damage_to": lambda n: f"deal {n} more damage to one kind of enemy with each Attack",
    "damage_to_tokens": lambda n: "take tokens instead of damage",
    "take_token": lambda n: f"take {count(n, 'token')} from another hero",
    "exchange_token": lambda n: "exchange a token with another hero",
    "convert_tokens": lambda n: f"convert {count(n, 'token')}",
    "lose_token": lambda n: f"lose {count(n, 'token')}",
})


# ----- card text --------------------------------------------------------------------------------
@text("take_token")
def _take_text(n: int, sym: int, civ: int, thug: int) -> str:
    what = _token(sym, n) if sym >= 0 else count(n, "token") + " of one kind"
    return f"take up to {what} from another hero"


@text("damage_to_tokens")
def _to_tokens_text(n: int, sym: int, civ: int, thug: int) -> str:
    what = "each damage" if n == 0 else f"each of the next {n} damage"
    return f"gain {article(SYMBOLS[sym].title())} token instead of {what} you would take until your next turn"


@text("exchange_token")
def _exchange_text(n: int, sym: int, civ: int, thug: int) -> str:
    times = "" if n == 1 else f" ({n} times)"
    return f"exchange one of your tokens for a token of another kind of another hero's{times}"


@text("lose_token")
def _lose_text(n: int, sym: int, civ: int, thug: int) -> str:
    return f"lose up to {_token(sym, n)}" if sym >= 0 else f"lose {count(n, 'token')} of your choice"


def _per_words(per: str) -> str:
    """"for each Civilian rescued this turn", "for each face-up X-Men card in the Storyline"."""
    return "for each " + counted(per, 1)


def _token_cost_words(cost: tuple[int, ...]) -> str:
    parts = [_token(i, cost[i]) for i in range(4) if cost[i]]
    return "spend " + " and ".join(parts)


@words
def terms_words(verb_: str, n: int, sym: int, txt: str, x: dict) -> str:
    """The counts group's words: its verbs' own words, this turn's counts, and a step's
    condition and costs ("if Storm is in your Location, you may discard 1 card from your
    hand to draw 2 cards")."""
    if verb_ == "convert_tokens":
        txt = f"turn up to {_token(sym, n)} of yours into {SYMBOLS[x.pop('into')].title()} tokens"
    elif verb_ == "extra_damage_to":
        txt = f"each of your Attacks deals {n} more damage to {_ENEMIES[x.pop('enemy')]}"
        txt += "" if "until" in x else " this turn"
    elif verb_ == "damage_to_tokens" and "until" in x:  # its own text says the default
        txt = txt.removesuffix(" until your next turn")
    per = x.get("per")
    if per is not None and (per in THIS_TURN or per[:5] == "team:"):
        txt += " " + _per_words(x.pop("per"))
    if not ("if" in x or "discard_cost" in x or "token_cost" in x):
        return txt
    costs = []
    if "cost" in x:
        costs.append(f"pay {symbols_text(x.pop('cost'))}")
    if "token_cost" in x:
        costs.append(_token_cost_words(x.pop("token_cost")))
    if "discard_cost" in x:
        costs.append(f"discard {count(x.pop('discard_cost'), 'card')} from your hand")
    if costs:
        txt = f"{' and '.join(costs)} to {txt}"
    if x.pop("optional", None):
        txt = f"you may {txt}"
    if "if" in x:
        txt = f"{condition_text(x.pop('if'))}, {txt}"
    return txt


# ----- the view's words for the lasting records (`view.protections`) -------------------------
def terms_detail(code: int) -> dict:
    """What a lasting record of the group says beyond its kind: the enemy or the token kind."""
    enemy = next((k for k, c in KIND_BONUS.items() if c == code), None)
    return {"enemy": enemy} if enemy else {"symbol": SYMBOLS[TO_TOKENS - code]}


def terms_phrase(e: dict) -> str:
    """A lasting record in words, as the boards show it."""
    n = e["amount"] or 0
    if e["effect"] == "extra_damage_to":
        return f"each Attack deals {n} more damage to {_ENEMIES[e['enemy']]}"
    what = "each damage" if n == 0 else f"each of the next {n} damage"
    return f"{what} taken becomes {article(e['symbol'].title())} token"


__all__ = ["KINDS", "terms_detail", "terms_phrase", "terms_words"]

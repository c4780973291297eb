"""`card NAME` and `?N` in the terminal: finding a card by the start of its name, and an
option told in words (what choosing it does, and its card's full text)."""

from __future__ import annotations

import difflib
from typing import Any

from multiverse.engine.decision import Decision, Option

ARTICLES = ("the ", "a ", "an ")


def _bare(name: str) -> str:
    low = name.lower()
    for a in ARTICLES:
        if low.startswith(a):
            return low[len(a):]
    return low


def find_card(texts: dict[str, str], name: str) -> tuple[str | None, list[str]]:
    """The card a typed name means, any case: its exact name, else the start of exactly one
    card's name (a leading "The" may be left out: `magis` finds The Magistrate), else the
    start of a word of exactly one name (the titles of one card's faces count as one).
    Returns (name, []) when found, else (None, the names it could mean)."""
    low = " ".join(name.lower().split())
    if not low:
        return None, []
    for test in (lambda n: n.lower() == low or _bare(n) == low,
                 lambda n: n.lower().startswith(low) or _bare(n).startswith(low),
                 lambda n: any(w.startswith(low) for w in _words(n))):
        found = sorted(n for n in texts if test(n))
        if len({texts[n] for n in found}) == 1:  # one card (its faces' titles find it too)
            return min(found, key=len), []
        if found:
            return None, found
    return None, []


def _words(name: str) -> list[str]:
    low = name.lower()
    return [low[i:] for i in range(len(low)) if i == 0 or low[i - 1] in " -(:'"]


def close_names(texts: dict[str, str], name: str, n: int = 3) -> list[str]:
    """Up to `n` card names that look like a mistyped `name`."""
    by_low = {k.lower(): k for k in texts}
    low = name.strip().lower()
    near = difflib.get_close_matches(low, list(by_low), n=n, cutoff=0.7)
    near += [k for k in difflib.get_close_matches(low, [_bare(x) for x in by_low], n=n, cutoff=0.7)
             if k not in near]
    out = []
    for k in near:
        real = by_low.get(k) or next((v for lk, v in by_low.items() if _bare(lk) == k), None)
        if real and real not in out:
            out.append(real)
    return out[:n]


def card_name_of(state: Any, o: Option) -> str | None:
    """The name of the card (or Location, Sentinel, hero) an option names in its data."""
    data = o.data or {}
    t = state.T
    c = data.get("card")
    if isinstance(c, int) and c >= 0:
        names = getattr(t, "card_name", None) or getattr(t, "name", None)
        if names is not None and c < len(names):
            return names[c]
    loc = data.get("location")
    if isinstance(loc, int) and hasattr(state, "loc_name") and 0 <= loc < len(getattr(state, "locs", ())):
        return state.loc_name(loc)
    sn = data.get("sentinel")
    if isinstance(sn, int) and hasattr(state, "sentinel_name"):
        return state.sentinel_name(sn)
    return None


PASS = frozenset({"skip", "none", "stop", "end"})  # options that pass, in every mode
_DOES = {  # what choosing an option of a kind does, in words (never its data)
    "play_card": "plays this card from your hand: its symbols are your actions this turn, "
                 "then its Special Effect (if any) may be resolved",
    "resolve_actions": "takes this action now, paid with one of this turn's symbols (or a "
                       "token, where it says so)",
    "wound": "discards this card from your hand to take the damage",
    "move_anywhere": "moves you to this Location",
    "sentinel_direction": "sends the Sentinel this way round the ring",
    "location_effect": "decides whether this Location's effect is used",
    "play_phase": "plays this card in your play phase",
    "play_now": "plays this card now",
    "power_phase": "uses this power in your power phase",
    "power_now": "uses this power now",
    "select": "chooses this card as the target of the effect",
    "search": "takes this card from the search",
    "discard": "discards this card",
    "one_hero": "chooses this hero",
    "incapacitated_ability": "uses this incapacitated ability",
    "may": "answers the question",
    "may_draw": "answers whether you draw",
    "ob_zone_move": "keeps you in your battle zone or moves you to the other one",
    "ob_six": "does this one of the six things a player may do at the start of their turn "
              "(OBL-H2 … H7)",
}


SIX = (  # OBL-H2 … H7: the six things: (id, what it is, what it needs)
    ("take", "take on the top Mission", "no objective of yours in play"),
    ("swap", "swap your objective for the top Mission", "an objective of yours"),
    ("trade", "trade objectives", "another player in your zone, both with one"),
    ("shuffle", "shuffle the Mission deck", "2 or more Mission cards"),
    ("ability", "use an incapacitated ability", "an incapacitated hero in your play area"),
    ("regain", "regain a reward", "a reward under an incapacitated hero of yours"),
)


def six_things(d: Decision) -> list[str]:
    """OBL-H2 … H7: which of the six things are offered now, and what the others need."""
    offered = {o.id.partition(":")[0] for o in d.options}
    now = [what for key, what, _ in SIX if key in offered]
    lines = ["Offered now: " + "; ".join(now) + "." if now else "None of the six is offered now."]
    missing = [f"{what} (needs {need})" for key, what, need in SIX if key not in offered]
    if missing:
        lines.append("Not offered: " + "; ".join(missing) + ".")
    return lines


def explain(mode: Any, state: Any, d: Decision, o: Option, number: int,
            key: str | None) -> list[str]:
    """`?N`: option N in words: its label, what choosing it does, and the full text of the
    card it names."""
    head = f"{number}. {o.label}" + (f" (key {key})" if key else "")
    does = _DOES.get(d.kind)
    if o.id in PASS or (o.data or {}).get("card") == -1:
        does = f"passes: {o.label[:1].lower()}{o.label[1:]}"
    lines = [head, f"Choosing it {does}." if does else f"Choosing it answers: {d.prompt}"]
    if d.kind == "ob_six":
        lines += six_things(d)
    name = card_name_of(state, o)
    if name is not None:
        text = mode.card_texts(state).get(name)
        if text and text.startswith(o.label):  # the label is the card's text: once
            lines[0] = f"{number}. {text}" + (f" (key {key})" if key else "")
        elif text:
            lines.append(text)
    return lines

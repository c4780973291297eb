"""Draw a Sentinels of the Multiverse table with rich, as one seat sees it.

A header names the round, whose turn it is and the phase, and the heroes' Hero Complexity
Chart values. Then the villain's panel (HP, flipped, cards in play) beside the
environment's, the modifiers in force, and one panel per hero: HP (or incapacitated), the
complexity value, The Harpy's tokens counted by the side showing, the hand for the deciding
seat (other hands are counted), cards in play with their HP and counters, and the powers the
hero can use (an incapacitated hero: its abilities).

It is built on `view(state, seat)`: what that seat may see (hands other than its own and
the order of every deck stay hidden), plus the static content (names, the complexity value,
powers, incapacitated abilities, token sides). Every engine text goes through `Text`, never through rich
markup, so a card named "[Rust]" stays a card name.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.text import Text

from multiverse.sentinels.cardtext import card_label
from multiverse.sentinels.state import SentinelsState
from multiverse.sentinels.threats import token_words
from multiverse.sentinels.view import view
from multiverse.threat_words import named, on_card, threats

PANEL_WIDTH = 39
PHASES = {"setup": "setup", "start": "start of turn", "play": "play phase",
          "power": "power phase", "draw": "draw phase", "end": "end of turn"}
GROUPS = {
    "hero": "hero targets", "villain": "villain targets", "environment": "environment targets",
    "non_hero": "non-hero targets", "non_villain": "non-villain targets", "any": "all targets",
    "hero_character": "hero character cards", "other_hero": "other heroes' targets",
}


def hp_style(hp: int, full: int) -> str:
    if full <= 0:
        return ""
    return "green" if hp * 2 > full else "yellow" if hp * 4 > full else "red"


def hp_text(hp: int, full: int, label: str = "HP ") -> Text:
    return Text(f"{label}{hp}/{full}", style=f"bold {hp_style(hp, full)}")


def card_line(s: SentinelsState, card: dict[str, Any], area: int,
              threat: str | None = None) -> Text:
    """A card in play (a `view` entry): its name, kind, HP and tokens (`threat`: the words
    of a counter on it that can end the game, instead of its count); a card in another
    owner's play area (a planted seed) names its owner."""
    t = s.T
    out = Text(f"• {card['name']}")
    if "face" in card:  # a card with faces: the one it shows
        shown = card["face_name"] if card["face_name"] != card["name"] else f"face {card['face']}"
        out.append(f" [{shown}]", style="magenta")
    out.append(f" ({card['kind']})", style="dim")
    if "hp" in card:
        out.append("  ")
        out.append_text(hp_text(card["hp"], card["max_hp"]))
    if threat:
        out.append(f"  {threat}", style="bold cyan")
    elif card["tokens"]:  # issue 21: with its goal, if its tokens count toward one
        out.append(f"  {token_words(s, card['card'])}", style="cyan")
    owner = s.owner_of(card["card"])
    if owner != area:
        out.append(f"  ({t.owner_names[owner]}'s card)", style="dim")
    if "under" in card:
        out.append(f"  under it: {', '.join(c['name'] for c in card['under'])}", style="dim")
    return out


def _group_name(s: SentinelsState, group: str, card: int) -> str:
    t = s.T
    if group == "this":
        return t.name[card] if card >= 0 else "this card"
    if group == "this_hero":
        o = s.owner_of(card) if card >= 0 else -1
        return t.owner_names[o] if 0 <= o < t.n_heroes else "its hero"
    if group == "villain_character":
        return t.name[t.villain_character]
    if group == "source":
        return "the source"
    return GROUPS.get(group, group)


def modifier_text(s: SentinelsState, m: dict[str, Any]) -> str:
    """A modifier in force (a `view` entry) in words, read from the card that holds it."""
    card = m["card"]
    who = _group_name(s, m["applies_to"], card)
    typed = f" {m['damage_type']}" if m["damage_type"] else ""
    kind, n = m["kind"], m["amount"]
    if kind == "increase_dealt":
        return f"+{n}{typed} damage dealt by {who}"
    if kind == "reduce_dealt":
        return f"-{n}{typed} damage dealt by {who}"
    if kind == "increase_taken":
        return f"+{n}{typed} damage taken by {who}"
    if kind == "reduce_taken":
        return f"-{n}{typed} damage taken by {who}"
    if kind == "immune":
        return f"{who}: immune to{typed or ' all'} damage"
    if kind == "redirect_to_this":
        return f"damage to {who} is redirected to {_group_name(s, 'this', card)}"
    if kind == "change_type":
        return f"damage dealt by {who} becomes {m['damage_type']}"
    return kind


def _duration(s: SentinelsState, m: dict[str, Any]) -> str | None:
    t = s.T
    if m["duration"] == "this_turn":
        return "this turn"
    if m["duration"] == "until_your_next_turn":
        owner = s.owner_of(m["card"])
        return f"until {t.owner_names[owner]}'s next turn"
    return None  # while the card is in play: it is listed with it


def modifier_lines(s: SentinelsState, v: dict[str, Any]) -> list[Text]:
    """Every modifier in force: the cards in play first (play order), then the effects
    with a duration."""
    out: list[Text] = []
    for m in v["modifiers"]:
        line = Text(f"• {m['name']}: ", style="bold")
        line.append(modifier_text(s, m), style="")
        how_long = _duration(s, m)
        if how_long:
            line.append(f"  ({how_long})", style="dim")
        out.append(line)
    return out


def _hero_content(s: SentinelsState, h: int):
    hid = s.T.hero_ids[h]
    return next(x for x in s.T.content.heroes if x.id == hid)


def tokens_text(s: SentinelsState, h: int, showing: list[str] | None) -> Text | None:
    """A hero's two-sided tokens counted by the side showing (The Harpy: arcana, avian)."""
    sides = s.T.hero_tokens[h][0]
    if not sides or showing is None:
        return None
    out = Text("Tokens: ")
    out.append(" · ".join(f"{showing.count(side)} {side}" for side in sides), style="magenta")
    return out


def _owner_name(s: SentinelsState, whose: str) -> str:
    t = s.T
    if whose == "villain":
        return t.owner_names[t.villain]
    if whose == "environment":
        return t.owner_names[t.env]
    return t.owner_names[t.hero_ids.index(whose)] if whose in t.hero_ids else whose


def hero_panel(s: SentinelsState, v: dict[str, Any], h: int, seat: int) -> Panel:
    t = s.T
    hv = v["heroes"][h]
    char = t.character[h]
    hero = _hero_content(s, h)
    lines: list[Text] = []
    head = (Text("INCAPACITATED", style="bold red reverse") if hv["incapacitated"]
            else hp_text(hv["hp"], hv["max_hp"]))
    head.append(f"   complexity {t.complexity[h]}", style="dim")
    lines.append(head)
    tokens = tokens_text(s, h, hv["tokens"])
    if tokens is not None:
        lines.append(tokens)
    n = hv["hand_size"]
    if hv["hand"] is not None:
        hand = Text(f"Hand ({n}): ", style="bold")
        hand.append(", ".join(c["name"] for c in hv["hand"]) or "empty", style="")
    else:
        hand = Text(f"Hand: {n} card{'s' if n != 1 else ''}")
    lines.append(hand)
    lines.append(Text(f"Deck {hv['deck_size']} · Trash {len(hv['trash'])}", style="dim"))
    if hv["play"]:
        lines.append(Text("In play:", style="bold"))
        lines.extend(card_line(s, c, h, _threat(s, v, c)) for c in hv["play"])
    if hv["incapacitated"]:
        abilities = Text("Incapacitated abilities: ", style="bold")
        abilities.append("; ".join(a.name for a in hero.incapacitated), style="")
        lines.append(abilities)
    else:
        powers = Text("Powers: ", style="bold")
        cards = [char, *(c["card"] for c in hv["play"])]
        names = [f"{hero.power.name} ({t.name[char]})" if c == char else t.name[c]
                 for c in cards if t.power_fx[c][s.face[c]] and s.hero_of(c) == h]
        powers.append("; ".join(names) or "none", style="")
        if s.turn == h and s.powered:  # public: the power phase is over for this turn
            powers.append("  (used this turn)", style="dim")
        lines.append(powers)
    active = v["turn"] == hv["id"]
    title = Text(("▶ " if active else "") + hv["name"], style="bold yellow" if active else "bold")
    if h == seat:
        title.append(" (deciding)", style="dim")
    return Panel(Group(*lines), title=title, title_align="left", width=PANEL_WIDTH,
                 border_style="red" if hv["incapacitated"] else "yellow" if active else "blue")


def _threat(s: SentinelsState, v: dict[str, Any], card: dict[str, Any]) -> str | None:
    """The words of a game-ending counter on this card, if the view has one."""
    return on_card(threats(v), card["card"]) if card["tokens"] else None


def villain_panel(s: SentinelsState, v: dict[str, Any]) -> Panel:
    t = s.T
    vv = v["villain"]
    head = hp_text(vv["hp"], vv["max_hp"])
    vc = t.villain_character
    if vv["flipped"]:
        head.append("   FLIPPED", style="bold magenta")
        if vv["face_name"] != vv["name"]:
            head.append(f" ({vv['face_name']})", style="magenta")
    nxt = vv["face"] + 1
    if nxt < vv["faces"]:
        hp = t.max_hp[vc][nxt]
        head.append("   flips at 0" + (f" (→ {hp} HP)" if hp and t.restore_hp[vc][nxt] else ""),
                    style="dim")
    lines = [head, Text(f"Deck {vv['deck_size']} · Trash {len(vv['trash'])}"
                        + (f" · Reserve {v['reserve_size']}" if v["reserve_size"] else "")
                        + (f" · Removed {len(v['removed'])}" if v["removed"] else ""), style="dim")]
    found = threats(v)
    if v["counters"]:  # OBL-ID1: the named counters: their threat's words, else their bounds
        lines.append(Text(" · ".join(named(found, name) or
                                     f"{name} {value}/{t.counter_max[t.counter_index[name]]}"
                                     for name, value in v["counters"].items()), style="bold cyan"))
    lines += [Text(x["text"], style="bold cyan") for x in found  # the others: in words here
              if x.get("card") is None and x.get("name") not in v["counters"]]
    lines.append(Text("In play:" if vv["play"] else "In play: nothing else", style="bold"))
    lines.extend(card_line(s, c, t.villain, _threat(s, v, c)) for c in vv["play"])
    active = v["turn"] == "villain"
    title = Text(("▶ " if active else "") + vv["name"] + " (villain)",
                 style="bold yellow" if active else "bold red")
    return Panel(Group(*lines), title=title, title_align="left", width=PANEL_WIDTH,
                 border_style="yellow" if active else "red")


def environment_panel(s: SentinelsState, v: dict[str, Any]) -> Panel:
    ev = v["environment"]
    lines = [Text(f"Deck {ev['deck_size']} · Trash {len(ev['trash'])}", style="dim")]
    lines.append(Text("In play:" if ev["play"] else "In play: nothing", style="bold"))
    lines.extend(card_line(s, c, s.T.env, _threat(s, v, c)) for c in ev["play"])
    active = v["turn"] == "environment"
    title = Text(("▶ " if active else "") + ev["name"] + " (environment)",
                 style="bold yellow" if active else "bold green")
    return Panel(Group(*lines), title=title, title_align="left", width=PANEL_WIDTH,
                 border_style="yellow" if active else "green")


def header(s: SentinelsState, v: dict[str, Any]) -> Text:
    out = Text(f"Sentinels of the Multiverse · round {v['round']} · ", style="bold")
    if v["result"] is not None:
        out.append(f"the heroes {'won' if v['result'] == 'win' else 'lost'}: {v['reason']}",
                   style="bold green" if v["result"] == "win" else "bold red")
        return out
    out.append(f"{_owner_name(s, v['turn'])}'s turn", style="bold yellow")
    out.append(f" · {PHASES.get(v['phase'], v['phase'])}")
    return out


def complexity_line(s: SentinelsState) -> Text:
    """The Hero Complexity Chart values of the heroes at the table (OBL-HE6)."""
    t = s.T
    out = Text("Hero complexity: ", style="dim")
    out.append(" · ".join(f"{t.owner_names[h]} {t.complexity[h]}" for h in range(t.n_heroes)),
               style="dim")
    return out


def hand_lines(s: SentinelsState, heroes: list[dict[str, Any]]) -> list[RenderableType]:
    """Each hand the seat may see, one card a line with its kind, HP, keywords and text
    (full width: the panels name the cards only)."""
    out: list[RenderableType] = []
    for hv in heroes:
        if hv.get("hand"):
            out.append(Text(f"{hv['name']}'s hand:", style="bold"))
            out += [Padding(Text(card_label(s.T, c["card"])), (0, 0, 0, 2)) for c in hv["hand"]]
    return out


def render_board(s: SentinelsState, seat: int,
                 found: list[dict[str, Any]] | None = None) -> RenderableType:
    """The whole table as `seat` sees it (its hand shown, the others counted); `found`: the
    counters that can end the game, as the mode's view words them (`threats`)."""
    v = view(s, seat)
    threats(v, found)
    parts: list[RenderableType] = [header(s, v), complexity_line(s)]
    parts.append(Columns([villain_panel(s, v), environment_panel(s, v)]))
    mods = modifier_lines(s, v)
    if mods:
        parts.append(Panel(Group(*mods), title="Modifiers in force", title_align="left",
                           border_style="magenta"))
    parts.append(Columns([hero_panel(s, v, h, seat) for h in range(s.T.n_heroes)]))
    parts += hand_lines(s, v["heroes"])
    return Group(*parts)

"""Draw an OblivAeon table with rich, as one seat sees it.

A header names the round, whose turn it is (in which battle zone) and the phase. Then
OblivAeon's panel: his form, HP and battle zone, whether his Shield makes him immune, the
Shield with its task's tokens, the Inevitable Destruction card (Devastation and the
Countdown), the Mission deck's top objective, the set-aside environments and the Scion
Reserve. Then the two battle zones — side by side from 100 columns, one after the other
below — each with its environment, Scions, Aeon Men, other villain cards, Missions and the
heroes there (their hand for the deciding seat, cards in play, incapacitated character
cards with the rewards under them). The modifiers in force close the board.

It is built on `view(state, seat)` only: what that seat may see. Every name starts its own
line, so a name is never cut at 80 columns; every engine text goes through `Text`, never
through rich markup.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from multiverse.sentinels.oblivaeon.view import view
from multiverse.sentinels.render import PHASES, hand_lines, hp_text, modifier_lines
from multiverse.sentinels.state import SentinelsState
from multiverse.threat_words import named, on_card, threats

SIDE_BY_SIDE = 100  # columns from which the two battle zones sit side by side


def card_lines(card: dict[str, Any], indent: str = "  ",
               found: list[dict[str, Any]] | None = None) -> list[Text]:
    """A card in play (a `view` entry): its name first, then its face, kind, HP, tokens
    (or the words of a game-ending counter on it, from `found`, the view's threats)."""
    out = Text(f"{indent}• {card['name']}")
    out.append(f" ({card['kind']})", style="dim")
    if "hp" in card:
        out.append(" ")
        out.append_text(hp_text(card["hp"], card["max_hp"], ""))
    n = card["tokens"]
    threat = on_card(found or [], card["card"]) if n else None
    if threat:
        out.append(f" {threat}", style="bold cyan")
    elif n:
        out.append(f" {n} token{'s' if n != 1 else ''}", style="cyan")
    lines = [out]
    if "face" in card and card["face_name"] != card["name"]:
        lines.append(Text(f"{indent}  ↳ {card['face_name']}", style="magenta"))
    for below in card.get("under") or ():
        lines.append(Text(f"{indent}  under it: {below['name']}", style="dim"))
    return lines


def _section(title: str, cards: list[dict[str, Any]],
             found: list[dict[str, Any]] | None = None) -> list[Text]:
    if not cards:
        return []
    lines = [Text(title, style="bold")]
    for c in cards:
        lines.extend(card_lines(c, found=found))
    return lines


def hero_lines(h: dict[str, Any], v: dict[str, Any], seat: int) -> list[Text]:
    """One player's area in its zone."""
    active = v["turn"] == h["id"] and not h["incapacitated"]
    head = Text(("▶ " if active else "") + h["name"], style="bold yellow" if active else "bold")
    lines = [head]
    info = Text(f"  Player {h['player']}", style="dim")
    if h["seat"] == seat:
        info.append(" (you)", style="dim")
    info.append(" · ")
    if h["incapacitated"]:
        info.append("OUT OF HEROES" if h["incap"] == 2 else "INCAPACITATED",
                    style="bold red reverse")
    else:
        info.append_text(hp_text(h["hp"], h["max_hp"]))
    lines.append(info)
    lines.append(Text(f"  hand {h['hand_size']} · deck {h['deck_size']} · trash {len(h['trash'])}",
                      style="dim"))
    if h["tokens"]:
        sides = sorted(set(h["tokens"]))
        lines.append(Text("  tokens: " + " · ".join(f"{h['tokens'].count(x)} {x}" for x in sides),
                          style="magenta"))
    if h["hand"] is not None:
        lines.append(Text("  Hand:", style="bold"))
        lines.extend(Text(f"   - {c['name']}") for c in h["hand"])
    for c in h["play"]:
        lines.extend(card_lines(c, found=v.get("threats")))
    for x in h["incapacitated_cards"]:
        lines.append(Text(f"  ✗ {x['name']}", style="red"))
        if x["under"] is not None:
            lines.extend(Text(f"     reward: {r['face_name']}", style="green") for r in x["under"])
        elif x["under_count"]:
            n = x["under_count"]
            lines.append(Text(f"     {n} reward{'s' if n != 1 else ''} under it", style="green"))
    return lines


def zone_panel(zv: dict[str, Any], v: dict[str, Any], seat: int) -> Panel:
    """One battle zone: environment, villain cards, Missions, heroes."""
    lines: list[Text] = []
    env = zv["environment"]
    if env is None:
        lines.append(Text("No environment (a new one is being chosen)", style="dim"))
    else:
        mark = "▶ " if v["turn"] == "environment" and _turn_zone(v) == zv["zone"] else ""
        lines.append(Text(mark + env["name"], style="bold green"))
        lines.append(Text(f"  environment · deck {env['deck_size']} · trash {len(env['trash'])}",
                          style="dim"))
        for c in env["play"]:
            lines.extend(card_lines(c, found=v.get("threats")))
    for title, key in (("Scions", "scions"), ("Aeon Men", "aeon_men"),
                       ("Villain cards", "villain"), ("Missions", "missions")):
        lines += _section(title, zv[key], v.get("threats"))
    if zv["heroes"]:
        lines.append(Text("Heroes", style="bold"))
        for h in zv["heroes"]:
            lines.extend(hero_lines(h, v, seat))
    else:
        lines.append(Text("No heroes here", style="dim"))
    title = Text(f"Zone {zv['zone'] + 1}", style="bold")
    if zv["oblivaeon"]:
        title.append(" ◆ OblivAeon", style="bold red")
    return Panel(Group(*lines), title=title, title_align="left",
                 border_style="red" if zv["oblivaeon"] else "blue")


def _turn_zone(v: dict[str, Any]) -> int:
    """The battle zone of the turn being taken (-1: none)."""
    return v["turn_zone"]


def oblivaeon_panel(v: dict[str, Any]) -> Panel:
    """OblivAeon, his Shield, the Inevitable Destruction card, the Missions and what waits."""
    ob = v["oblivaeon"]
    lines: list[RenderableType] = [Text(ob["form"], style="bold red")]
    head = Text("  ")
    head.append_text(hp_text(ob["hp"], ob["max_hp"]))
    head.append(f" · Zone {ob['zone'] + 1} · form {ob['face'] + 1}/{ob['faces']}", style="dim")
    if ob["immune"]:
        head.append(" · IMMUNE (Shield)", style="bold magenta")
    lines.append(head)
    sh = v["shield"]
    if sh is not None:
        lines.append(Text(f"Shield: {sh['name']}", style="bold magenta"))
        goal = f"/{sh['goal']}" if sh["goal"] else ""
        phase = f"  ↳ {sh['face_name']}" if sh["face_name"] != sh["name"] else "  phase 1"
        lines.append(Text(f"{phase} · tokens {sh['tokens']}{goal}", style="magenta"))
    idd = v["inevitable_destruction"]
    lines.append(Text("Inevitable Destruction", style="bold cyan"))
    found = v.get("threats") or []
    words = [named(found, "Devastation"), named(found, "Countdown")]
    lines += [Text(f"  {x['text']}", style="cyan") for x in found  # any other, in words
              if x.get("card") is None and x.get("name") not in ("Devastation", "Countdown")]
    if any(words):  # the counters in the words of the threats (what they do next)
        lines.extend(Text(f"  {w}", style="cyan") for w in words if w)
    else:
        lines.append(Text(f"  Devastation {idd['devastation']}/{idd['devastation_max']} · "
                          f"Countdown {idd['countdown']}", style="cyan"))
    md = v["mission_deck"]
    lines.append(Text(f"Mission deck ({md['size']})", style="bold"))
    if md["top"] is not None:
        lines.append(Text(f"  top: {md['top']['name']}", style="yellow"))
        lines.append(Padding(Text(md["top"]["text"], style="dim"), (0, 0, 0, 2)))
    if v["environments_aside"]:
        lines.append(Text("Set aside", style="bold"))
        lines.extend(Text(f"  • {e['name']}", style="green") for e in v["environments_aside"])
    if v["environments_destroyed"]:
        lines.append(Text("Destroyed", style="bold"))
        lines.extend(Text(f"  • {e['name']}", style="dim") for e in v["environments_destroyed"])
    n = v["reserve_size"]
    lines.append(Text(f"Scion Reserve: {n} Scion{'s' if n != 1 else ''}", style="bold"))
    if v.get("reserve_next"):
        lines.append(Text("  next: " + ", then ".join(v["reserve_next"]), style="dim"))
    chart = sorted(v["scion_chart"], key=lambda x: (x["difficulty"], x["name"]))
    if chart:  # OBL-S8, HE6: the Scion Difficulty Chart, to choose an order with
        lines.append(Text("Scion Difficulty Chart", style="bold"))
        lines.extend(Text(f"  {d}: " + " · ".join(x["name"] for x in chart if x["difficulty"] == d),
                          style="dim") for d in sorted({x["difficulty"] for x in chart}))
    active = v["turn"] == "oblivaeon"
    return Panel(Group(*lines), title=Text(("▶ " if active else "") + "OblivAeon",
                                           style="bold yellow" if active else "bold red"),
                 title_align="left", border_style="yellow" if active else "red")


def header(v: dict[str, Any]) -> Text:
    out = Text(f"OblivAeon · round {v['round']} · ", style="bold")
    if v["result"] is not None:
        out.append(f"the heroes {'won' if v['result'] == 'win' else 'lost'}: {v['reason']}",
                   style="bold green" if v["result"] == "win" else "bold red")
        return out
    z = _turn_zone(v)
    out.append((f"Zone {z + 1}: " if z >= 0 else "") + f"{v['turn_name']}'s turn",
               style="bold yellow")
    out.append(f" · {PHASES.get(v['phase'], v['phase'])}")
    return out


class Board:
    """The table: OblivAeon's panel, then both zones side by side when there is room."""

    def __init__(self, s: SentinelsState, seat: int,
                 found: list[dict[str, Any]] | None = None) -> None:
        self.s, self.seat = s, seat
        self.v = view(s, seat)
        threats(self.v, found)  # the counters that can end the game, in words

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        v, seat = self.v, self.seat
        yield header(v)
        yield oblivaeon_panel(v)
        zones = [zone_panel(zv, v, seat) for zv in v["zones"]]
        if options.max_width >= SIDE_BY_SIDE:
            grid = Table.grid(expand=True, padding=(0, 1))
            grid.add_column(ratio=1)
            grid.add_column(ratio=1)
            grid.add_row(*zones)
            yield grid
        else:
            yield from zones
        mods = modifier_lines(self.s, v)
        if mods:
            yield Panel(Group(*mods), title="Modifiers in force", title_align="left",
                        border_style="magenta")
        yield from hand_lines(self.s, [h for zv in v["zones"] for h in zv["heroes"]])


def render_board(s: SentinelsState, seat: int,
                 found: list[dict[str, Any]] | None = None) -> RenderableType:
    """The whole table as `seat` sees it (its hand shown, the others counted); `found`: the
    counters that can end the game, as the mode's view words them (`threats`)."""
    return Board(s, seat, found)


def status_line(s: SentinelsState, seat: int) -> str:
    """Round · whose turn, where · OblivAeon · Devastation and Countdown · each hero."""
    v = view(s, seat)
    ob, idd = v["oblivaeon"], v["inevitable_destruction"]
    z = _turn_zone(v)
    where = f"Zone {z + 1}: " if z >= 0 else ""
    heroes = ", ".join(
        f"{h['name']} {('out' if h['incap'] == 2 else 'incapacitated') if h['incapacitated'] else h['hp']}"
        f" (Z{zv['zone'] + 1})" for zv in v["zones"] for h in zv["heroes"])
    return (f"Round {v['round']} · {where}{v['turn_name']}'s turn ({v['phase']}) · "
            f"{ob['form']} {ob['hp']}/{ob['max_hp']} HP{' immune' if ob['immune'] else ''} "
            f"(Z{ob['zone'] + 1}) · Devastation {idd['devastation']} · Countdown "
            f"{idd['countdown']} · {heroes}")


__all__ = ["render_board", "status_line"]

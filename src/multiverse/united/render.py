"""Draw a Marvel United board with rich, as one seat sees it (built on `view`).

Days of Future Past shows the Nimrod Activation track, the Sentinels and Nimrod; a standard
game shows its Villain, the Villainous Plot with its threshold, the Missions, Under
Pressure, and the Challenge Sentinel with the hero it holds.

The ring of six Locations is drawn as a loop read clockwise: positions 0 1 2 on the top
row, 5 4 3 below. Every engine text goes through `Text`, never through rich markup, so a
card named "[Attack]" stays a card name.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from multiverse.threat_words import threats
from multiverse.united.state import UnitedState
from multiverse.united.view import view
from multiverse.united.vocab.components import figures_at, team_line
from multiverse.united.vocab.parts import markers_at, parts_line

RING_LAYOUT = ((0, 1, 2), (5, 4, 3))
STORYLINE_SHOWN = 5
CIVILIAN, THUG, FREE = "●", "▲", "○"


def _needs(need: dict[str, int]) -> str:
    return ", ".join(f"{n} {sym}" if n > 1 else sym for sym, n in need.items())


def track_line(track: int, track_max: int, yellow: int, red: int) -> Text:
    """The Nimrod Activation track 0..track_max: green, yellow from `yellow`, red from
    `red`; the marker is on `track`; reaching `track_max` loses the game."""
    out = Text("Nimrod Activation ")
    for i in range(track_max + 1):
        style = "red" if i >= red else "yellow" if i >= yellow else "green"
        if i == track_max:
            style = "bold red"
        if i in (yellow, red):
            out.append("|", style=style)
        if i == track:
            out.append(f"[{i}]", style=f"reverse bold {style}")
        else:
            out.append(f" {i} ", style=style)
    out.append(f"  (yellow ≥{yellow}, red ≥{red}, lost at {track_max})", style="dim")
    return out


def plot_line(name: str, value: int, threshold: int) -> Text:
    """A standard Villain's Villainous Plot 0..threshold; the marker is on `value`;
    reaching `threshold` loses the game (MU-23)."""
    out = Text(f"{name} ")
    for i in range(threshold + 1):
        style = "bold red" if i == threshold else "red" if i * 3 >= threshold * 2 else "yellow"
        if i == value:
            out.append(f"[{i}]", style=f"reverse bold {style}")
        else:
            out.append(f" {i} ", style=style)
    out.append(f"  lost at {threshold}", style="dim")
    return out


def missions_line(v: dict[str, Any]) -> Text:
    """MU-9: each Mission's progress and threshold; a completed one is ticked."""
    out = Text(f"Missions {v['missions_completed']}/3: ", style="bold")
    for i, m in enumerate(v["missions"]):
        if i:
            out.append(" · ")
        done = m["completed"]
        out.append(f"{m['name']} {m['progress']}/{m['threshold']}" + (" ✓" if done else ""),
                   style="bold green" if done else "")
    return out


def pressure_lines(v: dict[str, Any]) -> list[Text]:
    """MU-14/MU-15: Under Pressure or not, can the Villain be damaged, and when the next
    Master Plan card comes."""
    up, va = v["under_pressure_after"], v["vulnerable_after"]
    first = Text()
    if v["under_pressure"]:
        first.append("UNDER PRESSURE", style="bold reverse red")
    else:
        first.append("Not Under Pressure", style="bold")
    first.append(f" (at {up} Mission{'s' * (up != 1)}) · ", style="dim")
    if v["villain"]["vulnerable"]:
        first.append("Villain can be damaged", style="bold green")
    else:
        first.append("Villain can't be damaged yet", style="bold yellow")
    first.append(f" (at {va})", style="dim")
    every, since = v["villain_turn_every"], v["hero_cards_since_villain_turn"]
    second = Text(f"Master Plan every {every} Hero cards ({since} since the last) · "
                  f"{v['master_plan_deck_size']} left in its deck", style="dim")
    return [first, second]


def challenges_line(v: dict[str, Any]) -> Text | None:
    """The Sentinel Challenge and the difficulty Challenge in play, if any."""
    parts = []
    if v["challenge"]:
        parts.append(f"{v['challenge']['name']} Challenge")
    if v["difficulty"] != "normal":
        parts.append(f"{v['difficulty'].title()} difficulty")
    return Text(" · ".join(parts), style="bold magenta") if parts else None


def _sentinel_note(sn: dict[str, Any], challenge: dict[str, Any] | None) -> str:
    """The Challenge Sentinel's state after its Health: unhurtable, and whom it holds."""
    if challenge is None or challenge["name"] != sn["name"]:
        return ""
    out = "" if challenge["damageable"] else " (can't be hurt yet)"
    if challenge["holding_name"]:
        out += f" holding {challenge['holding_name']}"
    return out


def _location_panel(v: dict[str, Any], pos: int) -> Panel:
    loc = v["locations"][pos]
    body = Text(loc["name"] + "\n", style="bold")  # the whole name, wrapped at spaces
    extra = loc.get("extra_tokens")  # an owner's Villain's third token kind
    free = loc["slots"] - loc["civilians"] - loc["thugs"] - (extra["count"] if extra else 0)
    body.append(CIVILIAN * loc["civilians"], style="bold green")
    body.append(THUG * loc["thugs"], style="bold magenta")
    if extra:
        body.append(extra["letter"] * extra["count"], style="bold yellow")
    body.append(FREE * free, style="dim")
    body.append(f"  {loc['civilians']} civ, {loc['thugs']} thug", style="dim")
    if extra:
        body.append(f", {extra['count']} {extra['name']}", style="dim")
    if not loc["slots"]:
        body.append(" (no slots)", style="dim")
    if loc.get("hazardous"):
        body.append("  hazardous", style="bold red")
    th = loc["threat"]
    if th is None:
        body.append("\nThreat: none", style="dim")
    else:
        body.append("\nThreat: ")
        body.append(th["name"], style="bold")
        hm = th.get("henchman")
        if hm is not None:
            body.append(f"\n  Henchman {hm['name']} ♥{hm['health']}/{hm['max_health']}",
                        style="cyan")
        else:
            body.append("\n  needs " + (_needs(th["need"]) or "nothing"), style="cyan")
    challenge = v.get("challenge")
    for sn in v["sentinels"]:
        if sn["location"] == pos:
            body.append(f"\n{sn['name']} ♥{sn['health']}{_sentinel_note(sn, challenge)}",
                        style="bold red")
    nim = v["nimrod"]
    if nim is not None and nim["location"] == pos:
        body.append(f"\nNIMROD ♥{nim['health']}", style="bold red reverse")
    vil = v["villain"]
    if v["mode"] == "standard" and vil["location"] == pos:
        body.append(f"\n{vil['name'].upper()} ♥{vil['health']}", style="bold red reverse")
    heroes = [h["name"] + (" (KO)" if h["ko"] else " (held)" if h["held"] else
                           " (away)" if h.get("away") else "")
              for h in v["heroes"] if h["location"] == pos and not h["eliminated"]]
    if heroes:
        body.append("\n" + ", ".join(heroes), style="bold blue")
    figures = figures_at(v, pos)  # companions and clones
    if figures:
        body.append("\n" + figures, style="blue")
    marks = markers_at(v, pos)  # a hero's markers (vocab/parts.py)
    if marks:
        body.append("\n" + marks, style="magenta")
    title = Text(f"{pos}", style="bold")
    subtitle = Text("villain start", style="dim") if pos == v["villain_start"] else None
    return Panel(body, title=title, subtitle=subtitle, title_align="left", padding=(0, 1))


def _ring(v: dict[str, Any]) -> Table:
    grid = Table.grid(expand=True, padding=(0, 1))
    for _ in range(3):
        grid.add_column(ratio=1)
    for row in RING_LAYOUT:
        grid.add_row(*(_location_panel(v, p) for p in row))
    return grid


def _villains(v: dict[str, Any]) -> Table:
    table = Table(title="Villains", title_justify="left", expand=False, show_edge=False)
    for col in ("", "Location", "Health", "Target token"):
        table.add_column(col)
    names = [loc["name"] for loc in v["locations"]]
    holders = {h["target"]: h["name"] for h in v["heroes"] if h["target"]}
    for sn in v["sentinels"]:
        if sn["defeated"]:
            table.add_row(Text(sn["name"]), Text("defeated", style="dim"), "", "")
        else:
            table.add_row(Text(sn["name"], style="red"), Text(names[sn["location"]]),
                          str(sn["health"]), Text(holders.get(sn["id"], "—")))
    nim = v["nimrod"]
    if nim is not None:
        table.add_row(Text("Nimrod", style="bold red"), Text(names[nim["location"]]),
                      str(nim["health"]), "")
    return table


def _standard_villains(v: dict[str, Any]) -> Table:
    """The Villain (can it be damaged yet?) and the Challenge Sentinel (can it, whom it holds)."""
    table = Table(title="Villain and Challenge", title_justify="left", expand=False,
                  show_edge=False)
    for col in ("", "Location", "Health", "Can be hurt", "Holding"):
        table.add_column(col)
    names = [loc["name"] for loc in v["locations"]]
    vil = v["villain"]
    table.add_row(Text(vil["name"], style="bold red"), Text(names[vil["location"]]),
                  f"{vil['health']}/{vil['max_health']}",
                  Text("yes", style="green") if vil["vulnerable"] else
                  Text(f"after {v['vulnerable_after']} Missions", style="yellow"), "")
    ch = v["challenge"]
    if ch is not None:
        label = Text(f"{ch['name']} (Challenge)", style="red")
        if ch["defeated"]:
            table.add_row(label, Text("defeated", style="dim"), "", "", "")
        else:
            table.add_row(label, Text(names[ch["location"]]), str(ch["health"]),
                          Text("yes", style="green") if ch["damageable"] else
                          Text("Under Pressure", style="yellow"),
                          Text(ch["holding_name"] or "—", style="bold blue" if ch["holding"] else ""))
    return table


# Heroes' table columns: a Location name wraps at spaces when the width is short (never cut);
# Tokens wraps; the short columns never wrap.
_COLUMN: dict[str, dict[str, Any]] = {"Location": {"overflow": "fold"},
                                      "Tokens": {"min_width": 6}}


def _heroes(v: dict[str, Any]) -> Table:
    if v["mode"] == "standard":
        return _standard_heroes(v)
    table = Table(title="Heroes (▶ active)", title_justify="left", show_edge=False)
    for col in ("Hero", "Location", "Hand", "Deck", "Tokens", "Target", "KO"):
        table.add_column(col, **_COLUMN.get(col, {"no_wrap": True}))
    names = [loc["name"] for loc in v["locations"]]
    for i, h in enumerate(v["heroes"]):
        tokens = ", ".join(f"{n} {sym}" for sym, n in h["tokens"].items()) or "—"
        status = ("eliminated" if h["eliminated"] else "KO" if h["ko"] else
                  "off the board" if h.get("away") else "—")
        mark = "▶ " if i == v["active"] and v["result"] is None else "  "
        table.add_row(Text(mark + h["name"], style="bold blue"),
                      Text(f"{h['location']} {names[h['location']]}"), str(h["hand_size"]),
                      _deck(h), tokens, h["target"] or "—",
                      Text(status, style="bold red" if status != "—" else ""))
    return table


def _deck(h: dict[str, Any]) -> str:
    """A hero's deck size, and the cards the table saw go to its bottom (`draw_discard`)."""
    bottom = h.get("deck_bottom")
    return f"{h['deck_size']} (bottom: {', '.join(bottom)})" if bottom else str(h["deck_size"])


def _standard_heroes(v: dict[str, Any]) -> Table:
    """The heroes of a standard game: no Target tokens; a held hero says who holds them."""
    table = Table(title="Heroes (▶ active)", title_justify="left", show_edge=False)
    for col in ("Hero", "Location", "Hand", "Deck", "Tokens", "Status"):
        table.add_column(col, **_COLUMN.get(col, {"no_wrap": True}))
    names = [loc["name"] for loc in v["locations"]]
    holder = v["challenge"]["name"] if v["challenge"] else ""
    for i, h in enumerate(v["heroes"]):
        tokens = ", ".join(f"{n} {sym}" for sym, n in h["tokens"].items()) or "—"
        status = ("eliminated" if h["eliminated"] else "KO" if h["ko"] else
                  f"held by {holder}" if h["held"] else "off the board" if h.get("away") else "—")
        mark = "▶ " if i == v["active"] and v["result"] is None else "  "
        table.add_row(Text(mark + h["name"], style="bold blue"),
                      Text(f"{h['location']} {names[h['location']]}"), str(h["hand_size"]),
                      _deck(h), tokens,
                      Text(status, style="bold red" if status != "—" else ""))
    return table


def _hands(s: UnitedState, v: dict[str, Any]) -> list[RenderableType]:
    """The hands this seat may see, a card a line (wrapped lines indented), labelled as in
    the options."""
    t = s.T
    out: list[RenderableType] = []
    for h in v["heroes"]:
        if h["hand"] is None:
            continue
        out.append(Text(f"{h['name']}'s hand:" + ("" if h["hand"] else " empty"),
                        style="bold blue"))
        out += [Padding(Text(f"{t.card_name[c['card']]} [{c['text']}]"), (0, 0, 0, 2))
                for c in h["hand"]]
    return out


def _storyline(v: dict[str, Any]) -> Text:
    shown = v["storyline"][-STORYLINE_SHOWN:]
    hero = {h["id"]: h["name"] for h in v["heroes"]}
    out = Text(f"Storyline (last {len(shown)} of {len(v['storyline'])}): ", style="bold")
    parts = []
    for c in shown:
        if c.get("facedown"):
            parts.append(f"facedown ({hero[c['hero']]})")
        elif c.get("master_plan"):
            parts.append(f"Master Plan: {c['name']}")
        else:
            parts.append(f"{c['name']} ({hero[c['hero']]})")
    out.append(" → ".join(parts) or "empty", style="none")
    return out


def render_board(s: UnitedState, seat: int,
                 found: list[dict[str, Any]] | None = None) -> RenderableType:
    """The whole table as `seat` may see it (its own hand shown, others' counted); `found`:
    the counters that can end the game, as the mode's view words them (`threats`)."""
    v = view(s, seat)
    t = s.T
    standard = v["mode"] == "standard"
    active = v["heroes"][v["active"]]["name"] if v["heroes"] else "?"
    if standard:
        head = Text(f"Marvel United vs {v['villain']['name']} · round {v['round']} · "
                    f"turn {v['turn']} · {active}'s turn", style="bold")
    else:
        head = Text(f"Days of Future Past · round {v['round']} · turn {v['turn']} · "
                    f"{v['phase'].title()} phase · {active}'s turn", style="bold")
    if v["result"]:
        outcome = {"win": "win", "loss": "lose"}.get(v["result"], v["result"])
        head.append(f" · the heroes {outcome}: {v['reason']}", style="bold reverse")
    top: list[RenderableType] = (
        [x for x in (challenges_line(v),) if x is not None]
        + [plot_line(v["plot"]["name"], v["plot"]["value"], v["plot"]["threshold"]),
           missions_line(v), *pressure_lines(v)] if standard else
        [track_line(v["track"], v["track_max"], t.yellow, t.red)])
    top += [Text(f"⚠ {x['text']}", style="bold yellow") for x in threats(v, found)]
    parts: list[RenderableType] = [
        head,
        *top,
        Text(f"Ring, clockwise 0→5 · {CIVILIAN} Civilian {THUG} Thug {FREE} empty slot",
             style="dim"),
        _ring(v),
        _standard_villains(v) if standard else _villains(v),
        _heroes(v),
        *_hands(s, v),
        _storyline(v),
    ]
    if v.get("team_cards"):
        parts.append(Text(team_line(v), style="dim"))
    own = parts_line(v)  # a hero's own tokens and deck, team tokens (vocab/parts.py)
    if own:
        parts.append(Text(own))
    if v.get("protections"):  # the owner's lasting effects, in words
        parts.append(Text("In force: " + "; ".join(p["text"] for p in v["protections"])))
    if t.config.solo:
        parts.append(Text(f"Target token pile: {v['token_pile_size']} left", style="dim"))
    if v.get("master_plan_known"):  # seen by every player (the owner's peek_master_plan)
        parts.append(Text("Master Plan, known cards: " + ", ".join(
            f"{k['name']} ({_depth(k['depth'])})" for k in v["master_plan_known"])))
    return Group(*parts)


def _depth(d: int) -> str:
    return "top" if d == 0 else f"{d + 1}{'nd' if d == 1 else 'rd' if d == 2 else 'th'} from the top"


__all__ = ["missions_line", "plot_line", "pressure_lines", "render_board", "track_line"]

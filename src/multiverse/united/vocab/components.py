"""Components beyond the cards: companions, clones and team cards (MU-17 Special Effects,
MU-18 actions; the rules file does not state them: the decisions are in docs/content.md,
"Companions, clones and team cards").

- A **companion** is a hero's figure on the board, not a hero: never damaged, never counted
  as a hero. `s.comp[h]` is its ring position (-1: hero `h` has none).
- **Clones** are a hero's figures kept off the board until placed: `s.clone_at` holds a
  (hero, ring position) pair per clone on the board; the rest are in the hero's reserve.
- A **team card** is shared by the heroes of its team: once per round one of them may use
  it as a free choice among their actions. `s.team[k]` is the round it was last used.

Every list is empty in a game without them, so such a game is exactly as before. The verbs
take (state, owner `h`, hero acted for `o`, amount, symbol, extras as a dict, source) like
those of `owner_effects`, which dispatches to them.
"""

from __future__ import annotations

from typing import Any

from multiverse.engine.decision import Option
from multiverse.engine.positions import as_int, as_list, field_error
from multiverse.engine.words import count
from multiverse.united.board import RING
from multiverse.united.cardtext import effect_text
from multiverse.united.counts import clones_of, has_companion, reserve
from multiverse.united.state import UnitedState, choice
from multiverse.united.verbs import phrases, push_hero_effects, verb

# ----- setup, positions, invariants -----------------------------------------------------


def setup_components(s: UnitedState) -> None:
    """MU-7 setup: companions on the board (with their hero or at their ring position), no
    clone placed, no team card used yet."""
    t = s.T
    s.comp = [(s.hero_loc[h] if start == -1 else max(start, -1)) if t.companion_name[h] else -1
              for h, start in enumerate(t.companion_start)]  # start -2: off the board (vocab/parts.py)
    s.clone_at = []
    s.team = [0] * len(t.team_name)


def position_figures(s: UnitedState, h: int, spec: dict[str, Any], where: str) -> None:
    """A position's `companion: RING` and `clones: [RING, ...]` for hero `h` (the companion
    unstated: it starts by its `starts`, with the hero where the position puts them)."""
    t = s.T
    if "companion" in spec:
        if not (t.companion_name and t.companion_name[h]):
            raise field_error(f"{where}.companion", f"{t.hero_names[h]} has no companion")
        off = spec["companion"] == "off_board"  # not yet in play (vocab/parts.py)
        s.comp[h] = -1 if off else as_int(spec["companion"], f"{where}.companion", 0, RING - 1)
    elif s.comp and t.companion_name[h] and t.companion_start[h] == -1:
        s.comp[h] = s.hero_loc[h]
    if "clones" in spec:
        places = as_list(spec["clones"], f"{where}.clones")
        have = t.clones[h] if t.clones else 0
        if len(places) > have:
            raise field_error(f"{where}.clones", f"{t.hero_names[h]} has {count(have, 'clone')}, "
                              f"not {len(places)}")
        s.clone_at = [x for i in range(0, len(s.clone_at), 2) if s.clone_at[i] != h
                   for x in s.clone_at[i: i + 2]]
        for i, p in enumerate(places):
            s.clone_at += [h, as_int(p, f"{where}.clones[{i}]", 0, RING - 1)]


def check_components(s: UnitedState) -> None:
    """Invariants: a companion per hero who has one, on the ring; clones on the ring, never
    more than the hero has; a team card's last use no later than this round."""
    t = s.T
    assert len(s.comp) == len(t.companion_name)
    for h, p in enumerate(s.comp):
        off = p == -1 and t.companion_start[h] == -2  # may still be off the board (vocab/parts.py)
        assert (0 <= p < RING or off) if t.companion_name[h] else p == -1, (h, p)
    assert len(s.clone_at) % 2 == 0
    for i in range(0, len(s.clone_at), 2):
        h, p = s.clone_at[i], s.clone_at[i + 1]
        assert 0 <= h < len(t.clones) and 0 <= p < RING, (h, p)
    for h, n in enumerate(t.clones):
        assert len(clones_of(s, h)) <= n
    assert len(s.team) == len(t.team_name) and all(0 <= r <= s.round for r in s.team)


# ----- the verbs ------------------------------------------------------------------------
@verb("move_companion")
def move_companion(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: your companion moves: `amount` steps to an adjacent Location (it may stop after
    the first), or once to any Location, or to your Location (`where`)."""
    if has_companion(s, h) and n > 0:
        where = d.get("where", "adjacent")
        s.stack.append(("move_companion", h, where, n if where == "adjacent" else 1, source, 0))


def _companion_options(s: UnitedState, f: tuple) -> tuple:
    _, h, where, n, source, moved = f
    pos = s.comp[h]
    if where == "adjacent":
        dests = [(pos - 1) % RING, (pos + 1) % RING]
    elif where == "any":
        dests = [p for p in range(RING) if p != pos]
    else:  # your_location
        dests = [s.hero_loc[h]] if s.hero_loc[h] != pos else []
    opts = [Option(f"to:{p}", s.loc_name(p), {"location": p}) for p in dests]
    if moved and opts:  # after its first step it may stop
        opts.append(Option("stay", "Stay (move no further)", {"location": -1}))
    return (s.seat(h), f"{s.hero_name(h)}: {source}: move {s.T.companion_name[h]} where? "
            f"({count(n, 'step')} left)" if where == "adjacent" else
            f"{s.hero_name(h)}: {source}: move {s.T.companion_name[h]} where?", opts)


@choice("move_companion", _companion_options)
def resolve_move_companion(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-17: The companion moves one step (or to the Location picked); "stay" ends the move."""
    _, h, where, n, source, _moved = f
    p = opt.data["location"]
    if p < 0:
        return
    s.comp[h] = p
    if s.log is not None:
        s.emit("companion_moves", f"{s.T.companion_name[h]} ({s.hero_name(h)}'s companion) "
               f"moves to {s.loc_name(p)}", hero=h, to=p)
    if n > 1:
        s.stack.append(("move_companion", h, where, n - 1, source, 1))


@verb("place_clone")
def place_clone(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: up to `amount` of your clones come from your reserve to a Location `where`
    says (`here` by default); with none in reserve nothing happens."""
    k = min(n, reserve(s, h))
    if k > 0:
        s.stack.append(("place_clone", h, d.get("where", "here"), k, source))


def _clone_places(s: UnitedState, h: int, where: str) -> list[int]:
    pos = s.hero_loc[h]
    if where == "here":
        return [pos]
    if where == "adjacent":
        return [(pos - 1) % RING, (pos + 1) % RING]
    if where == "any":
        return list(range(RING))
    return sorted({s.hero_loc[q] for q in range(len(s.hand)) if q != h and s.in_play(q)})


def _place_options(s: UnitedState, f: tuple) -> tuple:
    _, h, where, n, source = f
    return (s.seat(h), f"{s.hero_name(h)}: {source}: place a clone where? ({n} to place)",
            [Option(f"to:{p}", s.loc_name(p), {"location": p}) for p in _clone_places(s, h, where)])


@choice("place_clone", _place_options)
def resolve_place_clone(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-17: One clone goes on the board at the Location picked, then the next."""
    _, h, where, n, source = f
    p = opt.data["location"]
    s.clone_at += [h, p]
    if s.log is not None:
        s.emit("clone_placed", f"{s.hero_name(h)} places a clone in {s.loc_name(p)} "
               f"({reserve(s, h)} in reserve)", hero=h, location=p)
    if n > 1:
        s.stack.append(("place_clone", h, where, n - 1, source))


@verb("remove_clone")
def remove_clone(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: up to `amount` of your clones leave the board, back to your reserve (the
    player picks which)."""
    k = min(n, len(clones_of(s, h)))
    if k > 0:
        s.stack.append(("remove_clone", h, k, source))


def _remove_options(s: UnitedState, f: tuple) -> tuple:
    _, h, n, source = f
    return (s.seat(h), f"{s.hero_name(h)}: {source}: remove a clone from where? ({n} to remove)",
            [Option(f"from:{p}", s.loc_name(p), {"location": p})
             for p in sorted(set(clones_of(s, h)))])


@choice("remove_clone", _remove_options)
def resolve_remove_clone(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-17: One clone at the Location picked goes back to the reserve, then the next."""
    _, h, n, source = f
    p = opt.data["location"]
    c = s.clone_at
    i = next(i for i in range(0, len(c), 2) if c[i] == h and c[i + 1] == p)
    del c[i: i + 2]
    if s.log is not None:
        s.emit("clone_removed", f"{s.hero_name(h)}'s clone leaves {s.loc_name(p)} "
               f"({reserve(s, h)} in reserve)", hero=h, location=p)
    if n > 1:
        s.stack.append(("remove_clone", h, n - 1, source))


phrases({
    "move_companion": lambda n: "move your companion" + (f" {n} Locations" if n > 1 else ""),
    "place_clone": lambda n: f"place {count(n, 'clone')}",
    "remove_clone": lambda n: f"remove {count(n, 'clone')}",
})


# ----- team cards -----------------------------------------------------------------------
def team_options(s: UnitedState, h: int) -> list[Option]:
    """MU-18: the team cards hero `h` may use now, a free choice among their actions: of
    their team, not used yet this round."""
    t = s.T
    return [Option(f"team:{k}", f"Use the team card {t.team_name[k]}: {effect_text(t.team_fx[k])}",
                   {"action": "team", "team": k})
            for k in range(len(t.team_name)) if h in t.team_heroes[k] and s.team[k] != s.round]


def use_team_card(s: UnitedState, h: int, k: int) -> None:
    """MU-17/MU-18: a team card's effect resolves for hero `h`, as part of their turn; it
    is used for this round (until every hero has had a turn)."""
    t = s.T
    s.team[k] = s.round
    if s.log is not None:
        s.emit("team_card", f"{s.hero_name(h)} uses the team card {t.team_name[k]}", hero=h, team=k)
    push_hero_effects(s, h, t.team_fx[k], t.team_name[k])


# ----- what players see -----------------------------------------------------------------
def component_view(s: UnitedState) -> dict[str, Any]:
    """The view's companions, clones and team cards (absent when the game has none): all of
    it is on the table for everyone to see."""
    t = s.T
    out: dict[str, Any] = {}
    if s.comp:
        out["companions"] = [{"hero": t.hero_ids[h], "name": t.companion_name[h], "location": p}
                             for h, p in enumerate(s.comp) if p >= 0]
    if t.clones:
        out["clones"] = [{"hero": t.hero_ids[h], "locations": sorted(clones_of(s, h)),
                          "reserve": reserve(s, h)} for h in range(len(t.clones)) if t.clones[h]]
    if t.team_name:
        out["team_cards"] = [{"name": t.team_name[k], "heroes": [t.hero_ids[h] for h in sorted(team)],
                              "text": effect_text(t.team_fx[k]), "used_this_round": s.team[k] == s.round}
                             for k, team in enumerate(t.team_heroes)]
    return out


def figures_at(v: dict[str, Any], pos: int) -> str:
    """The companions and clones in Location `pos`, in words for the board ("" for none)."""
    names = {h["id"]: h["name"] for h in v["heroes"]}
    out = [f"{c['name']} ({names[c['hero']]}'s companion)"
           for c in v.get("companions", ()) if c["location"] == pos]
    for c in v.get("clones", ()):
        k = c["locations"].count(pos)
        if k:
            out.append(f"{names[c['hero']]}'s {count(k, 'clone')}")
    return ", ".join(out)


def team_line(v: dict[str, Any]) -> str:
    """The team cards for the board: name, team, text and whether used this round."""
    names = {h["id"]: h["name"] for h in v["heroes"]}
    return "\n".join(
        f"Team card {c['name']} ({', '.join(names[x] for x in c['heroes'])}): {c['text']}"
        + (" — used this round" if c["used_this_round"] else "") for c in v.get("team_cards", ()))

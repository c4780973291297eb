"""A hero's own components and a Location's, as records of the state (`s.parts`): the reads
and writes the dispatcher (a step's `spend` cost), the counts (`per`), the hook points (a
marker on the board), determinization and the verbs of `united.vocab.parts` share.

`s.parts` holds 4 ints per record `(kind, owner, a, b)`:
- `OWN_TOKENS` (hero, count, 0): the hero's own token pile (`Hero.tokens`);
- `OWN_DECK` (hero, card, 0): a card of the hero's own deck (`Hero.deck`; `card` indexes
  `T.own_cards`), the records in deck order, top first: that order is hidden;
- `OWN_USED` (hero, card, 0): a card drawn from it, face up on its discard pile;
- `MARKER` (hero, marker, ring position): one of the hero's markers on the board;
- `TEAM_TOKENS` (team card, count, 0): a team card's token pile (`TeamCard.tokens`);
- `LOC_DECK` / `LOC_USED` (pack Location, card, 0): a Location's own deck (`Location.deck`;
  `card` indexes `T.loc_cards`) and its discard, while that Location is in play;
- `SLOTS` (ring position, count, 0): slot tokens there (`add_slot`), each adding a slot.
The list is empty in a game without them, so such a game keeps its hashes and its JSON.
"""

from __future__ import annotations

from multiverse.engine.words import count
from multiverse.united.state import UnitedState

OWN_TOKENS, OWN_DECK, OWN_USED, MARKER, TEAM_TOKENS = 0, 1, 2, 3, 4
LOC_DECK, LOC_USED = 5, 6
SLOTS = 7  # (ring position, count, 0): slot tokens on a Location's place, each one more slot
MAX_SLOT_TOKENS = 3  # a Location holds at most this many slot tokens


def records(s: UnitedState, kind: int, owner: int = -1) -> list[int]:
    """The start indices in `s.parts` of the records of `kind` (of `owner`; -1: anyone's)."""
    p = s.parts
    return [i for i in range(0, len(p), 4) if p[i] == kind and (owner < 0 or p[i + 1] == owner)]


def pile(s: UnitedState, kind: int, owner: int) -> int:
    """How many tokens the pile of `kind` (`OWN_TOKENS` / `TEAM_TOKENS`) of `owner` holds."""
    i = records(s, kind, owner)
    return s.parts[i[0] + 2] if i else 0


def set_pile(s: UnitedState, kind: int, owner: int, n: int) -> None:
    """The pile of `kind` of `owner` now holds `n` (a record is kept while the pile exists)."""
    i = records(s, kind, owner)
    if i:
        s.parts[i[0] + 2] = n
    else:
        s.parts += [kind, owner, n, 0]


def team_of(s: UnitedState, h: int) -> int:
    """The team card with a token pile that hero `h` shares (the first; -1: none)."""
    t = s.T
    return next((k for k, team in enumerate(t.team_heroes)
                 if h in team and t.team_tokens and t.team_tokens[k][0]), -1)


def can_spend(s: UnitedState, h: int, d: dict) -> bool:
    """Hero `h` could pay a step's `spend` (own tokens) and `spend_team` (team tokens)."""
    if d.get("spend", 0) > pile(s, OWN_TOKENS, h):
        return False
    if "spend_team" in d:
        k = team_of(s, h)
        return k >= 0 and d["spend_team"] <= pile(s, TEAM_TOKENS, k)
    return True


def spend(s: UnitedState, h: int, d: dict, source: str) -> bool:
    """Pay a step's `spend` / `spend_team` cost (MU-17: a cost is paid before the step
    resolves); False, changing nothing, when it cannot be paid."""
    if not can_spend(s, h, d):
        return False
    t = s.T
    if "spend" in d:
        set_pile(s, OWN_TOKENS, h, pile(s, OWN_TOKENS, h) - d["spend"])
        if s.log is not None:
            s.emit("own_tokens_spent", f"{s.hero_name(h)} spends {count(d['spend'], t.own_tokens[h][0])} "
                   f"for {source} ({pile(s, OWN_TOKENS, h)} left)", hero=h, amount=d["spend"])
    if "spend_team" in d:
        k = team_of(s, h)
        set_pile(s, TEAM_TOKENS, k, pile(s, TEAM_TOKENS, k) - d["spend_team"])
        if s.log is not None:
            s.emit("team_tokens_spent", f"{s.hero_name(h)} takes "
                   f"{count(d['spend_team'], t.team_tokens[k][0])} off {t.team_name[k]} for {source} "
                   f"({pile(s, TEAM_TOKENS, k)} left)", hero=h, amount=d["spend_team"])
    return True


def markers_of(s: UnitedState, h: int, m: int = -1) -> list[int]:
    """The ring positions of hero `h`'s markers on the board (of marker `m`; -1: every kind)."""
    p = s.parts
    return [p[i + 3] for i in records(s, MARKER, h) if m < 0 or p[i + 2] == m]


def part_count(s: UnitedState, h: int, what: str) -> int:
    """`per: own_tokens`, `per: team_tokens` and `per: markers_in_play` (your markers on
    the board)."""
    if what == "own_tokens":
        return pile(s, OWN_TOKENS, h)
    if what == "team_tokens":
        k = team_of(s, h)
        return pile(s, TEAM_TOKENS, k) if k >= 0 else 0
    return len(markers_of(s, h))


PART_COUNTS = frozenset({"own_tokens", "team_tokens", "markers_in_play"})


def clones_hit(s: UnitedState, pos: int, source: str) -> None:
    """Harm to each hero in Location `pos` (a BAM!, `damage_heroes_here`) finds a duplicate's
    clones there (`Hero.duplicate`, united/vocab/parts.py): each goes back to its reserve; a
    clone is no hero, so it takes no damage and the hero is not hurt by it."""
    c, t = s.clone_at, s.T
    gone = [c[i] for i in range(0, len(c), 2) if c[i + 1] == pos and c[i] in t.duplicates]
    if not gone:
        return
    s.clone_at = [x for i in range(0, len(c), 2) if not (c[i + 1] == pos and c[i] in t.duplicates)
                  for x in c[i: i + 2]]
    if s.log is not None:
        for h in sorted(set(gone)):
            k = gone.count(h)
            s.emit("clone_removed", f"{source} removes {s.hero_name(h)}'s "
                   f"{'clone' if k == 1 else f'{k} clones'} in {s.loc_name(pos)}", hero=h, location=pos)


def slots(s: UnitedState, pos: int) -> int:
    """MU-12: the slots of the Location at ring position `pos`: its own, plus a slot per slot
    token there (`add_slot`, united/vocab/parts.py)."""
    n = s.T.loc_slots[s.locs[pos]]
    return n + pile(s, SLOTS, pos) if s.parts else n

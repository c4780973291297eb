"""The facts that hold at every decision of a Sentinels game: what the random playouts
check after every decision, and what `Mode.check_invariants` asserts."""

from __future__ import annotations

from operator import lt

from multiverse.engine.invariants import check_decision
from multiverse.sentinels.amounts import usurped
from multiverse.sentinels.state import Z_PLAY, Z_RESERVE, Z_UNDER, SentinelsState
from multiverse.sentinels.zones import PILES

_LISTED = frozenset((*PILES, Z_UNDER, Z_RESERVE))  # zones whose cards are in a list


def check_invariants(s: SentinelsState) -> None:
    t = s.T
    n = t.n_heroes
    check_places(s)
    for c in (*t.character, t.villain_character):
        assert s.zone[c] == Z_PLAY, f"{t.name[c]}: a character card is always in play"
    for h in range(n):
        team = (t.character[h], *t.team.get(t.character[h], ()))  # OBL-C24: a team's members
        if s.incap[h]:
            assert [c for c in s.play[h]] == list(team), "an incapacitated hero has no cards in play"
            for c in team:
                assert not s.is_target(c), f"{t.name[c]}: an incapacitated hero is no target"
        else:
            assert any(s.hp[c] > 0 and s.face[c] == 0 for c in team) or s.result is not None \
                or ("team_down", h) in s.stack, (  # the last member fell: reactions first
                    f"{t.name[team[0]]}: an active hero has a character card standing above 0 HP")
    assert len(s.htok) == n and all(x in (0, 1) for toks in s.htok for x in toks), (
        f"hero tokens: one list per hero, each token showing side 0 or 1 ({s.htok})")
    check_decision(s, n)




def _name_the_misplaced(s: SentinelsState) -> None:
    """Raise naming the first card that is in two places, or whose place disagrees with its
    zone and home (the slow path of `check_places`, taken only when something is wrong)."""
    t = s.T
    seen: dict[int, tuple[int, int]] = {}
    places = [(z, o, c) for z, attr in PILES.items() for o, lst in enumerate(getattr(s, attr)) for c in lst]
    places += [(Z_UNDER, s.home[s.under[i]], s.under[i]) for i in range(0, len(s.under), 2)]
    places += [(Z_RESERVE, s.home[c], c) for c in s.reserve]
    for z, o, c in places:
        assert c not in seen, f"{t.name[c]} ({c}) is in two places"
        seen[c] = (z, o)
    for c in range(len(t.card)):
        if s.zone[c] in _LISTED:
            assert seen.get(c) == (s.zone[c], s.home[c]), f"{t.name[c]}: zone {s.zone[c]} vs {seen.get(c)}"
        else:  # the box, or removed from the game: in no list
            assert c not in seen, f"{t.name[c]} is in zone {s.zone[c]} and in a list"
    raise AssertionError("a card is in no place or two")


def check_places(s: SentinelsState) -> None:
    """What holds in every mode on this engine: every card in exactly one place; counters
    within bounds; play order; faces; HP within the maximum."""
    t = s.T
    # every card is in exactly one place: the list its zone and home name, under one card in
    # play, in the reserve, or in none (the box, removed from the game)
    zone, home = s.zone, s.home
    listed = 0
    for z, attr in PILES.items():
        for o, lst in enumerate(getattr(s, attr)):
            if lst and ([zone[c] for c in lst].count(z) != len(lst)
                        or [home[c] for c in lst].count(o) != len(lst)):
                _name_the_misplaced(s)
            listed += len(lst)
    under = s.under
    assert len(under) % 2 == 0, "cards under cards: (card, holder) pairs"
    for i in range(0, len(under), 2):
        c, holder = under[i], under[i + 1]
        assert zone[holder] == Z_PLAY, f"{t.name[c]} is under {t.name[holder]}, not in play"
        if zone[c] != Z_UNDER:
            _name_the_misplaced(s)
    if any(zone[c] != Z_RESERVE for c in s.reserve):
        _name_the_misplaced(s)
    # as many cards listed as cards whose zone is a listed one: none twice, none missing
    if listed + len(under) // 2 + len(s.reserve) != sum(zone.count(z) for z in _LISTED):
        _name_the_misplaced(s)
    # "this turn" facts (state.TURN_FIELDS): counts, never below 0; one per player
    assert s.turn_destroyed >= 0 and s.turn_discarded >= 0, "a this-turn count below 0"
    assert len(s.turn_flipped) == t.n_heroes and min(s.turn_flipped, default=0) >= 0
    # "this turn" facts: a once-per-turn trigger fired at most once; damage per card, kept
    # only when a condition reads it
    assert len(set(s.turn_fired)) == len(s.turn_fired), "a once-per-turn trigger fired twice"
    assert set(s.turn_fired) <= {fx[0] for fx, g in t.gates.items() if g[0]}, \
        "turn_fired names a trigger that is not once per turn"
    assert type(s.turn_dmg) is dict and (t.track_dmg or not s.turn_dmg) and all(
        type(c) is int and 0 <= c < len(t.card) and type(v) is int and v > 0 for c, v in s.turn_dmg.items()), \
        "turn_dmg: cards dealt damage this turn, each above 0 (none kept when no condition reads it)"
    for i, v in enumerate(s.ctr):  # OBL-ID1: counters within their bounds
        assert t.counter_min[i] <= v <= t.counter_max[i], f"{t.counter_names[i]} = {v}"
    in_play = sorted(s.inplay)
    if s.zone.count(Z_PLAY) != len(in_play) or len(set(in_play)) != len(in_play) \
            or any(s.zone[c] != Z_PLAY for c in in_play):
        listed = [c for c, z in enumerate(s.zone) if z == Z_PLAY]
        raise AssertionError(f"the cards in play are not the cards listed in play areas: "
                             f"{[t.name[c] for c in set(listed) ^ set(s.inplay)]}")
    assert s.inplay == sorted(s.inplay, key=s.seq.__getitem__), (
        "the cards in play are not in the order they entered play (SOTM-7)")
    if s.live is not None:  # the derived lists agree with what is in play
        kept, s.live = s.live, None
        for key, value in kept.items():
            assert s.live_read(key) == value, f"live[{key!r}] is stale"
        s.live = kept
    # HP within the maximum; nothing at 0 HP or less in play unless it is indestructible
    vc = t.villain_character
    assert len(s.face) == len(t.card), "one face per card"
    if min(s.face, default=0) < 0 or not all(map(lt, s.face, t.n_faces)):
        c = next(c for c, (f, n) in enumerate(zip(s.face, t.n_faces, strict=True)) if not 0 <= f < n)
        raise AssertionError(f"{t.name[c]} shows face {s.face[c]} of {t.n_faces[c]}")
    for c in in_play:
        full = t.max_hp[c][s.face[c]]
        assert s.hp[c] <= full, f"{t.name[c]} has {s.hp[c]} > {full} HP"
        if s.is_target(c) and s.hp[c] <= 0 and not (c == vc and s.result == "win"):
            assert t.card[c].indestructible or (c == vc and usurped(s)) \
                or ("scion_down", c) in s.stack, f"{t.name[c]} is at {s.hp[c]} HP in play"
    hp, tok = s.hp[:], s.tok[:]  # out of play: no HP, no tokens
    for c in in_play:
        hp[c] = tok[c] = 0
    if any(hp) or any(tok):
        c = next(c for c in range(len(hp)) if hp[c] or tok[c])
        raise AssertionError(f"{t.name[c]} has HP or tokens out of play")

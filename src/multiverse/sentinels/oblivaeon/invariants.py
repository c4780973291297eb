"""The facts that hold at every decision of an OblivAeon game."""

from __future__ import annotations

from multiverse.engine.invariants import check_decision
from multiverse.sentinels.invariants import check_places
from multiverse.sentinels.oblivaeon.setup import ASIDE, GONE, UNUSED
from multiverse.sentinels.state import Z_BOX, Z_PLAY, Z_REMOVED, Z_UNDER, SentinelsState

_FREE = frozenset((Z_BOX, Z_REMOVED, Z_UNDER))


def check_invariants(s: SentinelsState) -> None:
    t = s.T
    n = t.n_heroes
    check_places(s)
    vc = t.villain_character
    assert s.zone[vc] == Z_PLAY and s.bz[vc] in (0, 1), "OblivAeon is in play in a battle zone"
    for c in s.inplay:  # OBL-C1: everything in play is in one battle zone
        assert s.bz[c] in (0, 1), f"{t.name[c]} is in no battle zone"
        h = s.home[c]  # a hero's cards are in its zone; an environment card moved by text
        if h < n:  # to the other zone stays there (OBL-C17)
            assert s.bz[c] == s.azone[h], f"{t.name[c]} is not in its play area's zone (OBL-C1)"
    choosing = {f[1] for f in s.stack if f[0] == "ob_new_environment"}
    if s.result is None:  # one environment in each zone (OBL-E2), or one being chosen
        for z in {0, 1} - choosing:
            assert sum(1 for o in t.envs if s.azone[o] == z) == 1, f"zone {z + 1}'s environment"
    for o in t.envs:
        assert s.azone[o] in (0, 1, ASIDE, GONE, UNUSED), (
            f"{t.owner_names[o]}: an environment is in a zone, set aside, removed or unused")
    for o in t.envs:
        if s.azone[o] in (GONE, UNUSED):  # a removed (or unused) environment holds nothing
            assert not s.deck[o] and not s.trash[o] and not s.play[o], (
                f"{t.owner_names[o]}: a removed or unused environment holds no cards (OBL-E1)")
        if s.azone[o] == GONE:
            for c in t.deck_cards[o]:
                assert s.zone[c] == Z_REMOVED, f"{t.name[c]}: its environment was removed (OBL-E1)"
    players_of: dict[int, int] = {}
    for p in range(n):
        assert s.azone[p] in (0, 1), f"player {p + 1} is in no battle zone (OBL-C1)"
        c = s.char[p]
        team = (c, *t.team.get(c, ()))  # OBL-C24: a team stands while one member does
        if s.incap[p] == 0:  # OBL-I5: a current hero, its deck played by this player only
            d = t.hdeck[c]
            falling = ("team_down", p) in s.stack  # the last member fell: reactions first
            assert (all(s.zone[m] == Z_PLAY and s.home[m] == p for m in team)
                    and (falling or any(s.face[m] == 0 and s.hp[m] > 0 for m in team))) \
                or s.result is not None, (
                    f"{t.name[c]}: an active hero's character cards are in its play area, "
                    "one standing above 0 HP")
            assert s.user[d] == p and d not in players_of, (
                f"{t.name[c]}: two players on one hero deck (OBL-I5)")
            players_of[d] = p
        for x in s.play[p]:  # a hero's play area holds its own cards, Missions, the
            if t.hero_char[x] >= 0 and x not in team:  # incapacitated characters of the player
                assert s.face[x] != 0, f"{t.name[x]}: a second active character"
    for d, p in enumerate(s.user):
        assert p in (-1, -2) or (s.char[p] >= 0 and t.hdeck[s.char[p]] == d), (
            f"hero deck {d}: played by player {p + 1}, whose hero is of another deck (OBL-I5)")
        if p < 0 and not {s.zone[c] for c in t.hdeck_cards[d]} <= _FREE:  # a deck no one
            c = next(c for c in t.hdeck_cards[d] if s.zone[c] not in _FREE)  # plays: its cards
            raise AssertionError(f"{t.name[c]} of a free deck")  # boxed, removed or held under
    for m in t.missions:  # OBL-C16: a Mission card in the Mission deck shows its objective
        if s.home[m] == t.mission and s.zone[m] != Z_BOX:
            assert s.face[m] == 0, f"{t.name[m]}: in the Mission deck it shows its objective (OBL-C16)"
    check_decision(s, n)

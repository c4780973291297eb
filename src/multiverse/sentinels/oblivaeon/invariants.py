"""The facts that hold at every decision of an OblivAeon game."""

from __future__ import annotations

from multiverse.engine.invariants import check_decision
from multiverse.sentinels.invariants import check_places
from multiverse.sentinels.oblivaeon.setup import ASIDE, GONE, UNUSED
from multiverse.sentinels.state import Z_BOX, Z_PLAY, Z_REMOVED, Z_UNDER, SentinelsState


def check_invariants(s: SentinelsState) -> None:
    t = s.T
    n = t.n_heroes
    check_places(s)
    vc = t.villain_character
    assert s.zone[vc] == Z_PLAY and s.bz[vc] in (0, 1), "OblivAeon is in play in a battle zone"
    for c in s.inplay:  # OBL-C1: everything in play is in one battle zone
        assert s.bz[c] in (0, 1), f"{t.name[c]} is in no battle zone"
        h = s.home[c]
        if h < n or t.okind[h] == 2:
            assert s.bz[c] == s.azone[h], f"{t.name[c]} is not in its play area's zone"
    choosing = {f[1] for f in s.stack if f[0] == "ob_new_environment"}
    if s.result is None:  # one environment in each zone (OBL-E2), or one being chosen
        for z in {0, 1} - choosing:
            assert sum(1 for o in t.envs if s.azone[o] == z) == 1, f"zone {z + 1}'s environment"
    assert all(s.azone[o] in (0, 1, ASIDE, GONE, UNUSED) for o in t.envs)
    for o in t.envs:
        if s.azone[o] in (GONE, UNUSED):  # a removed (or unused) environment holds nothing
            assert not s.deck[o] and not s.trash[o] and not s.play[o]
        if s.azone[o] == GONE:
            assert all(s.zone[c] == Z_REMOVED for c in t.deck_cards[o])
    players_of: dict[int, int] = {}
    for p in range(n):
        assert s.azone[p] in (0, 1)
        c = s.char[p]
        team = (c, *t.team.get(c, ()))  # OBL-C24: a team stands while one member does
        if s.incap[p] == 0:  # OBL-I5: a current hero, its deck played by this player only
            d = t.hdeck[c]
            falling = ("team_down", p) in s.stack  # the last member fell: reactions first
            assert (all(s.zone[m] == Z_PLAY and s.home[m] == p for m in team)
                    and (falling or any(s.face[m] == 0 and s.hp[m] > 0 for m in team))) \
                or s.result is not None
            assert s.user[d] == p and d not in players_of, "two players on one hero deck"
            players_of[d] = p
        for x in s.play[p]:  # a hero's play area holds its own cards, Missions, the
            if t.hero_char[x] >= 0 and x not in team:  # incapacitated characters of the player
                assert s.face[x] != 0, f"{t.name[x]}: a second active character"
    for d, p in enumerate(s.user):
        assert p in (-1, -2) or (s.char[p] >= 0 and t.hdeck[s.char[p]] == d)
        if p < 0:  # a deck no one plays: its cards are in the box, removed, or held under
            for c in t.hdeck_cards[d]:
                assert s.zone[c] in (Z_BOX, Z_REMOVED, Z_UNDER), f"{t.name[c]} of a free deck"
    for m in t.missions:  # OBL-C16: a Mission card in the Mission deck shows its objective
        if s.home[m] == t.mission and s.zone[m] != Z_BOX:
            assert s.face[m] == 0
    check_decision(s, n)

"""The default OblivAeon content uses issue 19's villain-side words (original cards): Aeon
Men that react to being destroyed by OblivAeon (not by a hero), and a Shield that counts
completed Missions toward its flip (OBL-SH1)."""

from __future__ import annotations

import pytest

from multiverse.sentinels import damage
from multiverse.sentinels.oblivaeon.config import OblivaeonConfig
from multiverse.sentinels.oblivaeon.game import new_game
from multiverse.sentinels.state import Z_PLAY, SentinelsState
from multiverse.sentinels.zones import move, put, take


def _game(shield: str = "Veil of the Unmade") -> SentinelsState:
    s = new_game(OblivaeonConfig(heroes=("luminary", "the-harpy", "lifeline"), shield=shield),
                 seed=4)
    s.take_events()
    return s


def _into_play(s: SentinelsState, name: str) -> int:
    """A card of that name into play in OblivAeon's battle zone."""
    c = next(x for x in range(len(s.T.card)) if s.T.name[x] == name and s.zone[x] != Z_PLAY)
    take(s, c)
    s.bz[c] = s.bz[s.T.villain_character]
    put(s, c, Z_PLAY)
    return c


@pytest.mark.rule("OBL-C4")
def test_an_aeon_warrior_destroyed_by_oblivaeon_heals_him_and_not_when_a_hero_does() -> None:
    s = _game()
    vc = s.T.villain_character
    warrior = _into_play(s, "Aeon Warrior")
    s.hp[vc] = 30
    damage.deal_damage(s, vc, warrior, 9, 5, True, cross=True)  # OblivAeon's own damage
    s.advance()
    assert s.zone[warrior] != Z_PLAY and s.hp[vc] == 32
    other = _into_play(s, "Aeon Warrior")
    hero = s.char[0]
    s.bz[hero] = s.bz[other]
    damage.deal_damage(s, hero, other, 9, 5, True, cross=True)  # a hero's: nothing follows
    s.advance()
    assert s.zone[other] != Z_PLAY and s.hp[vc] == 32


@pytest.mark.rule("OBL-SH1", "OBL-M2")
def test_the_aegis_counts_a_completed_mission_toward_its_flip() -> None:
    s = _game("Aegis of the Last Hour")
    aegis = s.T.shield_cards["Aegis of the Last Hour"]
    assert s.zone[aegis] == Z_PLAY and s.tok[aegis] == 0
    m = next(iter(sorted(s.T.missions)))
    move(s, m, Z_PLAY, home=0)
    s.bz[m] = s.azone[0]
    damage.flip_card(s, m, 1)  # the objective is completed: its reward shows
    s.advance()
    assert s.tok[aegis] == 1 and s.face[aegis] == 0

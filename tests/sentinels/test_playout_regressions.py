"""Two faults the slow suite's random playouts found (issue 21's merge changed which games
random seeds give): each whole game replayed from its seed, the invariants after every
decision, and the exact place where the fault was."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from multiverse.sentinels.content import load_sentinels_content
from multiverse.sentinels.invariants import check_invariants
from multiverse.sentinels.oblivaeon.config import OblivaeonConfig
from multiverse.sentinels.oblivaeon.game import tables
from multiverse.sentinels.oblivaeon.invariants import check_invariants as check_oblivaeon
from multiverse.sentinels.oblivaeon.setup import setup
from multiverse.sentinels.state import Z_TRASH

from .test_sotm_playouts import make_config, pack_for


@pytest.mark.rule("SOTM-17")
def test_a_card_moved_into_an_incapacitated_heros_play_area_stays_where_it_is(
        tmp_path: Path) -> None:
    """Game 178 of the 3-hero playouts: Dumpster Dive moves Carnivorous Bloom (Akash'Thriya's
    seed, in the environment's trash) into play while Akash'Thriya is incapacitated. It
    stays in the trash: an incapacitated hero has no cards in play."""
    content = pack_for(3, tmp_path)
    config = make_config(random.Random(178 * 31 + 3), 3, content)
    rnd = random.Random(178 * 7919 + 1)
    from multiverse.sentinels.game import new_game

    s = new_game(config, seed=178)
    s.take_events()
    refused = ("Carnivorous Bloom cannot enter play: Akash'Thriya is incapacitated; it stays "
               "where it is")
    seen = 0
    while s.decision() is not None:
        check_invariants(s)
        s.apply(rnd.choice(s.decision().options).id)
        if refused in [e.text for e in s.take_events()]:  # still in the environment's trash
            seen += 1
            assert [c for c in s.T.by_name["Carnivorous Bloom"] if s.zone[c] == Z_TRASH]
    check_invariants(s)
    assert seen == 1


@pytest.mark.rule("OBL-C22")
def test_a_game_won_inside_an_effect_leaves_nothing_to_resolve() -> None:
    """Game 1125 of the 5-hero OblivAeon playouts: OblivAeon's 20 irreducible damage defeats
    Rainek Kel'Voss, who usurped his power, inside an effect that had more to do. The game
    is won there, and nothing is left on the stack (GameState.advance)."""
    ids = [h.id for h in load_sentinels_content().heroes]
    heroes = tuple(random.Random(1125 * 31 + 5).sample(ids, 5))
    rnd = random.Random(1125 * 7919 + 5)
    s = setup(tables(OblivaeonConfig(heroes=heroes)), 1125)
    s.log = []
    s.advance()
    while s.decision() is not None:
        check_oblivaeon(s)
        s.apply(rnd.choice(s.decision().options).id)
    check_oblivaeon(s)
    assert s.result == "win" and s.stack == []
    assert s.reason == ("Rainek Kel'Voss, who usurped OblivAeon's power, is defeated: OblivAeon "
                        "falls with the usurper (OBL-C22)")

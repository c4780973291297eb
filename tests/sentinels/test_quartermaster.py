"""The Quartermaster (original content): her cards use every word of the piles and counts
vocabulary, and games with her seated run to their end, in both modes, with the
invariants holding."""

from __future__ import annotations

import random

import pytest

from multiverse import modes
from multiverse.content.sentinels_schema import Step
from multiverse.sentinels.content import default_sentinels_pack, validate_sentinels_path

from .test_content import card_steps, walk


def _steps() -> tuple[list[Step], list]:
    pack = validate_sentinels_path(default_sentinels_pack())
    qm = next(h for h in pack.heroes if h.id == "the-quartermaster")
    steps = [*walk(qm.power.effect), *(st for a in qm.incapacitated for st in walk(a.effect))]
    for c in qm.cards:
        steps += list(card_steps(c))
    return steps, [m for c in qm.cards for m in c.modifiers]


def test_her_cards_use_every_word_of_the_piles_and_counts() -> None:
    steps, mods = _steps()
    moves = [st for st in steps if st.verb == "move_cards"]
    assert {st.from_pile.pile for st in moves} == {"trash", "hand", "deck", "under"}
    assert {st.to_pile.pile for st in moves} >= {"hand", "deck", "deck_bottom", "under", "play",
                                                  "played", "trash"}
    assert {st.from_pile.of for st in moves if st.from_pile.pile == "trash"} == {None, "villain",
                                                                                 "environment"}
    assert ("trash", "environment") in {(st.to_pile.pile, st.to_pile.of) for st in moves}
    assert {st.take for st in moves} == {"choose", "up_to", "top", "all", "until"}
    assert {st.rest for st in moves if st.take == "until"} == {"trash", "deck", "deck_bottom", "shuffle"}
    counted = {st.amount_from for st in steps} | {st.cond.count for st in steps if st.cond}
    assert counted >= {"cards_in_trash", "cards_in_hand", "cards_in_play", "destroyed_this_turn",
                       "discarded_this_turn", "tokens_flipped_this_turn", "hero_tokens_showing"}
    assert {m.amount_from for m in mods} >= {"cards_in_play", "cards_under_this", "counter"}
    assert any(m.h_offset is not None for m in mods)
    assert any(st.cond and st.cond.h_offset is not None for st in steps)
    assert any(st.cond and st.cond.test == "trash_has_at_least" and st.cond.pile_of == "villain"
               for st in steps)


@pytest.mark.parametrize(("mode_name", "games"), [("sentinels", 6), ("oblivaeon", 2)])
def test_games_with_her_seated_end_by_the_rules(mode_name: str, games: int) -> None:
    mode = modes.get(mode_name)
    config = mode.make_config("the-quartermaster,luminary,lifeline")
    moved = 0
    for seed in range(games):
        s = mode.new_game(config, seed=seed, log=True)
        rnd = random.Random(seed)
        n = 0
        while (d := s.decision()) is not None and n < 5000:
            mode.check_invariants(s)
            s.apply(d.options[rnd.randrange(len(d.options))].id)
            moved += sum(e.kind in ("moved", "put_into_play") for e in s.take_events())
            n += 1
        assert s.result is not None and "rounds" not in s.reason, (seed, s.reason)
    assert moved > 0

"""Components and setup: SOTM-1, SOTM-2, SOTM-3."""

from __future__ import annotations

from pathlib import Path

import pytest

from multiverse.engine.errors import ContentError
from multiverse.sentinels.config import SentinelsConfig
from multiverse.sentinels.content import validate_sentinels_path
from multiverse.sentinels.game import new_game
from multiverse.sentinels.state import Z_DECK, Z_HAND, Z_PLAY
from multiverse.sentinels.view import view

from .support import char, dmg, hero, hp, kinds, load, names, villain, write_pack


@pytest.mark.rule("SOTM-1")
def test_components_character_forty_cards_villain_environment(tmp_path: Path) -> None:
    vil = villain(hp=30, sides=[{"hp": 12, "restore_hp": True}])
    s = load(tmp_path, {"turn": {"whose": "alpha", "phase": "power"}}, villain_=vil)
    t = s.T
    for h, hid in enumerate(("alpha", "beta", "gamma")):
        c = char(s, hid)
        # a character card: in play, starting HP, one innate power, three incapacitated abilities
        assert s.zone[c] == Z_PLAY and s.hp[c] == t.max_hp[c][0] == 20
        assert t.power_fx[c][0] and len(t.incap_fx[h]) == 3
        # and a 40-card deck: 4 in hand, 36 in the deck
        mine = t.deck_cards[h]
        assert len(mine) == 40 and all(t.owner[x] == h for x in mine)
        assert len(s.hand[h]) == 4 and len(s.deck[h]) == 36
        assert all(s.zone[x] == Z_HAND for x in s.hand[h]) and all(s.zone[x] == Z_DECK for x in s.deck[h])
    # a villain: a character card with HP and a flip side, and a deck
    vc = char(s, "villain")
    assert s.zone[vc] == Z_PLAY and s.hp[vc] == 30 and t.max_hp[vc] == (30, 12)
    assert len(s.deck[t.villain]) == 10
    # an environment: a deck and no character card
    assert s.play[t.env] == [] and len(s.deck[t.env]) == 10
    assert all(t.owner[c] != t.env for c in s.inplay)
    # the hero's innate power is offered in the power phase (acting through the protocol)
    d = s.decision()
    assert d.kind == "power_phase" and d.ids() == [f"power:{char(s, 'alpha')}", "skip"]
    s.apply(f"power:{char(s, 'alpha')}")
    assert hp(s, "villain") == 29


@pytest.mark.rule("SOTM-1")
def test_a_hero_deck_has_exactly_forty_cards(tmp_path: Path) -> None:
    bad = hero("alpha")
    bad["cards"][0]["copies"] -= 1  # 39 cards
    path = write_pack(tmp_path, heroes=[bad])
    with pytest.raises(ContentError, match="'alpha' has 39 cards; a hero deck has exactly 40"):
        validate_sentinels_path(path)


@pytest.mark.rule("SOTM-1")
def test_a_hero_has_three_incapacitated_abilities(tmp_path: Path) -> None:
    bad = hero("alpha")
    bad["incapacitated"] = bad["incapacitated"][:2]
    with pytest.raises(ContentError, match="incapacitated"):
        validate_sentinels_path(write_pack(tmp_path, heroes=[bad]))


def _setup_villain() -> dict:
    return villain(
        hp=30,
        setup=[{"verb": "search", "deck": "villain", "keyword": "minion", "to": "play"}],
        # the villain reacts to each villain card entering play
        triggers=[{"when": "enters_play", "whose": "villain",
                   "effect": [dmg(1, {"group": "hero", "pick": "each"}, type="sonic",
                                  source="villain_character")]}],
        cards=[
            {"name": "Sentry", "kind": "target", "hp": 4, "keywords": ["minion"], "copies": 2,
             "play": [dmg(2, {"group": "hero", "pick": "each"}, type="energy", source="this")]},
            {"name": "Scout", "kind": "target", "hp": 3, "keywords": ["minion"]},
        ])


@pytest.mark.rule("SOTM-2")
def test_setup_text_puts_cards_into_play_without_triggering_anything(tmp_path: Path) -> None:
    pack = write_pack(tmp_path, villain_=_setup_villain())
    s = new_game(SentinelsConfig(heroes=("alpha", "beta", "gamma"), content=pack), seed=5, log=True)
    s.take_events()
    d = s.decision()  # the villain's setup: search the villain deck for a minion
    assert d.kind == "search"
    sentries = [c for c in s.deck[s.T.villain] if s.T.name[c] == "Sentry"]
    scout = next(c for c in s.deck[s.T.villain] if s.T.name[c] == "Scout")
    # one option per distinct card, no "take nothing": a villain search always finds
    assert d.ids() == [f"card:{min(sentries)}", f"card:{scout}"]
    sentry = sentries[-1]  # the first copy in deck order (from the top) is the one taken
    # nothing has been drawn yet: the setup text comes first, then each player draws 4
    assert all(len(s.hand[h]) == 0 for h in range(3))
    s.apply(f"card:{min(sentries)}")
    ev = s.take_events()
    setup_part = ev[:kinds(ev).index("turn")]  # before the villain's first turn
    # the setup resolved, then each player drew 4; neither the Sentry's own entering text nor
    # the villain's reaction to a villain card entering play resolved
    assert kinds(setup_part) == ["draw", "draw", "draw"]
    assert [(e.data["hero"], e.data["count"]) for e in setup_part] == [(0, 4), (1, 4), (2, 4)]
    assert s.zone[sentry] == Z_PLAY and s.seq[sentry] < s.seq[char(s, "villain")] + 2
    assert names(s, "play", "villain")[:2] == ["The Overlord", "Sentry"]


@pytest.mark.rule("SOTM-2")
def test_the_same_card_entering_play_later_triggers(tmp_path: Path) -> None:
    """Contrast: once the game has begun, the same minion entering play resolves its text
    and the villain reacts."""
    s = load(tmp_path, {"villain": {"play": [], "deck": ["Sentry"]}}, villain_=_setup_villain())
    ev = s.take_events()
    assert kinds(ev)[:2] == ["turn", "play"]
    dealt = sorted((s.T.name[e.data["target"]], e.data["type"], e.data["amount"])
                   for e in ev if e.kind == "damage")
    assert dealt == sorted([(h, ty, n) for h in ("Alpha", "Beta", "Gamma")
                            for ty, n in (("energy", 2), ("sonic", 1))])
    assert [hp(s, h) for h in ("alpha", "beta", "gamma")] == [17, 17, 17]


@pytest.mark.rule("SOTM-2")
def test_each_player_draws_four(tmp_path: Path) -> None:
    s = new_game(SentinelsConfig(heroes=("alpha", "beta", "gamma", "delta"),
                                 content=write_pack(tmp_path, n=4)), seed=1)
    assert [len(s.hand[h]) for h in range(4)] == [4, 4, 4, 4]
    assert [len(s.deck[h]) for h in range(4)] == [36, 36, 36, 36]


@pytest.mark.rule("SOTM-3")
def test_h_is_fixed_at_the_start_and_never_changes(tmp_path: Path) -> None:
    """H counts the heroes at the start; incapacitating one changes nothing: the count
    stays, and the incapacitated hero keeps a turn in the round."""
    vil = villain(cards=[{"name": "Smite", "kind": "one-shot", "copies": 10,
                          "play": [dmg(5, {"group": "hero", "pick": "lowest_hp"},
                                       source="villain_character")]}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hp": 3}, "beta", "gamma", "delta"],
                        "villain": {"deck": ["Smite", "Lull"]}}, villain_=vil, n=4)
    ev = s.take_events()
    assert s.incap[0] == 1 and "incapacitated" in kinds(ev)
    assert s.T.n_heroes == 4 and view(s, 1)["H"] == 4
    # the round still holds four hero turns: Alpha's (an ability), then Beta's …
    d = s.decision()
    assert (d.kind, d.seat) == ("incapacitated_ability", 0)
    s.apply("ability:1")  # Mend: heal 2 a hero — the players choose
    assert s.decision().kind == "select"
    s.apply(f"card:{char(s, 'beta')}")
    assert s.decision().kind == "play_phase" and s.decision().seat == 1
    assert view(s, 1)["H"] == 4

"""Base-game rules that once went wrong (issue 9, point 7): a card's queued turn text after it
left play (SOTM-7), "until your next turn" on villain and environment text (SOTM-4), a
Limited card from a hero's deck (SOTM-10), `deck: each_hero` (SOTM-11) and identical copies
in a search (SOTM-2)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from multiverse.sentinels.config import SentinelsConfig
from multiverse.sentinels.determinize import determinize
from multiverse.sentinels.game import new_game
from multiverse.sentinels.state import Z_DECK, Z_HAND, Z_PLAY, Z_TRASH

from .support import card, damage, dmg, environment, hero, hp, kinds, load, names, villain, write_pack

VILLAIN = {"group": "villain_character"}
EACH_HERO = {"group": "hero", "pick": "each"}


def quiet(hid: str, cards: list[dict] | None = None, **kw) -> dict:
    """A hero without a power: with an empty hand its turn needs no decision."""
    return hero(hid, power=[], cards=cards, **kw)


# ----- SOTM-7: turn text of a card that has left play ---------------------------------------
def _cull_villain() -> dict:
    return villain(cards=[
        {"name": "Cull", "kind": "ongoing", "triggers": [
            {"when": "end_of_turn", "whose": "villain", "effect": [
                {"verb": "destroy", "target": {"group": "villain", "keyword": "minion", "pick": "each"}}]}]},
        {"name": "Rust Hound", "kind": "target", "hp": 4, "keywords": ["minion"], "triggers": [
            {"when": "end_of_turn", "whose": "villain", "effect": [dmg(2, EACH_HERO, type="toxic", source="this")]}]},
    ])


@pytest.mark.rule("SOTM-7")
@pytest.mark.parametrize("cull_first", [True, False])
def test_a_card_that_left_play_does_not_resolve_its_queued_turn_text(tmp_path: Path, cull_first: bool) -> None:
    """Cull destroys the Rust Hound at the end of the villain turn: entered first, it does so
    before the Hound's end-of-turn text, which then never resolves (the Hound is in the
    trash); entered second, the Hound has already dealt its damage."""
    order = ["Cull", "Rust Hound"] if cull_first else ["Rust Hound", "Cull"]
    s = load(tmp_path, {"villain": {"play": order, "deck": ["Lull"]},
                        "turn": {"whose": "villain", "phase": "end"}}, villain_=_cull_villain())
    ev = s.take_events()
    hound = card(s, "Rust Hound", "villain", zone=None)
    assert s.zone[hound] == Z_TRASH
    hits = [d for d in damage(s, ev) if d[0] == "Rust Hound"]
    if cull_first:
        assert hits == [] and [hp(s, h) for h in ("alpha", "beta", "gamma")] == [20, 20, 20]
    else:
        assert len(hits) == 3 and [hp(s, h) for h in ("alpha", "beta", "gamma")] == [18, 18, 18]


@pytest.mark.rule("SOTM-7")
def test_a_card_destroyed_by_an_earlier_start_of_turn_text_does_not_resolve_its_own(tmp_path: Path) -> None:
    """The same at the start of a hero's turn, for a hero's card destroyed by a villain card."""
    alpha = quiet("alpha", cards=[{"name": "Beacon", "kind": "ongoing", "triggers": [
        {"when": "start_of_turn", "whose": "owner", "effect": [dmg(3, VILLAIN, type="radiant")]}]}])
    vil = villain(cards=[{"name": "Jammer", "kind": "ongoing", "triggers": [
        {"when": "start_of_turn", "whose": "hero", "effect": [
            {"verb": "destroy", "target": {"group": "hero", "kind": "ongoing", "targets_only": False,
                                           "pick": "each"}}]}]}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": [], "play": [{"name": "Beacon", "entered": 2}]},
                                   {"id": "beta", "hand": []}, {"id": "gamma", "hand": []}],
                        "villain": {"play": [{"name": "Jammer", "entered": 1}]},
                        "turn": {"whose": "alpha", "phase": "start"}},
             heroes=[alpha, quiet("beta"), quiet("gamma")], villain_=vil)
    assert names(s, "trash", "alpha") == ["Beacon"]
    assert hp(s, "villain") == 30


# ----- SOTM-4: "until your next turn" of villain and environment text -----------------------
@pytest.mark.rule("SOTM-4")
def test_a_villain_reaction_until_its_next_turn_ends_at_the_villain_turn(tmp_path: Path) -> None:
    """Hit on Alpha's turn, the Overlord takes 1 less damage until *its* next turn: the
    environment's Gust (before that) is reduced, the villain's own Backlash (after) is not."""
    vil = villain(
        triggers=[{"when": "dealt_damage", "effect": [
            {"verb": "modify", "duration": "until_your_next_turn",
             "modifier": {"kind": "reduce_taken", "amount": 1, "applies_to": "villain_character"}}]}],
        cards=[{"name": "Backlash", "kind": "one-shot", "play": [dmg(2, VILLAIN, type="fire", source="this")]}])
    env = environment([{"name": "Gust", "kind": "one-shot", "play": [dmg(1, VILLAIN, type="cold", source="this")]}])
    alpha = hero("alpha", power=[dmg(3, VILLAIN, type="radiant")])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": []}, {"id": "beta", "hand": []},
                                   {"id": "gamma", "hand": []}],
                        "villain": {"deck": ["Backlash", "Lull"]}, "environment": {"deck": ["Gust"]},
                        "turn": {"whose": "alpha", "phase": "power"}},
             heroes=[alpha, quiet("beta"), quiet("gamma")], villain_=vil, environment_=env)
    s.apply(f"power:{s.T.character[0]}")
    got = [(d[0], d[2]) for d in damage(s, s.take_events())]
    assert got == [("Alpha", 3), ("Gust", 0), ("Backlash", 2)]
    assert hp(s, "villain") == 30 - 3 - 2


@pytest.mark.rule("SOTM-4")
def test_an_environment_reaction_until_its_next_turn_ends_at_the_environment_turn(tmp_path: Path) -> None:
    env = environment([
        {"name": "Crate", "kind": "target", "hp": 10, "triggers": [{"when": "dealt_damage", "effect": [
            {"verb": "modify", "duration": "until_your_next_turn",
             "modifier": {"kind": "reduce_taken", "amount": 1, "applies_to": "this"}}]}]},
        {"name": "Quake", "kind": "one-shot", "play": [
            dmg(2, {"group": "environment", "pick": "each"}, type="sonic", source="this")]}])
    alpha = hero("alpha", power=[dmg(3, {"group": "environment", "pick": "one"}, type="radiant")])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": []}, {"id": "beta", "hand": []},
                                   {"id": "gamma", "hand": []}],
                        "environment": {"play": ["Crate"], "deck": ["Quake"]},
                        "turn": {"whose": "alpha", "phase": "power"}},
             heroes=[alpha, quiet("beta"), quiet("gamma")], environment_=env)
    s.apply(f"power:{s.T.character[0]}")
    got = [(d[0], d[1], d[2]) for d in damage(s, s.take_events())]
    assert got[:2] == [("Alpha", "Crate", 3), ("Quake", "Crate", 2)]
    assert hp(s, "environment", "Crate") == 10 - 3 - 2


# ----- SOTM-10: a Limited card from a hero's own deck ---------------------------------------
def _limited_pack(tmp_path: Path, position: dict):
    alpha = hero("alpha", cards=[
        {"name": "Relic", "kind": "equipment", "limited": True, "copies": 2},
        {"name": "Overdrive", "kind": "one-shot", "play": [{"verb": "play_top", "deck": "this"}]},
        {"name": "Gem", "kind": "one-shot", "copies": 4}])
    vil = villain(cards=[{"name": "Totem", "kind": "device", "hp": 5, "limited": True, "copies": 2}])
    return load(tmp_path, position, heroes=[alpha], villain_=vil)


@pytest.mark.rule("SOTM-10")
def test_a_limited_card_played_from_a_heros_deck_beside_its_copy_goes_to_hand(tmp_path: Path) -> None:
    s = _limited_pack(tmp_path, {
        "heroes": [{"id": "alpha", "hand": ["Overdrive"], "play": ["Relic"], "deck": ["Relic", "Gem", "Gem"]},
                   "beta", "gamma"],
        "turn": {"whose": "alpha", "phase": "play"}})
    s.apply(f"play:{card(s, 'Overdrive', 'alpha', Z_HAND)}")
    ev = s.take_events()
    assert kinds(ev) == ["play", "play", "limited"]
    assert ev[2].text == "Relic is Limited and already in play: it goes to Alpha's hand"
    assert names(s, "hand", "alpha") == ["Relic"] and names(s, "trash", "alpha") == ["Overdrive"]
    assert names(s, "play", "alpha") == ["Alpha", "Relic"]
    assert names(s, "deck", "alpha") == ["Gem", "Gem"]


@pytest.mark.rule("SOTM-10")
def test_a_limited_card_from_the_villain_deck_is_still_discarded(tmp_path: Path) -> None:
    s = _limited_pack(tmp_path, {"villain": {"play": ["Totem"], "deck": ["Totem", "Lull"]},
                                 "turn": {"whose": "villain", "phase": "start"}})
    assert names(s, "play", "villain") == ["The Overlord", "Totem"]
    assert names(s, "trash", "villain") == ["Totem"]


# ----- SOTM-11: deck: each_hero ----------------------------------------------------------
@pytest.mark.rule("SOTM-11")
def test_each_hero_discards_the_top_card_of_their_own_deck(tmp_path: Path) -> None:
    """`deck: each_hero` on villain text is each active hero's deck, in play order; an
    incapacitated hero's deck is left alone and the villain deck too."""
    vil = villain(cards=[{"name": "Undertow", "kind": "one-shot", "play": [
        {"verb": "reveal_top", "deck": "each_hero", "amount": 1, "to": "trash"}]}])
    cards = [{"name": n, "kind": "one-shot"} for n in ("Ash", "Bone", "Coal")]
    heroes = [quiet(h, cards=cards) for h in ("alpha", "beta", "gamma")]
    s = load(tmp_path, {"heroes": [{"id": "alpha", "deck": ["Ash", "Bone"]}, {"id": "beta", "deck": ["Bone", "Ash"]},
                                   {"id": "gamma", "deck": ["Coal", "Ash"], "incapacitated": True}],
                        "villain": {"deck": ["Undertow", "Lull", "Lull"]},
                        "turn": {"whose": "villain", "phase": "start"}}, heroes=heroes, villain_=vil)
    ev = s.take_events()
    assert [e.text for e in ev if e.kind == "reveal"] == ["Alpha reveals Ash", "Beta reveals Bone"]
    assert names(s, "trash", "alpha") == ["Ash"] and names(s, "trash", "beta") == ["Bone"]
    assert names(s, "trash", "gamma") == [] and names(s, "deck", "gamma")[:2] == ["Coal", "Ash"]
    assert names(s, "trash", "villain") == ["Undertow"] and names(s, "deck", "villain") == ["Lull", "Lull"]


@pytest.mark.rule("SOTM-11")
def test_each_hero_plays_the_top_card_of_their_deck_one_after_the_other(tmp_path: Path) -> None:
    """Each hero's card resolves fully (as that hero's) before the next hero's deck is touched."""
    ping = {"name": "Ping", "kind": "one-shot", "play": [dmg(1, VILLAIN, type="sonic"), {"verb": "draw"}]}
    vil = villain(cards=[{"name": "Rally Cry", "kind": "one-shot", "play": [
        {"verb": "play_top", "deck": "each_hero"}]}])
    heroes = [quiet(h, cards=[ping]) for h in ("alpha", "beta", "gamma")]
    s = load(tmp_path, {"heroes": [{"id": h, "deck": ["Ping", "Filler", "Filler"]} for h in ("alpha", "beta", "gamma")],
                        "villain": {"deck": ["Rally Cry", "Lull", "Lull"]},
                        "turn": {"whose": "villain", "phase": "start"}}, heroes=heroes, villain_=vil)
    ev = s.take_events()
    texts = [e.text for e in ev]
    i = texts.index("The Overlord plays Rally Cry")
    assert texts[i + 1: i + 10] == [
        "Alpha plays Ping", "Alpha deals The Overlord 1 sonic damage → 29 HP", "Alpha draws 1 (Ping)",
        "Beta plays Ping", "Beta deals The Overlord 1 sonic damage → 28 HP", "Beta draws 1 (Ping)",
        "Gamma plays Ping", "Gamma deals The Overlord 1 sonic damage → 27 HP", "Gamma draws 1 (Ping)"]
    assert names(s, "deck", "villain")[:1] == ["Lull"]


# ----- SOTM-2: a search offers each distinct card once --------------------------------------
def _search_pack(tmp_path: Path) -> str:
    vil = villain(setup=[{"verb": "search", "deck": "villain", "keyword": "minion", "to": "play"}],
                  cards=[{"name": "Rust Hound", "kind": "target", "hp": 4, "keywords": ["minion"], "copies": 3},
                         {"name": "Rivet Gunner", "kind": "target", "hp": 6, "keywords": ["minion"], "copies": 2},
                         {"name": "Bulwark", "kind": "device", "hp": 5}])
    return write_pack(tmp_path, villain_=vil)


@pytest.mark.rule("SOTM-2")
def test_a_search_offers_identical_copies_once(tmp_path: Path) -> None:
    pack = _search_pack(tmp_path)
    cfg = SentinelsConfig(heroes=("alpha", "beta", "gamma"), content=pack)
    s = new_game(cfg, seed=5)
    d = s.decision()
    assert d.kind == "search"
    assert [o.label.split(" (")[0] for o in d.options] == ["Rust Hound", "Rivet Gunner"]
    ids = d.ids()
    assert len(set(ids)) == 2
    # the same game, the same options; a determinized copy (decks reshuffled) keeps the ids
    assert new_game(cfg, seed=5).decision().ids() == ids
    for k in range(5):
        assert determinize(s, d.seat, random.Random(k)).decision().ids() == ids
    # choosing Rust Hound puts the first copy in deck order (from the top) into play
    deck = s.deck[s.T.villain]
    first = next(c for c in reversed(deck) if s.T.name[c] == "Rust Hound")
    s.apply(ids[0])
    assert s.zone[first] == Z_PLAY
    assert sum(1 for c in s.deck[s.T.villain] if s.T.name[c] == "Rust Hound") == 2


@pytest.mark.rule("SOTM-2")
def test_a_search_takes_from_the_deck_before_the_trash(tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[
        {"name": "Seek", "kind": "one-shot", "play": [{"verb": "search", "deck": "this", "keyword": "gear"}]},
        {"name": "Lens", "kind": "equipment", "keywords": ["gear"], "copies": 3},
        {"name": "Gem", "kind": "one-shot"}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Seek"], "deck": ["Gem", "Lens"], "trash": ["Lens"]},
                                   "beta", "gamma"],
                        "turn": {"whose": "alpha", "phase": "play"}}, heroes=[alpha])
    s.apply(f"play:{card(s, 'Seek', 'alpha', Z_HAND)}")
    d = s.decision()
    assert [o.label for o in d.options] == ["Lens (equipment; gear)", "Take nothing"]
    in_deck = card(s, "Lens", "alpha", Z_DECK)
    s.apply(d.ids()[0])
    assert s.zone[in_deck] == Z_HAND and names(s, "trash", "alpha") == ["Lens", "Seek"]


# ----- SOTM-17: an incapacitated hero plays no more cards -----------------------------------
@pytest.mark.rule("SOTM-17")
def test_a_hero_incapacitated_while_playing_cards_plays_no_more(tmp_path: Path) -> None:
    """Frenzy lets Alpha play two cards; the first, Backfire, incapacitates her: the second
    play is not offered (the random playouts once found an incapacitated hero with a card in
    play this way)."""
    alpha = hero("alpha", hp=3, cards=[
        {"name": "Frenzy", "kind": "one-shot", "play": [{"verb": "play_card", "amount": 2}]},
        {"name": "Backfire", "kind": "one-shot", "play": [dmg(5, {"group": "this_hero"}, type="fire")]},
        {"name": "Drone", "kind": "target", "hp": 3}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hp": 3, "hand": ["Frenzy", "Backfire", "Drone"]}, "beta", "gamma"],
                        "turn": {"whose": "alpha", "phase": "play"}}, heroes=[alpha])
    s.apply(f"play:{card(s, 'Frenzy', 'alpha', Z_HAND)}")
    assert s.decision().kind == "play_now"
    s.apply(f"play:{card(s, 'Backfire', 'alpha', Z_HAND)}")
    assert s.incap[0] and names(s, "play", "alpha") == ["Alpha"] and names(s, "hand", "alpha") == ["Drone"]
    d = s.decision()
    assert not (d.kind == "play_now" and d.seat == 0)

"""`move_cards`: cards moved between any two places (SOTM-11), put into play or played
(SOTM-8): from a trash, a hand, a deck or under a card, to a hand, a trash, a deck, under a
card or into play; "reveal cards until …"."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from multiverse.content.sentinels_schema import Card, Step
from multiverse.sentinels.invariants import check_invariants
from multiverse.sentinels.state import Z_DECK, Z_HAND, Z_PLAY, Z_TRASH, Z_UNDER
from multiverse.sentinels.zones import cards_under, put_under

from .support import card, dmg, hero, hp, load, names, story, villain

EACH_HERO = {"group": "hero", "pick": "each"}


def move(src: dict, dst: dict, **kw) -> dict:
    return {"verb": "move_cards", "from_pile": src, "to_pile": dst, **kw}


def _alpha(*cards: dict) -> dict:
    return hero("alpha", cards=[*cards, {"name": "Gem", "kind": "one-shot", "copies": 3},
                                {"name": "Blade", "kind": "equipment", "keywords": ["tool"]},
                                {"name": "Lens", "kind": "equipment", "keywords": ["tool"]},
                                {"name": "Aura", "kind": "ongoing",
                                 "play": [{"verb": "draw", "amount": 1}]}])


def _grunt_villain() -> dict:
    """Grunt (target, 4 HP): as it is played, it deals each hero 3 melee damage."""
    return villain(cards=[{"name": "Grunt", "kind": "target", "hp": 4,
                           "play": [dmg(3, EACH_HERO, source="this")]}])


@pytest.mark.rule("SOTM-8")
def test_a_card_put_into_play_from_the_villain_trash_does_not_resolve_its_play_text(
        tmp_path: Path) -> None:
    alpha = _alpha({"name": "Relapse", "kind": "one-shot", "play": [
        move({"pile": "trash", "of": "villain"}, {"pile": "play"}, take="top")]})
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Relapse"]}, "beta", "gamma"],
                        "villain": {"trash": ["Lull", "Grunt"]},
                        "turn": {"whose": "alpha", "phase": "play"}},
             heroes=[alpha], villain_=_grunt_villain())
    grunt = card(s, "Grunt", "villain", Z_TRASH)
    s.apply(f"play:{card(s, 'Relapse', 'alpha', Z_HAND)}")
    assert story(s, s.take_events()) == ["Alpha plays Relapse", "Grunt is put into play"]
    assert s.zone[grunt] == Z_PLAY and s.hp[grunt] == 4 and names(s, "trash", "villain") == ["Lull"]
    assert hp(s, "alpha") == hp(s, "beta") == 20  # no play text: no damage
    check_invariants(s)


@pytest.mark.rule("SOTM-8")
def test_a_card_played_from_a_trash_resolves_its_play_text_and_counts_as_the_play(
        tmp_path: Path) -> None:
    alpha = _alpha({"name": "Encore", "kind": "ongoing", "power": [
        move({"pile": "trash"}, {"pile": "played"}, kind="ongoing")]})
    s = load(tmp_path, {"heroes": [{"id": "alpha", "play": ["Encore"], "trash": ["Aura", "Gem"], "hand": [],
                                    "deck": ["Gem", "Gem", "Filler"]}, "beta", "gamma"],
                        "turn": {"whose": "alpha", "phase": "power"}}, heroes=[alpha])
    aura = card(s, "Aura", "alpha", Z_TRASH)
    s.apply(f"power:{card(s, 'Encore', 'alpha')}")  # the one ongoing: a forced choice
    assert story(s, s.take_events())[:3] == ["Alpha uses the power of Encore", "Alpha plays Aura",
                                           "Alpha draws 1 (Aura)"]
    assert names(s, "hand", "alpha") == ["Gem", "Gem"]  # SOTM-5: a card played: the draw phase draws 1
    assert s.zone[aura] == Z_PLAY and names(s, "trash", "alpha") == ["Gem"]


@pytest.mark.rule("SOTM-11")
def test_the_player_chooses_which_card_of_the_trash_goes_to_hand_among_those_with_the_keyword(
        tmp_path: Path) -> None:
    alpha = _alpha({"name": "Salvage", "kind": "one-shot", "play": [
        move({"pile": "trash"}, {"pile": "hand"}, keyword="tool")]})
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Salvage"],
                                    "trash": ["Blade", "Gem", "Lens", "Gem"]}, "beta", "gamma"],
                        "turn": {"whose": "alpha", "phase": "play"}}, heroes=[alpha])
    blade, lens = card(s, "Blade", "alpha", Z_TRASH), card(s, "Lens", "alpha", Z_TRASH)
    s.apply(f"play:{card(s, 'Salvage', 'alpha', Z_HAND)}")
    d = s.decision()
    assert d.kind == "move_pick" and d.seat == 0
    assert d.ids() == [f"card:{lens}", f"card:{blade}"]  # the top first; no Gem
    s.apply(f"card:{blade}")
    assert s.zone[blade] == Z_HAND and names(s, "hand", "alpha") == ["Blade"]
    assert names(s, "trash", "alpha") == ["Gem", "Lens", "Gem", "Salvage"]


@pytest.mark.rule("SOTM-11")
def test_up_to_lets_the_player_stop_and_cards_go_to_the_environment_trash(tmp_path: Path) -> None:
    alpha = _alpha({"name": "Dump", "kind": "one-shot", "play": [
        move({"pile": "hand"}, {"pile": "trash", "of": "environment"}, amount=2, take="up_to"),
        {"verb": "draw", "amount": 1, "amount_from": "discarded_this_turn"}]})
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Dump", "Gem", "Blade"],
                                    "deck": ["Lens", "Aura", "Gem"]}, "beta", "gamma"],
                        "turn": {"whose": "alpha", "phase": "play"}}, heroes=[alpha])
    gem = card(s, "Gem", "alpha", Z_HAND)
    s.apply(f"play:{card(s, 'Dump', 'alpha', Z_HAND)}")
    assert s.decision().ids()[-1] == "stop"
    s.apply(f"card:{gem}")
    s.apply("stop")
    env = s.T.env
    assert s.zone[gem] == Z_TRASH and gem in s.trash[env] and names(s, "trash", "environment") == ["Gem"]
    assert s.turn_discarded == 1 and names(s, "hand", "alpha") == ["Blade", "Lens"]  # drew 1
    check_invariants(s)


@pytest.mark.rule("SOTM-11")
def test_cards_under_this_card_go_to_hand_and_into_play(tmp_path: Path) -> None:
    alpha = _alpha({"name": "Cache", "kind": "equipment", "power": [
        move({"pile": "under"}, {"pile": "play"}, kind="equipment", take="top"),
        move({"pile": "under"}, {"pile": "hand"}, take="all")]})
    s = load(tmp_path, {"heroes": [{"id": "alpha", "play": ["Cache"], "deck": ["Gem", "Blade", "Gem"]},
                                   "beta", "gamma"], "turn": {"whose": "alpha", "phase": "power"}},
             heroes=[alpha])
    cache = card(s, "Cache", "alpha")
    under = [card(s, "Blade", "alpha", Z_DECK), *[c for c in s.deck[0] if s.T.name[c] == "Gem"]]
    for c in under:
        put_under(s, c, cache)
    s.take_events()
    s.apply(f"power:{cache}")
    blade = under[0]
    assert s.zone[blade] == Z_PLAY and cards_under(s, cache) == []
    assert all(s.zone[c] == Z_HAND for c in under[1:])
    assert story(s, s.take_events())[1:4] == ["Blade is put into play", "Gem goes to Alpha's hand",
                                               "Gem goes to Alpha's hand (another of that name)"]
    # issue 21: the second Gem is another card, not the first one told twice
    check_invariants(s)


@pytest.mark.rule("SOTM-11")
def test_a_card_of_a_trash_goes_on_top_of_another_deck(tmp_path: Path) -> None:
    alpha = _alpha({"name": "Rewind", "kind": "one-shot", "play": [
        move({"pile": "trash", "of": "villain"}, {"pile": "deck", "of": "environment"}, take="top"),
        move({"pile": "trash"}, {"pile": "deck"}, take="top")]})
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Rewind"], "trash": ["Gem", "Lens"]},
                                   "beta", "gamma"],
                        "villain": {"trash": ["Lull", "Grunt"]},
                        "turn": {"whose": "alpha", "phase": "play"}},
             heroes=[alpha], villain_=_grunt_villain())
    grunt, lens = card(s, "Grunt", "villain", Z_TRASH), card(s, "Lens", "alpha", Z_TRASH)
    s.apply(f"play:{card(s, 'Rewind', 'alpha', Z_HAND)}")
    env = s.T.env
    assert s.deck[env][-1] == grunt and s.zone[grunt] == Z_DECK and s.home[grunt] == env
    assert s.deck[0][-1] == lens and names(s, "trash", "alpha") == ["Gem", "Rewind"]
    check_invariants(s)


@pytest.mark.rule("SOTM-11")
def test_reveal_until_a_card_of_a_kind_the_rest_discarded_or_back_on_top(tmp_path: Path) -> None:
    alpha = _alpha(
        {"name": "Dig", "kind": "one-shot", "play": [
            move({"pile": "deck"}, {"pile": "hand"}, take="until", kind="equipment")]},
        {"name": "Sift", "kind": "one-shot", "play": [
            move({"pile": "deck"}, {"pile": "under"}, take="until", keyword="tool", rest="deck")]})
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Dig"], "deck": ["Gem", "Aura", "Blade", "Gem"]},
                                   "beta", "gamma"], "turn": {"whose": "alpha", "phase": "play"}},
             heroes=[alpha])
    blade = card(s, "Blade", "alpha", Z_DECK)
    s.apply(f"play:{card(s, 'Dig', 'alpha', Z_HAND)}")
    assert story(s, s.take_events()) == [
        "Alpha plays Dig", "Alpha reveals Gem", "Alpha reveals Aura", "Alpha reveals Blade",
        "the other revealed cards (2) are discarded", "Blade goes to Alpha's hand"]
    assert s.zone[blade] == Z_HAND and names(s, "trash", "alpha") == ["Gem", "Aura", "Dig"]
    assert names(s, "deck", "alpha")[0] == "Gem" and s.turn_discarded == 2
    check_invariants(s)


@pytest.mark.rule("SOTM-11")
def test_reveal_until_puts_the_others_back_on_top_in_the_order_revealed(tmp_path: Path) -> None:
    alpha = _alpha({"name": "Vault", "kind": "equipment", "power": [
        move({"pile": "deck"}, {"pile": "under"}, take="until", keyword="tool", rest="deck")]})
    s = load(tmp_path, {"heroes": [{"id": "alpha", "play": ["Vault"], "hand": [],
                                    "deck": ["Gem", "Aura", "Lens", "Gem"]},
                                   "beta", "gamma"], "turn": {"whose": "alpha", "phase": "power"}},
             heroes=[alpha])
    vault, lens = card(s, "Vault", "alpha"), card(s, "Lens", "alpha", Z_DECK)
    s.apply(f"power:{vault}")
    assert cards_under(s, vault) == [lens] and s.zone[lens] == Z_UNDER
    # the Gem, revealed first, went back on top: the draw phase drew it
    assert names(s, "hand", "alpha") == ["Gem"] and names(s, "deck", "alpha")[:2] == ["Aura", "Gem"]
    check_invariants(s)


def test_a_villain_card_has_no_hand_to_go_to_and_stays(tmp_path: Path) -> None:
    alpha = _alpha({"name": "Grab", "kind": "one-shot", "play": [
        move({"pile": "trash", "of": "villain"}, {"pile": "hand"}, take="all")]})
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Grab"]}, "beta", "gamma"],
                        "villain": {"trash": ["Lull"]}, "turn": {"whose": "alpha", "phase": "play"}},
             heroes=[alpha], villain_=_grunt_villain())
    s.apply(f"play:{card(s, 'Grab', 'alpha', Z_HAND)}")
    assert names(s, "trash", "villain") == ["Lull"] and names(s, "hand", "alpha") == []


@pytest.mark.parametrize(("step", "words"), [
    ({"verb": "move_cards", "from_pile": {"pile": "trash"}}, "needs 'from_pile' and 'to_pile'"),
    ({"verb": "move_cards", "from_pile": {"pile": "deck"}, "to_pile": {"pile": "hand"}},
     "use verb 'search'"),
    ({"verb": "move_cards", "from_pile": {"pile": "play"}, "to_pile": {"pile": "hand"}},
     "not 'play'"),
    ({"verb": "move_cards", "from_pile": {"pile": "deck"}, "to_pile": {"pile": "hand"},
      "take": "until"}, "needs from_pile deck and one of them"),
    ({"verb": "move_cards", "from_pile": {"pile": "trash"}, "to_pile": {"pile": "hand", "of": "villain"}},
     "its owner's hand"),
    ({"verb": "move_cards", "from_pile": {"pile": "trash"}, "to_pile": {"pile": "deck"}, "rest": "deck"},
     "only with take 'until'"),
    ({"verb": "draw", "to_pile": {"pile": "hand"}}, "read only by verb 'move_cards'"),
    ({"verb": "move_cards", "from_pile": {"pile": "trash"}, "to_pile": {"pile": "pocket"}}, "to_pile.pile"),
])
def test_a_misused_move_is_an_error_naming_the_field(step: dict, words: str) -> None:
    with pytest.raises(ValidationError, match=words.replace("(", r"\(")):
        Step.model_validate(step)


def test_a_misused_move_in_a_pack_names_the_card(tmp_path: Path) -> None:
    bad = _alpha({"name": "Oops", "kind": "one-shot", "play": [
        {"verb": "move_cards", "from_pile": {"pile": "hand"}, "to_pile": {"pile": "hand"}}]})
    with pytest.raises(Exception, match=r"(?s)Oops.*both 'hand'|cards.*both 'hand'"):
        load(tmp_path, heroes=[bad])
    Card.model_validate({"name": "Fine", "kind": "one-shot", "play": [
        move({"pile": "trash"}, {"pile": "under"})]})


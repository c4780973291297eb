"""Counters and zones of the box (issue 9, point 5): named counters with bounds and
thresholds that fire text (OBL-ID1), a removed-from-the-game zone no effect can reach, cards
under a card, and a reserve pile drawn from its bottom (OBL-C5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from multiverse.engine.errors import ContentError, PositionError
from multiverse.sentinels.invariants import check_invariants
from multiverse.sentinels.state import Z_HAND, Z_PLAY, Z_REMOVED, Z_RESERVE, Z_TRASH, Z_UNDER
from multiverse.sentinels.view import view
from multiverse.sentinels.zones import cards_under

from .support import card, char, hero, hp, load, names, villain

EACH_HERO = {"group": "hero_character", "pick": "each"}


def _ruin_villain(**counter) -> dict:
    """Devastation 0..10: reaching 3 deals each hero 2 infernal damage; falling to 1 or
    below, the Overlord regains 5 HP. Ruin adds 2, Respite removes 3, Siege adds 20."""
    ctr = {"name": "Devastation", "max": 10, "thresholds": [
        {"at": 3, "effect": [{"verb": "damage", "amount": 2, "type": "infernal",
                              "source": "villain_character", "target": EACH_HERO}]},
        {"at": 1, "crossing": "down", "effect": [{"verb": "heal", "amount": 5,
                                                  "target": {"group": "villain_character"}}]}],
        **counter}
    return villain(counters=[ctr], cards=[
        {"name": "Ruin", "kind": "one-shot", "copies": 2,
         "play": [{"verb": "add_tokens", "counter": "Devastation", "amount": 2}]},
        {"name": "Respite", "kind": "one-shot",
         "play": [{"verb": "remove_tokens", "counter": "Devastation", "amount": 3}]},
        {"name": "Siege", "kind": "one-shot",
         "play": [{"verb": "add_tokens", "counter": "Devastation", "amount": 20},
                  {"verb": "if", "cond": {"test": "counter_at_least", "counter": "Devastation", "amount": 10},
                   "do": [{"verb": "damage", "amount": 1, "type": "fire", "source": "villain_character",
                           "target": EACH_HERO}]}]}])


def _villain_plays(tmp_path: Path, top: str, devastation: int, villain_hp: int = 30):
    return load(tmp_path, {"villain": {"hp": villain_hp, "deck": [top, "Lull"]},
                           "counters": {"Devastation": devastation},
                           "turn": {"whose": "villain", "phase": "play"}}, villain_=_ruin_villain())


# ----- OBL-ID1: named counters, bounds, thresholds ------------------------------------------
@pytest.mark.rule("OBL-ID1")
def test_a_counter_reaching_its_threshold_fires_its_text(tmp_path: Path) -> None:
    s = _villain_plays(tmp_path, "Ruin", 1)
    assert s.ctr == [3]
    assert [hp(s, h) for h in ("alpha", "beta", "gamma")] == [18, 18, 18]
    assert "Devastation 1 → 3 (Ruin)" in [e.text for e in s.take_events()]  # issue 21: its cause
    check_invariants(s)


@pytest.mark.rule("OBL-ID1")
def test_a_threshold_fires_only_when_crossed_in_its_direction(tmp_path: Path) -> None:
    s = _villain_plays(tmp_path, "Ruin", 3)  # 3 → 5: 3 is not crossed again
    assert s.ctr == [5] and [hp(s, h) for h in ("alpha", "beta", "gamma")] == [20, 20, 20]
    s = _villain_plays(tmp_path / "down", "Respite", 4, villain_hp=20)  # 4 → 1: the down threshold
    assert s.ctr == [1] and hp(s, "villain") == 25
    s = _villain_plays(tmp_path / "up", "Respite", 0, villain_hp=20)  # at its minimum: no change
    assert s.ctr == [0] and hp(s, "villain") == 20


@pytest.mark.rule("OBL-ID1")
def test_a_counter_stays_within_its_bounds_and_conditions_read_it(tmp_path: Path) -> None:
    s = _villain_plays(tmp_path, "Siege", 0)
    assert s.ctr == [10]  # 0 + 20, kept at its maximum of 10; 3 was crossed on the way
    assert [hp(s, h) for h in ("alpha", "beta", "gamma")] == [17, 17, 17]  # 2 (at 3) + 1 (at 10)
    assert view(s, 0)["counters"] == {"Devastation": 10}
    import io

    from rich.console import Console

    from multiverse.sentinels.render import render_board

    console = Console(width=120, record=True, file=io.StringIO())
    console.print(render_board(s, 0), soft_wrap=False)
    # issue 21: the counter in the threats' words, its next threshold read from its data
    assert "Devastation 10 → 1: it regains 5 HP" in console.export_text()


def test_counters_are_declared_and_positions_keep_them_in_bounds(tmp_path: Path) -> None:
    bad = villain(cards=[{"name": "Typo", "kind": "one-shot",
                          "play": [{"verb": "add_tokens", "counter": "Devastaton"}]}])
    with pytest.raises((ContentError, PositionError), match="unknown counter"):
        load(tmp_path, villain_=bad)
    with pytest.raises(PositionError, match=r"counters\.Devastation"):
        load(tmp_path / "b", {"counters": {"Devastation": 11}}, villain_=_ruin_villain())
    with pytest.raises(PositionError, match="unknown field"):
        load(tmp_path / "c", {"counters": {"Countdown": 1}}, villain_=_ruin_villain())


# ----- removed from the game ------------------------------------------------------------------
def _banisher() -> dict:
    return hero("alpha", power=[], cards=[
        {"name": "Banish", "kind": "one-shot",
         "play": [{"verb": "remove_from_game", "target": {"group": "villain", "pick": "one",
                                                           "targets_only": False}}]}])


def _recall_villain() -> dict:
    """Its Minion can be found again by Recall (deck and trash) and by Muster (the trash is
    shuffled back, then the top card is played)."""
    return villain(cards=[
        {"name": "Minion", "kind": "target", "hp": 3, "keywords": ["minion"]},
        {"name": "Recall", "kind": "one-shot", "copies": 2,
         "play": [{"verb": "search", "deck": "villain", "keyword": "minion", "to": "play"}]},
        {"name": "Muster", "kind": "one-shot",
         "play": [{"verb": "shuffle_trash_into_deck", "deck": "villain"},
                  {"verb": "destroy", "target": {"group": "villain", "pick": "each", "targets_only": False}},
                  {"verb": "flip", "target": {"group": "villain", "pick": "each"}}]}])


def test_a_removed_card_can_never_be_chosen_by_any_effect(tmp_path: Path) -> None:
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Banish"]}, "beta", "gamma"],
                        "villain": {"play": ["Minion"], "deck": ["Recall", "Muster", "Recall", "Lull"]},
                        "turn": {"whose": "alpha", "phase": "play"}},
             heroes=[_banisher()], villain_=_recall_villain())
    minion = card(s, "Minion", "villain")
    s.apply(f"play:{card(s, 'Banish', 'alpha', zone=Z_HAND)}")
    assert s.zone[minion] == Z_REMOVED and minion not in s.inplay
    assert view(s, 0)["removed"] == [{"card": minion, "name": "Minion"}]
    # the villain's Recall, Muster (trash shuffled back, each villain card destroyed and
    # flipped) and Recall again: the Minion is never found, offered, destroyed or moved
    while s.decision() is not None and s.round < 4:
        d = s.decision()
        assert all(o.data.get("card") != minion for o in d.options)
        s.apply(d.options[0].id)
        check_invariants(s)
        assert s.zone[minion] == Z_REMOVED
    assert names(s, "play", "villain") == ["The Overlord"]
    assert "Minion" not in names(s, "trash", "villain") + names(s, "deck", "villain")


def test_a_search_or_reveal_may_remove_a_card_from_the_game(tmp_path: Path) -> None:
    vil = villain(cards=[{"name": "Oblivion", "kind": "one-shot",
                          "play": [{"verb": "reveal_top", "deck": "environment", "to": "removed"}]}])
    s = load(tmp_path, {"villain": {"deck": ["Oblivion", "Lull"]},
                        "environment": {"deck": ["Calm"]},
                        "turn": {"whose": "villain", "phase": "play"}}, villain_=vil)
    calm = [c for c in s.T.deck_cards[s.T.env] if s.zone[c] == Z_REMOVED]
    assert len(calm) == 1 and s.T.name[calm[0]] == "Calm"


# ----- cards under a card ---------------------------------------------------------------------
def _vault_hero() -> dict:
    """Vault (equipment). Power: put the top card of your deck under Vault; then, with 2 or
    more cards under it, draw 2. Hoard puts a villain card in play under Vault."""
    return hero("alpha", power=[], cards=[
        {"name": "Vault", "kind": "equipment", "power": [
            {"verb": "reveal_top", "to": "under"},
            {"verb": "if", "cond": {"test": "cards_under_this_at_least", "amount": 2},
             "do": [{"verb": "draw", "amount": 2}]}]},
        {"name": "Shatter", "kind": "one-shot",
         "play": [{"verb": "destroy", "target": {"group": "hero", "kind": "equipment", "targets_only": False}}]},
        {"name": "Hoard", "kind": "ongoing", "copies": 2, "power": [
            {"verb": "put_under_this", "target": {"group": "villain", "pick": "one", "targets_only": False}}]}])


def test_cards_go_under_a_card_and_follow_it_out_of_play(tmp_path: Path) -> None:
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Shatter"], "play": ["Vault"],
                                    "deck": ["Hoard", *["Filler"] * 8]}, "beta", "gamma"],
                        "turn": {"whose": "alpha", "phase": "power"}}, heroes=[_vault_hero()])
    vault = card(s, "Vault", "alpha")
    hand = len(s.hand[0])
    s.apply(f"power:{vault}")
    first = cards_under(s, vault)
    assert [s.T.name[c] for c in first] == ["Hoard"] and s.zone[first[0]] == Z_UNDER
    assert len(s.hand[0]) == hand + 1  # one card under it: no extra draw (the draw phase's 1)
    assert view(s, 0)["heroes"][0]["play"][0]["under"] == [{"card": first[0], "name": "Hoard", "kind": "ongoing",
                                                                  "text": ""}]
    check_invariants(s)
    # the next turn: a second card under it, and its power draws 2
    while s.decision() is not None and not (s.turn == 0 and s.phase == "power"):
        d = s.decision()
        s.apply(next((o.id for o in d.options if o.id == "skip"), d.options[0].id))
    hand = len(s.hand[0])
    s.apply(f"power:{vault}")
    assert len(cards_under(s, vault)) == 2 and len(s.hand[0]) == hand + 2 + 1
    assert s.under and all(s.zone[c] == Z_UNDER for c in cards_under(s, vault))


def test_a_card_in_play_can_be_put_under_a_card(tmp_path: Path) -> None:
    vil = villain(cards=[{"name": "Minion", "kind": "target", "hp": 3}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "play": ["Hoard"], "hand": ["Shatter"]}, "beta", "gamma"],
                        "villain": {"play": ["Minion"]},
                        "turn": {"whose": "alpha", "phase": "power"}}, heroes=[_vault_hero()], villain_=vil)
    hoard, minion = card(s, "Hoard", "alpha"), card(s, "Minion", "villain")
    s.apply(f"power:{hoard}")
    assert s.zone[minion] == Z_UNDER and cards_under(s, hoard) == [minion]
    assert s.hp[minion] == 0 and minion not in s.inplay
    check_invariants(s)
    # Hoard leaves play: the Minion goes to its own (the villain's) trash
    from multiverse.sentinels.damage import destroy

    destroy(s, hoard)
    assert s.zone[minion] == Z_TRASH and minion in s.trash[s.T.villain] and not s.under
    check_invariants(s)


# ----- the reserve pile -------------------------------------------------------------------------
def _reserve_villain() -> dict:
    return villain(
        reserve=[{"name": f"Scion {x}", "kind": "target", "hp": 5 + i, "keywords": ["scion"],
                  "play": [{"verb": "heroes_lose"}]} for i, x in enumerate("ABC")],
        cards=[{"name": "Bring Forth", "kind": "one-shot", "copies": 2, "play": [
            {"verb": "if", "cond": {"test": "reserve_has_at_least", "amount": 1},
             "do": [{"verb": "play_from_reserve"}]}]},
               {"name": "Seek", "kind": "one-shot",
                "play": [{"verb": "search", "deck": "villain", "keyword": "scion", "to": "play"}]},
               {"name": "Herald", "kind": "ongoing", "triggers": [
                   {"when": "enters_play", "whose": "villain", "effect": [{"verb": "heroes_lose"}]}]}])


@pytest.mark.rule("OBL-C5")
def test_reserve_cards_come_into_play_from_its_bottom_as_targets(tmp_path: Path) -> None:
    s = load(tmp_path, {"villain": {"deck": ["Bring Forth", "Seek", "Lull"], "play": ["Herald"]},
                        "turn": {"whose": "alpha", "phase": "play"}}, villain_=_reserve_villain())
    t = s.T
    assert sorted(t.name[c] for c in s.reserve) == ["Scion A", "Scion B", "Scion C"]
    assert all(s.zone[c] == Z_RESERVE for c in s.reserve)
    assert view(s, 0)["reserve_size"] == 3
    bottom = s.reserve[0]
    while s.decision() is not None and s.round == 1:  # to the next villain turn: Bring Forth
        d = s.decision()
        s.apply(next((o.id for o in d.options if o.id == "skip"), d.options[0].id))
    assert s.zone[bottom] == Z_PLAY and s.hp[bottom] == t.max_hp[bottom][0]  # a target, full HP
    assert s.result is None  # no play text and no "enters play" reaction: a target entering play
    assert len(s.reserve) == 2 and bottom not in s.reserve
    check_invariants(s)


def test_the_reserve_is_not_a_deck(tmp_path: Path) -> None:
    """No search finds a reserve card (the Scion Reserve is not a deck, OBL-C3)."""
    s = load(tmp_path, {"villain": {"deck": ["Seek", "Lull"]},
                        "turn": {"whose": "villain", "phase": "play"}}, villain_=_reserve_villain())
    assert len(s.reserve) == 3 and s.result is None
    assert names(s, "play", "villain") == ["The Overlord"]
    assert char(s, "villain") not in s.reserve


def test_content_show_lists_counters_and_reserve_piles(tmp_path: Path) -> None:
    import io

    from rich.console import Console

    from multiverse.cli.content import sentinels_tables
    from multiverse.content.sentinels_schema import SentinelsContent

    from .support import environment

    vil = _ruin_villain()
    vil["reserve"] = _reserve_villain()["reserve"]
    content = SentinelsContent.model_validate({
        "pack": "t", "heroes": [hero("alpha")], "villains": [vil], "environments": [environment()]})
    console = Console(width=120, record=True, file=io.StringIO())
    for table in sentinels_tables(content):
        console.print(table)
    text = console.export_text()
    assert "Counters and reserve piles" in text and "Devastation" in text and "3 up, 1 down" in text

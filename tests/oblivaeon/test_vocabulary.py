"""The Sentinels vocabulary grown for OblivAeon (issue 9, point 6), each notion on the small
test pack: zones in selectors and amounts, moving between zones, watchers, conditional and
"cannot" modifiers, damage by selected sources, keyword-narrowed modifiers and selectors."""

from __future__ import annotations

from pathlib import Path

import pytest

from multiverse.sentinels.oblivaeon import world
from multiverse.sentinels.state import Z_DECK, Z_HAND, Z_PLAY, Z_REMOVED, SentinelsState
from multiverse.sentinels.turns import play_from_hand
from multiverse.sentinels.verbs import push_effect
from multiverse.sentinels.zones import move

from .support import (
    cid,
    counter,
    dmg,
    env_in,
    game,
    hand_card,
    hero,
    in_play,
    pack,
    scion_in,
    start_turn,
)

VILLAIN_EACH = {"group": "villain", "pick": "each"}


def card(name: str, play: list[dict] | None = None, kind: str = "one-shot", **kw: object) -> dict:
    return {"name": name, "kind": kind, "play": play or [], **kw}


def alpha_with(*cards: dict) -> dict:
    """The test pack with alpha's deck holding `cards`."""
    return pack(heroes=[hero("alpha", cards=list(cards))])


def play(s: SentinelsState, p: int, name: str) -> None:
    """Player `p` plays the card called `name` from hand, and the game runs on to a decision."""
    c = hand_card(s, p, name)
    s.turn = p
    play_from_hand(s, p, c)
    s._decision = None
    s.advance()


def resolve(s: SentinelsState, steps_of: int, hero: int = -1) -> None:
    """Resolve the play text of card `steps_of` (already placed) as `hero`'s text."""
    s._decision = None
    push_effect(s, s.T.play_fx[steps_of][0], steps_of, hero, -1)
    s.advance()


def test_an_each_villain_target_effect_in_zone_1_leaves_zone_2_alone(tmp_path: Path) -> None:
    s = game(tmp_path, pack_doc=alpha_with(card("Volley", [dmg(2, VILLAIN_EACH)])))
    one, two = cid(s, "Scion One", Z_PLAY), cid(s, "Scion Two", Z_PLAY)
    ob = s.T.villain_character
    play(s, 0, "Volley")
    assert (s.hp[one], s.hp[two], s.hp[ob]) == (18, 20, 38)


def test_a_selector_naming_the_other_zone_reaches_only_it(tmp_path: Path) -> None:
    far = dict(VILLAIN_EACH, zone="other")
    s = game(tmp_path, pack_doc=alpha_with(card("Long Shot", [dmg(2, far)])))
    play(s, 0, "Long Shot")
    assert (s.hp[cid(s, "Scion One", Z_PLAY)], s.hp[cid(s, "Scion Two", Z_PLAY)]) == (20, 18)


def test_a_watcher_reacts_to_a_watched_card_destroyed_in_its_zone_only(tmp_path: Path) -> None:
    vulture = {"name": "Vulture", "kind": "target", "hp": 5, "triggers": [{
        "when": "card_destroyed", "watch": {"group": "villain", "keyword": "aeon man"},
        "effect": [{"verb": "add_tokens", "amount": 1}]}]}
    doc = alpha_with(card("Smash", [dmg(5, {"group": "villain", "pick": "each",
                                            "keyword": "aeon man", "zone": "any"})]))
    doc["environments"][0]["cards"].insert(0, vulture)
    s = game(tmp_path, pack_doc=doc)
    v = in_play(s, "Vulture", env_in(s, 0))
    a = in_play(s, "Aeon Grunt", s.T.named_decks["aeon_men"], z=0)
    b = in_play(s, "Aeon Grunt", s.T.named_decks["aeon_men"], z=1)
    play(s, 0, "Smash")
    assert s.zone[a] != Z_PLAY and s.zone[b] != Z_PLAY  # both destroyed ("zone: any")
    assert s.tok[v] == 1  # only the one in its zone was watched (OBL-B1)


def test_a_modifier_holds_only_while_its_condition_does(tmp_path: Path) -> None:
    bulwark = card("Bulwark", kind="ongoing", modifiers=[{
        "kind": "reduce_taken", "amount": 1, "applies_to": "this_hero",
        "only_if": {"test": "scions_here_at_least", "amount": 2}}])
    s = game(tmp_path, pack_doc=alpha_with(bulwark, card("Ouch", [dmg(3, {"group": "this_hero"})])))
    play(s, 0, "Bulwark")
    alpha = s.char[0]
    play(s, 0, "Ouch")
    assert s.hp[alpha] == 17  # one Scion in zone 1: no reduction
    world.play_scion(s, 0)
    play(s, 0, "Ouch")
    assert scion_in(s, 0) == ["Scion One", "Scion Three"] and s.hp[alpha] == 15


@pytest.mark.parametrize("kind", ["cannot_play_cards", "cannot_use_powers"])
def test_a_cannot_modifier_takes_the_phase_away(tmp_path: Path, kind: str) -> None:
    doc = pack()
    doc["oblivaeon"]["deck"].insert(0, {"name": "Stasis", "kind": "ongoing", "modifiers": [
        {"kind": kind, "applies_to": "hero_character"}]})
    s = game(tmp_path, pack_doc=doc)
    in_play(s, "Stasis", s.T.villain, z=0)
    world.move_hero(s, 1, 1)  # beta in zone 2 is out of its reach
    wanted = "play_phase" if kind == "cannot_play_cards" else "power_phase"
    start_turn(s, [("ob_hero_turn", 0), ("ob_hero_turn", 1)])
    seen = []
    while (d := s.decision()) is not None and len(seen) < 40:
        seen.append((s.turn, d.kind))
        ids = d.ids()
        s.apply(next((i for i in ("stay", "none", "skip") if i in ids), ids[0]))
    assert (0, wanted) not in seen and (1, wanted) in seen


def test_a_target_that_cannot_regain_hp_regains_none(tmp_path: Path) -> None:
    doc = alpha_with(card("Mend", [{"verb": "heal", "amount": 3, "target": {"group": "this_hero"}}]))
    doc["oblivaeon"]["deck"].insert(0, {"name": "Wither", "kind": "ongoing", "modifiers": [
        {"kind": "cannot_regain_hp", "applies_to": "hero"}]})
    s = game(tmp_path, pack_doc=doc)
    alpha = s.char[0]
    s.hp[alpha] = 10
    play(s, 0, "Mend")
    assert s.hp[alpha] == 13
    w = in_play(s, "Wither", s.T.villain, z=0)
    play(s, 0, "Mend")
    assert s.hp[alpha] == 13
    s.bz[w] = 1  # the same modifier in the other zone no longer reaches alpha
    play(s, 0, "Mend")
    assert s.hp[alpha] == 16


def test_a_hero_that_cannot_be_moved_stays(tmp_path: Path) -> None:
    doc = pack()
    doc["oblivaeon"]["deck"].insert(0, {"name": "Anchor", "kind": "ongoing", "modifiers": [
        {"kind": "cannot_be_moved", "applies_to": "hero_character"}]})
    s = game(tmp_path, pack_doc=doc)
    in_play(s, "Anchor", s.T.villain, z=0)
    assert not world.move_hero(s, 0, 1) and s.azone[0] == 0


def test_amounts_count_heroes_and_scions_here_tokens_and_counters(tmp_path: Path) -> None:
    steps = [dmg(1, {"group": "villain_character"}, amount_from="heroes_here"),
             dmg(2, {"group": "villain_character"}, amount_from="scions_here"),
             dmg(1, {"group": "villain_character"}, amount_from="counter", counter="Devastation")]
    s = game(tmp_path, pack_doc=alpha_with(card("Count Up", steps)))
    world.move_hero(s, 2, 1)  # alpha and beta in zone 1, gamma in zone 2
    s.ctr[s.T.counter_index["Devastation"]] = 4
    ob = s.T.villain_character
    play(s, 0, "Count Up")
    assert s.hp[ob] == 40 - 2 - 2 * 1 - 4


def test_each_selected_source_deals_the_damage_in_its_own_zone(tmp_path: Path) -> None:
    doc = pack()
    doc["environments"][0]["cards"].insert(0, card("Scion Rage", [{
        "verb": "damage", "amount": 2, "type": "fire", "source": "this",
        "source_select": {"group": "villain", "keyword": "scion", "pick": "each", "zone": "any"},
        "target": {"group": "hero_character", "pick": "each"}}]))
    s = game(tmp_path, pack_doc=doc)
    world.play_scion(s, 0)  # two Scions in zone 1, one in zone 2
    world.move_hero(s, 2, 1)
    rage = in_play(s, "Scion Rage", env_in(s, 0))
    resolve(s, rage)
    hp = [s.hp[s.char[p]] for p in range(3)]
    assert hp == [16, 16, 18]  # each Scion hit the heroes of its own zone
    assert {e.text for e in s.take_events() if e.kind == "damage"} >= {
        "Zone 1: Scion One deals Alpha 2 fire damage → 18 HP",
        "Zone 2: Scion Two deals Gamma 2 fire damage → 18 HP"}


def test_a_modifier_narrowed_by_keyword(tmp_path: Path) -> None:
    doc = alpha_with(card("Volley", [dmg(2, VILLAIN_EACH)]))
    doc["oblivaeon"]["deck"].insert(0, {"name": "Scion Ward", "kind": "ongoing", "modifiers": [
        {"kind": "reduce_taken", "amount": 1, "applies_to": "villain", "keyword": "scion"}]})
    s = game(tmp_path, pack_doc=doc)
    in_play(s, "Scion Ward", s.T.villain, z=0)
    grunt = in_play(s, "Aeon Grunt", s.T.named_decks["aeon_men"], z=0)
    play(s, 0, "Volley")
    assert (s.hp[cid(s, "Scion One", Z_PLAY)], s.hp[grunt]) == (19, 1)


def test_selectors_by_hp_and_without_character_cards(tmp_path: Path) -> None:
    purge = {"verb": "remove_from_game", "target": {
        "group": "non_hero", "pick": "each", "hp_at_most": 3, "characters": False}}
    s = game(tmp_path, pack_doc=alpha_with(card("Purge", [purge])))
    small = in_play(s, "Aeon Grunt", s.T.named_decks["aeon_men"], z=0)
    big = in_play(s, "Aeon Grunt", s.T.named_decks["aeon_men"], z=0, nth=0)
    s.hp[big] = 3
    s.hp[small] = 2
    one = cid(s, "Scion One", Z_PLAY)
    s.hp[one] = 2  # a Scion panel is a character card: never chosen here
    s.hp[big] += 1  # 4 HP: above the bound
    play(s, 0, "Purge")
    assert s.zone[small] == Z_REMOVED and s.zone[big] == Z_PLAY and s.zone[one] == Z_PLAY


def test_moving_cards_heroes_and_oblivaeon_between_zones(tmp_path: Path) -> None:
    steps = [{"verb": "move_to_zone", "zone": "other", "target": {"group": "this_hero"}},
             {"verb": "move_oblivaeon", "zone": "other"}]
    s = game(tmp_path, pack_doc=alpha_with(card("Jump", steps),
                                           card("Kit", kind="ongoing")))
    play(s, 0, "Kit")
    kit = cid(s, "Kit", Z_PLAY)
    grunt = in_play(s, "Aeon Grunt", s.T.named_decks["aeon_men"], z=0)
    world.move_card(s, grunt, 1)
    play(s, 0, "Jump")
    ob, shield = s.T.villain_character, s.T.shield_cards["Shield A"]
    # the hero took its play area along (OBL-C1); OblivAeon took his indestructible Shield
    # (OBL-C17) — his "other" zone is read from Jump, now in zone 2: zone 1
    assert s.azone[0] == 1 and s.bz[s.char[0]] == 1 and s.bz[kit] == 1
    assert s.bz[grunt] == 1 and s.bz[ob] == 0 and s.bz[shield] == 0


def test_the_scion_reserve_feeds_the_zone_with_fewer_scions(tmp_path: Path) -> None:
    step = {"verb": "play_scion", "zone": "fewer_scions"}
    s = game(tmp_path, pack_doc=alpha_with(card("Call", [step])))
    world.play_scion(s, 0)  # zone 1: two Scions, zone 2: one
    play(s, 0, "Call")
    assert scion_in(s, 1) == ["Scion Two", "Scion Four"]


@pytest.mark.parametrize(("test", "amount", "expect"), [
    ("scions_here_at_most", 1, True), ("scions_here_at_most", 0, False),
    ("heroes_here_at_most", 2, False), ("heroes_here_at_most", 3, True),
    ("incapacitated_hero_here", 1, False)])
def test_conditions_on_what_is_here(tmp_path: Path, test: str, amount: int, expect: bool) -> None:
    steps = [{"verb": "if", "cond": {"test": test, "amount": amount},
              "do": [{"verb": "add_tokens", "counter": "Devastation", "amount": 1}]}]
    s = game(tmp_path, pack_doc=alpha_with(card("Check", steps)))
    play(s, 0, "Check")
    assert counter(s, "Devastation") == int(expect)


def test_the_mission_deck_is_never_shuffled_by_a_card(tmp_path: Path) -> None:
    """OBL-C12 through the `shuffle_deck` verb; a hero's own deck is."""
    steps = [{"verb": "shuffle_deck", "deck": "mission"}, {"verb": "shuffle_deck"}]
    s = game(tmp_path, pack_doc=alpha_with(card("Stir", steps)))
    hand_card(s, 0, "Stir")
    missions = list(s.deck[s.T.mission])
    mine = list(s.deck[0])
    play(s, 0, "Stir")
    assert s.deck[s.T.mission] == missions
    assert sorted(s.deck[0]) == sorted(mine) and s.deck[0] != mine


def test_a_removed_card_is_chosen_by_no_effect(tmp_path: Path) -> None:
    steps = [{"verb": "search", "deck": "this", "keyword": "kit", "to": "hand"}]
    s = game(tmp_path, pack_doc=alpha_with(card("Seek", steps),
                                           card("Kit", kind="ongoing", keywords=["kit"])))
    kit = cid(s, "Kit")
    move(s, kit, Z_DECK, home=0)
    from multiverse.sentinels.zones import remove_from_game

    assert remove_from_game(s, kit) and s.zone[kit] == Z_REMOVED
    play(s, 0, "Seek")
    d = s.decision()
    assert d is None or "card:" + str(kit) not in d.ids()
    assert s.zone[kit] == Z_REMOVED and kit not in s.hand[0] and s.zone[kit] != Z_HAND


def test_a_watcher_of_damage_dealt_to_another_card(tmp_path: Path) -> None:
    """`card_dealt_damage`: a card reacting each time a watched card is dealt damage."""
    totem = {"name": "Pain Totem", "kind": "target", "hp": 9, "triggers": [{
        "when": "card_dealt_damage", "watch": {"group": "villain", "keyword": "scion"},
        "effect": [{"verb": "add_tokens", "amount": 1}]}]}
    doc = alpha_with(card("Volley", [dmg(2, VILLAIN_EACH)]))
    doc["environments"][0]["cards"].insert(0, totem)
    s = game(tmp_path, pack_doc=doc)
    t = in_play(s, "Pain Totem", env_in(s, 0))
    world.play_scion(s, 0)  # two Scions in zone 1 (and OblivAeon, not a Scion)
    play(s, 0, "Volley")
    assert s.tok[t] == 2

"""The OblivAeon heroes' mechanics at work (OBL-HE1 … OBL-HE5), on small test packs."""

from __future__ import annotations

from pathlib import Path

import pytest

from multiverse.sentinels.state import Z_DECK, Z_PLAY, Z_TRASH

from .support import card, dmg, environment, hero, hp, load, names, villain


def _turn(who: str, phase: str = "play") -> dict:
    return {"whose": who, "phase": phase}


# ----- OBL-HE1: devices that consume resources --------------------------------------
def _luminary() -> dict:
    return hero("alpha", cards=[{"name": "Battery Rig", "kind": "device", "play": [
        {"verb": "add_tokens", "amount": 2}], "power": [
        {"verb": "if", "cond": {"test": "tokens_on_this_at_least", "amount": 1}, "do": [
            {"verb": "remove_tokens", "amount": 1},
            dmg(3, {"group": "villain_character"}, type="energy", source="this")]},
        {"verb": "if", "cond": {"test": "tokens_on_this_at_least", "amount": 1},
         "otherwise": [{"verb": "destroy_this"}]}]}])


@pytest.mark.rule("OBL-HE1")
def test_a_device_spends_its_charges_and_then_destroys_itself(tmp_path: Path) -> None:
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Battery Rig"]}, "beta", "gamma"],
                        "turn": _turn("alpha")}, heroes=[_luminary()])
    rig = card(s, "Battery Rig", "alpha", zone=None)
    s.apply(f"play:{rig}")
    assert s.zone[rig] == Z_PLAY and s.tok[rig] == 2
    s.apply(f"power:{rig}")
    assert s.tok[rig] == 1 and hp(s, "villain") == 27
    s2 = load(tmp_path / "b", {"heroes": [{"id": "alpha", "play": [{"name": "Battery Rig", "tokens": 1}]},
                                          "beta", "gamma"], "turn": _turn("alpha", "power")},
              heroes=[_luminary()])
    rig2 = card(s2, "Battery Rig", "alpha")
    s2.apply(f"power:{rig2}")  # the last charge: 3 damage, then the empty device is destroyed
    assert hp(s2, "villain") == 27 and s2.zone[rig2] == Z_TRASH


# ----- OBL-HE2: The Harpy's two-sided tokens ------------------------------------------
def _harpy() -> dict:
    return hero("alpha", tokens={"sides": ["arcana", "avian"],
                                 "start": ["arcana", "arcana", "arcana", "avian", "avian"]},
                cards=[{"name": "Hex Bolt", "kind": "one-shot", "copies": 2, "play": [
                    {"verb": "if", "cond": {"test": "hero_tokens_showing_at_least", "side": "arcana",
                                            "amount": 3},
                     "do": [dmg(4, {"group": "villain_character"}, type="psychic")],
                     "otherwise": [dmg(1, {"group": "villain_character"}, type="psychic")]},
                    {"verb": "flip_hero_tokens", "side": "arcana", "to_side": "avian", "amount": 2}]}])


@pytest.mark.rule("OBL-HE2")
def test_the_harpy_starts_three_arcana_two_avian_and_her_cards_read_and_flip_them(tmp_path: Path) -> None:
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Hex Bolt", "Hex Bolt"]}, "beta", "gamma"],
                        "turn": _turn("alpha")}, heroes=[_harpy()])
    assert sorted(s.htok[0]) == [0, 0, 0, 1, 1]  # 3 arcana (side 0), 2 avian (side 1)
    bolts = [c for c in s.hand[0]]
    s.apply(f"play:{bolts[0]}")
    assert hp(s, "villain") == 26  # 3 arcana showing: the strong side
    assert s.htok[0].count(0) == 1 and len(s.htok[0]) == 5  # two flipped to avian, still 5
    s.apply("skip")  # power phase
    # next turn's bolt would read 1 arcana: prove the weak side with a fresh position
    s2 = load(tmp_path / "b", {"heroes": [{"id": "alpha", "hand": ["Hex Bolt"], "tokens": {"arcana": 1, "avian": 4}},
                                          "beta", "gamma"], "turn": _turn("alpha")}, heroes=[_harpy()])
    s2.apply(f"play:{s2.hand[0][0]}")
    assert hp(s2, "villain") == 29 and s2.htok[0].count(0) == 0


# ----- OBL-HE3: Akash'Thriya's seeds ---------------------------------------------------
def _akash() -> dict:
    return hero("alpha", cards=[
        {"name": "Thornseed", "kind": "one-shot", "seed": True, "play": [{"verb": "seed_environment"}],
         "triggers": [{"when": "played_from_environment_deck", "effect": [
             dmg(3, {"group": "non_hero", "pick": "each"}, type="toxic", source="this")]}]},
        {"name": "Call the Wild", "kind": "one-shot", "play": [{"verb": "play_top", "deck": "environment"}]},
        {"name": "Sift the Soil", "kind": "one-shot", "play": [
            {"verb": "reveal_top", "deck": "environment", "amount": 1, "keyword": "nothing", "to": "hand"}]}])


@pytest.mark.rule("OBL-HE3")
def test_a_seed_is_planted_in_the_environment_deck_not_played(tmp_path: Path) -> None:
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Thornseed"]}, "beta", "gamma"],
                        "turn": _turn("alpha")}, heroes=[_akash()])
    seed = card(s, "Thornseed", "alpha", zone=None)
    s.apply(f"play:{seed}")
    assert s.zone[seed] == Z_DECK and seed in s.deck[s.T.env] and s.home[seed] == s.T.env
    assert hp(s, "villain") == 30  # planting is not playing it from the environment deck


@pytest.mark.rule("OBL-HE3")
def test_putting_the_top_environment_card_into_play_triggers_a_seed(tmp_path: Path) -> None:
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Thornseed", "Call the Wild"]}, "beta", "gamma"],
                        "turn": _turn("alpha")}, heroes=[_akash()])
    seed = card(s, "Thornseed", "alpha", zone=None)
    s.apply(f"play:{seed}")
    env = s.T.env
    s.deck[env].remove(seed)
    s.deck[env].append(seed)  # put the planted seed on top of the environment deck
    s.apply("skip")  # power phase; next: beta's and gamma's turns, the environment's turn
    while s.result is None and s.zone[seed] == Z_DECK:
        d = s.decision()
        s.apply("skip" if "skip" in d.ids() else d.options[0].id)
    assert s.zone[seed] == Z_TRASH and seed in s.trash[env]  # bloomed, then to the env trash
    assert hp(s, "villain") == 27  # 3 toxic to each non-hero target


@pytest.mark.rule("OBL-HE3")
def test_a_hero_card_that_plays_the_top_environment_card_triggers_the_seed(tmp_path: Path) -> None:
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Call the Wild"]}, "beta", "gamma"],
                        "turn": _turn("alpha")}, heroes=[_akash()])
    seed = card(s, "Thornseed", "alpha", zone=None)
    from multiverse.sentinels.zones import move  # plant it by hand on top of the deck

    move(s, seed, Z_DECK, home=s.T.env)
    s.apply(f"play:{card(s, 'Call the Wild', 'alpha', zone=None)}")
    assert hp(s, "villain") == 27 and seed in s.trash[s.T.env]


@pytest.mark.rule("OBL-HE3")
def test_a_seed_discarded_from_the_environment_deck_goes_to_the_environment_trash(tmp_path: Path) -> None:
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Sift the Soil"]}, "beta", "gamma"],
                        "turn": _turn("alpha")}, heroes=[_akash()])
    seed = card(s, "Thornseed", "alpha", zone=None)
    from multiverse.sentinels.zones import move

    move(s, seed, Z_DECK, home=s.T.env)
    s.apply(f"play:{card(s, 'Sift the Soil', 'alpha', zone=None)}")
    assert seed in s.trash[s.T.env] and seed not in s.trash[0]
    assert hp(s, "villain") == 30  # discarded, not played


# ----- OBL-HE4: La Comodora's ship parts and timestream --------------------------------
def _comodora() -> dict:
    return hero("alpha", cards=[
        {"name": "Aft Cannon", "kind": "equipment", "keywords": ["ship"]},
        {"name": "Recall the Ship", "kind": "one-shot", "play": [
            {"verb": "search", "deck": "this", "keyword": "ship", "to": "play"}]},
        {"name": "Turn the Tide", "kind": "one-shot", "play": [
            {"verb": "arrange_top", "deck": "villain", "amount": 3}]}])


@pytest.mark.rule("OBL-HE4")
def test_la_comodora_teleports_a_ship_part_into_play(tmp_path: Path) -> None:
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Recall the Ship"]}, "beta", "gamma"],
                        "turn": _turn("alpha")}, heroes=[_comodora()])
    s.apply(f"play:{card(s, 'Recall the Ship', 'alpha', zone=None)}")
    cannon = card(s, "Aft Cannon", "alpha", zone=None)
    assert s.decision().kind == "search"
    s.apply(f"card:{cannon}")
    assert s.zone[cannon] == Z_PLAY and names(s, "play", "alpha") == ["Alpha", "Aft Cannon"]


@pytest.mark.rule("OBL-HE4")
def test_la_comodora_rearranges_the_top_of_the_villain_deck(tmp_path: Path) -> None:
    vil = villain(cards=[{"name": n, "kind": "one-shot"} for n in ("Ash", "Bone", "Cinder")])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Turn the Tide"]}, "beta", "gamma"],
                        "villain": {"deck": ["Ash", "Bone", "Cinder"]}, "turn": _turn("alpha")},
             heroes=[_comodora()], villain_=vil)
    s.apply(f"play:{card(s, 'Turn the Tide', 'alpha', zone=None)}")
    for name in ("Cinder", "Ash"):  # first chosen ends on top; the last one follows
        s.apply(f"card:{card(s, name, 'villain', zone=Z_DECK)}")
    assert names(s, "deck", "villain")[:3] == ["Cinder", "Ash", "Bone"]


# ----- OBL-HE5: Lifeline's blood magic -------------------------------------------------
def _lifeline() -> dict:
    return hero("alpha", hp=20, cards=[
        {"name": "Blood Price", "kind": "one-shot", "play": [
            {"verb": "lose_hp", "amount": 2, "target": {"group": "this_hero"}},
            dmg(4, {"group": "villain_character"}, type="infernal")]},
        {"name": "Siphon", "kind": "one-shot", "play": [
            {"verb": "drain", "amount": 3, "type": "infernal", "source": "this_hero",
             "target": {"group": "any", "pick": "one"}}]}])


@pytest.mark.rule("OBL-HE5")
def test_lifeline_pays_his_own_hp_which_is_not_damage(tmp_path: Path) -> None:
    guard = environment([{"name": "Ward", "kind": "ongoing", "modifiers": [
        {"kind": "reduce_taken", "amount": 5, "applies_to": "hero"}]}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Blood Price"]}, "beta", "gamma"],
                        "environment": {"play": ["Ward"]}, "turn": _turn("alpha")},
             heroes=[_lifeline()], environment_=guard)
    s.apply(f"play:{card(s, 'Blood Price', 'alpha', zone=None)}")
    assert hp(s, "alpha") == 18  # the reduction does not touch a paid cost
    assert hp(s, "villain") == 26
    assert not [e for e in s.take_events() if e.kind == "damage" and e.data["target"] == s.T.character[0]]


@pytest.mark.rule("OBL-HE5")
@pytest.mark.parametrize("victim", ["villain", "beta"])
def test_lifeline_draws_on_the_hp_of_others_foes_included(tmp_path: Path, victim: str) -> None:
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hp": 10, "hand": ["Siphon"]}, "beta", "gamma"],
                        "turn": _turn("alpha")}, heroes=[_lifeline()])
    s.apply(f"play:{card(s, 'Siphon', 'alpha', zone=None)}")
    target = s.T.villain_character if victim == "villain" else s.T.character[1]
    s.apply(f"card:{target}")
    assert s.hp[target] == (27 if victim == "villain" else 17)
    assert hp(s, "alpha") == 13  # regains exactly the damage dealt

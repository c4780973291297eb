"""Standard game: KO and the Villain's BAM! (MU-22), winning and losing (MU-23), and the
difficulty Challenges that take Wild cards out of the hero decks (MU-4).
"""

from __future__ import annotations

import pytest
from standard_kit import (
    KITTY,
    LOGAN,
    STORM,
    act,
    events,
    finish_turn,
    hero,
    kind,
    load,
    names,
    play,
    ring,
    villain_turn_after,
    wound,
)

from multiverse import PositionError, load_position, new_game
from multiverse.united.config import UnitedConfig

# ------------------------------------------------------------------------------ MU-22


def _public_address(**more):
    """Storm ends the third Hero card: Public Address (move 0, no BAM!; 1 damage to each hero
    in the Magistrate's Location). Logan (4 cards) and Kitty (1 card) stand with him at 0."""
    heroes = [hero("logan", 0, ["Rusted Claws", "Old Instincts", "Slow Mend", "Berserker Lunge"]),
              hero("kitty-pryde", 0, ["Phase Step"]),
              hero("storm", 3, ["Gale Force", "Hailstorm"])]
    s = load(heroes=heroes, turn={"hero": "storm"}, step="play", since=2, master_plan=["Public Address"],
             **more)
    play(s, "Gale Force")
    finish_turn(s)
    return s


@pytest.mark.rule("MU-22")
def test_a_ko_triggers_the_villains_bam_once():
    s = _public_address()
    wound(s, "Rusted Claws")  # Public Address: Logan's 1 damage; then Kitty's last card goes
    assert s.ko[KITTY] == 1 and s.hand[KITTY] == []
    # the KO: the Magistrate's BAM! (2 damage to each hero with him) — Kitty, KO'd, is ignored
    wound(s, "Old Instincts")
    wound(s, "Slow Mend")
    assert len(events(s, "ko")) == 1 and len(events(s, "bam")) == 1
    assert [(e.data["hero"], e.data["amount"]) for e in events(s, "hero_damaged")] == [
        (LOGAN, 1), (KITTY, 1), (LOGAN, 2)]
    assert s.active == LOGAN and kind(s) == "play_card"
    assert names(s, s.hand[LOGAN])[0] == "Berserker Lunge" and len(s.hand[LOGAN]) == 2  # + his draw


@pytest.mark.rule("MU-22", "MU-11")
def test_the_bam_of_a_ko_includes_the_threats_bam():
    # Propaganda Tower (BAM!: Martial Law +1) at 5: the KO's BAM! is the whole BAM! (MU-11)
    s = _public_address(locations=ring(p5={"threat": "propaganda-tower"}))
    wound(s, "Rusted Claws")
    wound(s, "Old Instincts")
    wound(s, "Slow Mend")
    assert len(events(s, "bam")) == 1 and s.track == 1


@pytest.mark.rule("MU-22")
def test_a_kod_hero_stands_up_next_turn_drawing_4():
    s = _public_address()
    wound(s, "Rusted Claws")
    wound(s, "Old Instincts")
    wound(s, "Slow Mend")
    play(s, "Berserker Lunge")
    finish_turn(s)
    assert s.active == KITTY and s.ko[KITTY] == 0
    assert [e.data["count"] for e in events(s, "stand_up")] == [4]
    assert kind(s) == "play_card" and len(s.hand[KITTY]) == 4


@pytest.mark.rule("MU-22")
def test_a_ko_chain_stops_at_kod_heroes():
    # Logan has 2 cards: the BAM! after Kitty's KO knocks him out too, which triggers one more
    # BAM! that finds nobody left standing there
    heroes = [hero("logan", 0, ["Rusted Claws", "Old Instincts"]), hero("kitty-pryde", 0, ["Phase Step"]),
              hero("storm", 3, ["Gale Force", "Hailstorm"])]
    s = load(heroes=heroes, turn={"hero": "storm"}, step="play", since=2, master_plan=["Public Address"])
    play(s, "Gale Force")
    finish_turn(s)
    wound(s, "Rusted Claws")  # Public Address on Logan; Kitty is KO'd; BAM! on Logan
    assert [e.data["hero"] for e in events(s, "ko")] == [KITTY, LOGAN]
    assert len(events(s, "bam")) == 2
    # the second BAM! hurt nobody: both heroes with the Magistrate were KO'd
    assert [e.data["hero"] for e in events(s, "hero_damaged")] == [LOGAN, KITTY, LOGAN]
    # Logan's turn comes next: he stands up and draws 4; Kitty is still KO'd
    assert s.result is None and s.active == LOGAN and s.ko == [0, 1, 0]
    assert [(e.data["hero"], e.data["count"]) for e in events(s, "stand_up")] == [(LOGAN, 4)]


@pytest.mark.rule("MU-22", "DFP-C7")
def test_a_ko_by_the_challenge_sentinel_triggers_the_villains_bam():
    heroes = [hero("logan", 0, ["Rusted Claws", "Old Instincts", "Slow Mend"]),
              hero("kitty-pryde", 3, ["Phase Step"]), hero("storm", 3, ["Gale Force", "Hailstorm"])]
    s = load("sentinel-i", heroes=heroes, at=3, turn={"hero": "storm"}, step="play", since=0)
    play(s, "Gale Force")
    finish_turn(s)
    assert kind(s) == "challenge_damage"
    act(s, "hero:1")  # Kitty loses her last card: KO, the Magistrate's BAM! on Logan at 0
    assert s.ko[KITTY] == 1 and len(events(s, "bam")) == 1
    wound(s, "Rusted Claws")
    wound(s, "Old Instincts")
    # Logan kept Slow Mend, then drew 1 for his turn; Storm, at the Sentinel, was not hurt
    assert s.active == LOGAN and names(s, s.hand[LOGAN])[:1] == ["Slow Mend"] and len(s.hand[LOGAN]) == 2
    assert len(s.hand[STORM]) == 1


# ------------------------------------------------------------------------------ MU-23


@pytest.mark.rule("MU-23")
def test_the_villainous_plot_at_its_threshold_loses():
    s = villain_turn_after("storm", [hero("logan", 4), hero("kitty-pryde", 4), hero("storm", 4)],
                           "Updraft", ["Emergency Powers"], track=10)
    assert s.track == 12 and s.result == "loss"
    assert s.reason == "the Villainous Plot (Martial Law) reached 12"
    assert s.decision() is None


@pytest.mark.rule("MU-23")
def test_the_plot_below_its_threshold_goes_on():
    s = villain_turn_after("storm", [hero("logan", 4), hero("kitty-pryde", 4), hero("storm", 4)],
                           "Updraft", ["Emergency Powers"], track=9)
    assert s.track == 11 and s.result is None


@pytest.mark.rule("MU-23", "DFP-C6")
def test_an_overflow_from_the_challenge_sentinel_can_end_the_plot():
    # collapsed-bridge (ring position 4, 3 slots) is full: the Add overflows, Martial Law 11 → 12
    s = load("sentinel-i", heroes=[hero("logan", 1), hero("kitty-pryde", 4), hero("storm", 1)], at=4,
             turn={"hero": "kitty-pryde"}, step="end_of_turn",
             storyline=[{"hero": "kitty-pryde", "card": "Hold the Line"}],
             locations=ring(p4={"thugs": 3}), track=11)
    assert s.result == "loss" and s.track == 12 and "Martial Law" in s.reason


@pytest.mark.rule("MU-23")
def test_the_villain_at_0_health_wins():
    heroes = [hero("logan", 2, ["Rusted Claws", "Old Instincts"]), hero("kitty-pryde", 4), hero("storm", 4)]
    s = load(heroes=heroes, turn={"hero": "logan"}, step="play", villain={"location": 2, "health": 1},
             missions={"rescued": 6, "thugs": 6})
    play(s, "Rusted Claws")
    act(s, "attack:villain")
    assert s.n_hp == 0 and s.result == "win" and s.reason == "The Magistrate was defeated"
    assert s.decision() is None and s.stack == []


@pytest.mark.rule("MU-23")
def test_effect_damage_can_win_and_above_0_is_no_win():
    heroes = [hero("logan", 2, ["Through the Plating", "Old Instincts"]), hero("kitty-pryde", 4),
              hero("storm", 4)]
    s = load(heroes=heroes, turn={"hero": "logan"}, step="play", villain={"location": 2, "health": 3},
             missions={"rescued": 6, "threats": 3})
    play(s, "Through the Plating")  # 2 damage, the Villain the only enemy
    assert s.n_hp == 1 and s.result is None
    s = load(heroes=heroes, turn={"hero": "logan"}, step="play", villain={"location": 2, "health": 2},
             missions={"rescued": 6, "threats": 3})
    play(s, "Through the Plating")
    assert s.n_hp == 0 and s.result == "win"


@pytest.mark.rule("MU-23")
def test_an_empty_master_plan_deck_loses_when_a_card_is_due():
    s = villain_turn_after("storm", [hero("logan", 4), hero("kitty-pryde", 4), hero("storm", 4)],
                           "Updraft", [])
    assert s.result == "loss" and s.reason == "the Master Plan deck ran out"


@pytest.mark.rule("MU-23")
def test_a_hero_starting_a_turn_with_no_card_loses():
    heroes = [hero("logan", 4, [], deck=[]), hero("kitty-pryde", 4), hero("storm", 4)]
    s = load(heroes=heroes, turn={"hero": "logan"})
    assert s.result == "loss" and s.reason == "Logan started a turn with no cards"


# ------------------------------------------------------------------------------ difficulty (MU-4)

WILDS = {  # hero: (single-Wild card, double-Wild card)
    "logan": ("Old Instincts", "Unbreakable Skeleton"),
    "kitty-pryde": ("Quick Thinking", "Ghost in the Circuits"),
    "storm": ("Shifting Front", "Weather Goddess Rising"),
    "bishop": ("Absorbed Momentum", "Overload Discharge"),
}


@pytest.mark.rule("MU-4")
@pytest.mark.parametrize(("level", "size", "removed"), [
    ("normal", 12, ()),
    ("moderate", 11, (0,)),
    ("hard", 11, (1,)),
    ("heroic", 10, (0, 1)),
])
@pytest.mark.parametrize("challenge", [None, "sentinel-ii"])
def test_difficulty_removes_wild_cards_from_every_deck(level, size, removed, challenge):
    heroes = tuple(WILDS)
    s = new_game(UnitedConfig(mode="standard", villain="magistrate", heroes=heroes, difficulty=level,
                              challenge=challenge), seed=4)
    for h, hid in enumerate(heroes):
        mine = s.hand[h] + s.deck[h] + [c for c in s.story if c >= 0 and s.T.card_owner[c] == h]
        assert len(mine) == size == len(s.T.hero_cards[h])
        held = set(names(s, mine))
        for i, card in enumerate(WILDS[hid]):
            assert (card in held) is (i not in removed), (hid, card)


@pytest.mark.rule("MU-4")
def test_a_removed_card_cannot_be_named_in_a_position():
    with pytest.raises(PositionError, match="Old Instincts"):
        load_position({"config": {"mode": "standard", "villain": "magistrate", "difficulty": "moderate"},
                       "heroes": [{"id": "logan", "hand": ["Old Instincts"]}, "storm"]})


@pytest.mark.rule("MU-4")
def test_difficulty_levels_are_data(tmp_path):
    from standard_kit import variant_pack

    def edit(doc):
        for d in doc["difficulties"]:
            if d["id"] == "moderate":
                d["remove_single_wild"], d["remove_double_wild"] = False, True
    pack = variant_pack(tmp_path, "standard.yaml", edit)
    s = new_game(UnitedConfig(mode="standard", villain="magistrate", heroes=("logan", "storm"),
                              difficulty="moderate", content=pack), seed=1)
    logan = set(names(s, s.T.hero_cards[0]))
    assert "Old Instincts" in logan and "Unbreakable Skeleton" not in logan

"""MU-10 … MU-15: the Villain (Nimrod) turn, Overflow, Location triggers and cadence."""

from __future__ import annotations

import pytest
from mu_support import custom_pack, end_actions, kinds, names, play, position, ring, wound

from multiverse.united.config import UnitedConfig

SEEN = ("master_plan", "villain_moves", "bam", "hero_damaged", "track", "tokens_added", "overflow")


def nimrod_position(deck, *, nimrod_at=0, health=8, since=1, logan_at=3, storm_at=3,
                    logan_hand=("Rusted Claws", "Old Instincts"),
                    storm_hand=("Gale Force", "Hailstorm"), **kw):
    """Nimrod phase, Logan to play with `since` Hero cards since the last Master Plan."""
    heroes = [
        {"id": "logan", "location": logan_at, "hand": list(logan_hand)},
        {"id": "storm", "location": storm_at, "hand": list(storm_hand)},
    ]
    return position(heroes=heroes, phase="nimrod", nimrod={"location": nimrod_at, "health": health},
                    since=since, master_plan=list(deck), step="play", turn={"hero": "logan"}, **kw)


def logan_ends_turn(s, card="Rusted Claws"):
    play(s, card)
    end_actions(s)


# ----- MU-10: reveal the top Master Plan card; an empty deck loses --------------------------------


@pytest.mark.rule("MU-10")
def test_villain_turn_reveals_the_top_card_onto_the_storyline():
    s = nimrod_position(["Cold Survey of the Ruins", "Sweep the Avenues"],
                        storyline=[{"hero": "storm", "card": "Gale Force"}])
    top, below = s.mp_deck[-1], s.mp_deck[0]
    logan_ends_turn(s)
    assert names(s, s.story) == ["Gale Force", "Rusted Claws", "Cold Survey of the Ruins"]
    assert s.story[-1] == top
    assert s.mp_deck == [below]
    assert s.since == 0
    assert s.result is None and s.active == 1


@pytest.mark.rule("MU-10", "MU-23")
def test_empty_master_plan_deck_loses_when_a_card_must_be_revealed():
    s = nimrod_position([])
    assert s.mp_deck == []
    logan_ends_turn(s)
    assert s.result == "loss"
    assert "Master Plan" in s.reason
    assert s.decision() is None


@pytest.mark.rule("MU-10")
def test_empty_master_plan_deck_is_harmless_until_a_card_is_due():
    s = nimrod_position([], since=0)
    logan_ends_turn(s)  # only 1 Hero card since the last Master Plan: no villain turn yet
    assert s.result is None
    assert s.decision().kind == "play_card" and s.active == 1


@pytest.mark.rule("MU-10")
def test_last_master_plan_card_is_played_then_the_next_reveal_loses():
    s = nimrod_position(["Cold Survey of the Ruins"])
    logan_ends_turn(s)
    assert s.result is None and s.mp_deck == []
    play(s, "Gale Force")  # Storm: since 1
    s.apply("end")
    play(s, "Old Instincts")  # Logan: since 2 -> a Master Plan card is due
    s.apply("end")
    assert s.result == "loss" and "Master Plan" in s.reason


# ----- MU-11: move → BAM! → effect → tokens → Overflow --------------------------------------------


def _ordered_pack(tmp_path):
    def edit(d):
        d["master_plan"][0] = {
            "name": "Ordered Strike", "move": 1, "bam": True,
            "effect": [{"verb": "raise_track", "amount": 2}],
            "tokens": ["C", "T", "CC"],
        }
        for th in d["threats"]:
            if th["id"] == "sentinel-production-b":
                th["bam"] = [{"verb": "raise_track", "amount": 1}]
    return custom_pack(tmp_path, edit)


@pytest.mark.rule("MU-11", "MU-12")
def test_villain_turn_order_move_bam_effect_tokens_overflow(tmp_path):
    s = nimrod_position(["Ordered Strike"], nimrod_at=0, storm_at=1,
                        config={"content": _ordered_pack(tmp_path)},
                        locations=ring(p2={"civilians": 3}))
    assert s.threat[1] == s.T.threat_name.index("Drone Hull Hatchery")
    logan_ends_turn(s)
    # BAM! hits Storm in Nimrod's new Location: Storm's player picks the card
    d = s.decision()
    assert d.kind == "wound" and d.seat == 1
    assert s.n_loc == 1  # the move came first
    assert s.track == 0  # no effect, no token yet
    wound(s, "Hailstorm")
    ev = [e for e in s.log if e.kind in SEEN]
    assert [e.kind for e in ev] == [
        "master_plan", "villain_moves", "bam", "hero_damaged",
        "track",  # the Threat's BAM! (part of BAM!)
        "track",  # the card's special effect
        "tokens_added", "tokens_added",  # left neighbour, the Villain's Location
        "overflow", "track",  # right neighbour is full
    ]
    assert ev[1].data["to"] == 1
    assert [e.data["new"] for e in ev if e.kind == "track"] == [1, 3, 4]
    assert [e.data["location"] for e in ev if e.kind == "tokens_added"] == [0, 1]
    assert ev[-2].data["location"] == 2
    assert (s.civ[0], s.thug[1], s.civ[2]) == (2, 3, 3)
    assert s.track == 4


@pytest.mark.rule("MU-11")
def test_villain_moves_clockwise_the_printed_number():
    for start in range(6):
        s = nimrod_position(["Sweep the Avenues"], nimrod_at=start, logan_at=start,
                            storm_at=start, locations=ring(["sentinel-production-a"] * 6))
        logan_ends_turn(s)
        assert s.n_loc == (start + 3) % 6


@pytest.mark.rule("MU-11")
def test_move_toward_most_cards_goes_to_the_next_clockwise_location_of_that_hero():
    # Storm holds more cards: Nimrod goes from 0 clockwise to Storm's Location 4, BAM!s there
    s = nimrod_position(["Hunt the Strongest Signal"], nimrod_at=0, logan_at=2, storm_at=4,
                        storm_hand=("Gale Force", "Hailstorm", "Updraft", "Thunderclap"),
                        locations=ring(["sentinel-production-a"] * 6))
    logan_ends_turn(s)
    assert s.n_loc == 4
    d = s.decision()
    assert d.kind == "wound" and d.seat == 1


@pytest.mark.rule("MU-11")
def test_card_effect_resolves_in_printed_order_before_tokens():
    # Escalation Cascade: track +2 THEN BAM!; 3 → 5 puts BAM! in the yellow band (2 damage)
    s = nimrod_position(["Escalation Cascade"], nimrod_at=3, track=3,
                        logan_hand=("Rusted Claws", "Old Instincts", "Slow Mend"),
                        locations=ring(["sentinel-production-a"] * 6))
    logan_ends_turn(s)
    assert s.track == 5
    assert s.n_loc == 3
    d = s.decision()
    assert d.kind == "wound" and d.seat == 0
    assert "2 left" in d.prompt
    ev = [e for e in s.log if e.kind in SEEN]
    assert [e.kind for e in ev][:4] == ["master_plan", "track", "bam", "hero_damaged"]
    assert ev[3].data["amount"] == 2


@pytest.mark.rule("MU-11")
def test_recover_effect_follows_bam():
    # Adaptive Self-Repair: move 3, BAM! (kills nobody), then +1 Health per hero in play
    s = nimrod_position(["Adaptive Self-Repair"], nimrod_at=0, health=5, logan_at=1, storm_at=1)
    logan_ends_turn(s)
    assert s.n_loc == 3
    assert s.n_hp == 7
    ev = [e.kind for e in s.log]
    assert ev.index("villain_moves") < ev.index("bam") < ev.index("nimrod_recovers")
    assert "hero_damaged" not in ev


@pytest.mark.rule("MU-11")
def test_the_recovery_names_its_count_and_its_cap():
    """Issue 21: the Health recovered says what it counts and why it is less."""
    s = nimrod_position(["Adaptive Self-Repair"], nimrod_at=0, health=5, logan_at=1, storm_at=1)
    logan_ends_turn(s)
    assert "Nimrod recovers 2 Health → 7 (1 for each hero in play: 2)" in [e.text for e in s.log]
    full = s.T.nimrod_health
    s = nimrod_position(["Adaptive Self-Repair"], nimrod_at=0, health=full - 1, logan_at=1,
                        storm_at=1)
    logan_ends_turn(s)
    assert (f"Nimrod recovers 1 Health → {full} (2 for 2 heroes in play, never above its "
            f"starting {full})") in [e.text for e in s.log]


@pytest.mark.rule("MU-11")
def test_bam_damage_follows_the_track_band():
    for track, dmg in ((0, 1), (4, 1), (5, 2), (9, 2), (10, 3), (14, 3)):
        s = nimrod_position(["Adaptive Self-Repair"], nimrod_at=0, logan_at=1,
                            storm_at=3, track=track,
                            storm_hand=("Gale Force", "Hailstorm", "Updraft", "Thunderclap"))
        logan_ends_turn(s)
        hits = [e for e in s.log if e.kind == "hero_damaged"]
        assert [(e.data["hero"], e.data["amount"]) for e in hits] == [(1, dmg)]
        band = {1: "", 2: " (1 + 1 in the yellow band)", 3: " (1 + 2 in the red band)"}[dmg]
        bam = next(e.text for e in s.log if e.kind == "bam")
        assert bam == f"BAM! Nimrod deals {dmg} damage{band} to each hero in {s.loc_name(s.n_loc)}"


# ----- MU-12: Overflow once per Location per villain turn -------------------------------------------


@pytest.mark.rule("MU-12", "MU-2")
def test_overflow_of_two_locations_raises_the_track_by_two_only():
    # Cold Survey: 2 / 1 / 2 Civilians around Nimrod at 1; both neighbours are full
    s = nimrod_position(["Cold Survey of the Ruins"], nimrod_at=1, track=2,
                        locations=ring(p0={"civilians": 4}, p2={"civilians": 3}))
    logan_ends_turn(s)
    assert s.track == 4  # +1 per overflowing Location, 4 tokens left over
    assert (s.civ[0], s.civ[1], s.thug[1], s.civ[2]) == (4, 1, 2, 3)
    assert [e.data["location"] for e in s.log if e.kind == "overflow"] == [0, 2]


@pytest.mark.rule("MU-12", "MU-2")
def test_partial_fit_places_what_fits_then_overflows_once():
    s = nimrod_position(["Cold Survey of the Ruins"], nimrod_at=1,
                        locations=ring(p0={"civilians": 3}, p2={"civilians": 2}))
    logan_ends_turn(s)
    assert (s.civ[0], s.civ[2]) == (4, 3)  # one of the two Civilians fits in each
    assert s.track == 2


@pytest.mark.rule("MU-12")
def test_no_room_left_at_all_and_many_tokens_still_one_overflow(tmp_path):
    def edit(d):
        d["master_plan"][0] = {"name": "Flood the Tunnels", "move": 0, "bam": False,
                               "effect": [{"verb": "add_tokens_here", "tokens": "TTTT"}],
                               "tokens": ["", "CCC", ""]}
    s = nimrod_position(["Flood the Tunnels"], nimrod_at=2, track=6,
                        config={"content": custom_pack(tmp_path, edit)},
                        locations=ring(p2={"civilians": 1}))
    logan_ends_turn(s)
    assert (s.civ[2], s.thug[2]) == (1, 2)
    assert s.track == 7  # the effect overflowed; the tokens overflow again but count once
    assert kinds(s).count("overflow") == 1


@pytest.mark.rule("MU-12")
def test_overflow_counts_again_in_the_next_villain_turn(tmp_path):
    def edit(d):
        d["master_plan"][0]["copies"] = 2  # Cold Survey twice
        del d["master_plan"][1]  # without Sweep the Avenues: still 12 cards
    s = nimrod_position(["Cold Survey of the Ruins", "Cold Survey of the Ruins"], nimrod_at=1,
                        config={"content": custom_pack(tmp_path, edit)},
                        locations=ring(p0={"civilians": 4}, p2={"civilians": 3}))
    logan_ends_turn(s)
    assert s.track == 2
    play(s, "Gale Force")
    s.apply("end")
    logan_ends_turn(s, "Old Instincts")
    assert s.track == 4
    assert kinds(s).count("overflow") == 4


@pytest.mark.rule("MU-12", "MU-23")
def test_overflow_reaching_the_end_of_the_track_loses():
    s = nimrod_position(["Cold Survey of the Ruins"], nimrod_at=1, track=14,
                        locations=ring(p0={"civilians": 4}, p2={"civilians": 3}))
    logan_ends_turn(s)
    assert s.track == 15
    assert s.result == "loss" and "track" in s.reason


@pytest.mark.rule("MU-12")
def test_sentinel_adds_overflow_once_per_location_per_activation():
    heroes = [
        {"id": "logan", "location": 0, "target": "I", "hand": ["Rusted Claws"]},
        {"id": "storm", "location": 3, "target": "II",
         "hand": ["Eye of the Storm", "Gale Force"]},
    ]
    s = position(heroes=heroes, sentinels={"I": {"location": 0}, "II": {"location": 2}},
                 locations=ring(p2={"civilians": 3}), step="play", turn={"hero": "storm"})
    play(s, "Eye of the Storm")  # two Heroic: two Add tasks into a full Location
    s.apply("end")
    assert s.civ[2] == 3
    assert s.track == 1
    assert kinds(s).count("overflow") == 1


# ----- MU-13: Location trigger of a Threat -------------------------------------------------------------


def _arrive_pack(tmp_path):
    def edit(d):
        for th in d["threats"]:
            if th["id"] == "data-analyzer-a":
                th["on_villain_arrives"] = [{"verb": "raise_track", "amount": 3}]
    return custom_pack(tmp_path, edit)


@pytest.mark.rule("MU-13")
@pytest.mark.parametrize("start,card,end,fires", [
    (5, "Sweep the Avenues", 2, True),  # ends its move at 2: fires
    (0, "Sweep the Avenues", 3, False),  # passes through 2: does not fire
    (2, "Cold Survey of the Ruins", 2, False),  # does not move at all
])
def test_threat_location_trigger_fires_only_where_the_villain_ends_its_move(
        tmp_path, start, card, end, fires):
    s = nimrod_position([card], nimrod_at=start, logan_at=4, storm_at=4,
                        config={"content": _arrive_pack(tmp_path)})
    assert s.T.threat_name[s.threat[2]] == "Predictive Archive"
    logan_ends_turn(s)
    assert s.n_loc == end
    assert s.track == (3 if fires else 0)


@pytest.mark.rule("MU-13")
def test_threat_location_trigger_on_a_move_toward_a_hero(tmp_path):
    s = nimrod_position(["Round Up the Survivors"], nimrod_at=0, logan_at=2, storm_at=2,
                        logan_hand=("Rusted Claws", "Old Instincts", "Slow Mend"),
                        config={"content": _arrive_pack(tmp_path)})
    logan_ends_turn(s)
    assert s.n_loc == 2
    assert s.track == 3
    ev = kinds(s)
    assert ev.index("villain_moves") < ev.index("track") < ev.index("bam")


@pytest.mark.rule("MU-13")
def test_cleared_threat_no_longer_triggers(tmp_path):
    s = nimrod_position(["Sweep the Avenues"], nimrod_at=5, logan_at=4, storm_at=4,
                        config={"content": _arrive_pack(tmp_path)},
                        locations=ring(p2={"threat": None}))
    logan_ends_turn(s)
    assert s.n_loc == 2 and s.track == 0


# ----- MU-14 / DFP-N3: cadence -------------------------------------------------------------------


@pytest.mark.rule("MU-14", "DFP-N3")
def test_master_plan_after_every_two_hero_cards():
    s = nimrod_position(["Cold Survey of the Ruins", "Sweep the Avenues", "Adaptive Self-Repair"],
                        since=0, nimrod_at=0, logan_at=1, storm_at=1,
                        logan_hand=("Rusted Claws", "Old Instincts", "Slow Mend"),
                        storm_hand=("Gale Force", "Hailstorm", "Updraft"),
                        locations=ring(["sentinel-production-a"] * 6))
    plays = [("Rusted Claws", 0), ("Gale Force", 1), ("Old Instincts", 0), ("Hailstorm", 1)]
    for card, who in plays:
        assert s.active == who
        play(s, card)
        while s.decision().kind != "play_card":
            d = s.decision()
            s.apply("end" if "end" in d.ids() else ("effect" if "effect" in d.ids() else d.ids()[0]))
    assert names(s, s.story) == [
        "Rusted Claws", "Gale Force", "Cold Survey of the Ruins",
        "Old Instincts", "Hailstorm", "Sweep the Avenues",
    ]


@pytest.mark.rule("MU-14", "DFP-N3")
def test_last_hero_standing_plays_two_turns_before_each_nimrod_turn():
    heroes = [
        {"id": "logan", "location": 3, "hand": ["Rusted Claws", "Old Instincts"],
         "deck": ["Slow Mend", "Berserker Lunge"]},
        {"id": "storm", "location": 3, "eliminated": True, "hand": []},
    ]
    s = position(heroes=heroes, phase="nimrod", nimrod={"location": 0, "health": 8}, since=0,
                 master_plan=["Cold Survey of the Ruins"], step="play", turn={"hero": "logan"})
    play(s, "Rusted Claws")
    s.apply("end")
    assert s.active == 0 and s.decision().kind == "play_card"  # Storm is skipped
    assert s.mp_deck  # no Master Plan after one Hero card
    play(s, "Old Instincts")
    s.apply("end")
    assert names(s, s.story) == ["Rusted Claws", "Old Instincts", "Cold Survey of the Ruins"]


@pytest.mark.rule("MU-14", "MU-9")
def test_no_master_plan_cards_while_the_sentinels_are_fought():
    s = position(heroes=[{"id": "logan", "location": 3, "target": "I"},
                         {"id": "storm", "location": 3, "target": "II"}],
                 sentinels={"I": {"location": 0}, "II": {"location": 0}},
                 config={"tie_break": "clockwise"})
    deck = list(s.mp_deck)
    for _ in range(6):
        d = s.decision()
        while d.kind != "play_card":
            s.apply("end" if "end" in d.ids() else ("effect" if "effect" in d.ids() else d.ids()[0]))
            d = s.decision()
        s.apply(d.ids()[0])
    assert s.mp_deck == deck
    assert all(s.T.card_owner[c if c >= 0 else ~c] >= 0 for c in s.story)
    assert s.n_loc == -1


# ----- MU-15 (replaced in DFP): Nimrod is Under Pressure and can be damaged at once ----------------


@pytest.mark.rule("MU-15", "MU-9")
def test_dfp_default_content_has_no_missions():
    s = nimrod_position(["Cold Survey of the Ruins"])
    dofp = s.T.content.dofp
    assert "missions" not in type(dofp).model_fields
    assert UnitedConfig().mode == "dofp"


@pytest.mark.rule("MU-15", "DFP-N3")
def test_nimrod_enters_under_pressure_and_can_be_damaged_at_once():
    heroes = [
        {"id": "logan", "location": 3, "hand": ["Rusted Claws", "Old Instincts"]},
        {"id": "storm", "location": 3, "hand": ["Gale Force", "Hailstorm"],
         "deck": ["Updraft", "Thunderclap"]},
    ]
    s = position(heroes=heroes, villain_start=3,
                 sentinels={"I": {"location": 3, "health": 1}, "II": "defeated"},
                 master_plan=["Cold Survey of the Ruins", "Sweep the Avenues"],
                 step="play", turn={"hero": "logan"})
    play(s, "Rusted Claws")
    s.apply("attack:sentinel:0")
    end_actions(s)
    # the last Sentinel fell: Nimrod enters at the Villain's start and plays a card at once
    assert s.n_loc == 3 and s.n_hp == 8
    assert names(s, s.story) == ["Rusted Claws", "Cold Survey of the Ruins"]
    assert s.since == 0
    # Storm may hit Nimrod straight away (no "vulnerable after 2 Missions")
    play(s, "Gale Force")
    assert "attack:nimrod" in s.decision().ids()
    s.apply("attack:nimrod")
    assert s.n_hp == 7
    s.apply("end")
    # one Hero card since the Master Plan: no villain turn yet; after the 2nd, Nimrod plays
    assert names(s, s.story)[-1] == "Gale Force"
    play(s, "Old Instincts")
    while s.decision().kind != "play_card":
        d = s.decision()
        s.apply("end" if "end" in d.ids() else d.ids()[0])
    assert names(s, s.story)[-1] == "Sweep the Avenues"


@pytest.mark.rule("MU-11")
def test_most_cards_tie_goes_to_the_next_clockwise_of_those_locations():
    s = nimrod_position(["Round Up the Survivors"], nimrod_at=3, logan_at=1, storm_at=5,
                        logan_hand=("Rusted Claws", "Old Instincts", "Slow Mend"),
                        locations=ring(["sentinel-production-a"] * 6))
    logan_ends_turn(s)  # Logan keeps 2 cards, Storm holds 2: a tie
    assert s.n_loc == 5  # 4, then 5 (Storm) comes before 0, 1 (Logan)

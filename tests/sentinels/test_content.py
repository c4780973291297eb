"""The default Sentinels content pack as data: the five OblivAeon heroes (OBL-HE1 … OBL-HE5),
the Hero Complexity Chart (OBL-HE6), The Warden of Rust and The Sunken Foundry (SOTM-1).

These tests read the pack only; how the engine runs each verb is tested elsewhere."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from multiverse.content.sentinels_schema import (
    Card,
    SentinelsContent,
    SentinelsHero,
    Step,
    Trigger,
)
from multiverse.sentinels.content import default_sentinels_pack, validate_sentinels_path

# The Hero Complexity Chart of the OblivAeon insert (seed 002, "Hero Complexity Chart").
COMPLEXITY = {"luminary": 1, "the-harpy": 3, "akash-thriya": 3, "la-comodora": 2, "lifeline": 2}
# Original heroes made to use the words of issue 19 (appended after the five)
VOCABULARY_HEROES = {"the-crossroads", "the-quartermaster", "sentry-tide"}


@pytest.fixture(scope="module")
def pack() -> SentinelsContent:
    return validate_sentinels_path(default_sentinels_pack())


def hero(pack: SentinelsContent, hid: str) -> SentinelsHero:
    return next(h for h in pack.heroes if h.id == hid)


def walk(steps: list[Step]) -> Iterator[Step]:
    """Every step of an effect, sub-effects (`do`, `otherwise`, `then`) included."""
    for st in steps:
        yield st
        yield from walk(st.do)
        yield from walk(st.otherwise)
        yield from walk(st.then)


def card_steps(c: Card) -> Iterator[Step]:
    yield from walk(c.play)
    yield from walk(c.power)
    for tr in c.triggers:
        yield from walk(tr.effect)


def trigger_steps(triggers: list[Trigger]) -> Iterator[Step]:
    for tr in triggers:
        yield from walk(tr.effect)


def hero_steps(h: SentinelsHero) -> Iterator[Step]:
    yield from walk(h.power.effect)
    for a in h.incapacitated:
        yield from walk(a.effect)
    for c in h.cards:
        yield from card_steps(c)


# ---------------------------------------------------------------- the pack as a whole


@pytest.mark.rule("SOTM-1", "OBL-HE6")
def test_pack_validates_and_holds_the_five_new_heroes(pack):
    assert pack.original is True
    assert {h.id for h in pack.heroes if not h.team} == set(COMPLEXITY) | VOCABULARY_HEROES
    assert [h.id for h in pack.heroes if h.team] == ["the-lantern-watch"]  # OBL-C24 stand-in
    names = {h.id: h.name for h in pack.heroes if not h.team and h.id not in VOCABULARY_HEROES}
    assert names == {"luminary": "Luminary", "the-harpy": "The Harpy",
                     "akash-thriya": "Akash'Thriya", "la-comodora": "La Comodora",
                     "lifeline": "Lifeline"}
    assert all(h.original for h in pack.heroes)
    assert all(v.original for v in pack.villains)
    assert all(e.original for e in pack.environments)


@pytest.mark.rule("SOTM-1")
def test_every_hero_is_a_character_card_and_a_forty_card_deck(pack):
    for h in pack.heroes:
        team_hp = h.hp + sum(m.hp for m in h.team)  # a team's members share the load
        assert 26 <= h.hp <= 32 if not h.team else 36 <= team_hp <= 50, h.id
        assert h.power.effect, h.id  # one innate power
        assert len(h.incapacitated) == 3 and all(a.effect for a in h.incapacitated), h.id
        assert sum(c.copies for c in h.cards) == 40, h.id
        assert 15 <= len(h.cards) <= 20, (h.id, len(h.cards))
        assert len({c.name for c in h.cards}) == len(h.cards), h.id  # distinct names
        kinds = {c.kind for c in h.cards}
        assert "one-shot" in kinds and "ongoing" in kinds, h.id
        assert any(c.limited for c in h.cards), h.id
        assert all(c.text for c in h.cards), h.id


@pytest.mark.rule("OBL-HE6")
def test_complexity_matches_the_hero_complexity_chart(pack):
    assert {h.id: h.complexity for h in pack.heroes if h.id in COMPLEXITY} == COMPLEXITY


SCION_DIFFICULTY = {"Aeon Master": 3, "Borr the Unstable": 2, "Dark Mind": 2, "Empyreon": 1,
                    "Faultless": 1, "Nixious the Chosen": 2, "Progeny": 3, "Rainek Kel'Voss": 3,
                    "Sanction": 1, "Voidsoul": 3}


@pytest.mark.rule("OBL-HE6")
def test_the_scions_match_the_scion_difficulty_chart(pack):
    """The chart is data: ten Scions, each with its difficulty 1..3, as the insert prints."""
    assert {s.name: s.difficulty for s in pack.scions} == SCION_DIFFICULTY
    assert [s.name for s in pack.scions] == sorted(SCION_DIFFICULTY)  # the chart's order
    assert not any(s.original for s in pack.scions)  # the insert's chart, not our invention


def test_a_scion_difficulty_is_on_the_chart_and_a_name_is_given_once():
    from pydantic import ValidationError

    base = validate_sentinels_path(default_sentinels_pack()).model_dump(mode="json")
    for bad in ([{"name": "Nobody", "difficulty": 4}],
                [{"name": "Twin", "difficulty": 1}, {"name": "Twin", "difficulty": 2}]):
        with pytest.raises(ValidationError):
            SentinelsContent.model_validate({**base, "scions": bad})


# ---------------------------------------------------------------- the five heroes


@pytest.mark.rule("OBL-HE1")
def test_luminary_devices_consume_their_charges(pack):
    lum = hero(pack, "luminary")
    devices = [c for c in lum.cards if c.kind == "device"]
    assert sum(c.copies for c in devices) >= 15  # device-heavy
    charged = [c for c in devices if any(st.verb == "add_tokens" for st in walk(c.play))]
    assert len(charged) >= 4
    spenders = []
    for c in devices:
        steps = list(card_steps(c))
        reads = [st for st in steps if st.verb == "if" and st.cond
                 and st.cond.test == "tokens_on_this_at_least"]
        if reads and any(st.verb == "remove_tokens" for st in steps) \
                and any(st.verb == "destroy_this" for st in steps):
            spenders.append(c.name)
    assert len(spenders) >= 4, spenders
    # both kinds of spending: a power and a start/end-of-turn trigger
    assert any(c.power and c.name in spenders for c in devices)
    assert any(c.triggers and not c.power and c.name in spenders for c in devices)


@pytest.mark.rule("OBL-HE2")
def test_the_harpy_keeps_five_tokens_and_her_cards_read_and_flip_them(pack):
    harpy = hero(pack, "the-harpy")
    assert harpy.tokens is not None
    assert harpy.tokens.sides == ["arcana", "avian"]
    assert len(harpy.tokens.start) == 5
    assert harpy.tokens.start.count("arcana") == 3
    assert harpy.tokens.start.count("avian") == 2
    steps = list(hero_steps(harpy))
    reads = [st.cond.side for st in steps if st.verb == "if" and st.cond
             and st.cond.test == "hero_tokens_showing_at_least"]
    flips = [(st.side, st.to_side) for st in steps if st.verb == "flip_hero_tokens"]
    assert {"arcana", "avian"} <= set(reads)
    assert {("arcana", "avian"), ("avian", "arcana")} <= set(flips)
    assert set(reads) | {s for f in flips for s in f} <= set(harpy.tokens.sides)
    reading_cards = [c for c in harpy.cards if any(
        st.verb == "if" and st.cond and st.cond.test == "hero_tokens_showing_at_least"
        for st in card_steps(c))]
    assert sum(c.copies for c in reading_cards) >= 20
    # her innate power reads them too
    assert any(st.verb == "if" and st.cond and st.cond.test == "hero_tokens_showing_at_least"
               for st in walk(harpy.power.effect))
    # no other of the five heroes has tokens (the Quartermaster's stock and Sentry Tide's
    # tide tokens are issue 19's original heroes)
    assert all(h.tokens is None for h in pack.heroes if h.id != "the-harpy"
               and h.id not in VOCABULARY_HEROES)


@pytest.mark.rule("OBL-HE3")
def test_akash_thriya_plants_seeds_that_bloom_from_the_environment_deck(pack):
    akash = hero(pack, "akash-thriya")
    seeds = [c for c in akash.cards if c.seed]
    assert len(seeds) >= 5 and sum(c.copies for c in seeds) >= 12
    for c in seeds:
        assert "seed" in c.keywords, c.name
        assert c.play and c.play[0].verb == "seed_environment", c.name
        blooms = [tr for tr in c.triggers if tr.when == "played_from_environment_deck"]
        assert len(blooms) == 1 and blooms[0].effect, c.name
    # some seeds stay in play in the environment's area and keep acting there
    assert any(c.kind != "one-shot" and (c.modifiers or len(c.triggers) > 1) for c in seeds)
    # cards that put the top card of the environment deck into play
    env_players = [c for c in akash.cards if not c.seed and any(
        st.verb == "play_top" and st.deck == "environment" for st in card_steps(c))]
    assert len(env_players) >= 3
    assert any(st.verb == "play_top" and st.deck == "environment"
               for st in walk(akash.power.effect))
    # no other hero plants seeds
    assert not any(c.seed for h in pack.heroes if h.id != "akash-thriya" for c in h.cards)


@pytest.mark.rule("OBL-HE4")
def test_la_comodora_teleports_ship_parts_and_bends_the_timestream(pack):
    com = hero(pack, "la-comodora")
    parts = [c for c in com.cards if "ship" in c.keywords]
    assert {c.kind for c in parts} >= {"equipment", "device"}
    assert sum(c.copies for c in parts) >= 10
    steps = list(hero_steps(com))
    assert any(st.verb == "search" and st.keyword == "ship" and st.to == "play" for st in steps)
    assert any(st.verb == "reveal_top" and st.keyword == "ship" and st.to == "play" for st in steps)
    verbs = {st.verb for st in steps}
    assert {"arrange_top", "move_to_bottom", "reveal_top"} <= verbs
    decks = {st.deck for st in steps if st.verb in ("arrange_top", "move_to_bottom", "reveal_top")}
    assert {"villain", "environment", "this"} <= decks


@pytest.mark.rule("OBL-HE5")
def test_lifeline_pays_his_own_hp_and_drains_others_foes_included(pack):
    life = hero(pack, "lifeline")
    steps = list(hero_steps(life))
    paying = [st for st in steps if st.verb == "lose_hp" and st.target.group == "this_hero"]
    assert len(paying) >= 5
    assert any(st.verb == "lose_hp" for st in walk(life.power.effect))
    drains = [st for st in steps if st.verb == "drain"]
    assert len(drains) >= 3
    assert {st.target.group for st in drains} & {"any", "non_hero"}
    assert any(st.target.group == "any" for st in drains)  # any target: allies and foes
    drain_copies = sum(c.copies for c in life.cards if any(st.verb == "drain" for st in card_steps(c)))
    assert drain_copies >= 10


# ---------------------------------------------------------------- villain and environment


@pytest.mark.rule("SOTM-1")
def test_the_warden_of_rust_has_setup_turn_triggers_a_flip_side_and_a_deck(pack):
    v = next(v for v in pack.villains if v.id == "warden-of-rust")
    assert v.setup
    assert {tr.when for tr in v.triggers} >= {"start_of_turn", "end_of_turn"}
    flip = v.sides[0]  # its flip side: a face restored to full HP, with its own text
    assert flip.hp and flip.restore_hp and flip.triggers and flip.modifiers and flip.on_flip
    n = sum(c.copies for c in v.cards)
    assert 23 <= n <= 27, n
    kinds = {c.kind for c in v.cards}
    assert kinds >= {"target", "ongoing", "one-shot", "device"}
    assert sum(c.copies for c in v.cards if "minion" in c.keywords and c.hp) >= 6
    assert any(c.indestructible for c in v.cards)
    assert any(c.limited for c in v.cards)
    # its setup searches for a minion that exists
    assert any(st.verb == "search" and st.keyword == "minion" for st in walk(v.setup))


@pytest.mark.rule("SOTM-1")
def test_the_sunken_foundry_is_fifteen_cards_with_targets_and_a_hazard(pack):
    e = next(e for e in pack.environments if e.id == "sunken-foundry")
    assert sum(c.copies for c in e.cards) == 15
    assert any(c.hp for c in e.cards)
    assert any(c.kind == "ongoing" for c in e.cards)
    hazards = [c for c in e.cards if any(
        st.verb == "damage" and st.target.group == "any" and st.target.pick == "each"
        for st in card_steps(c))]
    assert hazards


def test_random_playouts_with_the_default_pack_end():
    """A few random games with 3, 4 and 5 of the new heroes finish without an exception."""
    from multiverse.sentinels.config import SentinelsConfig
    from multiverse.sentinels.game import new_game

    ids = sorted(COMPLEXITY)
    for n in (3, 4, 5):
        for seed in range(3):
            rng = random.Random(100 * n + seed)
            s = new_game(SentinelsConfig(heroes=tuple(rng.sample(ids, n))), seed)
            while s.result is None:
                s.apply(rng.choice(s.decision().options).id)
            assert s.result in ("win", "loss")

"""Reactions, replacements and watchers (issue 19, items 5 to 8; `sentinels.vocab.watchers`,
`triggers.gate`): the source hit back, the first time each turn, during your turn, tokens
flipped (to a chosen side), "instead of drawing", prevention with a follow-up (SOTM-14/15),
a phase skipped, who destroyed a card, "each target other than …", damage taken this turn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from multiverse.content.sentinels_schema import Card, Condition, Select, Step, Trigger
from multiverse.sentinels.state import SentinelsState

from .support import card, char, dmg, environment, hero, hp, load, names, villain

VILLAIN = {"group": "villain_character"}
EACH_HERO = {"group": "hero", "pick": "each"}
HEX = {"name": "Hex", "kind": "one-shot", "play": [dmg(1, EACH_HERO, source="villain_character")]}


def ongoing(name: str, *triggers: dict, **kw: object) -> dict:
    return {"name": name, "kind": "ongoing", "triggers": list(triggers), **kw}


def one_shot(name: str, *play: dict) -> dict:
    return {"name": name, "kind": "one-shot", "play": list(play)}


def villain_turn(tmp_path: Path, alpha_cards: list[dict], alpha_play: list, vil_cards: list[dict],
                 deck: list[str], **kw: object) -> SentinelsState:
    """Alpha (with `alpha_play` in play) as the villain turn starts, `deck` on top."""
    return load(tmp_path, {"heroes": [{"id": "alpha", "play": alpha_play}, "beta", "gamma"],
                           "villain": {"deck": deck}, "turn": {"whose": "villain", "phase": "start"}},
                heroes=[hero("alpha", cards=alpha_cards)], villain_=villain(cards=vil_cards), **kw)


def alpha_plays(tmp_path: Path, cards: list[dict], hand: list[str], play: list | None = None,
                **kw: object) -> SentinelsState:
    """Alpha's play phase, `hand` in hand and `play` in play."""
    return load(tmp_path, {"heroes": [{"id": "alpha", "hand": hand, "play": play or []}, "beta", "gamma"],
                           "turn": {"whose": "alpha", "phase": "play"}},
                heroes=[hero("alpha", cards=cards)], **kw)


def play(s: SentinelsState, name: str) -> None:
    s.apply(f"play:{card(s, name, 'alpha', zone=1)}")


# ----- item 5: reaction details --------------------------------------------------------
RIPOSTE = ongoing("Riposte", {"when": "card_dealt_damage", "watch": {"group": "hero"}, "by": "villain",
                              "react_to": "source", "effect": [dmg(2, {"group": "source"}, source="this")]})


@pytest.mark.rule("SOTM-7")
def test_a_watcher_hits_back_at_the_source_of_the_damage(tmp_path: Path) -> None:
    s = villain_turn(tmp_path, [RIPOSTE], ["Riposte"], [HEX], ["Hex"])
    assert [hp(s, h) for h in ("alpha", "beta", "gamma")] == [19, 19, 19]
    assert hp(s, "villain") == 30 - 3 * 2  # each hero hit: the source (the villain) takes 2


@pytest.mark.rule("SOTM-7")
def test_a_hit_back_filtered_by_the_sources_side_ignores_hero_damage(tmp_path: Path) -> None:
    scratch = one_shot("Scratch", dmg(1, EACH_HERO))
    s = alpha_plays(tmp_path, [RIPOSTE, scratch], ["Scratch"], ["Riposte"])
    play(s, "Scratch")
    assert [hp(s, h) for h in ("alpha", "beta", "gamma")] == [19, 19, 19]
    assert hp(s, "villain") == 30  # hero damage: `by: villain` does not fire


COUNT_HITS = {"verb": "add_tokens", "amount": 1}


@pytest.mark.rule("SOTM-7")
def test_the_first_time_each_turn_fires_once_a_turn_and_again_next_turn(tmp_path: Path) -> None:
    tally = ongoing("Tally", {"when": "card_dealt_damage", "watch": {"group": "hero"},
                              "once_per_turn": True, "effect": [COUNT_HITS]})
    s = load(tmp_path, {"heroes": [{"id": "alpha", "play": ["Tally"]}, "beta", "gamma"],
                        "villain": {"deck": ["Hex"]}, "turn": {"whose": "villain", "phase": "play"}},
             heroes=[hero("alpha", cards=[tally])], villain_=villain(cards=[HEX]))
    t = card(s, "Tally", "alpha")
    assert s.tok[t] == 1 and hp(s, "beta") == 19  # three heroes hit, one token
    assert s.turn == 0 and s.decision().kind == "play_phase"
    assert s.turn_fired == []  # alpha's turn has begun: the "this turn" facts start again


@pytest.mark.rule("SOTM-7")
def test_the_first_time_each_turn_counts_again_in_a_later_turn(tmp_path: Path) -> None:
    tally = ongoing("Tally", {"when": "card_dealt_damage", "watch": {"group": "hero"},
                              "once_per_turn": True, "effect": [COUNT_HITS]})
    scratch = {**one_shot("Scratch", dmg(1, EACH_HERO)), "copies": 2}
    s = alpha_plays(tmp_path, [tally, scratch], ["Scratch", "Scratch"], ["Tally"])
    play(s, "Scratch")
    t = card(s, "Tally", "alpha")
    assert s.tok[t] == 1 and hp(s, "alpha") == 19
    assert s.turn_fired == [s.T.triggers[t][0][0][2][0]] and s.clone().turn_fired == s.turn_fired
    back = SentinelsState.__new__(SentinelsState)
    back.T = s.T
    back.load_data(json.loads(json.dumps(s.data_dict())))
    assert back.turn_fired == s.turn_fired and back.state_hash() == s.state_hash()
    s.stack.clear()  # alpha's next turn starts: the first time comes again
    s.stack.append(("hero_turn", 0))
    s._decision = None
    s.advance()
    assert s.turn_fired == [] and s.decision().kind == "play_phase"
    play(s, "Scratch")
    assert s.tok[t] == 2 and hp(s, "alpha") == 18


@pytest.mark.rule("SOTM-7")
def test_during_your_turn_fires_only_in_its_heros_turn(tmp_path: Path) -> None:
    vigil = ongoing("Vigil", {"when": "card_dealt_damage", "watch": {"group": "hero"},
                              "your_turn": True, "effect": [COUNT_HITS]})
    s = villain_turn(tmp_path, [vigil], ["Vigil"], [HEX], ["Hex"])
    v = card(s, "Vigil", "alpha")
    assert hp(s, "alpha") == 19 and s.tok[v] == 0  # the villain's turn: not alpha's
    scratch = one_shot("Scratch", dmg(1, EACH_HERO))
    s = alpha_plays(tmp_path / "b", [vigil, scratch], ["Scratch"], ["Vigil"])
    play(s, "Scratch")
    assert s.tok[card(s, "Vigil", "alpha")] == 3  # alpha's turn: each hit counts


TOKENS = {"sides": ["calm", "fury"], "start": ["calm", "calm"]}
EMBER = ongoing("Ember", {"when": "tokens_flipped", "effect": [COUNT_HITS]})


@pytest.mark.rule("OBL-HE2")
def test_a_card_reacts_when_its_heros_tokens_are_flipped(tmp_path: Path) -> None:
    stoke = one_shot("Stoke", {"verb": "flip_hero_tokens", "amount": 2, "side": "calm", "to_side": "fury"})
    alpha = hero("alpha", cards=[EMBER, stoke], tokens=TOKENS)
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Stoke"], "play": ["Ember"]}, "beta", "gamma"],
                        "turn": {"whose": "alpha", "phase": "play"}}, heroes=[alpha])
    play(s, "Stoke")
    assert s.htok[0] == [1, 1] and s.tok[card(s, "Ember", "alpha")] == 1  # one flip, one reaction


@pytest.mark.rule("OBL-HE2")
def test_a_player_flips_a_token_to_the_side_they_choose(tmp_path: Path) -> None:
    turn = one_shot("Turn", {"verb": "flip_hero_tokens_chosen", "amount": 2})
    alpha = hero("alpha", cards=[EMBER, turn], tokens=TOKENS)
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Turn"], "play": ["Ember"],
                                    "tokens": ["calm", "fury"]}, "beta", "gamma"],
                        "turn": {"whose": "alpha", "phase": "play"}}, heroes=[alpha])
    play(s, "Turn")
    d = s.decision()
    assert d.kind == "token_side" and d.ids() == ["to:fury", "to:calm"]
    s.apply("to:fury")  # then only fury tokens are left: the second flip is to calm (forced)
    flips = [e.text for e in s.take_events() if e.kind == "tokens_flipped"]
    assert flips == ["Alpha flips 1 token calm → fury", "Alpha flips 1 token fury → calm"]
    assert s.htok[0] == [0, 1] and s.tok[card(s, "Ember", "alpha")] == 2


# ----- item 6: replacement and prevention ---------------------------------------------
def draw_phase(tmp_path: Path, insight: dict) -> SentinelsState:
    return load(tmp_path, {"heroes": [{"id": "alpha", "hand": [], "play": ["Insight"]}, "beta", "gamma"],
                           "turn": {"whose": "alpha", "phase": "draw"}},
                heroes=[hero("alpha", cards=[insight])])


@pytest.mark.rule("SOTM-5")
def test_instead_of_drawing_a_card_the_replacement_resolves(tmp_path: Path) -> None:
    insight = ongoing("Insight", {"when": "would_draw", "effect": [dmg(1, VILLAIN)]})
    s = draw_phase(tmp_path, insight)
    assert names(s, "hand", "alpha") == [] and hp(s, "villain") == 28  # both draws replaced
    ev = [e.text for e in s.take_events()]
    assert "Alpha does not draw: Insight instead" in ev


@pytest.mark.rule("SOTM-5")
def test_an_optional_first_time_replacement_asks_then_the_other_draw_is_drawn(tmp_path: Path) -> None:
    insight = ongoing("Insight", {"when": "would_draw", "optional": True, "once_per_turn": True,
                                  "effect": [dmg(1, VILLAIN)]})
    s = draw_phase(tmp_path, insight)
    d = s.decision()
    assert d.kind == "may_replace_draw" and d.ids() == ["instead", "draw"]
    s.apply("instead")
    assert hp(s, "villain") == 29 and names(s, "hand", "alpha") == ["Filler"]
    s = draw_phase(tmp_path / "b", insight)
    s.apply("draw")  # declined: the first time has passed; both cards are drawn
    assert names(s, "hand", "alpha") == ["Filler", "Filler"] and hp(s, "villain") == 30


AEGIS = {"name": "Aegis", "kind": "target", "hp": 5, "triggers": [{
    "when": "would_be_dealt_damage", "watch": {"group": "hero_character"}, "once_per_turn": True,
    "react_to": "source", "effect": [dmg(1, {"group": "source"}, source="this")]}]}


@pytest.mark.rule("SOTM-15")
def test_prevention_stops_irreducible_damage_and_its_effect_follows(tmp_path: Path) -> None:
    quake = one_shot("Quake", dmg(3, EACH_HERO, source="villain_character", irreducible=True))
    s = villain_turn(tmp_path, [AEGIS], ["Aegis"], [quake], ["Quake"])
    assert [hp(s, h) for h in ("alpha", "beta", "gamma")] == [20, 17, 17]  # the first hero's prevented
    assert hp(s, "alpha", "Aegis") == 2 and hp(s, "villain") == 29  # the source takes 1
    assert "Aegis prevents the 3 damage to Alpha" in [e.text for e in s.take_events()]


@pytest.mark.rule("SOTM-14")
def test_an_optional_prevention_declined_lets_the_damage_through(tmp_path: Path) -> None:
    shield = {"name": "Guard", "kind": "ongoing", "triggers": [{
        "when": "would_be_dealt_damage", "watch": {"group": "hero_character"}, "optional": True,
        "effect": [{"verb": "heal", "amount": 1, "target": {"group": "this_hero"}}]}]}
    s = villain_turn(tmp_path, [shield], ["Guard"], [HEX], ["Hex"])
    d = s.decision()
    assert d.kind == "may_prevent" and d.ids() == ["prevent", "no"]
    from multiverse.sentinels.heuristic import option_scores

    scores = option_scores(d, s)
    assert scores["prevent"] > scores["no"]  # the heuristic agent prevents
    s.apply("no")
    assert hp(s, "alpha") == 19
    s.apply("prevent")  # beta's damage prevented; the heal (alpha, at 19) follows
    assert hp(s, "beta") == 20 and hp(s, "alpha") == 20
    s.apply("prevent")
    assert hp(s, "gamma") == 20


@pytest.mark.rule("SOTM-5")
def test_skip_your_draw_phase_to_use_a_power_now(tmp_path: Path) -> None:
    haste = one_shot("Haste", {"verb": "skip_phase", "phase": "draw"}, {"verb": "use_power"})
    s = alpha_plays(tmp_path, [haste], ["Haste"])
    play(s, "Haste")
    assert s.decision().kind == "power_now" and ("draw_phase", 0) not in s.stack
    s.apply(f"power:{char(s, 'alpha')}")
    ev = [e.text for e in s.take_events()]
    assert "Alpha skips their draw phase" in ev
    assert s.decision().kind == "power_phase"
    s.apply("skip")
    assert len(s.hand[0]) == 0 and s.turn == 1  # no draw: beta's turn


# ----- item 7: who destroyed a card ------------------------------------------------------
RELIC = {"name": "Relic", "kind": "target", "hp": 3, "triggers": [{
    "when": "destroyed", "by": "hero",
    "effect": [{"verb": "lose_hp", "amount": 3, "target": VILLAIN}]}]}


@pytest.mark.rule("SOTM-11")
def test_destroyed_by_a_hero_card_fires_for_a_hero_not_for_a_villain(tmp_path: Path) -> None:
    smash = one_shot("Smash", dmg(3, {"group": "environment", "pick": "each"}))
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Smash"]}, "beta", "gamma"],
                        "environment": {"play": ["Relic"]}, "turn": {"whose": "alpha", "phase": "play"}},
             heroes=[hero("alpha", cards=[smash])], environment_=environment([RELIC]))
    play(s, "Smash")
    assert "Relic" in names(s, "trash", "environment") and hp(s, "villain") == 27
    ev = [e for e in s.take_events() if e.kind == "destroyed"]
    assert ev[0].data["by"] == char(s, "alpha")  # the hero's damage destroyed it
    crush = one_shot("Crush", {"verb": "destroy", "target": {"group": "environment", "pick": "each",
                                                             "targets_only": False}})
    s = load(tmp_path / "b", {"villain": {"deck": ["Crush"]}, "environment": {"play": ["Relic"]},
                              "turn": {"whose": "villain", "phase": "start"}},
             villain_=villain(cards=[crush]), environment_=environment([RELIC]))
    assert "Relic" in names(s, "trash", "environment") and hp(s, "villain") == 30


@pytest.mark.rule("SOTM-11")
def test_a_watcher_of_destruction_reads_the_destroyer(tmp_path: Path) -> None:
    grudge = ongoing("Grudge", {"when": "card_destroyed", "watch": {"group": "hero", "targets_only": False},
                                "by": "villain", "effect": [COUNT_HITS]})
    drone = {"name": "Drone", "kind": "target", "hp": 1}
    s = villain_turn(tmp_path, [grudge, drone], ["Grudge", "Drone"], [HEX], ["Hex"])
    assert "Drone" in names(s, "trash", "alpha") and s.tok[card(s, "Grudge", "alpha")] == 1


# ----- item 8: selecting by exclusion, damage over a turn ---------------------------------
@pytest.mark.rule("SOTM-16")
def test_each_target_other_than_this_hero(tmp_path: Path) -> None:
    nova = one_shot("Nova", dmg(1, {"group": "any", "pick": "each", "other_than": "this_hero"}))
    s = alpha_plays(tmp_path, [nova], ["Nova"])
    play(s, "Nova")
    assert [hp(s, h) for h in ("alpha", "beta", "gamma", "villain")] == [20, 19, 19, 29]


@pytest.mark.rule("SOTM-14")
def test_a_condition_reads_the_damage_dealt_to_a_target_this_turn(tmp_path: Path) -> None:
    gauge = ongoing("Gauge", {"when": "card_dealt_damage", "watch": VILLAIN, "effect": [
        {"verb": "if", "cond": {"test": "damage_taken_this_turn_at_least", "amount": 5, "of": VILLAIN},
         "do": [COUNT_HITS]}]})
    flurry = one_shot("Flurry", dmg(3, VILLAIN), dmg(3, VILLAIN), dmg(3, VILLAIN))
    s = alpha_plays(tmp_path, [gauge, flurry], ["Flurry"], ["Gauge"])
    assert s.turn_dmg == {} and s.dense_dmg() == [0] * len(s.T.card)
    play(s, "Flurry")
    g, v = card(s, "Gauge", "alpha"), char(s, "villain")
    assert s.tok[g] == 2 and s.turn_dmg == {v: 9}  # 3 (no), 6 (yes), 9 (yes)
    saved = json.loads(json.dumps(s.data_dict()))  # saved as one count per card
    assert saved["turn_dmg"] == [9 if c == v else 0 for c in range(len(s.T.card))]
    back = SentinelsState.__new__(SentinelsState)
    back.T = s.T
    back.load_data(saved)
    assert back.turn_dmg == s.turn_dmg and back.key() == s.key() and back.state_hash() == s.state_hash()
    s.stack.clear()  # the next hero's turn starts
    s.stack.append(("hero_turn", 1))
    s._decision = None
    s.advance()
    assert s.turn_dmg == {} and s.dense_dmg() == [0] * len(s.T.card)


def test_no_damage_is_kept_when_no_condition_reads_it(tmp_path: Path) -> None:
    s = alpha_plays(tmp_path, [one_shot("Jab", dmg(2, VILLAIN))], ["Jab"])
    play(s, "Jab")
    assert s.turn_dmg == {} and s.clone().turn_dmg == {} and s.dense_dmg() == []
    assert s.data_dict()["turn_dmg"] == []


# ----- misuse: errors naming the field ----------------------------------------------------
@pytest.mark.parametrize(("model", "doc", "words"), [
    (Trigger, {"when": "enters_play", "by": "hero", "effect": []}, "by:"),
    (Trigger, {"when": "dealt_damage", "react_to": "source", "effect": []}, "react_to:"),
    (Trigger, {"when": "destroyed", "optional": True, "effect": []}, "optional:"),
    (Trigger, {"when": "start_of_turn", "once_per_turn": True, "effect": []}, "once_per_turn"),
    (Select, {"group": "hero", "other_than": "hero"}, "other_than:"),
    (Select, {"group": "this", "other_than": "hero"}, "other_than:"),
    (Condition, {"test": "this_hp_at_least", "of": {"group": "hero"}}, "of:"),
    (Step, {"verb": "skip_phase"}, "'skip_phase' needs a 'phase'"),
    (Step, {"verb": "draw", "phase": "draw"}, "phase:"),
    (Step, {"verb": "flip_hero_tokens_chosen", "side": "calm"}, "'flip_hero_tokens_chosen'"),
])
def test_a_misused_watch_word_is_an_error_naming_it(model: type, doc: dict, words: str) -> None:
    with pytest.raises(ValidationError) as e:
        model.model_validate(doc)
    assert words in str(e.value)


def test_a_misused_word_in_a_card_names_the_field() -> None:
    with pytest.raises(ValidationError) as e:
        Card.model_validate({"name": "Bad", "kind": "ongoing", "triggers": [
            {"when": "end_of_turn", "your_turn": True, "effect": []}]})
    assert "triggers.0" in str(e.value) and "your_turn" in str(e.value)


# ----- the original hero that carries every word ----------------------------------------
WATCH_WHENS = {"would_be_dealt_damage", "would_draw", "tokens_flipped", "mission_completed",
               "hero_enters_zone", "scion_enters_play"}


def test_sentry_tide_uses_every_watch_word() -> None:
    from multiverse.sentinels.content import default_sentinels_pack, validate_sentinels_path

    pack = validate_sentinels_path(default_sentinels_pack())
    tide = next(h for h in pack.heroes if h.id == "sentry-tide")
    assert tide.original and sum(c.copies for c in tide.cards) == 40
    trs = [tr for c in tide.cards for tr in c.triggers]
    steps = [st for c in tide.cards for fx in (c.play, *(tr.effect for tr in c.triggers)) for st in fx]
    steps += [d for st in steps for d in st.do]
    assert {tr.when for tr in trs} >= WATCH_WHENS
    assert all(any(getattr(tr, k) for tr in trs) for k in ("by", "once_per_turn", "your_turn", "optional"))
    assert any(tr.react_to == "source" for tr in trs)
    assert {"skip_phase", "flip_hero_tokens_chosen"} <= {st.verb for st in steps}
    assert any(st.target.other_than for st in steps)
    assert any(m.by for c in tide.cards for m in c.modifiers)
    assert any(st.cond and st.cond.test == "damage_taken_this_turn_at_least" and st.cond.of for st in steps)


@pytest.mark.parametrize("mode_name", ["sentinels", "oblivaeon"])
def test_sentry_tide_plays_to_the_end_with_the_invariants(mode_name: str) -> None:
    import random

    from multiverse import modes

    mode = modes.get(mode_name)
    for seed in range(3):
        s = mode.new_game(mode.make_config("sentry-tide,luminary,lifeline"), seed=seed)
        rnd = random.Random(seed)
        for _ in range(6000):
            d = s.decision()
            if s.result is not None or d is None:
                break
            mode.check_invariants(s)
            s.apply(rnd.choice(d.options).id)
        assert s.result is not None and "round" not in s.reason


def test_the_cookbook_entries_validate_as_cards() -> None:
    import re

    import yaml

    doc = (Path(__file__).parents[2] / "docs" / "sentinels-content.md").read_text(encoding="utf-8")
    section = doc.split("## Cookbook: reactions, replacements and watchers", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```yaml\n(.*?)```", section, re.S)
    assert len(blocks) >= 15
    for b in blocks:
        Card.model_validate(yaml.safe_load(b))


@pytest.mark.rule("SOTM-14")
def test_a_modifier_reads_the_kind_of_the_damages_source(tmp_path: Path) -> None:
    hood = {"name": "Storm Hood", "kind": "ongoing", "modifiers": [
        {"kind": "immune", "applies_to": "hero", "by": "environment"}]}
    gust = {"name": "Gust", "kind": "one-shot", "play": [dmg(2, EACH_HERO, source="this")]}
    s = load(tmp_path, {"heroes": [{"id": "alpha", "play": ["Storm Hood"]}, "beta", "gamma"],
                        "villain": {"deck": ["Lull"]}, "environment": {"deck": ["Gust"]},
                        "turn": {"whose": "environment", "phase": "start"}},
             heroes=[hero("alpha", cards=[hood])], environment_=environment([gust]))
    assert [hp(s, h) for h in ("alpha", "beta", "gamma")] == [20, 20, 20]  # the environment's: none
    assert "prevented: immune (Storm Hood)" in [m for e in s.take_events() if e.kind == "damage"
                                               for m in e.data["modifiers"]]
    s = villain_turn(tmp_path / "b", [hood], ["Storm Hood"], [HEX], ["Hex"])
    assert [hp(s, h) for h in ("alpha", "beta", "gamma")] == [19, 19, 19]  # the villain's: dealt


def test_a_modifier_that_cannot_read_a_source_refuses_by() -> None:
    from multiverse.content.sentinels_schema import Modifier

    with pytest.raises(ValidationError, match="by: a 'redirect_to_this' modifier"):
        Modifier.model_validate({"kind": "redirect_to_this", "by": "villain"})


def test_a_pack_with_a_misused_watch_word_names_the_file_and_the_place(tmp_path: Path) -> None:
    from multiverse.engine.errors import ContentError
    from multiverse.sentinels.content import validate_sentinels_path

    from .support import write_pack

    bad = ongoing("Bad Timing", {"when": "deals_damage", "by": "hero", "effect": []})
    path = write_pack(tmp_path, heroes=[hero("alpha", cards=[bad])])
    with pytest.raises(ContentError) as e:
        validate_sentinels_path(path)
    text = str(e.value)
    assert "pack.yaml" in text and "triggers" in text and "by: a trigger on 'deals_damage'" in text

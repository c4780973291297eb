"""Words of choice and of an earlier step's result (issue 19, items 3, 4 and 9): "choose
one", "you may X; if you do, Y", results remembered for later steps ("that target", "if a
target is destroyed this way", "the damage dealt this way"), a cap on the damage a step
deals, a hero incapacitated outright, a card entering another play area, and a number
printed on another card changed by a modifier."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from multiverse.content.sentinels_schema import Card, Modifier, Step
from multiverse.sentinels.game import from_json, to_json
from multiverse.sentinels.state import Z_HAND, Z_PLAY, Z_TRASH, SentinelsState

from .support import card, char, dmg, hero, hp, load, names, villain

VC = {"group": "villain_character"}
ONE_VILLAIN = {"group": "villain", "pick": "one"}


def _play(s: SentinelsState, name: str, who: str = "alpha") -> None:
    s.apply(f"play:{card(s, name, who, Z_HAND)}")


def _alpha(*cards: dict, **kw: object) -> dict:
    return hero("alpha", cards=list(cards), **kw)


def _pos(hand: list[str], deck: list[str] | None = None, **kw: object) -> dict:
    return {"heroes": [{"id": "alpha", "hand": hand, "deck": deck or ["Gem"] * 3, **kw}, "beta",
                       "gamma"], "turn": {"whose": "alpha", "phase": "play"}}


GEM = {"name": "Gem", "kind": "one-shot", "copies": 5}
TOTEMS = villain(cards=[{"name": "Totem", "kind": "device", "hp": 2},
                        {"name": "Wall", "kind": "device", "hp": 6}])


def _with_totems(position: dict) -> dict:
    return {**position, "villain": {"play": ["Totem", "Wall"]}}


# ----- choose one ------------------------------------------------------------------------
FORK = {"name": "Fork", "kind": "one-shot", "play": [{"verb": "choose_one", "prompt": "pick", "options": [
    {"label": "Strike", "steps": [dmg(3, VC)]},
    {"label": "Study", "steps": [{"verb": "draw", "amount": 2}]},
    {"label": "Shed", "steps": [{"verb": "discard", "amount": 1}]}]}]}


@pytest.mark.rule("SOTM-8")
def test_choose_one_offers_each_option_by_its_label_and_resolves_the_chosen(tmp_path: Path) -> None:
    s = load(tmp_path, _pos(["Fork", "Gem"]), heroes=[_alpha(FORK, GEM)])
    _play(s, "Fork")
    d = s.decision()
    assert d.kind == "choose_one" and d.prompt == "Fork: pick"
    assert [(o.id, o.label) for o in d.options] == [
        ("option:0", "Strike"), ("option:1", "Study"), ("option:2", "Shed")]
    s.apply("option:1")
    assert len(s.hand[0]) == 3 and hp(s, "villain") == 30


@pytest.mark.rule("SOTM-8")
def test_choose_one_leaves_out_an_option_that_cannot_act(tmp_path: Path) -> None:
    s = load(tmp_path, _pos(["Fork"]), heroes=[_alpha(FORK, GEM)])
    _play(s, "Fork")  # an empty hand: nothing to discard
    assert s.decision().ids() == ["option:0", "option:1"]
    s.apply("option:0")
    assert hp(s, "villain") == 27


# ----- "you may X; if you do, Y" --------------------------------------------------------------
TRADE = {"name": "Trade", "kind": "one-shot", "play": [{
    "verb": "may", "prompt": "Discard a card to draw 2?", "if_done": "paid",
    "do": [{"verb": "discard", "amount": 1, "remember": "paid"}],
    "then": [{"verb": "draw", "amount": 2}]}]}


@pytest.mark.rule("SOTM-11")
def test_if_you_do_follows_once_the_cost_is_paid(tmp_path: Path) -> None:
    s = load(tmp_path, _pos(["Trade", "Gem"]), heroes=[_alpha(TRADE, GEM)])
    _play(s, "Trade")
    s.apply("yes")  # (one card in hand: the discard is forced)
    assert names(s, "trash", "alpha") == ["Gem", "Trade"] and names(s, "hand", "alpha") == ["Gem", "Gem"]


@pytest.mark.rule("SOTM-11")
def test_if_you_do_does_not_follow_when_the_cost_cannot_be_paid(tmp_path: Path) -> None:
    s = load(tmp_path, _pos(["Trade"]), heroes=[_alpha(TRADE, GEM)])
    _play(s, "Trade")
    s.apply("yes")
    assert names(s, "hand", "alpha") == [] and names(s, "trash", "alpha") == ["Trade"]


# ----- remembered results -------------------------------------------------------------------
SHATTER = {"name": "Shatter", "kind": "one-shot", "play": [
    dmg(3, ONE_VILLAIN, remember="hit"),
    {"verb": "if", "cond": {"test": "destroyed_this_way", "memory": "hit"},
     "do": [{"verb": "draw", "amount": 1}]}]}


@pytest.mark.rule("SOTM-16")
@pytest.mark.parametrize(("target", "drawn"), [("Totem", 1), ("Wall", 0)])
def test_if_a_target_is_destroyed_this_way(tmp_path: Path, target: str, drawn: int) -> None:
    s = load(tmp_path, _with_totems(_pos(["Shatter"])), heroes=[_alpha(SHATTER, GEM)],
             villain_=TOTEMS)
    _play(s, "Shatter")
    s.apply(f"card:{card(s, target, 'villain')}")
    assert len(s.hand[0]) == drawn
    assert (target in names(s, "trash", "villain")) == (drawn == 1)


LEECH = {"name": "Leech", "kind": "one-shot", "play": [
    dmg(3, VC, remember="hit"),
    {"verb": "heal", "amount": 1, "amount_from": "damage_dealt_this_way", "memory": "hit",
     "target": {"group": "this_hero"}}]}
FRAIL = villain(modifiers=[{"kind": "increase_taken", "amount": 2, "applies_to": "this"}])


@pytest.mark.rule("SOTM-14")
def test_the_damage_dealt_this_way_is_the_amount_after_modifiers(tmp_path: Path) -> None:
    s = load(tmp_path, {**_pos(["Leech"], hp=10)}, heroes=[_alpha(LEECH, GEM)], villain_=FRAIL)
    _play(s, "Leech")
    assert hp(s, "villain") == 25 and hp(s, "alpha") == 15


ECHO = {"name": "Echo", "kind": "one-shot", "play": [
    dmg(2, ONE_VILLAIN, remember="first"),
    dmg(1, {"group": "remembered", "memory": "first", "pick": "each"}, type="fire")]}


@pytest.mark.rule("SOTM-16")
def test_that_target_in_a_later_step_is_the_one_chosen_before(tmp_path: Path) -> None:
    s = load(tmp_path, _with_totems(_pos(["Echo"])), heroes=[_alpha(ECHO, GEM)], villain_=TOTEMS)
    _play(s, "Echo")
    s.apply(f"card:{card(s, 'Wall', 'villain')}")
    assert hp(s, "villain", "Wall") == 3 and hp(s, "villain", "Totem") == 2 and hp(s, "villain") == 30


@pytest.mark.rule("SOTM-16")
def test_a_remembered_result_survives_a_clone_and_the_json_mid_effect(tmp_path: Path) -> None:
    twice = {"name": "Twice", "kind": "one-shot", "play": [
        dmg(2, ONE_VILLAIN, remember="first"),
        {"verb": "may", "prompt": "Again?", "do": [
            dmg(2, {"group": "remembered", "memory": "first", "pick": "each"})]}]}
    s = load(tmp_path, _with_totems(_pos(["Twice"])), heroes=[_alpha(twice, GEM)], villain_=TOTEMS)
    _play(s, "Twice")
    s.apply(f"card:{card(s, 'Wall', 'villain')}")
    assert s.decision().kind == "may"
    memo = [f for f in s.stack if f[0] == "memo"]
    assert memo == [("memo", "first", card(s, "Twice", "alpha", None), card(s, "Wall", "villain"),
                     2, 1, s.seq[card(s, "Wall", "villain")], 0)]
    again = from_json(json.loads(to_json(s)))
    for other in (s.clone(), again):
        assert other.state_hash() == s.state_hash()
        other.apply("yes")
        assert hp(other, "villain", "Wall") == 2
    s.apply("yes")
    assert hp(s, "villain", "Wall") == 2 and not [f for f in s.stack if f[0] == "memo"]


# ----- a cap on the damage of one step --------------------------------------------------------
@pytest.mark.rule("SOTM-14")
def test_a_capped_step_deals_no_more_than_its_cap_after_increases(tmp_path: Path) -> None:
    burst = {"name": "Burst", "kind": "one-shot", "play": [dmg(2, VC, at_most=3)]}
    s = load(tmp_path, _pos(["Burst"]), heroes=[_alpha(burst, GEM)], villain_=FRAIL)
    _play(s, "Burst")
    assert hp(s, "villain") == 27  # 2 + 2 = 4, capped at 3


# ----- a hero incapacitated outright ----------------------------------------------------------
@pytest.mark.rule("SOTM-17")
def test_a_hero_incapacitated_outright_at_full_hp(tmp_path: Path) -> None:
    doom = {"name": "Last Stand", "kind": "one-shot", "play": [
        dmg(4, VC), {"verb": "incapacitate", "target": {"group": "this_hero"}}]}
    s = load(tmp_path, _pos(["Last Stand", "Gem"]), heroes=[_alpha(doom, GEM)])
    _play(s, "Last Stand")
    a = char(s, "alpha")
    assert s.incap[0] == 1 and s.face[a] == 1 and not s.is_target(a) and hp(s, "villain") == 26
    assert names(s, "play", "alpha") == ["Alpha"] and s.result is None


# ----- another play area ---------------------------------------------------------------------
@pytest.mark.rule("SOTM-8")
def test_a_card_put_into_play_in_the_villain_play_area_stays_its_heros(tmp_path: Path) -> None:
    snare = {"name": "Snare", "kind": "ongoing", "keywords": ["trap"]}
    plant = {"name": "Plant", "kind": "one-shot", "play": [
        {"verb": "search", "keyword": "trap", "to": "play", "play_area": "villain"}]}
    s = load(tmp_path, _pos(["Plant"], deck=["Snare", "Gem"]), heroes=[_alpha(plant, snare, GEM)])
    _play(s, "Plant")
    s.apply(f"card:{card(s, 'Snare', 'alpha', None)}")
    c = card(s, "Snare", "alpha")
    assert s.zone[c] == Z_PLAY and names(s, "play", "villain") == ["The Overlord", "Snare"]
    assert s.hero_of(c) == 0
    from multiverse.sentinels.damage import destroy

    destroy(s, c)
    assert s.zone[c] == Z_TRASH and names(s, "trash", "alpha")[-1] == "Snare"


@pytest.mark.rule("SOTM-8")
def test_a_card_put_into_play_in_another_heros_play_area_is_the_players_choice(tmp_path: Path) -> None:
    gift = {"name": "Gift", "kind": "equipment", "keywords": ["gift"]}
    give = {"name": "Give", "kind": "one-shot", "play": [
        {"verb": "search", "keyword": "gift", "to": "play", "play_area": "another_hero"}]}
    s = load(tmp_path, _pos(["Give"], deck=["Gift", "Gem"]), heroes=[_alpha(give, gift, GEM)])
    _play(s, "Give")
    s.apply(f"card:{card(s, 'Gift', 'alpha', None)}")
    assert s.decision().kind == "play_area" and s.decision().ids() == ["hero:1", "hero:2"]
    s.apply("hero:2")
    assert names(s, "play", "gamma") == ["Gamma", "Gift"]


# ----- a number printed on another card ------------------------------------------------------------
@pytest.mark.rule("SOTM-14")
def test_a_modifier_changes_the_number_printed_on_another_cards_text(tmp_path: Path) -> None:
    lens = {"name": "Lens", "kind": "ongoing", "modifiers": [{
        "kind": "increase_printed", "printed_verb": "damage", "amount": 2,
        "applies_to": "hero", "keyword": "gadget"}]}
    zap = {"name": "Zap", "kind": "one-shot", "keywords": ["gadget"], "play": [dmg(1, VC)]}
    jab = {"name": "Jab", "kind": "one-shot", "play": [dmg(1, VC)]}
    s = load(tmp_path, {**_pos(["Zap", "Jab"], play=["Lens"])}, heroes=[_alpha(lens, zap, jab, GEM)])
    _play(s, "Zap")
    assert hp(s, "villain") == 27  # 1 printed, +2
    s2 = load(tmp_path / "b", _pos(["Jab"], play=["Lens"]), heroes=[_alpha(lens, zap, jab, GEM)])
    _play(s2, "Jab")
    assert hp(s2, "villain") == 29  # not a gadget: as printed


# ----- misuse -------------------------------------------------------------------------------
@pytest.mark.parametrize(("doc", "words"), [
    ({"verb": "choose_one", "options": [{"label": "a", "steps": [{"verb": "draw"}]}]}, "two or more"),
    ({"verb": "draw", "options": [{"label": "a", "steps": [{"verb": "draw"}]},
                                  {"label": "b", "steps": [{"verb": "draw"}]}]}, "belong to verb 'choose_one'"),
    ({"verb": "draw", "remember": "x"}, "no result to remember"),
    ({"verb": "may", "if_done": "paid", "do": [{"verb": "discard"}]}, "no step of 'do' remembers 'paid'"),
    ({"verb": "draw", "if_done": "paid"}, "belongs to verb 'may'"),
    ({"verb": "heal", "at_most": 2}, "caps the damage"),
    ({"verb": "draw", "play_area": "villain"}, "'play_area'"),
    ({"verb": "incapacitate", "target": {"group": "villain"}}, "selects heroes"),
    ({"verb": "damage", "target": {"group": "remembered"}}, "group 'remembered' and 'memory'"),
    ({"verb": "heal", "amount_from": "damage_dealt_this_way"}, "'memory' go"),
    ({"verb": "forget"}, "compiled, never written"),
])
def test_a_misused_word_is_an_error_naming_it(doc: dict, words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        Step.model_validate(doc)


def test_a_memory_read_before_it_is_remembered_is_an_error() -> None:
    with pytest.raises(ValidationError, match="no earlier step of this effect remembers"):
        Card.model_validate({"name": "Oops", "kind": "one-shot", "play": [
            {"verb": "if", "cond": {"test": "destroyed_this_way", "memory": "hit"}},
            dmg(1, VC, remember="hit")]})


def test_a_printed_modifier_names_the_steps_it_changes() -> None:
    with pytest.raises(ValidationError, match="needs 'printed_verb'"):
        Modifier.model_validate({"kind": "increase_printed"})
    with pytest.raises(ValidationError, match="'printed_verb' belongs"):
        Modifier.model_validate({"kind": "immune", "printed_verb": "damage"})
    with pytest.raises(ValidationError, match="applies_to 'remembered'"):
        Modifier.model_validate({"kind": "immune", "applies_to": "remembered"})


# ----- the cookbook and the original hero ------------------------------------------------------
def test_every_cookbook_card_of_choices_and_results_validates() -> None:
    import re

    import yaml

    doc = (Path(__file__).parents[2] / "docs" / "sentinels-content.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Cookbook: choices and results"):]
    section = section[:section.index("\n## ", 5)]
    blocks = re.findall(r"```yaml\n(.*?)```", section, re.S)
    assert len(blocks) == 12
    for block in blocks:
        Card.model_validate(yaml.safe_load(block))


def _crossroads_words() -> set[str]:
    from multiverse.content.sentinels_schema import _all_steps
    from multiverse.sentinels.content import load_sentinels_content

    content = load_sentinels_content()
    h = next(x for x in content.heroes if x.id == "the-crossroads")
    assert h.original and sum(c.copies for c in h.cards) == 40
    one = content.model_copy(update={"heroes": [h], "villains": [], "environments": [],
                                     "scions": [], "oblivaeon": None})
    words: set[str] = set()
    for st in _all_steps(one):  # type: ignore[arg-type]
        words.add(st.verb)
        words.update(k for k in ("remember", "if_done", "at_most", "play_area") if getattr(st, k))
        if st.target.group == "remembered":
            words.add("remembered")
        if st.cond is not None:
            words.add(st.cond.test)
        if st.amount_from:
            words.add(st.amount_from)
    words.update(m.kind for c in h.cards for m in c.modifiers)
    return words


def test_crossroads_uses_every_word_of_choices_and_results() -> None:
    assert _crossroads_words() >= {
        "choose_one", "if_done", "remember", "remembered", "destroyed_this_way", "done_this_way",
        "damage_dealt_this_way", "at_most", "play_area", "incapacitate", "increase_printed"}


@pytest.mark.parametrize("mode_name", ["sentinels", "oblivaeon"])
def test_a_random_game_with_crossroads_seated_ends_by_the_rules(mode_name: str) -> None:
    import random

    from multiverse import modes

    mode = modes.get(mode_name)
    for seed in range(2):
        s = mode.new_game(mode.make_config("the-crossroads,luminary,lifeline"), seed=seed)
        rnd = random.Random(seed)
        for _ in range(5000):
            if s.result is not None:
                break
            mode.check_invariants(s)
            s.apply(rnd.choice(s.decision().options).id)
        assert s.result in ("win", "loss") and s.round < s.T.config.max_rounds


@pytest.mark.rule("SOTM-17")
def test_an_incapacitated_heros_card_in_another_play_area_leaves_play(tmp_path: Path) -> None:
    post = {"name": "Post", "kind": "ongoing", "keywords": ["post"]}
    plant = {"name": "Plant", "kind": "one-shot", "play": [
        {"verb": "search", "keyword": "post", "to": "play", "play_area": "villain"}]}
    s = load(tmp_path, _pos(["Plant"], deck=["Post", "Gem"]), heroes=[_alpha(plant, post, GEM)])
    _play(s, "Plant")
    s.apply(f"card:{card(s, 'Post', 'alpha', None)}")
    from multiverse.sentinels.damage import incapacitate

    incapacitate(s, 0)
    assert names(s, "play", "villain") == ["The Overlord"] and "Post" in names(s, "trash", "alpha")


def test_a_misused_word_in_a_pack_names_the_file_and_the_place(tmp_path: Path) -> None:
    from multiverse.engine.errors import ContentError
    from multiverse.sentinels.content import validate_sentinels_path

    from .support import write_pack

    bad = {"name": "Bad Fork", "kind": "one-shot", "play": [
        {"verb": "choose_one", "options": [{"label": "only", "steps": [{"verb": "draw"}]}]}]}
    path = write_pack(tmp_path, heroes=[_alpha(bad)])
    with pytest.raises(ContentError) as err:
        validate_sentinels_path(path)
    assert str(err.value) == (f"{path}: heroes[0].cards[0].play[0]: verb 'choose_one' needs "
                              "'options': two or more `{label: ..., steps: [...]}`")

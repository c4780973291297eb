"""MU-3, MU-4, MU-9: the Villain and hero components as data; what DFP uses instead of
the standard game's Missions and Villain-first turn."""

from __future__ import annotations

import shutil

import pytest
import yaml
from mu_support import names

from multiverse import ContentError, new_game
from multiverse.content.loader import default_pack_path, load_content
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import tables

FOUR = ("logan", "kitty-pryde", "storm", "bishop")


# ----- MU-3: the Villain's dashboard, 12 Master Plan cards, 6 Threats ---------------------------


@pytest.mark.rule("MU-3")
def test_nimrod_dashboard_health_per_hero_count():
    hp = {n: tables(UnitedConfig(heroes=FOUR[:n])).nimrod_health for n in (2, 3, 4)}
    assert hp == {2: 8, 3: 10, 4: 12}
    assert tables(UnitedConfig(heroes=FOUR[:3], solo=True)).nimrod_health == 10


@pytest.mark.rule("MU-3")
def test_master_plan_deck_has_twelve_cards_and_six_threats():
    t = tables(UnitedConfig())
    assert len(t.mp_cards) == 12
    assert len(t.threat_name) == 6
    s = new_game(UnitedConfig(), seed=0)
    assert sorted(s.mp_deck) == sorted(t.mp_cards)  # set aside whole (DFP-S7)
    counts = {}
    for c in t.mp_cards:
        counts[t.card_name[c]] = counts.get(t.card_name[c], 0) + 1
    assert counts == {
        "Cold Survey of the Ruins": 1, "Sweep the Avenues": 1,
        "Hunt the Strongest Signal": 3, "Round Up the Survivors": 3,
        "Adaptive Self-Repair": 2, "Escalation Cascade": 2,
    }


@pytest.mark.rule("MU-3")
def test_dashboard_bam_overflow_and_plot_track_are_data():
    t = tables(UnitedConfig())
    assert (t.bam_damage, t.bonus_yellow, t.bonus_red) == (1, 1, 2)
    assert (t.yellow, t.red) == (5, 10)
    assert t.overflow_track == 1
    assert t.track_max == 15  # the Villainous Plot's losing threshold
    d = load_content(None).dofp.dashboard
    assert d.gray_text and d.blue_text and d.pink_text


@pytest.mark.rule("MU-3")
def test_plot_threshold_is_configurable():
    t = tables(UnitedConfig(track_max=9))
    assert t.track_max == 9


@pytest.mark.rule("MU-3")
def test_master_plan_deck_must_hold_twelve(tmp_path):
    dest = tmp_path / "pack"
    shutil.copytree(default_pack_path(), dest)
    f = dest / "dofp.yaml"
    doc = yaml.safe_load(f.read_text(encoding="utf-8"))
    doc["dofp"]["master_plan"][0]["copies"] = 2
    f.write_text(yaml.safe_dump(doc), encoding="utf-8")
    with pytest.raises(ContentError, match="exactly 12"):
        load_content(dest)


# ----- MU-4: hero decks -------------------------------------------------------------------------


@pytest.mark.rule("MU-4")
@pytest.mark.parametrize("hero", ["logan", "kitty-pryde", "storm", "bishop", "blink"])
def test_hero_deck_has_twelve_cards_with_zero_to_three_symbols(hero):
    h = next(x for x in load_content(None).heroes if x.id == hero)
    assert sum(c.copies for c in h.cards) == 12
    assert all(0 <= len(c.symbols) <= 3 for c in h.cards)
    assert all(set(c.symbols) <= {"move", "attack", "heroic", "wild"} for c in h.cards)
    single = [c for c in h.cards if c.symbols == ["wild"]]
    double = [c for c in h.cards if c.symbols == ["wild", "wild"]]
    assert sum(c.copies for c in single) == 1 and sum(c.copies for c in double) == 1
    assert any(c.effect for c in h.cards)  # some cards have a Special Effect
    assert any(not c.symbols for c in h.cards)  # and a card may show no symbol at all


@pytest.mark.rule("MU-4")
def test_hero_cards_become_twelve_ids_with_symbol_counts():
    t = tables(UnitedConfig(heroes=("logan", "storm")))
    assert [len(x) for x in t.hero_cards] == [12, 12]
    by_name = {t.card_name[c]: t.card_sym[c] for c in t.hero_cards[0]}
    assert by_name["Unbreakable Skeleton"] == (0, 0, 0, 2)
    assert by_name["Last Stand in the Rubble"] == (0, 2, 1, 0)
    assert by_name["Through the Plating"] == (0, 0, 0, 0)


def _hero_pack(tmp_path, edit):
    dest = tmp_path / "pack"
    shutil.copytree(default_pack_path(), dest)
    f = dest / "heroes" / "logan.yaml"
    doc = yaml.safe_load(f.read_text(encoding="utf-8"))
    edit(doc["heroes"][0]["cards"])
    f.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return dest


@pytest.mark.rule("MU-4")
def test_a_deck_of_sixteen_is_rejected(tmp_path):
    def edit(cards):
        cards[0]["copies"] = cards[0].get("copies", 1) + 4
    with pytest.raises(ContentError, match=r"has 16 cards; a hero deck has 12 \(MU-4\) to 15"):
        load_content(_hero_pack(tmp_path, edit))


@pytest.mark.rule("MU-4")
def test_a_card_with_four_symbols_is_rejected(tmp_path):
    def edit(cards):
        cards[-1]["symbols"] = ["wild", "wild", "attack", "move"]
    with pytest.raises(ContentError):
        load_content(_hero_pack(tmp_path, edit))


# ----- MU-9 (replaced in DFP): no Missions, the heroes take the first turn ----------------------


@pytest.mark.rule("MU-9")
@pytest.mark.parametrize("seed", [0, 7])
def test_dfp_heroes_take_the_first_turn(seed):
    s = new_game(UnitedConfig(), seed=seed, log=True)
    d = s.decision()
    assert d.kind == "play_card" and d.seat == 0 and s.active == 0
    assert s.story == []  # no Master Plan card before the first hero turn
    assert len(s.mp_deck) == 12 and s.n_loc == -1
    assert "master_plan" not in [e.kind for e in s.log]


@pytest.mark.rule("MU-9")
def test_dfp_uses_no_missions():
    c = load_content(None)
    assert "missions" not in type(c.dofp).model_fields
    assert UnitedConfig().mode == "dofp"
    s = new_game(UnitedConfig(), seed=1)
    assert not any("mission" in f for f in s.DATA)


@pytest.mark.rule("MU-9")
def test_first_villain_card_only_when_nimrod_enters():
    s = new_game(UnitedConfig(villain_start=0, tie_break="clockwise"), seed=2)
    for _ in range(6):  # two rounds of hero turns, Sentinels only
        d = s.decision()
        while d.kind != "play_card":
            ids = d.ids()
            s.apply("end" if "end" in ids else ("effect" if "effect" in ids else ids[0]))
            d = s.decision()
        s.apply(d.ids()[0])
    assert all(n != "Cold Survey of the Ruins" for n in names(s, s.story))
    assert len(s.mp_deck) == 12

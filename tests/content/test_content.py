"""Content as data: the default pack, loader error reports, JSON Schema export."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from multiverse.content.jsonschema import SCHEMA_PATH, export_schema, write_schema
from multiverse.content.loader import default_pack_path, load_content, validate_path
from multiverse.engine.errors import ContentError

# ---------------------------------------------------------------- the default pack


# original heroes whose 12 cards show the owner's words of issue 20 (docs/content.md)
WORD_HEROES = frozenset({"vigil-marrow", "tinker-hollis", "ledger-voss", "quill-ashby"})


@pytest.mark.rule("DFP-K1")
def test_default_pack_holds_every_component():
    c = load_content()
    assert c.pack == "default"
    assert c.original is True
    assert len(c.locations) >= 8
    assert sum(1 for loc in c.locations if loc.mandatory) in (1, 2)
    for loc in c.locations:
        assert 3 <= loc.slots <= 5 and len(loc.start) <= loc.slots and loc.effect

    assert len(c.heroes) >= 5
    assert {"logan", "kitty-pryde", "storm", "bishop", "blink"} <= {h.id for h in c.heroes}
    for h in c.heroes:  # every hero deck has 12 cards (MU-4)
        assert sum(card.copies for card in h.cards) == 12, h.id
    # the heroes made to play like printed decks (MU-4: one single- and one double-Wild
    # card); the heroes that show the owner's words (issue 20) spend their cards on them
    for h in (h for h in c.heroes if h.id not in WORD_HEROES):
        single = [x for x in h.cards if x.symbols == ["wild"]]
        double = [x for x in h.cards if x.symbols == ["wild", "wild"]]
        assert [x.copies for x in single] == [1], h.id
        assert [x.copies for x in double] == [1], h.id
        assert sum(x.copies for x in h.cards if "wild" in x.symbols) == 2, h.id
        symbols = sum(len(x.symbols) * x.copies for x in h.cards)
        assert 16 <= symbols <= 20, (h.id, symbols)
        assert 2 <= sum(x.copies for x in h.cards if x.effect) <= 4, h.id

    d = c.dofp
    assert d is not None
    assert len(d.threats) == 6
    assert len({t.id for t in d.threats}) == 6
    for tag in ("sentinel_production", "data_analyzer", "mutant_detection"):
        assert sum(1 for t in d.threats if tag in t.tags) == 2, tag
    for t in d.threats:
        assert 3 <= len(t.cost) <= 4
        assert [(e.verb, e.amount) for e in t.on_clear] == [("lower_track", 1)]
        assert t.damage_bonus_here == (1 if "mutant_detection" in t.tags else 0)
    assert sum(card.copies for card in d.master_plan) == 12
    assert [s.id for s in d.sentinels] == ["I", "II", "III"]
    assert [s.challenge_task for s in d.sentinels] == ["gain_health", "flip_facedown", "grab"]
    assert all(s.challenge_health == 6 for s in d.sentinels)
    assert len(d.protocol_cards) == 4

    dash = d.dashboard
    assert [dash.nimrod_health.for_heroes(n) for n in (2, 3, 4)] == [8, 10, 12]
    assert [dash.sentinel_health.for_heroes(n) for n in (2, 3, 4)] == [4, 4, 5]
    assert (dash.track_max, dash.bands.yellow, dash.bands.red) == (15, 5, 10)
    assert (dash.bam_damage, dash.band_bonus_yellow, dash.band_bonus_red) == (1, 1, 2)
    assert (dash.ko_track, dash.ko_track_per_data_analyzer, dash.overflow_track) == (1, 1, 1)
    assert dash.nimrod_retreat_at == 4
    assert dash.blue_text and dash.gray_text and dash.pink_text
    p = d.protocol
    assert (p.move, p.add, p.damage, p.production) == ("move", "heroic", "attack", "wild")


@pytest.mark.rule("DFP-K1")
def test_master_plan_deck_matches_the_rules_file():
    plan = load_content().dofp.master_plan
    seen = sorted(
        (
            c.copies,
            str(c.move),
            c.bam,
            tuple((e.verb, e.amount) for e in c.effect),
            tuple(c.tokens),
        )
        for c in plan
    )
    assert seen == sorted(
        [
            (1, "0", False, (), ("CC", "C", "CC")),
            (1, "3", False, (), ("CC", "C", "CC")),
            (3, "toward_most_cards", True, (), ("TT", "T", "TT")),
            (3, "toward_most_cards", True, (), ("CC", "C", "CC")),
            (2, "3", True, (("villain_recover_per_hero", 1),), ("", "", "")),
            (2, "0", False, (("raise_track", 2), ("bam", 1)), ("", "", "")),
        ]
    )


def test_validate_path_equals_load_content():
    assert validate_path(default_pack_path()) == load_content(default_pack_path())


# ---------------------------------------------------------------- broken content


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """A writable copy of the default pack."""
    dst = tmp_path / "pack"
    shutil.copytree(default_pack_path(), dst)
    return dst


def _edit(path: Path, change) -> None:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")


def _problems(path: Path) -> str:
    with pytest.raises(ContentError) as info:
        validate_path(path)
    return str(info.value)


def test_bad_yaml_syntax_names_file_and_line(pack: Path):
    bad = pack / "heroes" / "storm.yaml"
    bad.write_text("heroes:\n  - id: storm\n    name: [unclosed\n", encoding="utf-8")
    msg = _problems(pack)
    assert f"{bad}: " in msg
    assert "not valid YAML" in msg
    assert "line 3, column 11" in msg


def test_bad_json_syntax_names_file_and_line(tmp_path: Path):
    bad = tmp_path / "pack.json"
    bad.write_text('{"pack": "x",\n "label": }', encoding="utf-8")
    msg = _problems(bad)
    assert f"{bad}: line 2, column" in msg and "not valid JSON" in msg


def test_hero_with_eleven_cards(pack: Path):
    f = pack / "heroes" / "logan.yaml"
    _edit(f, lambda d: d["heroes"][0]["cards"].pop())
    msg = _problems(pack)
    assert f"{f}: heroes[0]: cards: " in msg
    assert "has 11 cards" in msg and "a hero deck has 12 (MU-4) to 15" in msg


def test_unknown_symbol(pack: Path):
    f = pack / "heroes" / "logan.yaml"
    _edit(f, lambda d: d["heroes"][0]["cards"][2].__setitem__("symbols", ["punch"]))
    msg = _problems(pack)
    assert f"{f}: heroes[0].cards[2].symbols[0]: " in msg
    assert "'punch'" in msg


def test_location_with_seven_slots(pack: Path):
    f = pack / "locations.yaml"
    _edit(f, lambda d: d["locations"][3].__setitem__("slots", 7))
    msg = _problems(pack)
    assert f"{f}: locations[3].slots: " in msg
    assert "less than or equal to 5" in msg


def test_threat_with_unknown_tag(pack: Path):
    f = pack / "dofp.yaml"
    _edit(f, lambda d: d["dofp"]["threats"][1].__setitem__("tags", ["mind_control"]))
    msg = _problems(pack)
    assert f"{f}: dofp.threats[1].tags[0]: " in msg
    assert "'mind_control'" in msg


def test_unknown_field(pack: Path):
    f = pack / "heroes" / "blink.yaml"
    _edit(f, lambda d: d["heroes"][0].__setitem__("power", 3))
    msg = _problems(pack)
    assert f"{f}: heroes[0].power: Extra inputs are not permitted" in msg


def test_unknown_field_in_a_nested_mapping(pack: Path):
    f = pack / "dofp.yaml"
    _edit(f, lambda d: d["dofp"]["dashboard"].__setitem__("bogus", 3))
    assert f"{f}: dofp.dashboard.bogus: Extra inputs are not permitted" in _problems(pack)


def test_union_field_reports_one_place(pack: Path):
    f = pack / "dofp.yaml"
    _edit(f, lambda d: d["dofp"]["master_plan"][0].__setitem__("move", "left"))
    with pytest.raises(ContentError) as info:
        validate_path(pack)
    e = info.value
    assert len(e.problems) == 1
    assert e.problems[0].startswith(f"{f}: dofp.master_plan[0].move: ")
    assert "toward_most_cards" in e.problems[0] and "'left'" in e.problems[0]


def test_errors_from_several_files_are_all_reported(pack: Path):
    logan, loc = pack / "heroes" / "logan.yaml", pack / "locations.yaml"
    _edit(logan, lambda d: d["heroes"][0]["cards"][0].__setitem__("symbols", ["kick"]))
    _edit(loc, lambda d: d["locations"][5].__setitem__("slots", 6))
    with pytest.raises(ContentError) as info:
        validate_path(pack)
    e = info.value
    assert len(e.problems) == 2
    msg = str(e)
    assert f"{logan}: heroes[0].cards[0].symbols[0]: " in msg
    assert f"{loc}: locations[5].slots: " in msg


def test_syntax_errors_from_several_files_are_all_reported(pack: Path):
    a, b = pack / "heroes" / "storm.yaml", pack / "heroes" / "bishop.yaml"
    a.write_text("heroes: [\n", encoding="utf-8")
    b.write_text("heroes:\n  - id: bishop\n   name: x\n", encoding="utf-8")
    with pytest.raises(ContentError) as info:
        validate_path(pack)
    e = info.value
    assert len(e.problems) == 2
    assert any(p.startswith(f"{a}: ") for p in e.problems)
    assert any(p.startswith(f"{b}: ") for p in e.problems)


def test_second_file_elements_are_located_in_their_own_file(pack: Path):
    extra = pack / "more-locations.yaml"
    extra.write_text(
        "locations:\n"
        "  - {id: ok-place, name: Fine Place, slots: 3}\n"
        "  - {id: bad-place, name: Bad Place, slots: 4, start: CX}\n",
        encoding="utf-8",
    )
    msg = _problems(pack)
    assert f"{extra}: locations[1].start: " in msg


def test_top_level_not_a_mapping(tmp_path: Path):
    f = tmp_path / "list.yaml"
    f.write_text("- a\n- b\n", encoding="utf-8")
    assert f"{f}: top level: expected a mapping" in _problems(f)


def test_missing_path_and_empty_folder(tmp_path: Path):
    assert f"{tmp_path / 'nope'}: no such" in _problems(tmp_path / "nope")
    (tmp_path / "empty").mkdir()
    assert "holds no .yaml" in _problems(tmp_path / "empty")


# ---------------------------------------------------------------- JSON Schema


def test_exported_schema_describes_the_pack(tmp_path: Path):
    schema = export_schema()
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert schema["title"]
    assert {"locations", "heroes", "dofp"} <= set(schema["properties"])
    assert {"pack", "locations", "heroes"} <= set(schema["required"])
    out = write_schema(tmp_path / "s" / "united.schema.json")
    assert json.loads(out.read_text(encoding="utf-8")) == schema


def test_shipped_schema_file_is_up_to_date():
    assert json.loads(SCHEMA_PATH.read_text(encoding="utf-8")) == export_schema()


def test_default_pack_validates_against_the_json_schema():
    jsonschema = pytest.importorskip("jsonschema")
    from multiverse.content.loader import merge_documents

    schema = export_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    merged, _ = merge_documents(default_pack_path())
    jsonschema.validate(merged, schema, cls=jsonschema.Draft202012Validator)
    bad = dict(merged, locations=[dict(merged["locations"][0], slots=7), *merged["locations"][1:]])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema, cls=jsonschema.Draft202012Validator)

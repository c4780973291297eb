"""Malformed positions and content packs give typed, one-line errors only (property tests).

Hypothesis feeds both position loaders random mappings, random values in the known fields
of a valid position, random YAML text and random bytes files, and feeds the content
validation random mutations of both default packs (deleted keys, wrong types, random
strings). Only `PositionError` / `ContentError` (both `MultiverseError`s) may come out, and
every problem is one line: "position: PLACE: …" (a file's problems name the file first),
"FILE: PLACE: …" for content. The examples are derandomized so every run tries the same
ones; set BAD_INPUT_EXAMPLES=2000 (say) to search further with fresh random examples.
"""

from __future__ import annotations

import copy
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from multiverse import load_position
from multiverse.cli.content import validate_any
from multiverse.content.loader import default_pack_path, merge_documents
from multiverse.engine.errors import ContentError, PositionError
from multiverse.sentinels.config import SentinelsConfig
from multiverse.sentinels.content import default_sentinels_pack
from multiverse.sentinels.game import new_game as new_sentinels_game
from multiverse.sentinels.position import load_sentinels_position
from multiverse.united import position as united_position
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import new_game

DEEP = int(os.environ.get("BAD_INPUT_EXAMPLES", "0"))
FAST = settings(max_examples=DEEP or 40, derandomize=not DEEP, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
SLOW = settings(FAST, max_examples=DEEP or 15)
DOCS = Path(__file__).resolve().parents[1] / "docs" / "examples"
NET = "the game cannot run on from this position"  # the loaders' last resort: never needed
LINE = re.compile(r"^(\S.*: )?position: [^\n]+$")

# ----- values -----------------------------------------------------------------------------
words = st.sampled_from(["logan", "storm", "I", "II", "nimrod", "move", "wild", "play", "start",
                         "villain", "defeated", "none", "Rusted Claws", "Phase Step", "", " "])
scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 8), st.integers(),
                    st.floats(allow_nan=True), st.text(max_size=12), words)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.one_of(words, st.text(max_size=6)), inner, max_size=4)),
    max_leaves=12)

UNITED_BASE = yaml.safe_load((DOCS / "example1.yaml").read_text(encoding="utf-8"))
SENTINELS_BASE: dict[str, Any] = {
    "seed": 3,
    "heroes": [{"id": "luminary", "hp": 20}, "the-harpy", "lifeline"],
    "villain": {"hp": 30},
    "turn": {"whose": "luminary", "phase": "play"},
}
SENTINELS_FIELDS = ["config", "seed", "heroes", "villain", "environment", "turn"]


def check_position_error(exc: PositionError) -> None:
    """One line per problem, each naming the field; no pydantic dump, no last resort."""
    text = str(exc)
    assert text, "an empty message"
    assert NET not in text, text
    for bad in ("Traceback", "pydantic", "For further information", "errors.pydantic.dev"):
        assert bad not in text, text
    lines = text.split("\n")
    assert all(LINE.match(line) or re.match(r"^\S.*: (not |cannot |a position|nested)", line)
               for line in lines), text


def try_united(doc: Any) -> None:
    try:
        s = load_position(doc)
    except PositionError as exc:
        check_position_error(exc)
        return
    assert s.result is not None or s.decision() is not None


def try_sentinels(doc: Any) -> None:
    try:
        s = load_sentinels_position(doc)
    except PositionError as exc:
        check_position_error(exc)
        return
    assert s.result is not None or s.decision() is not None


def paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place inside a document: mapping keys and list indexes."""
    out = [prefix] if prefix else []
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += paths(v, (*prefix, i))
    return out


def mutate(doc: Any, where: tuple, how: str, value: Any) -> Any:
    """A copy of `doc` with the place `where` deleted or replaced by `value`."""
    doc = copy.deepcopy(doc)
    parent = doc
    for part in where[:-1]:
        parent = parent[part]
    last = where[-1]
    if how == "delete":
        del parent[last]
    else:
        parent[last] = value
    return doc


# ----- positions: random mappings ------------------------------------------------------------
known_united = st.sampled_from(sorted(united_position.KNOWN))
known_sentinels = st.sampled_from(SENTINELS_FIELDS)


@FAST
@given(st.dictionaries(st.one_of(known_united, st.text(max_size=5)), values, max_size=5))
def test_random_mappings_united(doc: dict) -> None:
    try_united(doc)


@FAST
@given(st.dictionaries(st.one_of(known_sentinels, st.text(max_size=5)), values, max_size=4))
def test_random_mappings_sentinels(doc: dict) -> None:
    try_sentinels(doc)


# ----- positions: random values in known fields of a valid position --------------------------
@FAST
@given(st.data())
def test_random_values_in_known_fields_united(data: st.DataObject) -> None:
    doc = copy.deepcopy(UNITED_BASE)
    for _ in range(data.draw(st.integers(1, 2))):
        where = data.draw(st.sampled_from(paths(doc) + [(k,) for k in sorted(united_position.KNOWN)]))
        how = data.draw(st.sampled_from(["delete", "set"]))
        if how == "delete" and not _has(doc, where):
            continue
        doc = mutate(doc, where, how, data.draw(values))
    try_united(doc)


@FAST
@given(st.data())
def test_random_values_in_known_fields_sentinels(data: st.DataObject) -> None:
    doc = copy.deepcopy(SENTINELS_BASE)
    where = data.draw(st.sampled_from(paths(doc) + [(k,) for k in SENTINELS_FIELDS]))
    how = data.draw(st.sampled_from(["delete", "set"]))
    if how == "set" or _has(doc, where):
        doc = mutate(doc, where, how, data.draw(values))
    try_sentinels(doc)


def _has(doc: Any, where: tuple) -> bool:
    for part in where:
        found = isinstance(doc, dict) and part in doc
        found = found or (isinstance(doc, list) and isinstance(part, int) and part < len(doc))
        if found:
            doc = doc[part]
        else:
            return False
    return True


# ----- positions: random files ---------------------------------------------------------------
@FAST
@given(text=st.text(max_size=80), suffix=st.sampled_from([".yaml", ".json"]))
def test_random_text_files(tmp_path_factory: pytest.TempPathFactory, text: str, suffix: str) -> None:
    f = tmp_path_factory.mktemp("pos") / f"p{suffix}"
    f.write_text(text, encoding="utf-8")
    try_united(f)
    try_sentinels(f)


@FAST
@given(blob=st.binary(max_size=60), suffix=st.sampled_from([".yaml", ".json", ".txt"]))
def test_random_bytes_files(tmp_path_factory: pytest.TempPathFactory, blob: bytes, suffix: str) -> None:
    f = tmp_path_factory.mktemp("pos") / f"p{suffix}"
    f.write_bytes(blob)
    try_united(f)
    try_sentinels(f)


@FAST
@given(st.dictionaries(st.one_of(known_united, st.text(max_size=5)), values, max_size=4))
def test_random_yaml_documents_in_files(tmp_path_factory: pytest.TempPathFactory, doc: dict) -> None:
    f = tmp_path_factory.mktemp("pos") / "p.yaml"
    f.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    try_united(f)
    try_sentinels(f)


# ----- content packs: random mutations of the default packs -----------------------------------
UNITED_PACK, _ = merge_documents(default_pack_path())
SENTINELS_PACK, _ = merge_documents(default_sentinels_pack())
PACK_PATHS = {"united": paths(UNITED_PACK), "sentinels": paths(SENTINELS_PACK)}


def check_content_error(exc: ContentError, pack: Path) -> None:
    assert exc.problems, "a ContentError without problems"
    for p in exc.problems:
        assert "\n" not in p and p.startswith(str(pack)), p
        for bad in ("Traceback", "For further information", "errors.pydantic.dev"):
            assert bad not in p, p


def try_pack(tmp: Path, doc: Any, as_yaml: bool) -> None:
    """`content validate` on the document written as one file (YAML, or JSON: faster)."""
    pack = tmp / ("pack.yaml" if as_yaml else "pack.json")
    text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False) if as_yaml else json.dumps(doc)
    pack.write_text(text, encoding="utf-8")
    try:
        game, _content, _how = validate_any(pack, None)
    except ContentError as exc:
        check_content_error(exc, pack)
        return
    try:  # a valid pack also sets up a game of its kind, or says in one line why not
        if game == "united":
            new_game(UnitedConfig(content=str(pack)), seed=1)
        else:
            new_sentinels_game(SentinelsConfig(content=str(pack)), seed=1)
    except ContentError as exc:
        assert exc.problems and all("\n" not in p for p in exc.problems), exc.problems


mutation = st.sampled_from(["delete", "type", "string"])
wrong_types = st.one_of(st.none(), st.booleans(), st.integers(-5, 50),
                        st.floats(allow_nan=False, allow_infinity=False), st.lists(st.integers(), max_size=2),
                        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@pytest.mark.parametrize("game", ["united", "sentinels"])
@SLOW
@given(data=st.data())
def test_mutated_packs(tmp_path_factory: pytest.TempPathFactory, game: str, data: st.DataObject) -> None:
    doc = UNITED_PACK if game == "united" else SENTINELS_PACK
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(PACK_PATHS[game]))
        if not _has(doc, where):
            continue
        how = data.draw(mutation)
        value = {"type": wrong_types, "string": st.text(max_size=10)}.get(how, st.none())
        doc = mutate(doc, where, how, data.draw(value))
    try_pack(tmp_path_factory.mktemp("pack"), doc, as_yaml=game == "united")


# ----- the exact messages ---------------------------------------------------------------------
@pytest.mark.parametrize(("seed", "got"), [("one", "'one'"), (-5, "-5"), (1.5, "1.5"), (True, "True"),
                                           (2**63, "9223372036854775808")])
def test_a_seed_that_is_not_a_whole_number_from_0_to_2_63_is_refused(seed: Any, got: str) -> None:
    want = f"position: seed: expected a whole number from 0 to 9223372036854775807, got {got}"
    for load in (load_position, load_sentinels_position):
        with pytest.raises(PositionError) as err:
            load({"seed": seed})
        assert str(err.value) == want
    assert load_position({"seed": 2**63 - 1}).decision() is not None


def test_a_position_file_that_is_not_utf8(tmp_path: Path) -> None:
    f = tmp_path / "latin1.yaml"
    f.write_bytes("seed: 1\nheroes: [logan, storm]  # café\n".encode("latin-1"))
    for load in (load_position, load_sentinels_position):
        with pytest.raises(PositionError) as err:
            load(f)
        assert str(err.value) == f"{f}: not UTF-8 text (byte 0xe9 at line 2, column 30); save the position as UTF-8"


def test_a_field_problem_in_a_file_names_the_file(tmp_path: Path) -> None:
    f = tmp_path / "p.yaml"
    f.write_text("seed: one\n", encoding="utf-8")
    with pytest.raises(PositionError) as err:
        load_position(f)
    assert str(err.value) == (f"{f}: position: seed: expected a whole number from 0 to "
                              "9223372036854775807, got 'one'")


def test_configuration_problems_one_line_each() -> None:
    with pytest.raises(PositionError) as err:
        load_position({"heroes": ["logan", "storm", "bishop", "blink", "kitty-pryde"]})
    assert str(err.value) == "position: heroes: a game has 2 to 4 heroes (or --solo with 3), not 5"
    with pytest.raises(PositionError) as err:
        load_position({"config": {"sentinel_health": "x"}})
    assert str(err.value) == ("position: config.sentinel_health: Input should be a valid integer, "
                              "unable to parse string as an integer (got 'x')")
    with pytest.raises(PositionError) as err:
        load_position({"config": {"sentinel_health": 41, "tie_break": "left", "colour": "red"}})
    assert str(err.value).split("\n") == [
        "position: config.tie_break: Input should be 'choose' or 'clockwise' (got 'left')",
        "position: config.sentinel_health: Input should be less than or equal to 40 (got 41)",
        "position: config.colour: Extra inputs are not permitted (got 'red')",
    ]
    with pytest.raises(PositionError) as err:
        load_position({"config": {"content": "/no/such/pack"}})
    assert str(err.value) == "position: config.content: /no/such/pack: no such content file or folder"


def test_sentinels_configuration_problems_one_line_each() -> None:
    with pytest.raises(PositionError) as err:
        load_sentinels_position({"heroes": ["luminary", "lifeline"]})
    assert str(err.value) == "position: heroes: a game has 3 to 5 heroes, not 2"
    with pytest.raises(PositionError) as err:
        load_sentinels_position({"config": {"hand_size": "x", "max_rounds": 0}})
    assert str(err.value).split("\n") == [
        "position: config.hand_size: Input should be a valid integer, unable to parse string as an "
        "integer (got 'x')",
        "position: config.max_rounds: Input should be greater than or equal to 1 (got 0)",
    ]
    with pytest.raises(PositionError) as err:
        load_sentinels_position({"villain": "nobody"})
    assert str(err.value).startswith("position: villain: unknown villain 'nobody'; this content has: [")


def _pack_copy(tmp_path: Path, source: Path, file: str, edit: Any) -> Path:
    """A copy of a pack folder with one file's document edited."""
    import shutil

    pack = tmp_path / "pack"
    shutil.copytree(source, pack)
    path = pack / file
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    edit(doc)
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return pack


def _problems(pack: Path) -> list[str]:
    with pytest.raises(ContentError) as err:
        validate_any(pack, None)
    return err.value.problems


@pytest.mark.parametrize("name", ["", "   "])
def test_content_validate_refuses_an_empty_or_blank_card_name(tmp_path: Path, name: str) -> None:
    def edit(doc: dict) -> None:
        doc["heroes"][0]["cards"][2]["name"] = name

    pack = _pack_copy(tmp_path / "u", default_pack_path(), "heroes/logan.yaml", edit)
    assert _problems(pack) == [f"{pack}/heroes/logan.yaml: heroes[0].cards[2].name: a card name cannot "
                               f"be empty or blank: positions refer to cards by name (got {name!r})"]
    pack = _pack_copy(tmp_path / "s", default_sentinels_pack(), "environment.yaml", edit_env(name))
    assert _problems(pack) == [f"{pack}/environment.yaml: environments[0].cards[1].name: a card name "
                               f"cannot be empty or blank: positions refer to cards by name (got {name!r})"]


def edit_env(name: str) -> Any:
    def edit(doc: dict) -> None:
        doc["environments"][0]["cards"][1]["name"] = name

    return edit


def test_content_validate_refuses_two_different_cards_with_one_name(tmp_path: Path) -> None:
    def hero(doc: dict) -> None:
        doc["heroes"][0]["cards"][1]["name"] = doc["heroes"][0]["cards"][0]["name"]

    def master_plan(doc: dict) -> None:
        doc["dofp"]["master_plan"][3]["name"] = "Sweep the Avenues"

    why = "positions refer to cards by name"
    pack = _pack_copy(tmp_path / "u1", default_pack_path(), "heroes/logan.yaml", hero)
    assert _problems(pack) == [f"{pack}/heroes/logan.yaml: heroes[0].cards: cards[0] and cards[1] are two "
                               f"different cards named 'Rusted Claws'; {why}"]
    pack = _pack_copy(tmp_path / "u2", default_pack_path(), "dofp.yaml", master_plan)
    assert _problems(pack) == [f"{pack}/dofp.yaml: dofp.master_plan: master_plan[1] and master_plan[3] are "
                               f"two different cards named 'Sweep the Avenues'; {why}"]
    first = {}

    def villain(doc: dict) -> None:
        cards = doc["villains"][0]["cards"]
        first["name"] = cards[0]["name"]
        cards[4]["name"] = cards[0]["name"]

    pack = _pack_copy(tmp_path / "s1", default_sentinels_pack(), "villain.yaml", villain)
    assert _problems(pack) == [f"{pack}/villain.yaml: villains[0].cards: cards[0] and cards[4] are two "
                               f"different cards named {first['name']!r}; {why}"]
    pack = _pack_copy(tmp_path / "s2", default_sentinels_pack(), "heroes/luminary.yaml", hero)
    luminary = yaml.safe_load((pack / "heroes/luminary.yaml").read_text(encoding="utf-8"))
    name = luminary["heroes"][0]["cards"][0]["name"]
    assert _problems(pack) == [f"{pack}/heroes/luminary.yaml: heroes[0].cards: cards[0] and cards[1] are "
                               f"two different cards named {name!r}; {why}"]

    def environment(doc: dict) -> None:
        cards = doc["environments"][0]["cards"]
        cards[3]["name"] = cards[2]["name"]

    pack = _pack_copy(tmp_path / "s3", default_sentinels_pack(), "environment.yaml", environment)
    assert _problems(pack) == [f"{pack}/environment.yaml: environments[0].cards: cards[2] and cards[3] are "
                               f"two different cards named 'Molten Runoff'; {why}"]


def test_entries_of_one_card_split_only_by_copies_are_one_card(tmp_path: Path) -> None:
    def split(doc: dict) -> None:  # Rusted Claws x2 written as two entries of 1 copy
        cards = doc["heroes"][0]["cards"]
        cards[0]["copies"] = 1
        cards.insert(1, dict(cards[0]))

    pack = _pack_copy(tmp_path, default_pack_path(), "heroes/logan.yaml", split)
    assert validate_any(pack, None)[0] == "united"


def test_a_pack_file_that_is_not_utf8_or_not_yaml(tmp_path: Path) -> None:
    f = tmp_path / "pack.yaml"
    f.write_bytes(b"pack: caf\xe9\n")
    assert _problems(f) == [f"{f}: not UTF-8 text (byte 0xe9 at line 1, column 10); save the file as UTF-8"]
    f.write_text("pack: [x\nheroes: 1\n", encoding="utf-8")
    (problem,) = _problems(f)
    assert problem.startswith(f"{f}: line 2, column 7: not valid YAML: ") and "\n" not in problem

"""The rules catalogue holds exactly the IDs of the rules files; the coverage command
finds rule marks and fails on a rule without a test or an unknown ID."""

from __future__ import annotations

import io
import re
import textwrap
from pathlib import Path

import pytest
from rich.console import Console

from multiverse.rules import load_catalogue, matches, select
from multiverse.rules.coverage import main, scan

REPO = Path(__file__).resolve().parents[1]
RULES_DIR = REPO.parent / "shared" / "rules"  # CI has shared/ beside the clone
RULE_FILES = ("seed-rules.md", "marvel-united.md", "sentinels.md")
ID_LINE = re.compile(r"^- ((?:DFP|OBL|MU|SOTM)-[A-Z]*[0-9]+) (.+)$")


def rules_in_files() -> dict[str, tuple[str, str]]:
    """ID -> (file, statement) from the rules files; fails clearly when they are missing."""
    assert RULES_DIR.is_dir(), (
        f"the rules files are expected in {RULES_DIR} (shared/rules beside the repository)")
    out: dict[str, tuple[str, str]] = {}
    for name in RULE_FILES:
        path = RULES_DIR / name
        assert path.is_file(), f"missing rules file {path}"
        for line in path.read_text(encoding="utf-8").splitlines():
            m = ID_LINE.match(line)
            if m:
                assert m[1] not in out, f"{m[1]} is stated twice ({out[m[1]][0]} and {name})"
                out[m[1]] = (name, m[2].strip())
    return out


@pytest.mark.shared_rules
def test_catalogue_has_exactly_the_ids_of_the_rules_files() -> None:
    files = rules_in_files()
    cat = load_catalogue()
    assert sorted(set(files) - set(cat)) == [], "IDs in the rules files missing from the catalogue"
    assert sorted(set(cat) - set(files)) == [], "IDs in the catalogue that no rules file states"
    assert list(cat) == list(files), "the catalogue should follow the order of the rules files"
    for prefix in ("DFP-", "OBL-", "MU-", "SOTM-"):
        assert any(rid.startswith(prefix) for rid in cat), prefix


@pytest.mark.shared_rules
def test_catalogue_statements_and_sources_match_the_rules_files() -> None:
    files = rules_in_files()
    for rid, rule in load_catalogue().items():
        source, statement = files[rid]
        assert rule.source == source, rid
        assert rule.statement == statement, f"{rid}: statement differs from {source}"
        assert rule.section, rid


def test_catalogue_yaml_is_package_data() -> None:
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert '"multiverse.rules" = ["*.yaml"]' in text


@pytest.mark.parametrize(
    ("family", "rule_id", "expected"),
    [
        ("DFP", "DFP-A4", True),
        ("DFP-A", "DFP-A16", True),
        ("DFP-S", "DFP-S1", True),
        ("DFP-S", "DFP-SOLO1", False),
        ("DFP-SOLO", "DFP-SOLO2", True),
        ("OBL-H", "OBL-HE1", False),
        ("OBL-HE", "OBL-HE1", True),
        ("MU", "MU-23", True),
        ("MU-1", "MU-1", True),
        ("MU-1", "MU-12", False),
        ("SOTM", "MU-1", False),
    ],
)
def test_family_prefixes_stop_at_group_boundaries(family: str, rule_id: str, expected: bool) -> None:
    assert matches(family, rule_id) is expected


def test_select_families() -> None:
    cat = load_catalogue()
    assert select([], cat) == list(cat)
    assert select(["DFP-SOLO"], cat) == ["DFP-SOLO1", "DFP-SOLO2", "DFP-SOLO3"]
    assert select(["dfp-n"], cat) == ["DFP-N1", "DFP-N2", "DFP-N3", "DFP-N4"]
    mu = select(["MU"], cat)
    assert mu == [f"MU-{i}" for i in range(1, 24)]


# ----- the coverage command on a synthetic tests folder ---------------------------------

def _write(tmp_path: Path, files: dict[str, str]) -> Path:
    tests = tmp_path / "tests"
    for name, body in files.items():
        p = tests / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(body), encoding="utf-8")
    return tests


ALL_SOLO = {
    "test_solo.py": """
        import pytest
        from pytest import mark

        @pytest.mark.rule("DFP-SOLO1")
        def test_pile_revealed():
            pass

        @mark.rule("DFP-SOLO2", "DFP-SOLO3")
        def test_reshuffle():
            pass

        def test_unmarked():
            pass
    """,
}


def _run(families: list[str], tests: Path) -> tuple[int, str]:
    buf = io.StringIO()
    rc = main(families, tests, console=Console(file=buf, width=200, color_system=None))
    return rc, buf.getvalue()


def test_coverage_finds_marks_on_functions_classes_and_modules(tmp_path: Path) -> None:
    tests = _write(tmp_path, {
        **ALL_SOLO,
        "unit/test_more.py": """
            import pytest

            pytestmark = [pytest.mark.rule("MU-1"), pytest.mark.slow]

            class TestNimrod:
                pytestmark = pytest.mark.rule("DFP-N2")

                @pytest.mark.rule("DFP-N1")
                def test_enters(self):
                    pass

            @pytest.mark.parametrize("x", [pytest.param(1, marks=pytest.mark.rule("DFP-N3"))])
            def test_param(x):
                pass

            @pytest.mark.rule("DFP-N4")
            class TestLastHero:
                def test_two_turns(self):
                    pass

            def helper():
                pass
        """,
    })
    found = scan(tests)
    assert found["DFP-SOLO1"] == ["tests/test_solo.py::test_pile_revealed"]
    assert found["DFP-SOLO2"] == found["DFP-SOLO3"] == ["tests/test_solo.py::test_reshuffle"]
    more = "tests/unit/test_more.py::"
    assert found["DFP-N1"] == [more + "TestNimrod::test_enters"]
    assert found["DFP-N2"] == [more + "TestNimrod::test_enters"]
    assert found["DFP-N3"] == [more + "test_param"]
    assert found["DFP-N4"] == [more + "TestLastHero::test_two_turns"]
    assert sorted(found["MU-1"]) == sorted(more + n for n in (
        "TestNimrod::test_enters", "test_param", "TestLastHero::test_two_turns"))
    assert not any("helper" in n or "unmarked" in n for names in found.values() for n in names)


def test_coverage_returns_0_when_every_selected_rule_has_a_test(tmp_path: Path) -> None:
    rc, out = _run(["DFP-SOLO"], _write(tmp_path, ALL_SOLO))
    assert rc == 0, out
    assert "test_reshuffle" in out and "3/3" in out


def test_coverage_returns_1_and_lists_a_rule_without_test(tmp_path: Path) -> None:
    tests = _write(tmp_path, {"test_solo.py": """
        import pytest

        @pytest.mark.rule("DFP-SOLO1", "DFP-SOLO3")
        def test_pile():
            pass
    """})
    rc, out = _run(["DFP-SOLO"], tests)
    assert rc == 1
    assert "without a test" in out and "DFP-SOLO2" in out.split("without a test")[1]
    rc_all, _ = _run([], tests)
    assert rc_all == 1


def test_coverage_rejects_ids_not_in_the_catalogue(tmp_path: Path) -> None:
    tests = _write(tmp_path, {
        **ALL_SOLO,
        "test_typo.py": """
            import pytest

            @pytest.mark.rule("DFP-SOLO9")
            def test_typo():
                pass
        """,
    })
    rc, out = _run(["DFP-SOLO"], tests)
    assert rc == 1
    assert "DFP-SOLO9" in out and "tests/test_typo.py::test_typo" in out


def test_coverage_unknown_family_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out = _run(["XYZ"], _write(tmp_path, ALL_SOLO))
    assert rc == 2 and out == ""
    assert capsys.readouterr().err.startswith("error: no rule ID matches XYZ; families are ID prefixes")


def test_coverage_missing_tests_folder(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        scan(tmp_path / "nowhere")


def test_coverage_runs_on_the_project_tests() -> None:
    """The real tests folder parses, and every ID it names is in the catalogue."""
    found = scan(REPO / "tests")
    unknown = sorted(set(found) - set(load_catalogue()))
    assert unknown == [], f"tests name rule IDs the catalogue does not hold: {unknown}"

"""The package's layers (issue 24): game knowledge lives beside its game's rules, so
`agents/` holds only generic algorithms and `modes/` only registers. Every import is read,
the lazy ones inside functions included."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "multiverse"
GAMES = ("multiverse.united", "multiverse.sentinels")


def imports(package: str, root: Path = SRC) -> dict[str, set[str]]:
    """Each module of `package` (a folder under `root`) and what it imports."""
    out: dict[str, set[str]] = {}
    for path in sorted((root / package).rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{a.name}" for a in node.names)
        out[str(path.relative_to(root))] = names
    return out


def test_agents_import_no_game():
    found = {m: sorted(n for n in names if n.startswith(GAMES))
             for m, names in imports("agents").items()}
    assert {m: n for m, n in found.items() if n} == {}


def test_modes_import_no_agent():
    found = {m: sorted(n for n in names if n.startswith("multiverse.agents"))
             for m, names in imports("modes").items()}
    assert {m: n for m, n in found.items() if n} == {}


@pytest.mark.parametrize("module", ["heuristic", "value", "fast_scores", "encoder"])
def test_marvel_united_knowledge_sits_with_its_rules(module):
    assert (SRC / "united" / f"{module}.py").exists()
    assert not (SRC / "agents" / "value.py").exists() and not (SRC / "modes" / "united_encoder.py").exists()


def test_the_import_reader_sees_a_lazy_import(tmp_path):
    """The check can fail: a function-level import of a game inside agents/ is found."""
    pkg = tmp_path / "agents"
    pkg.mkdir()
    (pkg / "bad.py").write_text("def f():\n    from multiverse.united.state import X\n")
    assert imports("agents", tmp_path) == {"agents/bad.py": {"multiverse.united.state", "multiverse.united.state.X"}}

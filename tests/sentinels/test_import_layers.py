"""Issue 19's layering: the Sentinels effect dispatcher reads the verb tables and imports no
verb module, and no two modules of `multiverse.sentinels` import each other at module level
(the verb modules import only what lies below them)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "src" / "multiverse"
PKG = ROOT / "sentinels"


def module_imports() -> dict[str, set[str]]:
    """Each module of the package -> the modules of the package it imports at module level."""
    out: dict[str, set[str]] = {}
    for p in PKG.rglob("*.py"):
        name = "multiverse." + ".".join(p.relative_to(ROOT).with_suffix("").parts)
        name = name.removesuffix(".__init__")
        deps: set[str] = set()
        for node in ast.parse(p.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("multiverse.sentinels"):
                deps.add(node.module)  # type: ignore[arg-type]
                for a in node.names:  # `from pkg import module`
                    sub = f"{node.module}.{a.name}"
                    if (ROOT / Path(*sub.split(".")[1:])).with_suffix(".py").exists():
                        deps.add(sub)
        deps.discard(name)
        out[name] = deps
    return out


def test_the_dispatcher_imports_no_verb_module() -> None:
    deps = module_imports()["multiverse.sentinels.effects"]
    assert not any(d.startswith("multiverse.sentinels.vocab") for d in deps), deps
    assert "multiverse.sentinels.verbs" in deps


def test_no_import_circle_among_the_sentinels_modules() -> None:
    graph = module_imports()
    for pkg in [m for m in graph if (ROOT / Path(*m.split(".")[1:]) / "__init__.py").exists()]:
        graph[pkg] = set()  # a package's __init__ importing its own modules is no circle
    seen: dict[str, int] = {}

    def visit(m: str, path: list[str]) -> None:
        seen[m] = 1
        for d in graph.get(m, ()):
            if d not in graph:
                continue
            assert seen.get(d) != 1, f"import circle: {' -> '.join([*path, d])}"
            if d not in seen:
                visit(d, [*path, d])
        seen[m] = 2

    for m in sorted(graph):
        if m not in seen:
            visit(m, [m])

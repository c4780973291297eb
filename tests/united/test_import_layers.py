"""Issue 20's layering: the Marvel United effect dispatcher reads the verb tables and imports
no verb module, and no two modules of `multiverse.united` import each other, counting the
imports inside functions too (the verb modules import only what lies below them)."""

from __future__ import annotations

import ast
from pathlib import Path

from multiverse.content.schema import HERO_VERBS, VILLAIN_VERBS

ROOT = Path(__file__).resolve().parents[2] / "src" / "multiverse"
PKG = ROOT / "united"


def module_imports() -> dict[str, set[str]]:
    """Each module of the package -> the modules of the package it imports anywhere in it."""
    out: dict[str, set[str]] = {}
    for p in PKG.rglob("*.py"):
        name = "multiverse." + ".".join(p.relative_to(ROOT).with_suffix("").parts)
        name = name.removesuffix(".__init__")
        deps: set[str] = set()
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("multiverse.united"):
                deps.add(node.module)  # type: ignore[arg-type]
                for a in node.names:  # `from pkg import module`
                    sub = f"{node.module}.{a.name}"
                    if (ROOT / Path(*sub.split(".")[1:])).with_suffix(".py").exists():
                        deps.add(sub)
        deps.discard(name)
        out[name] = deps
    return out


def circle(graph: dict[str, set[str]]) -> list[str] | None:
    """The first import circle of `graph` (a package's __init__ importing its own modules
    is no circle), or None."""
    graph = dict(graph)
    for pkg in [m for m in graph if (ROOT / Path(*m.split(".")[1:]) / "__init__.py").exists()]:
        graph[pkg] = set()
    seen: dict[str, int] = {}

    def visit(m: str, path: list[str]) -> list[str] | None:
        seen[m] = 1
        for d in sorted(graph.get(m, ())):
            if d not in graph:
                continue
            if seen.get(d) == 1:
                return [*path, d]
            if d not in seen and (found := visit(d, [*path, d])):
                return found
        seen[m] = 2
        return None

    for m in sorted(graph):
        if m not in seen and (found := visit(m, [m])):
            return found
    return None


def test_the_dispatcher_imports_no_verb_module() -> None:
    deps = module_imports()["multiverse.united.effects"]
    assert not any(d.startswith("multiverse.united.vocab") for d in deps), deps
    assert "multiverse.united.verbs" in deps


def test_no_import_circle_among_the_united_modules() -> None:
    assert circle(module_imports()) is None


def test_the_check_finds_a_circle_when_one_is_added() -> None:
    graph = module_imports()
    graph["multiverse.united.state"] = {*graph["multiverse.united.state"], "multiverse.united.board"}
    found = circle(graph)
    assert found is not None and {"multiverse.united.state", "multiverse.united.board"} <= set(found)


def test_every_schema_verb_has_one_registered_step() -> None:
    import multiverse.united.dofp.game  # noqa: F401  (loads the vocabulary)
    from multiverse.united import verbs

    assert set(verbs.VERBS) == HERO_VERBS
    assert set(verbs.VILLAIN) == VILLAIN_VERBS

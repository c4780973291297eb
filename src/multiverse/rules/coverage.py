"""Which tests prove which rule: `python -m multiverse.rules.coverage [FAMILY ...]`.

The tests folder is read with `ast` (nothing is imported or run). A test proves a rule when
it carries `@pytest.mark.rule("ID", ...)` — on the test function, on its class, or in the
module's `pytestmark` (a mark or a list/tuple of marks). Marks given through
`pytest.param(..., marks=...)` inside a decorator are found too.

`main` prints a table of every selected rule with its statement and tests, and returns 1
when a selected rule has no test or when a test names an ID the catalogue does not hold.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from rich.console import Console
from rich.table import Table

from multiverse.rules import load_catalogue, select

DEFAULT_TESTS = Path(__file__).resolve().parents[3] / "tests"


def _is_rule_mark(node: ast.AST) -> bool:
    """`pytest.mark.rule(...)`, `mark.rule(...)` (from pytest import mark)."""
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    return (isinstance(f, ast.Attribute) and f.attr == "rule"
            and ((isinstance(f.value, ast.Attribute) and f.value.attr == "mark")
                 or (isinstance(f.value, ast.Name) and f.value.id == "mark")))


def rule_ids_in(expr: ast.AST | None) -> list[str]:
    """The string IDs of every rule mark inside an expression (decorator or pytestmark)."""
    if expr is None:
        return []
    out: list[str] = []
    for node in ast.walk(expr):
        if _is_rule_mark(node):
            for arg in node.args:  # type: ignore[attr-defined]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    out.append(arg.value)
                elif isinstance(arg, ast.List | ast.Tuple):
                    out += [e.value for e in arg.elts
                            if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return out


def _decorated(node: ast.AST) -> list[str]:
    return [rid for d in getattr(node, "decorator_list", []) for rid in rule_ids_in(d)]


def _pytestmark(body: Iterable[ast.stmt]) -> list[str]:
    """Rule IDs in `pytestmark = ...` (or `pytestmark: ... = ...`) of a module or class body."""
    out: list[str] = []
    for node in body:
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AnnAssign) else [])
        if any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in targets):
            out += rule_ids_in(node.value)  # type: ignore[union-attr]
    return out


def _tests_of(body: Iterable[ast.stmt], prefix: str, inherited: list[str]) -> Iterator[tuple[str, list[str]]]:
    """(test name, rule IDs) for each test function and class in a body."""
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            ids = inherited + _decorated(node)
            if node.name.startswith("test") or _decorated(node):
                yield prefix + node.name, ids
        elif isinstance(node, ast.ClassDef):
            ids = inherited + _decorated(node) + _pytestmark(node.body)
            inner = list(_tests_of(node.body, f"{prefix}{node.name}::", ids))
            if inner:
                yield from inner
            elif ids != inherited:
                yield prefix + node.name, ids


def scan(tests_dir: str | Path | None = None) -> dict[str, list[str]]:
    """Map each rule ID named in the tests to the `file::test` names that carry it.

    File names are relative to the folder holding the tests folder (`tests/x.py::test_y`).
    """
    root = Path(tests_dir) if tests_dir is not None else DEFAULT_TESTS
    if not root.is_dir():
        raise FileNotFoundError(f"no tests folder at {root}")
    found: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        if not (path.name.startswith("test_") or path.name.endswith("_test.py")):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        rel = path.relative_to(root.parent).as_posix()
        for name, ids in _tests_of(tree.body, f"{rel}::", _pytestmark(tree.body)):
            for rid in dict.fromkeys(ids):
                found.setdefault(rid, []).append(name)
    return found


def main(families: list[str] | None = None, tests_dir: str | Path | None = None,
         console: Console | None = None) -> int:
    """Print the selected rules (families are ID prefixes: "DFP-A", "MU", "DFP"; empty: all)
    with their tests. Return 1 if one has no test or a test names an unknown ID, else 0;
    2 if a family selects nothing."""
    console = console or Console()
    families = list(families or [])
    catalogue = load_catalogue()
    found = scan(tests_dir)
    selected = select(families, catalogue)
    if families and not selected:
        Console(stderr=True, highlight=False, soft_wrap=True).print(
            f"error: no rule ID matches {', '.join(families)}; families are ID prefixes such "
            "as DFP, DFP-A, DFP-SOLO, OBL-C, MU, SOTM", style="red", markup=False)
        return 2
    table = Table(title=f"Rule coverage ({', '.join(families) or 'all families'})",
                  show_lines=False, expand=False)
    table.add_column("ID", style="bold", no_wrap=True)
    table.add_column("Statement", ratio=3)
    table.add_column("Tests", ratio=2, overflow="fold")
    missing: list[str] = []
    for rid in selected:
        tests = found.get(rid, [])
        if not tests:
            missing.append(rid)
        table.add_row(rid, catalogue[rid].statement,
                      "\n".join(tests) if tests else "[red]none[/red]")
    console.print(table)
    unknown = sorted(set(found) - set(catalogue))
    covered = len(selected) - len(missing)
    console.print(f"{covered}/{len(selected)} selected rules have a test.")
    if missing:
        console.print(f"[red]{len(missing)} rule(s) without a test:[/red] {', '.join(missing)}")
    if unknown:
        console.print("[red]Tests name rule IDs that the catalogue does not hold:[/red]")
        for rid in unknown:
            console.print(f"  {rid}: {', '.join(found[rid])}")
    return 1 if missing or unknown else 0


def cli(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m multiverse.rules.coverage",
                                description="Print the tests proving each rule ID.")
    p.add_argument("families", nargs="*", help="ID prefixes (DFP, DFP-A, MU, ...); none = all")
    p.add_argument("--tests", default=None, help=f"tests folder (default: {DEFAULT_TESTS})")
    a = p.parse_args(argv)
    return main(a.families, a.tests)


if __name__ == "__main__":
    sys.exit(cli())

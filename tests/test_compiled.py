"""The compiled hot modules (setup.py, multiverse.compiled): a newer source wins, and
MULTIVERSE_PURE=1 runs pure Python."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from multiverse.compiled import HOT, SourceWhenNewer, unbuilt


def _package(tmp_path: Path) -> Path:
    """A package `hotpkg` with a module `mod` as source and as a (stand-in) compiled file."""
    pkg = tmp_path / "hotpkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "mod.py").write_text("WHERE = 'source'\n")
    import importlib.machinery
    compiled = pkg / f"mod{importlib.machinery.EXTENSION_SUFFIXES[0]}"
    compiled.write_bytes(b"")  # only found, never loaded here
    return pkg


def test_a_source_newer_than_its_compiled_module_is_the_one_imported(tmp_path, monkeypatch):
    pkg = _package(tmp_path)
    monkeypatch.setattr(SourceWhenNewer, "modules", frozenset({"hotpkg.mod"}))
    monkeypatch.setattr(SourceWhenNewer, "pure", False)
    so = next(p for p in pkg.iterdir() if p.name.startswith("mod.") and p.suffix != ".py")
    os.utime(so, (1_000_000, 1_000_000))  # compiled long ago, then the source was edited
    spec = SourceWhenNewer.find_spec("hotpkg.mod", [str(pkg)])
    assert spec is not None and spec.origin == str(pkg / "mod.py")
    os.utime(pkg / "mod.py", (1_000, 1_000))  # rebuilt since: the compiled module
    spec = SourceWhenNewer.find_spec("hotpkg.mod", [str(pkg)])
    assert spec is not None and spec.origin == str(so)
    assert SourceWhenNewer.find_spec("hotpkg.other", [str(pkg)]) is None  # not a hot module


def test_pure_imports_every_source_even_when_compiled_is_newer(tmp_path, monkeypatch):
    pkg = _package(tmp_path)
    monkeypatch.setattr(SourceWhenNewer, "modules", frozenset({"hotpkg.mod"}))
    monkeypatch.setattr(SourceWhenNewer, "pure", True)
    os.utime(pkg / "mod.py", (1_000, 1_000))
    spec = SourceWhenNewer.find_spec("hotpkg.mod", [str(pkg)])
    assert spec is not None and spec.origin == str(pkg / "mod.py")


def test_multiverse_pure_runs_every_hot_module_from_its_source():
    code = ("import importlib, sys; mods = [importlib.import_module(m) for m in sys.argv[1:]]; "
            "print(all(m.__file__.endswith('.py') for m in mods))")
    out = subprocess.run([sys.executable, "-c", code, *HOT], capture_output=True, text=True,
                         env={**os.environ, "MULTIVERSE_PURE": "1"}, check=True)
    assert out.stdout.strip() == "True"


def _setup_functions() -> dict:
    """setup.py's functions, without running `setup()`."""
    setup = Path(__file__).resolve().parents[1] / "setup.py"
    ns: dict = {"__name__": "not_main"}
    exec(compile(setup.read_text().split("\nsetup(")[0], str(setup), "exec"), ns)
    return ns


def test_setup_compiles_exactly_the_hot_modules(monkeypatch):
    fn = _setup_functions()
    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    assert tuple(fn["hot_modules"]()) == HOT


RULES = '''from __future__ import annotations

from typing import ClassVar

from pkg.state import S


def f(s: S, h: int, d: dict, *a: str, k: float = 1.0, **kw: bool) -> tuple[
        int, float]:
    x: float = 1
    return h + len(d), x


def g(s: "S", name: str = "é", n: int = 2) -> str:
    t: S | None = None
    u: int | None = None
    return name * n


class K:
    N: ClassVar[int] = 0


def typed(s: S, h: int,
          sym: int = 0) -> int:
    out: list[int] = [h]
    return s.a[sym] + out[0]
'''


RULES_PXD = "from pkg.state cimport S\n\ncpdef Py_ssize_t typed(S s, Py_ssize_t h, Py_ssize_t sym=*) except? -2\n"


def test_the_compiler_reads_only_the_state_annotations_on_the_same_lines(tmp_path):
    fn = _setup_functions()
    src, typed = tmp_path / "src", tmp_path / "typed"
    (src / "pkg").mkdir(parents=True)
    (src / "pkg" / "__init__.py").write_text("")
    (src / "pkg" / "state.py").write_text("class S:\n    __slots__ = ('a',)\n")
    (src / "pkg" / "state.pxd").write_text("cdef class S:\n    cdef public object a\n")
    (src / "pkg" / "rules.py").write_text(RULES)
    (src / "pkg" / "rules.pxd").write_text(RULES_PXD)
    types = fn["extension_types"](["pkg.state", "pkg.rules"], str(src))
    assert types == {("pkg.state", "S")}
    out = Path(fn["typed_copy"]("pkg.rules", types, str(src), str(typed)))
    lines = out.read_text().splitlines()
    assert len(lines) == len(RULES.splitlines())  # a traceback's line is the source's line
    assert lines[7] == ("def f(s: S, h: object, d: object, *a: object, k: object = 1.0, "
                        "**kw: object) -> object:")
    assert lines[8] == "" and lines[9] == "    x = 1"  # a local's type is the compiler's to infer
    assert lines[13] == 'def g(s: "S", name: object = "é", n: object = 2) -> object:'
    assert lines[14:16] == ["    t: S | None = None", "    u = None"]
    assert lines[20] == "    N: ClassVar[int] = 0"
    # a function the .pxd declares keeps no hint at all: its declaration types it
    assert lines[23:27] == ["def typed(s, h,", "          sym = 0) :", "    out = [h]",
                            "    return s.a[sym] + out[0]"]
    assert (typed / "pkg" / "rules.pxd").read_text() == RULES_PXD + "from pkg.state cimport S\n"
    # a module importing a .pxd-declared function at module level cimports it (a C call)
    (src / "pkg" / "user.py").write_text(
        "from pkg.rules import f, typed\nfrom pkg.state import S\n\n\ndef h(s: S) -> int:\n"
        "    from pkg.rules import typed as again\n    return typed(s, 1) + again(s, 1) + f\n")
    fn["typed_copy"]("pkg.user", types, str(src), str(typed))
    assert (typed / "pkg" / "user.pxd").read_text() == "from pkg.rules cimport typed\nfrom pkg.state cimport S\n"
    state = Path(fn["typed_copy"]("pkg.state", types, str(src), str(typed)))
    assert state.with_suffix(".pxd").read_text() == (src / "pkg" / "state.pxd").read_text()
    assert (typed / "pkg" / "__init__.py").exists()
    ns: dict = {}  # the copy runs as its source does
    exec(compile(out.read_text().replace("from pkg.state import S", "S = object"), str(out), "exec"), ns)
    assert ns["f"](None, 2, {1: 1}) == (3, 1) and ns["g"](None) == "éé"


def test_each_state_declaration_names_its_class_slots():
    import ast
    import re

    root = Path(__file__).resolve().parents[1] / "src"
    pxds = sorted(root.rglob("*.pxd"))
    declared = {p.relative_to(root).with_suffix("").as_posix().replace("/", ".") for p in pxds}
    assert declared <= set(HOT)  # a declaration is read only by the compiled build
    assert {"multiverse.engine.state", "multiverse.united.state", "multiverse.sentinels.state",
            "multiverse.united.tables", "multiverse.sentinels.tables"} <= declared
    for pxd in pxds:
        tree = ast.parse(pxd.with_suffix(".py").read_text())
        for block in pxd.read_text().split("cdef class ")[1:]:
            cls = re.match(r"\w+", block).group()
            fields = set(re.findall(r"\w+", " ".join(re.findall(r"cdef public \w+ (.*)", block))))
            node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
            slots = next(ast.literal_eval(a.value) for a in node.body if isinstance(a, ast.Assign)
                         and a.targets[0].id == "__slots__")
            assert fields == set(slots), (pxd, cls)


def test_each_state_names_the_fields_its_declaration_types_as_lists():
    """A save's field the compiled state takes only as a list is checked as one on load,
    pure or compiled (`GameState.LISTS`): the two sets are the same; and so are those it
    declares as bytes and `SentinelsState.BYTES`, which a save gives as lists of 0 to 255."""
    import re

    from multiverse.engine.state import GameState
    from multiverse.sentinels.state import SentinelsState
    from multiverse.united.state import UnitedState

    root = Path(__file__).resolve().parents[1] / "src" / "multiverse"
    for cls, pxd in ((UnitedState, "united/state.pxd"), (SentinelsState, "sentinels/state.pxd")):
        declared = re.search(r"cdef public list (.*)", (root / pxd).read_text()).group(1).split(", ")
        assert frozenset(declared) == cls.LISTS, cls
    held = re.search(r"cdef public bytearray (.*)", (root / "sentinels/state.pxd").read_text())
    assert set(held.group(1).split(", ")) == set(SentinelsState.BYTES)  # (`zone`, `bz`: bytes)
    assert "cdef public list stack\n" in (root / "engine/state.pxd").read_text()
    assert not GameState.LISTS  # (the stack has its own check: a list of frames)


def test_one_stale_hot_module_runs_every_hot_module_from_its_source(tmp_path, monkeypatch):
    """The compiled modules share extension types: after an edit to one hot module not yet
    rebuilt, all of them run as source, not a compiled rule on a pure state class."""
    import importlib.machinery

    from multiverse import compiled

    root = tmp_path / "multiverse"
    (root / "engine").mkdir(parents=True)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for name in ("state", "decision"):
        (root / "engine" / f"{name}.py").write_text("")
        (root / "engine" / f"{name}{suffix}").write_bytes(b"")
        os.utime(root / "engine" / f"{name}.py", (1_000, 1_000))
    mods = ["multiverse.engine.state", "multiverse.engine.decision"]
    assert compiled.stale(str(root), mods) == []
    os.utime(root / "engine" / "state.py", (2_000_000_000, 2_000_000_000))  # edited since
    assert compiled.stale(str(root), mods) == ["multiverse.engine.state"]
    # a `.pxd` edited since the build makes its module stale too (a failed build keeps the
    # older compiled module); one older than the build does not
    (root / "engine" / "decision.pxd").write_text("")
    os.utime(root / "engine" / "decision.pxd", (500, 500))
    assert compiled.stale(str(root), mods) == ["multiverse.engine.state"]
    os.utime(root / "engine" / "decision.pxd", (2_000_000_000, 2_000_000_000))
    assert compiled.stale(str(root), mods) == ["multiverse.engine.state", "multiverse.engine.decision"]
    # the finder: a fresh compiled module still gives way to its source in a stale build
    pkg = _package(tmp_path)
    so = next(p for p in pkg.iterdir() if p.name.startswith("mod.") and p.suffix != ".py")
    os.utime(pkg / "mod.py", (1_000, 1_000))
    monkeypatch.setattr(SourceWhenNewer, "pure", False)
    monkeypatch.setattr(SourceWhenNewer, "modules", frozenset({"hotpkg.mod"}))
    monkeypatch.setattr(compiled, "HOT", ("hotpkg.mod",))
    monkeypatch.setattr(SourceWhenNewer, "_stale_build", False)
    assert SourceWhenNewer.find_spec("hotpkg.mod", [str(pkg)]).origin == str(so)
    monkeypatch.setattr(SourceWhenNewer, "_stale_build", True)
    assert SourceWhenNewer.find_spec("hotpkg.mod", [str(pkg)]).origin == str(pkg / "mod.py")


def test_from_source_reads_the_finders_rule_ahead(tmp_path, monkeypatch):
    """`compiled.from_source`, what a process started now runs from source (the lab says it
    beside its CPU seconds): none in a fresh build, every hot module when one is stale or with
    MULTIVERSE_PURE=1, the unbuilt ones otherwise."""
    import importlib.machinery

    from multiverse import compiled

    root = tmp_path / "multiverse"
    (root / "engine").mkdir(parents=True)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    mods = ("multiverse.engine.state", "multiverse.engine.decision", "multiverse.engine.rng")
    for name in ("state", "decision", "rng"):
        (root / "engine" / f"{name}.py").write_text("")
        os.utime(root / "engine" / f"{name}.py", (1_000, 1_000))
    for name in ("state", "decision"):
        (root / "engine" / f"{name}{suffix}").write_bytes(b"")
    monkeypatch.setattr(compiled, "HOT", mods)
    monkeypatch.setattr(SourceWhenNewer, "pure", False)
    assert compiled.from_source(str(root)) == ["multiverse.engine.rng"]  # not built
    (root / "engine" / f"rng{suffix}").write_bytes(b"")
    assert compiled.from_source(str(root)) == []
    os.utime(root / "engine" / "decision.py", (2_000_000_000, 2_000_000_000))  # edited since
    assert compiled.from_source(str(root)) == list(mods)
    os.utime(root / "engine" / "decision.py", (1_000, 1_000))
    monkeypatch.setattr(SourceWhenNewer, "pure", True)
    assert compiled.from_source(str(root)) == list(mods)


def test_each_module_level_declaration_names_a_name_its_module_binds():
    """A `.pxd` may declare a module's constants and dicts (`cdef Py_ssize_t Z_PLAY`, `cdef
    dict _SIDES`) so compiled reads are C reads; a declared name the module never binds
    would read 0 (or None) in the compiled build alone. Each is bound at module level: an
    import or an assignment."""
    import ast
    import re

    src = Path(__file__).resolve().parents[1] / "src"
    checked = 0
    for module in HOT:
        base = src.joinpath(*module.split("."))
        pxd = base.with_suffix(".pxd")
        if not pxd.exists():
            continue
        declared = [n.strip() for line in pxd.read_text().splitlines()
                    if (m := re.match(r"cdef (?!class\b)\w+ (\w+(?:, *\w+)*)$", line))
                    for n in m.group(1).split(",")]
        tree = ast.parse(base.with_suffix(".py").read_text())
        bound = {a.asname or a.name for n in tree.body if isinstance(n, ast.ImportFrom) for a in n.names}
        bound |= {x.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets
                  for x in (t.elts if isinstance(t, ast.Tuple) else [t])  # (`A, B = range(2)`)
                  if isinstance(x, ast.Name)}
        bound |= {n.target.id for n in tree.body if isinstance(n, ast.AnnAssign)
                  and isinstance(n.target, ast.Name)}
        missing = set(declared) - bound
        assert not missing, f"{pxd.name}: declared but never bound in {module}: {sorted(missing)}"
        checked += len(declared)
    assert checked >= 30  # the zone numbers, symbols, verb tables and caches of this round


def test_a_module_the_build_left_as_source_is_named(tmp_path):
    """CI's check (tools/check_compiled.py): a hot module with no compiled file, or one older
    than its source, is one the build left as source; a fresh one is not."""
    pkg = _package(tmp_path)  # hotpkg.mod: source and compiled file
    (pkg / "other.py").write_text("X = 1\n")  # no compiled file
    root = str(pkg)  # the package folder, as `stale` reads it
    so = next(p for p in pkg.iterdir() if p.name.startswith("mod.") and p.suffix != ".py")
    os.utime(pkg / "mod.py", (1_000, 1_000))
    os.utime(so, (1_000_000, 1_000_000))  # built after the last edit
    assert unbuilt(root, ["hotpkg.mod", "hotpkg.other"]) == ["hotpkg.other"]
    os.utime(pkg / "mod.py", (2_000_000, 2_000_000))  # edited since the build
    assert unbuilt(root, ["hotpkg.mod", "hotpkg.other"]) == ["hotpkg.other", "hotpkg.mod"]
    assert unbuilt(root, ["hotpkg.mod"]) == ["hotpkg.mod"]


def test_the_ci_check_names_what_the_build_left_as_source(tmp_path):
    """The script itself, on this checkout: 0 and one line when every hot module is built, or
    1 and the modules' names (a checkout built without a compiler runs as source)."""
    script = Path(__file__).resolve().parents[1] / "tools" / "check_compiled.py"
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path)
    import multiverse
    left = unbuilt(os.path.dirname(os.path.abspath(multiverse.__file__)), HOT)
    if left:
        assert out.returncode == 1 and out.stdout == ""
        assert out.stderr.startswith(f"error: the build left {len(left)} of {len(HOT)} hot modules")
    else:
        assert out.returncode == 0 and out.stdout == f"compiled: all {len(HOT)} hot modules\n"
    bad = subprocess.run([sys.executable, str(script), "--nope"], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path)
    assert bad.returncode == 2 and bad.stderr == "error: usage: python tools/check_compiled.py\n"

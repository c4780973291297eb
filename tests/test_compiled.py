"""The compiled hot modules (setup.py, multiverse.compiled): a newer source wins, and
MULTIVERSE_PURE=1 runs pure Python."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from multiverse.compiled import HOT, SourceWhenNewer


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


def test_setup_compiles_exactly_the_hot_modules():
    setup = Path(__file__).resolve().parents[1] / "setup.py"
    ns: dict = {"__name__": "not_main"}
    src = setup.read_text().split("\nsetup(")[0]
    cwd = os.getcwd()
    os.chdir(setup.parent)
    try:
        exec(compile(src, str(setup), "exec"), ns)
        assert tuple(ns["hot_modules"]()) == HOT
    finally:
        os.chdir(cwd)

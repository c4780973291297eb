"""Compiled hot modules: `setup.py` compiles the hottest modules of the Sentinels and the
Marvel United engines with Cython from their unchanged Python source (issues 9 and 24's speed
bars). Their Python source still wins when one of them (or its `.pxd`) is newer than its
compiled module (an edit not yet rebuilt with `pip install -e .`: then every hot module runs
as source, since they share extension types), or everywhere with MULTIVERSE_PURE=1."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

HOT = (  # the modules setup.py compiles
    "multiverse.engine.decision",
    "multiverse.engine.state",
    "multiverse.sentinels.state",
    "multiverse.sentinels.tables",
    "multiverse.sentinels.damage",
    "multiverse.sentinels.effects",
    "multiverse.sentinels.select",
    "multiverse.sentinels.triggers",
    "multiverse.sentinels.turns",
    "multiverse.sentinels.zones",
    "multiverse.sentinels.verbs",
    "multiverse.sentinels.amounts",
    "multiverse.sentinels.vocab.piles",
    "multiverse.sentinels.vocab.choices",
    "multiverse.sentinels.vocab.counters",
    "multiverse.sentinels.vocab.targets",
    "multiverse.sentinels.setup",
    "multiverse.sentinels.oblivaeon.turns",
    "multiverse.sentinels.oblivaeon.world",
    "multiverse.sentinels.oblivaeon.setup",
    # Marvel United: the hero turn, the board and its enemies, effects, the Villain's turn,
    # Days of Future Past's Sentinel Activation Protocol and Nimrod, the standard game
    "multiverse.united.state",
    "multiverse.united.tables",
    "multiverse.united.hero_turn",
    "multiverse.united.board",
    "multiverse.united.enemies",
    "multiverse.united.effects",
    "multiverse.united.damage",
    "multiverse.united.villain_turn",
    "multiverse.united.hooks",
    "multiverse.united.lasting",
    "multiverse.united.protection",
    "multiverse.united.storyline",
    "multiverse.united.verbs",
    "multiverse.united.vocab.base",
    "multiverse.united.dofp.protocol",
    "multiverse.united.dofp.nimrod",
    "multiverse.united.dofp.turn",
    "multiverse.united.dofp.challenge",
    "multiverse.united.dofp.setup",
    "multiverse.united.standard.missions",
    "multiverse.united.standard.turn",
    "multiverse.united.standard.setup",
    # the search path (issue 24): ISMCTS, its rollout policy, and each game's determinizer,
    # priors, rollout scores and evaluation
    "multiverse.engine.rng",
    "multiverse.engine.sampling",
    "multiverse.agents.ismcts",
    "multiverse.agents.policy",
    "multiverse.united.determinize",
    "multiverse.united.heuristic",
    "multiverse.united.view",
    "multiverse.united.fast_scores",
    "multiverse.united.value",
    "multiverse.sentinels.determinize",
    "multiverse.sentinels.heuristic",
    "multiverse.sentinels.value",
    "multiverse.sentinels.oblivaeon.value",
)


def _built(root: str, module: str) -> tuple[str, list[str]]:
    """`module`'s path in package folder `root` without its suffix, and the compiled modules
    found beside its source."""
    base = os.path.join(os.path.dirname(root), *module.split("."))
    return base, [base + x for x in importlib.machinery.EXTENSION_SUFFIXES if os.path.exists(base + x)]


def stale(root: str, modules: Sequence[str]) -> list[str]:
    """The modules of package folder `root` (`multiverse`'s, for `HOT`) whose source (the
    `.py` file, or the `.pxd` declaring its types) is newer than the compiled module beside
    it: a build that failed after an edit leaves the older compiled module in place."""
    out = []
    for m in modules:
        base, built = _built(root, m)
        if built and os.path.exists(base + ".py"):
            edited = max(os.path.getmtime(base + x) for x in (".py", ".pxd") if os.path.exists(base + x))
            if edited > os.path.getmtime(built[0]):
                out.append(m)
    return out


def unbuilt(root: str, modules: Sequence[str]) -> list[str]:
    """The modules of package folder `root` with no compiled module beside their source, or
    with one older than it (`stale`): those a build left as source."""
    missing = [m for m in modules if not _built(root, m)[1]]
    return missing + stale(root, modules)  # (a missing one is never stale)


class SourceWhenNewer:
    """A meta path finder for `modules`: the `.py` file when it is newer than the compiled
    module beside it, or when `pure`; otherwise whatever the usual path finder finds. When
    any of this package's hot modules is stale, every one of them runs from its source: the
    compiled modules share extension types (the states, `Option`, `Node`), so a compiled rule
    module cannot run on a state class of a module edited since the build."""

    modules: frozenset[str] = frozenset(HOT)
    pure: bool = os.environ.get("MULTIVERSE_PURE") == "1"
    _stale_build: bool | None = None  # unknown until the first hot import

    @classmethod
    def stale_build(cls) -> bool:
        """Whether any hot module of this checkout is stale (read once, then kept)."""
        if cls._stale_build is None:
            cls._stale_build = bool(stale(os.path.dirname(os.path.abspath(__file__)), HOT))
        return cls._stale_build

    @classmethod
    def find_spec(cls, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if name not in cls.modules:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or not spec.origin or spec.origin.endswith(".py"):
            return spec
        source = os.path.join(os.path.dirname(spec.origin), name.rpartition(".")[2] + ".py")
        if os.path.exists(source) and (cls.pure or os.path.getmtime(source) > os.path.getmtime(spec.origin)
                                       or (name in HOT and cls.stale_build())):
            return importlib.util.spec_from_file_location(name, source)
        return spec


def install() -> None:
    """Put the finder first (once), before any hot module is imported."""
    if SourceWhenNewer not in sys.meta_path:
        sys.meta_path.insert(0, SourceWhenNewer)  # type: ignore[arg-type]


def from_source(root: str | None = None) -> list[str]:
    """The hot modules a process started now runs from their Python source (the finder's
    rule, read ahead): every one with MULTIVERSE_PURE=1 or when any is stale (they share
    extension types), else those the build left without a compiled module. `root`: the
    package folder (this one's by default)."""
    root = root or os.path.dirname(os.path.abspath(__file__))
    if SourceWhenNewer.pure or stale(root, HOT):
        return list(HOT)
    return unbuilt(root, HOT)  # (none stale here: those without a compiled module)


def compiled_modules() -> list[str]:
    """Which hot modules this process runs compiled (imported ones only)."""
    return [m for m in HOT if m in sys.modules
            and not (getattr(sys.modules[m], "__file__", "") or "").endswith(".py")]

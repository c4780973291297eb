"""Build: the engine's hottest modules are compiled with Cython from their unchanged Python
source when a C compiler is at hand (see docs/performance.md, "Compiled hot modules"); where
the build fails, or with MULTIVERSE_PURE=1, the package stays pure Python.

The game states and each game's `Tables`, `Option`, `Decision`, the search tree's `Node` and
the turn planner's classes are extension types (`cdef class`, declared in the `.pxd` beside
their module), and an annotation naming one (`s: UnitedState`, `node: Node | None`) is read as
that C type, so `s.hand` and `s.T.kept` are field reads, not attribute lookups. Every other
annotation is left out of the copy the compiler reads (build/typed: the same lines, `object` in
place of each other annotation), so an `int`, `float`, `bool` or `dict` hint never becomes a C
type or a type check: the compiled modules keep Python's semantics, an argument of the wrong
type included."""

import ast
import os
import re

from setuptools import setup

SRC = "src"
TYPED = os.path.join("build", "typed")


def hot_modules() -> list[str]:
    """The modules to compile: `HOT` of src/multiverse/compiled.py (one list for both)."""
    with open(os.path.join(SRC, "multiverse", "compiled.py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    return next(ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
                and isinstance(n.targets[0], ast.Name) and n.targets[0].id == "HOT")


def extension_types(modules: list[str], src: str = SRC) -> set[tuple[str, str]]:
    """Each `cdef class` declared in a `.pxd` beside one of `modules`, as (module, name): two
    modules may declare the same name (each game's `Tables`)."""
    found = set()
    for m in modules:
        pxd = os.path.join(src, *m.split(".")) + ".pxd"
        if os.path.exists(pxd):
            with open(pxd, encoding="utf-8") as f:
                found |= {(m, name) for name in re.findall(r"^cdef class (\w+)", f.read(), re.M)}
    return found


def typed_copy(module: str, types: set[tuple[str, str]], src: str = SRC, typed: str = TYPED) -> str:
    """The copy of `module` the compiler reads (under `typed`), and its `.pxd`: the one
    beside its source, plus a cimport of each extension type and each `.pxd`-declared
    function it imports at module level (a call to one is a C call). In the copy, a
    hint naming an extension type stays; a local variable's hint goes (the compiler infers
    its type: `opts = []` is a list); a function the `.pxd` declares keeps no hint (the
    declaration types it); every other hint reads `object`."""
    path = os.path.join(src, *module.split(".")) + ".py"
    with open(path, encoding="utf-8") as f:
        text = f.read()
    tree = ast.parse(text)
    own = {n for m, n in types if m == module}
    used = {(node.module, a.name) for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            for a in node.names if (node.module, a.name) in types and a.asname is None}
    keep = own | {name for _, name in used}
    pxd = os.path.join(src, *module.split(".")) + ".pxd"
    declared = ""
    if os.path.exists(pxd):
        with open(pxd, encoding="utf-8") as f:
            declared = f.read()
    c_functions = declared_functions(module, src, methods=True)  # typed by the .pxd
    used |= {(node.module, a.name) for node in tree.body if isinstance(node, ast.ImportFrom)
             and node.module for a in node.names if a.asname is None
             and a.name in declared_functions(node.module, src)}  # called as C functions
    lines = text.splitlines(keepends=True)
    spans = []  # (line, start column, end line, end column, replacement)
    locals_: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for x in ast.walk(node):  # a local's hint goes: the compiler infers `[]` a list
                if isinstance(x, ast.AnnAssign) and isinstance(x.target, ast.Name) \
                        and x.value is not None and not kept(x.annotation, keep) and id(x) not in locals_:
                    locals_.add(id(x))
                    spans.append((x.target.end_lineno, x.target.end_col_offset,
                                  x.annotation.end_lineno, x.annotation.end_col_offset, b""))
            a = node.args
            args = [x for x in (*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg) if x is not None]
            if node.name in c_functions:  # the .pxd's signature rules
                spans += [(x.lineno, x.col_offset + len(x.arg), x.annotation.end_lineno,
                           x.annotation.end_col_offset, b"") for x in args if x.annotation is not None]
                if node.returns is not None:
                    r = node.returns
                    arrow = lines[r.lineno - 1].encode().rindex(b"->", 0, r.col_offset)
                    spans.append((r.lineno, arrow, r.end_lineno, r.end_col_offset, b""))
                continue
            anns = [x.annotation for x in args] + [node.returns]
        elif isinstance(node, ast.AnnAssign) and id(node) not in locals_:
            anns = [node.annotation]
        else:
            continue
        spans += [(x.lineno, x.col_offset, x.end_lineno, x.end_col_offset, b"object")
                  for x in anns if x is not None and not kept(x, keep)]
    for lineno, col, end_lineno, end_col, put in sorted(spans, reverse=True):
        first, last = lines[lineno - 1].encode(), lines[end_lineno - 1].encode()
        joined = (first[:col] + put + last[end_col:]).decode()
        lines[lineno - 1:end_lineno] = [joined] + ["\n"] * (end_lineno - lineno)  # the same lines
    out = os.path.join(typed, *module.split(".")) + ".py"
    os.makedirs(os.path.dirname(out), exist_ok=True)
    for i in range(1, module.count(".") + 1):  # the package folders, as in src
        init = os.path.join(typed, *module.split(".")[:i], "__init__.py")
        if not os.path.exists(init):
            open(init, "w").close()
    declared += "".join(f"from {m} cimport {name}\n" for m, name in sorted(used))
    write_if_changed(out, "".join(lines), path)
    write_if_changed(out[:-3] + ".pxd", declared, pxd if os.path.exists(pxd) else path)
    return out


def declared_functions(module: str, src: str = SRC, methods: bool = False) -> set[str]:
    """The module-level functions the `.pxd` beside `module` declares (`cpdef`), with the
    methods of its classes too if `methods`; none without a `.pxd`."""
    pxd = os.path.join(src, *module.split(".")) + ".pxd"
    if not os.path.exists(pxd):
        return set()
    with open(pxd, encoding="utf-8") as f:
        indent = r"[ \t]*" if methods else ""
        return set(re.findall(rf"^{indent}c?p?def (?!class )[\w ]*?(\w+)\(", f.read(), re.M))


def kept(annotation: ast.expr, keep: set[str]) -> bool:
    """An annotation the compiler reads: an extension type of `keep` (or it `| None`), or a
    `ClassVar`."""
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr) \
            and isinstance(annotation.right, ast.Constant) and annotation.right.value is None:
        annotation = annotation.left
    x = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    name = x.id if isinstance(x, ast.Name) else x.value if isinstance(x, ast.Constant) else None
    return name in keep if x is annotation else name == "ClassVar"


def write_if_changed(path: str, text: str, source: str) -> None:
    """Write `text` unless the file holds it already and is newer than `source`: an
    unchanged module is not rebuilt, and one whose source is newer than its compiled module
    (edited, or checked out again) always is (`compiled.SourceWhenNewer` would run the
    source instead)."""
    if os.path.exists(path) and os.path.getmtime(path) >= os.path.getmtime(source):
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def extensions() -> list:
    if os.environ.get("MULTIVERSE_PURE") == "1":
        return []
    try:
        from Cython.Build import cythonize
        from setuptools import Extension
    except ImportError:
        return []
    hot = hot_modules()
    types = extension_types(hot)
    mods = [Extension(m, [typed_copy(m, types)], optional=True) for m in hot]
    return cythonize(mods, language_level=3, build_dir="build/cython", quiet=True,
                     include_path=[SRC],
                     compiler_directives={"binding": True, "annotation_typing": True})


setup(ext_modules=extensions(), options={"build_ext": {"parallel": os.cpu_count() or 1}})

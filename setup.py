"""Build: the engine's hottest modules are compiled with Cython from their unchanged Python
source when a C compiler is at hand (see docs/performance.md, "Compiled hot modules"); where
the build fails, or with MULTIVERSE_PURE=1, the package stays pure Python. Type hints are
not read as C types (`annotation_typing` off): the compiled modules keep Python's semantics,
an argument of the wrong type included."""

import ast
import os

from setuptools import setup


def hot_modules() -> list[str]:
    """The modules to compile: `HOT` of src/multiverse/compiled.py (one list for both)."""
    with open(os.path.join("src", "multiverse", "compiled.py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    return next(ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
                and isinstance(n.targets[0], ast.Name) and n.targets[0].id == "HOT")


def extensions() -> list:
    if os.environ.get("MULTIVERSE_PURE") == "1":
        return []
    try:
        from Cython.Build import cythonize
        from setuptools import Extension
    except ImportError:
        return []
    mods = [Extension(m, [os.path.join("src", *m.split(".")) + ".py"], optional=True)
            for m in hot_modules()]
    return cythonize(mods, language_level=3, build_dir="build/cython", quiet=True,
                     compiler_directives={"binding": True, "annotation_typing": False})


setup(ext_modules=extensions(), options={"build_ext": {"parallel": os.cpu_count() or 1}})

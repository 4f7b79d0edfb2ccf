"""Build the rules kernel (domino_tui/engine/core.py) as a C extension with Cython where that works.

The kernel is plain Python in Cython's pure-Python mode, so the compiled module is an optimisation only: without
Cython or a C compiler, or with DOMINO_TUI_PURE=1, nothing is compiled and the same source runs interpreted.
"""

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

KERNEL = "domino_tui/engine/core.py"


class OptionalBuildExt(build_ext):
    """A failed compile is a warning: the interpreted kernel is complete on its own."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            print(f"domino-tui: the kernel was not compiled ({exc}); it runs interpreted", file=sys.stderr)

    def build_extension(self, ext) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:
            print(f"domino-tui: {ext.name} was not compiled ({exc}); it runs interpreted", file=sys.stderr)


def kernel_extensions() -> list:
    if os.environ.get("DOMINO_TUI_PURE"):
        return []
    try:
        from Cython.Build import cythonize

        return cythonize([KERNEL], compiler_directives={"language_level": 3}, quiet=True)
    except Exception as exc:
        print(f"domino-tui: the kernel was not compiled ({exc}); it runs interpreted", file=sys.stderr)
        return []


setup(ext_modules=kernel_extensions(), cmdclass={"build_ext": OptionalBuildExt})

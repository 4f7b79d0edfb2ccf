"""Build the rules kernels (domino_tui/engine/core.py, and train_core.py for the train game) and the bots' hot
paths (domino_tui/ai/lines.py, the line games' playouts and search, domino_tui/ai/stirring.py, the sampler's
steps, and domino_tui/ai/train_loops.py, the train expert's playouts) as C extensions with Cython where that works.

They are plain Python in Cython's pure-Python mode, their C declarations in the .pxd files beside them, so the
compiled modules are an optimisation only: without Cython or a C compiler, or with DOMINO_TUI_PURE=1, nothing is
compiled and the same source runs interpreted.
"""

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    "domino_tui/engine/core.py",
    "domino_tui/engine/train_core.py",
    "domino_tui/ai/lines.py",
    "domino_tui/ai/stirring.py",
    "domino_tui/ai/train_loops.py",
]


class OptionalBuildExt(build_ext):
    """A failed compile is a warning: the interpreted modules are complete on their own. All or none: the bots'
    compiled modules call the compiled kernel in C, so a kernel compiled beside interpreted bots would not do."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            for ext in self.extensions:
                built = self.get_ext_fullpath(ext.name)
                if os.path.exists(built):
                    os.remove(built)
            print(f"domino-tui: nothing was compiled ({exc}); it all runs interpreted", file=sys.stderr)


def remove_old_builds() -> None:
    """An earlier build's extensions beside the sources (an editable install) would shadow a source that no longer
    compiles: take them away, so that the source runs."""
    for source in COMPILED:
        folder, name = os.path.split(source)
        stem = name.removesuffix(".py")
        for file in os.listdir(folder):
            if file.startswith(f"{stem}.") and file.endswith((".so", ".pyd")):
                os.remove(os.path.join(folder, file))


def kernel_extensions() -> list:
    if os.environ.get("DOMINO_TUI_PURE"):
        return []
    try:
        from Cython.Build import cythonize

        return cythonize(COMPILED, compiler_directives={"language_level": 3}, quiet=True)
    except Exception as exc:
        print(f"domino-tui: nothing was compiled ({exc}); it all runs interpreted", file=sys.stderr)
        remove_old_builds()
        return []


setup(ext_modules=kernel_extensions(), cmdclass={"build_ext": OptionalBuildExt})

"""``python -m domino_tui``; graders also start it in-process with ``runpy.run_module("domino_tui", ...)``."""

import sys

try:
    from .cli import main
except KeyboardInterrupt:  # Ctrl-C while still starting: the same quiet 130 as later on
    sys.exit(130)

sys.exit(main())

"""``python -m domino_tui``; graders also start it in-process with ``runpy.run_module("domino_tui", ...)``."""

try:
    from .cli import main
except KeyboardInterrupt:  # Ctrl-C while still starting: the same quiet 130 as later on
    raise SystemExit(130) from None

raise SystemExit(main())

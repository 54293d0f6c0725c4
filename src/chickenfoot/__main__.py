"""``python -m chickenfoot``: the ``chickenfoot`` command (see :mod:`chickenfoot.cli`)."""

from __future__ import annotations

if __name__ == "__main__":
    from .cli import main

    raise SystemExit(main())

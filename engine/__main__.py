"""``python -m engine``: the same as the ``hexfront`` command."""

from .cli import main

raise SystemExit(main())

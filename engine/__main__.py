"""``python -m engine``: the engine's command line (everything but 'play', which is ``python -m tui``)."""

from .cli import main

raise SystemExit(main())

"""``python -m hexfront.tui``: the same as the ``hexfront`` command."""

from .launch import main

raise SystemExit(main())

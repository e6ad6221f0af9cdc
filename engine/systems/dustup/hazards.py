"""Fire, smoke, casualty evacuation, mines, booby traps, IEDs and buildings (Additional Rules)."""

from __future__ import annotations

ACTIONS: dict = {}
DECISIONS: dict = {}
FOLD: dict = {}
EVENT_TYPES: tuple = ()
COMMANDS: tuple = ()
SIDE_ACTIONS: dict = {}

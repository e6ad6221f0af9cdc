"""Aircraft on the table (Aerospace Operations)."""

from __future__ import annotations

ACTIONS: dict = {}
DECISIONS: dict = {}
FOLD: dict = {}
EVENT_TYPES: tuple = ()
COMMANDS: tuple = ()
SIDE_ACTIONS: dict = {}

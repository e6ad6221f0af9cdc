"""Electronic warfare and small drones (Additional Rules: Electronic Warfare; Drones)."""

from __future__ import annotations

ACTIONS: dict = {}
DECISIONS: dict = {}
FOLD: dict = {}
EVENT_TYPES: tuple = ()
COMMANDS: tuple = ()
SIDE_ACTIONS: dict = {}

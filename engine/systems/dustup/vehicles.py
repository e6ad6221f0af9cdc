"""Vehicles on the ground: movement with facing, transport, towing, suppression, close assault and
tank shock (Armoured Dustup: Vehicles)."""

from __future__ import annotations

ACTIONS: dict = {}
DECISIONS: dict = {}
FOLD: dict = {}
EVENT_TYPES: tuple = ()
COMMANDS: tuple = ()
SIDE_ACTIONS: dict = {}

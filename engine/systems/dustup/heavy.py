"""Heavy weapons, guided weapons and fire at vehicles (Armoured Dustup: Heavy Weapons; Guided Weapons;
Vehicles: Firing at Vehicles ... Fire by Passengers)."""

from __future__ import annotations

ACTIONS: dict = {}
DECISIONS: dict = {}
FOLD: dict = {}
EVENT_TYPES: tuple = ()
COMMANDS: tuple = ()
SIDE_ACTIONS: dict = {}

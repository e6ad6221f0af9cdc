"""30 Minute Missions: mech combat on hexes with facing, action points and hit sections (seed 001)."""

from __future__ import annotations

from .system import MinuteMissions

SYSTEM = MinuteMissions()

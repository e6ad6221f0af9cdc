"""The computer's pace: how long each of its orders stays on screen before the next, so a player can follow
its turn. Kept in saves/settings.json under ``pace``; ``+`` and ``-`` in a battle change it, ``x`` skips the rest of
the computer's turn whatever the pace."""

from __future__ import annotations

from typing import Any

#: seconds each computer order is held on screen, by the name the player chooses
PACES: dict[str, float] = {"slow": 1.0, "normal": 0.35, "fast": 0.1, "instant": 0.0}
DEFAULT_PACE = "normal"


def pace_of(settings: dict[str, Any]) -> str:
    """The pace a settings file names; the default when it names none or one this version does not know."""
    value = settings.get("pace")
    return value if isinstance(value, str) and value in PACES else DEFAULT_PACE


def next_pace(pace: str, step: int = 1) -> str:
    """The pace ``step`` places faster (negative: slower) than ``pace`` in the order slow, normal, fast,
    instant, stopping at either end."""
    names = list(PACES)
    if pace not in PACES:
        return DEFAULT_PACE
    return names[max(0, min(len(names) - 1, names.index(pace) + step))]

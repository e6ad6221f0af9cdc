"""What a rule system gives the campaign mode: how one battle's end carries into the next battle.

A campaign is a named series of battles in one system (``content/<id>/campaigns/<name>.toml``). Between
two battles the campaign reads what carries over from the end of the first (``carry_from``: survivors,
casualties, wounds, experience, as the book describes them) and writes it into the next battle's content
before that battle is created (``carry_into``), so that every battle's save holds its own content and
replays alone. Units are matched between the battles of one campaign by their ids in the content.

Randomness that the book puts at the end of a battle (RatFight's availability draw for each casualty) is
an order of that battle (``aftermath``: a command type the system registers in its rulebook, offered once
the battle is decided and the battle belongs to a campaign), so that it is drawn from the battle's own
generator, shown in its dice log and replayed with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

#: the battle option a campaign sets on each of its battles (its value: the campaign's name); a system
#: offers its ``aftermath`` order only in a battle that has it
CAMPAIGN_OPTION = "campaign"


@attrs.frozen
class CampaignRules:
    """A system's campaign rules.

    ``carry_from(state)`` is what the ended battle passes on, JSON-safe (str keys; str, int, float, bool,
    None, lists and dicts), keyed by side id. ``carry_into(content, carried)`` returns the next battle's
    content (a new dict; the one given is not changed) with ``carried`` applied: units lost are left out,
    wounds and experience written on the units that keep them; where ``carried`` leaves a side nothing to field
    it raises engine.core.carried.CampaignOver, and the campaign ends there. ``aftermath`` is the command type of the
    end-of-battle step, or None where the book puts no roll or card there. ``help`` is the rules help's
    text on this system's campaigns: which parts are the book's and which are this game's own, each reading
    marked as a reading. ``describe(carried)`` (optional) says what carried over in a player's words, one
    line each, for the screen between two battles; without it that screen lists ``carried`` as it is.
    """

    carry_from: Callable[[Any], dict[str, Any]]
    carry_into: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]
    help: str
    aftermath: type[Any] | None = None
    describe: Callable[[dict[str, Any]], list[str]] | None = None

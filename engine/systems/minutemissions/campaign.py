"""30 Minute Missions' campaign: the experience a unit earns by destroying enemy weapons and equipment.

The book (Weapons): "Destroyed weapons/ equipment give the Unit that destroyed them experience in campaign
play as well as removing the effected Units ability to use it for the remainder of the battle." It gives no
table of what experience is worth. This game's reading:

- one experience point for each enemy weapon (a shield too) or drone a unit destroys, by its attack or its
  counter (a mounted weapon that explodes counts for the unit whose hit destroyed it); counted in a battle of
  a campaign only (the folds, ``MissionState.experience``);
- a pilot who brings :data:`~.combat.VETERAN` (2) or more points to a battle is a veteran: +1 to Accuracy and
  to Assault (combat.veteran, the same stat the odds and the computer player read);
- between battles every mech is repaired: sections and weapons destroyed "for the remainder of the battle"
  are whole again for the next;
- a mech destroyed in a battle is rebuilt for the next, but its pilot is not the same: its experience is
  lost (it starts again from 0).

The carried roster, by side: ``units`` {unit id: {"experience": n}} and ``destroyed`` (unit ids, for the
record). Units are matched by their ids in the missions; a unit the roster does not name starts with none.
"""

from __future__ import annotations

import copy
from typing import Any

from hexfront.engine.core.campaign import CampaignRules
from hexfront.engine.core.carried import CarryError, by_side, known_ids, names, table, whole
from hexfront.engine.core.errors import ContentError

from .combat import VETERAN
from .data import read_content
from .describe import Describer
from .state import MissionState

KEYS = ("units", "destroyed", "name", "names", "earned")
MAX_EXPERIENCE = 999

HELP = f"""\
The book's: in campaign play, a unit that destroys an enemy's weapons or equipment gains experience. The book \
gives no table of what experience is worth; the rest is this game's reading:

- One experience point for each enemy weapon, shield or drone a unit destroys (by its attack or its \
counter), counted only in a battle of a campaign.
- A pilot who brings {VETERAN} or more points into a battle is a veteran: +1 to Accuracy and +1 to Assault.
- Between battles every mech is repaired: destroyed sections and weapons are whole again.
- A mech destroyed in battle is rebuilt for the next, with a new pilot: its experience starts again from 0."""


def carry_from(state: MissionState) -> dict[str, Any]:
    """What the ended battle passes on, by side: each unit's experience (what it brought plus what it earned;
    0 for a mech destroyed, whose pilot is new) and the mechs destroyed."""
    out: dict[str, Any] = {}
    for side in state.sides:
        units: dict[str, Any] = {}
        destroyed: list[str] = []
        called: dict[str, str] = {}
        earned: dict[str, int] = {}
        for u in state.units.values():
            if u.side != side:
                continue
            called[u.id] = Describer(state).name(u.id)
            if state.experience.get(u.id, 0):
                earned[u.id] = min(MAX_EXPERIENCE, state.experience[u.id])
            if u.destroyed:
                destroyed.append(u.id)
                units[u.id] = {"experience": 0}
            else:
                total = state.tables.unit_spec(u.id).experience + state.experience.get(u.id, 0)
                units[u.id] = {"experience": min(MAX_EXPERIENCE, total)}
        out[side] = {"name": Describer(state).side(side), "names": called, "units": units, "destroyed": destroyed,
                     "earned": earned}
    return out


def carried_lines(carried: dict[str, Any]) -> list[str]:
    """What carried over, in a player's words, per side: each pilot's experience (what this battle earned, and
    who is a veteran), and the mechs destroyed, rebuilt with a new pilot; units as the panes name them."""
    lines: list[str] = []
    for side, roster in carried.items():
        called = roster.get("names", {})
        earned = roster.get("earned", {})
        destroyed = roster.get("destroyed", [])
        lines.append(f"{roster.get('name', side)}: every mech repaired for the next battle.")
        for uid, facts in roster.get("units", {}).items():
            who = called.get(uid, uid)
            if uid in destroyed:
                lines.append(f"  {who} was destroyed: rebuilt with a new pilot, no experience.")
                continue
            points = facts.get("experience", 0)
            gained = f" (+{earned[uid]} this battle)" if earned.get(uid) else ""
            veteran = ": a veteran" if points >= VETERAN else ""
            lines.append(f"  {who}: {points} experience{gained}{veteran}.")
    return lines


def carry_into(content: dict[str, Any], carried: dict[str, Any]) -> dict[str, Any]:
    """The next mission's content with each carried unit's experience written on its entry; ``content`` is not
    changed. A roster that cannot be applied is a CarryError naming what is wrong."""
    try:
        mission = read_content(content).scenario
    except ContentError as exc:
        raise CarryError(f"the next battle's content cannot be read: {exc.message}") from None
    rosters = by_side(carried, [s.id for s in mission.sides], KEYS)
    out = copy.deepcopy(content)
    for side_table in out["scenario"]["sides"]:
        side = side_table["id"]
        if side not in rosters:
            continue
        units = table(rosters[side].get("units", {}), f"the carried units of {side}")
        names(rosters[side].get("destroyed", []), f"the carried destroyed of {side}")
        table(rosters[side].get("names", {}), f"the carried names of {side}")
        table(rosters[side].get("earned", {}), f"the carried earned of {side}")
        known_ids(units, [u["id"] for u in side_table["units"]], f"the carried units of {side}")
        for entry in side_table["units"]:
            if entry["id"] in units:
                facts = table(units[entry["id"]], f"the carried unit {entry['id']}")
                entry["experience"] = whole(facts.get("experience", 0), f"the experience of {entry['id']}", 0,
                                            MAX_EXPERIENCE)
    return out


RULES = CampaignRules(carry_from=carry_from, carry_into=carry_into, help=HELP, describe=carried_lines)

"""Disrupter's campaign: the wounds a soldier takes stay with him into the next battle.

The book's Rule 6 gives Wounds (W) as the "Number of Wounds taken before incapacitation or death (See
Campaign)", but its Campaign page is not in it. This game's reading of that page:

- a unit still alive at the end of a battle (on the board, or routed off it) fights the next battle with the
  wounds it has taken: they are not healed between battles;
- a soldier or bot taken off the board (its wounds reached its W: incapacitated or dead) is lost for the rest
  of the campaign;
- an officer taken off the board is replaced for the next battle by a fresh officer of the same kit, unwounded:
  Rule 9 needs a CO and an NCO in every squad, and a platoon without them could not take the field;
- stress, cover, orders and everything else of a battle end with it.

The carried roster, by side: ``units`` {unit id: {"wounds": n}} for every unit that takes the next battle's
field, ``lost`` and ``replaced`` (unit ids, for the record). A unit of the next battle's platoon that the
roster does not list is left out of it: the battles of one campaign field the same platoons, and a unit lost
in the first battle stays lost in the third.
"""

from __future__ import annotations

import copy
from typing import Any

from hexfront.engine.core.campaign import CampaignRules
from hexfront.engine.core.carried import CarryError, by_side, known_ids, names, table, whole
from hexfront.engine.core.errors import ContentError

from .data import Tables, platoon_unit_ids, read_content
from .describe import unit_name
from .schema import STAT_CAP
from .state import DisState

KEYS = ("units", "lost", "replaced", "name", "names")

HELP = """\
The book's Wounds (W) are "taken before incapacitation or death (See Campaign)", but the book's Campaign page \
is missing. This game's reading of it (each part a reading, not the book's words):

- Wounds stay: a unit alive at the end of a battle, on the board or routed off it, starts the next battle \
with the wounds it took.
- A soldier or bot taken off the board is lost for the rest of the campaign.
- An officer taken off the board is replaced for the next battle by a fresh officer with the same kit \
(Rule 9 needs a CO and an NCO in each squad).
- Stress, orders, cover and code words do not carry over.

The battles of a campaign field the same platoons; a team whose units are all lost stays off the board."""


def carry_from(state: DisState) -> dict[str, Any]:
    """What the ended battle passes on, by side: the units that fight again (with their wounds), those lost,
    and the officers replaced (this game's reading of the missing Campaign page)."""
    out: dict[str, Any] = {}
    for side in state.sides:
        units: dict[str, Any] = {}
        lost: list[str] = []
        replaced: list[str] = []
        called: dict[str, str] = {}
        for _, team in sorted(state.teams.items()):
            if team.side != side:
                continue
            for u in team.units:
                called[u.id] = unit_name(state, u.id)
                if u.alive:
                    units[u.id] = {"wounds": u.wounds}
                elif u.klass == "officer":
                    units[u.id] = {"wounds": 0}
                    replaced.append(u.id)
                else:
                    lost.append(u.id)
        platoon = state.platoons.get(side)
        out[side] = {"name": platoon.name if platoon is not None else side, "names": called,
                     "units": units, "lost": lost, "replaced": replaced}
    return out


def carried_lines(carried: dict[str, Any]) -> list[str]:
    """What carried over, in a player's words, per platoon: how many are back, who carries which wounds, who
    is lost and which officer is replaced; units by their names on the panes ("soldier 2 (Alpha gun)")."""
    lines: list[str] = []
    for side, roster in carried.items():
        called = roster.get("names", {})
        units = roster.get("units", {})
        replaced = roster.get("replaced", [])
        lost = roster.get("lost", [])
        back = [u for u in units if u not in replaced]
        lines.append(f"{roster.get('name', side)}: {len(back)} back for the next battle.")
        for uid in back:
            wounds = units[uid].get("wounds", 0)
            if wounds:
                lines.append(f"  {called.get(uid, uid)} carries {wounds} {'wound' if wounds == 1 else 'wounds'}.")
        lines.extend(f"  {called.get(uid, uid)} was taken off the board: lost." for uid in lost)
        lines.extend(f"  {called.get(uid, uid)} was taken off the board: a fresh officer takes his place."
                     for uid in replaced)
        if not (lost or replaced or any(units[u].get("wounds", 0) for u in back)):
            lines.append("  No one wounded or lost.")
    return lines


def carry_into(content: dict[str, Any], carried: dict[str, Any]) -> dict[str, Any]:
    """The next battle's content with ``carried`` applied: each carried side's ``lost`` lists the units of its
    platoon the roster leaves out, its ``wounds`` those it brings. ``content`` is not changed; a roster that
    cannot be applied is a CarryError naming what is wrong."""
    try:
        scenario, platoons, _ = read_content(content)
    except ContentError as exc:
        raise CarryError(f"the next battle's content cannot be read: {exc.message}") from None
    sides = {s.id: s for s in scenario.scenario.sides}
    rosters = by_side(carried, sides, KEYS)
    out = copy.deepcopy(content)
    for side_table in out["scenario"]["sides"]:
        side = side_table["id"]
        if side not in rosters:
            continue
        roster = rosters[side]
        units = table(roster.get("units", {}), f"the carried units of {side}")
        for key in ("lost", "replaced"):
            names(roster.get(key, []), f"the carried {key} of {side}")
        table(roster.get("names", {}), f"the carried names of {side}")
        platoon = platoon_unit_ids(side, platoons[sides[side].platoon])
        known_ids(units, platoon, f"the carried units of {side}")
        wounds: dict[str, int] = {}
        for unit_id, facts in units.items():
            facts = table(facts, f"the carried unit {unit_id}")
            wounds[unit_id] = whole(facts.get("wounds", 0), f"the wounds of {unit_id}", 0, STAT_CAP)
        side_table["lost"] = [u for u in platoon if u not in units]
        side_table["wounds"] = {u: n for u, n in wounds.items() if n}
    try:
        Tables.from_content(out)
    except ContentError as exc:  # e.g. more wounds than the unit's W, or no officer left to lead a squad
        raise CarryError(f"the carried roster does not fit the next battle: {exc.message}") from None
    return out


RULES = CampaignRules(carry_from=carry_from, carry_into=carry_into, help=HELP, describe=carried_lines)

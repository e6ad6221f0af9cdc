"""Dustup's campaign: who of a force comes back for the next battle.

The book (Casualty Evacuation): "The successful evacuation can also affect the player's victory conditions and
influence campaigns." It says no more of campaigns; its wound rules (Shoot: Resolve Impact; Medical Treatment;
Power Armour Troops as Casualties) give each figure's state at the end of a battle. This game's reading:

- a fit figure fights again;
- a wounded figure flown out by a CASEVAC vehicle (``DustState.evacuated``) reaches a medical facility and
  returns for the next battle;
- a treated wounded figure (stabilised: a wound marker) still with its unit is carried off after the battle
  and returns, healed;
- an untreated wounded figure still with its unit does not survive to the next battle: it is lost (the book:
  untreated wounded "should be dealt with as soon as possible");
- a killed figure is lost, and so is a wounded figure abandoned on the field (the book's hope "of being able
  to return at a later point to recover them" ends with the battle);
- a power armoured trooper whose suit was wrecked (disabled) returns in a new suit;
- a heavy weapon disabled by a wound is repaired; one a kill permanently damaged is lost;
- a vehicle (or mech, aircraft...) destroyed is lost; any other returns repaired;
- a unit's new leader, when its leader is lost, is its first soldier with no role of his own (a medic stays
  a medic), in the lost leader's role (the book appoints a new leader in battle); the leadership value stays
  the unit's own; a unit whose medic is lost treats with the D6 of troops without one.

The carried roster, by side: ``units`` {unit id: {"figures": [figure ids that return]}} (a vehicle's list is
empty: it returns whole), ``lost`` and ``evacuated`` (figure or vehicle ids, for the record). A unit of the
next battle that the roster does not name is left out of it; a figure of a named unit that its list does not
name is left out (the unit's ``lost``), the others keep their ids.
"""

from __future__ import annotations

import copy
from typing import Any

from hexfront.engine.core.campaign import CampaignRules
from hexfront.engine.core.carried import CampaignOver, CarryError, by_side, known_ids, names, table
from hexfront.engine.core.errors import ContentError

from .data import Tables, parse_figures, read_content
from .forces import new_state
from .state import ABANDONED, DISABLED, FIT, KILLED, STABILISED, WEAPON, DustState, Figure

KEYS = ("units", "lost", "evacuated", "name", "names")

HELP = """\
The book: a successful casualty evacuation can "influence campaigns". It says no more; what carries from \
one battle to the next is this game's reading of its wound rules:

- Fit figures fight again. Wounded flown out by a CASEVAC vehicle return for the next battle.
- Treated wounded (a wound marker) still with their unit are carried off after the battle and return.
- Untreated wounded still with their unit, killed figures and wounded abandoned on the field are lost.
- A power armoured trooper whose suit was wrecked returns in a new suit; a disabled heavy weapon is \
repaired, a permanently damaged one lost; a destroyed vehicle is lost, any other returns repaired.
- A unit whose leader is lost is led by its first plain soldier in the next battle; one whose medic is lost \
treats its wounded with a D6.
- A unit with no figure left is left out; a side with no unit left cannot fight on: the campaign ends."""


def _returns(f: Figure, evacuated: set[str]) -> bool:
    """Whether a figure comes back for the next battle (this game's reading; see the module)."""
    if f.role == WEAPON:
        return f.status != KILLED
    if f.status == ABANDONED:
        return f.id in evacuated
    return f.status in (FIT, STABILISED, DISABLED)


def carry_from(state: DustState) -> dict[str, Any]:
    """What the ended battle passes on, by side: each unit's returning figures, and the figures (or vehicles)
    lost and evacuated."""
    evacuated = set(state.evacuated)
    out: dict[str, Any] = {}
    for side in state.sides:
        specs = [spec for spec in state.tables.deployment if spec["side"] == side]
        back: dict[str, list[str]] = {str(spec["id"]): [] for spec in specs if "vehicle" not in spec}
        lost: list[str] = []
        called: dict[str, str] = {}
        for u in state.units.values():
            if u.side != side:
                continue
            called[u.id] = u.name
            for f in u.figures:
                called.setdefault(f.id, f.name)
                owner = f.id.rsplit(".", 1)[0]
                if owner in back:  # a figure of an infantry unit as written (detachments keep the ids)
                    (back[owner] if _returns(f, evacuated) else lost).append(f.id)
        units: dict[str, Any] = {uid: {"figures": sorted(figs, key=_number)} for uid, figs in back.items() if figs}
        for spec in specs:
            if "vehicle" in spec:
                vid = str(spec["id"])
                if state.units[vid].destroyed:
                    lost.append(vid)
                else:
                    units[vid] = {"figures": []}
        out[side] = {"name": state.tables.side_names.get(side, side), "names": called,
                     "units": units, "lost": sorted(lost, key=_number),
                     "evacuated": [fid for fid in state.evacuated if fid.rsplit(".", 1)[0] in back]}
    return out


def _number(fid: str) -> tuple[str, int]:
    owner, _, n = fid.rpartition(".")
    return owner, int(n) if n.isdigit() else 0


def carry_into(content: dict[str, Any], carried: dict[str, Any]) -> dict[str, Any]:
    """The next battle's content with ``carried`` applied: units the roster does not name left out, the
    figures a named unit does not bring listed in its ``lost``; ``content`` is not changed. A roster that
    cannot be applied is a CarryError naming what is wrong."""
    try:
        scenario = read_content(content).scenario
    except ContentError as exc:
        raise CarryError(f"the next battle's content cannot be read: {exc.message}") from None
    rosters = by_side(carried, [s.id for s in scenario.sides], KEYS)
    out = copy.deepcopy(content)
    dropped: set[str] = set()
    beaten: list[str] = []
    for side_table in out["scenario"]["sides"]:
        side = side_table["id"]
        if side not in rosters:
            continue
        units = table(rosters[side].get("units", {}), f"the carried units of {side}")
        for key in ("lost", "evacuated"):
            names(rosters[side].get(key, []), f"the carried {key} of {side}")
        table(rosters[side].get("names", {}), f"the carried names of {side}")
        known_ids(units, [str(e["id"]) for e in side_table["units"]], f"the carried units of {side}")
        kept = []
        for entry in side_table["units"]:
            uid = str(entry["id"])
            if uid not in units:
                dropped.add(uid)
                continue
            figures = names(table(units[uid], f"the carried unit {uid}").get("figures", []),
                            f"the carried figures of {uid}")
            if "vehicle" not in entry:
                written = [f"{uid}.{i + 1}" for i in range(len(parse_figures(entry["figures"], f"unit {uid}")))]
                known_ids(figures, written, f"the carried figures of {uid}")
                lost = [fid for fid in written if fid not in figures]
                if lost:
                    entry["lost"] = lost
            kept.append(entry)
        if not kept:
            beaten.append(side)
        side_table["units"] = kept
    if beaten:
        who = " and ".join(str(s.get("name", s["id"])) for s in out["scenario"]["sides"] if s["id"] in beaten)
        raise CampaignOver(f"{who} {'has' if len(beaten) == 1 else 'have'} no unit left to field: the campaign is "
                           f"over", beaten)
    _unlink(out, dropped)
    try:
        new_state(Tables.from_content(out), {})
    except ContentError as exc:
        raise CarryError(f"the carried roster does not fit the next battle: {exc.message}") from None
    return out


def _unlink(content: dict[str, Any], dropped: set[str]) -> None:
    """Names of units left out taken off the units that named them: a unit whose HQ is gone has no commander,
    a passenger whose vehicle is gone starts on its own hex, an asset whose platoon HQ is gone is the side's."""
    for side_table in content["scenario"]["sides"]:
        for entry in side_table["units"]:
            for key in ("commander", "in"):
                if entry.get(key) in dropped:
                    del entry[key]
        for asset in side_table.get("support", []):
            if isinstance(asset, dict) and asset.get("platoon") in dropped:
                del asset["platoon"]


def _called(called: dict[str, str], fid: str) -> str:
    """A figure as the unit pane lists it, with its unit's name ("A.3 (Alpha Squad)"); a vehicle by its name."""
    unit = called.get(fid.rsplit(".", 1)[0], "") if "." in fid else ""
    return f"{called.get(fid, fid)} ({unit})" if unit else called.get(fid, fid)


def carried_lines(carried: dict[str, Any]) -> list[str]:
    """What carried over, in a player's words, per side: how many figures come back, and per unit who was
    evacuated by the CASEVAC (back) and who is lost; units and figures as the panes name them."""
    lines: list[str] = []
    for side, roster in carried.items():
        called = roster.get("names", {})
        units = roster.get("units", {})
        lost = roster.get("lost", [])
        evacuated = roster.get("evacuated", [])
        figures = sum(len(facts.get("figures", [])) for facts in units.values())
        vehicles = sum(1 for facts in units.values() if not facts.get("figures"))
        back = f"{figures} {'figure' if figures == 1 else 'figures'}"
        if vehicles:
            back += f" and {vehicles} {'vehicle' if vehicles == 1 else 'vehicles'}"
        lines.append(f"{roster.get('name', side)}: {back} back for the next battle.")
        lines.extend(f"  {_called(called, fid)} was flown out by the CASEVAC: back." for fid in evacuated)
        lines.extend(f"  {_called(called, fid)}: lost." for fid in lost)
        if not (lost or evacuated):
            lines.append("  No one lost.")
    return lines


RULES = CampaignRules(carry_from=carry_from, carry_into=carry_into, help=HELP, describe=carried_lines)

"""Aircraft on the table and on the inbound chart (Armoured Dustup: Aerospace Operations).

Orders added here:

* :class:`MoveInbound` (a side's order instead of activating a unit): an aircraft's counter goes one
  box along the inbound chart, 3 -> 2 -> 1 -> the battle area (0) or the loiter box (-1), or from
  the loiter box into the battle area. Leaving box 1 it must get through the enemy's air defence
  environment (ADE); arriving, the aircraft is placed on ``at`` facing ``facing``, airborne or (a
  VTOL) hovering, and may act next turn. Troops inserted from altitude or orbit (``insertion``)
  come down the same chart onto a nominated landing zone.
* :class:`AirMove` - one action: fly anywhere on the table, turning no more than 90 degrees.
* :class:`LeaveTable` - one action: fly off the table to box 1 or the loiter box.
* :class:`Land` / :class:`TakeOff` - one action each (VTOL aircraft, and grav vehicles that can fly;
  landing zones).
* :class:`Taxi` - one action: a grounded aircraft fitted with wheels rolls up to 3 hexes (6") along
  a road.
* :class:`AirFire` - one action: an aircraft fires a turreted, fixed or guided weapon; the mount's
  limits are aircraft.mount_refusal (heavy.py's FireWeapon leaves aircraft to this order, and its
  shots are resolved by heavy.py's own procedures).
* :class:`DropBombs` - one action: deadfall weapons (bombs) on one point or in a stick.
* :class:`FireAA` - one action: a designated anti-aircraft weapon engages an aircraft in the air
  (acquire, the pilot's choice, engage; crash or emergency landing). With the option
  ``air_to_air`` an aircraft's guided weapon may do the same at another aircraft.
* :class:`DropTroops` - passengers leave a hovering VTOL by fast rope (both actions) or grav-packs
  (one action).

Scale: 1 hex = 2 inches (RULES-NOTES). 24" = 12 hexes, 12" = 6, 6" = 3. Inches rolled on a die
become hexes by halving, a half rounding up (D6" -> 1-3 hexes); "D6 x 2 inches" is the die in hexes.

This game's readings (the book is silent or vague):

* The ADE is the enemy side's ``ade`` die (default inferior, D6). Acquired aircraft may abort; one
  that goes on is shot at: the ADE die (doubled if the first ADE roll was more than double the ECM
  roll) against its belly armour. Shot down before arriving: the aircraft and everyone aboard are
  lost, with no crash on the table. Aborting, here and later, means returning to base: the
  aircraft and its passengers leave the battle (not casualties) and do not come back.
* Inserted troops do not face the ADE: their carriers fly high above it.
* An aircraft in the air stands on no hex: ground units move through and stop under it, it is no
  enemy "next to" anyone, and ground fire (Shoot, FireWeapon) cannot reach it; only FireAA can.
  Another aircraft in the air may not share its hex.
* Sight from or to an aircraft in the air: every hex is in sight unless smoke lies on either end.
* Turning: hex facings are 60 degrees apart. A move may keep the facing or turn one hex side either
  way, and the destination must lie within 30 degrees of the new facing (the aircraft faces the
  way it flies; with the one-side turn this keeps every move inside 90 degrees of the old
  heading). A VTOL moving 6 hexes (12") or less goes any way and faces any way.
* A non-VTOL aircraft must move first in each activation: AirFire, DropBombs and FireAA (and any
  caller of :func:`mount_refusal`) are refused until it has made a move (AirMove, LeaveTable or a
  TakeOff with a move); Detect is not held back. One whose activation ends without a move flies 12
  hexes straight ahead (off the table: to box 1). A VTOL that ends its
  activation airborne without having moved is hovering.
* A hovering aircraft turns as part of any action: its fixed and guided weapons may engage in any
  direction (it turns to face the target as it fires), and the guided weapons' arc shift does not
  apply. Turrets fire all round (no arcs are given for the models).
* Turreted weapons cannot engage within 3 hexes (6") of the aircraft nor fire while it is grounded.
  Fixed weapons engage only inside a corridor 3 hexes wide straight ahead, at 12 hexes (24") or
  more for non-VTOL and 6 (12") or more for VTOL aircraft, never while grounded. Guided weapons
  engage in the forward 180 degrees; beyond 45 degrees either side the guidance die is one lower.
* Bombs: each deadfall mount releases up to its ``count`` bombs (4 in weapons.toml) once per
  activation. Each lands D6" (1-3 hexes) ahead of the aircraft, or of the bomb before it in a
  stick; from a hovering aircraft, on its own hex. Each is resolved as a blast by impacts.py's
  ``burst`` (the weapon's burst radius and impacts), with the usual suppression and confidence test.
* AA acquisition is the weapon's guidance die against the aircraft's ECM die (the book: "if the
  guidance die beats the ECM die"); an enemy EW unit may disrupt it (ew.disrupt). The engagement
  rolls the guidance die and the weapon's firepower die (an air-to-air guided missile: the firer's
  quality die) against the ECM die, one lower for a hovering target. Hits on a major success: the
  dice's total divided by the ECM die type; each is an impact against the armour face toward the
  firer (front, side or rear).
* The pilot's choice: abort, press on, or evade 12 hexes (24") straight ahead or one hex side to the
  left or right ("evade-left", "evade-ahead", "evade-right"); an evasion that carries it off the
  table takes it to box 1.
* The pilot's confidence test at "+2": the aircraft's quality die must beat 2 plus its leadership;
  failure aborts the mission (returns to base).
* A crash: radius 3 hexes (6"), impact D8 against every unit on the ground in it (support.burst),
  and every passenger is killed. An emergency landing whose point lies off the table is a crash
  beyond the edge: the aircraft and all aboard are lost. A point on a building hex or a ground
  vehicle destroys both (the aircraft crashes there, with its explosion). A point under infantry:
  the wreck comes down on the nearest free hex.
* Crash test: the aircraft's quality die, one type lower for each damage marker above one. 1: it
  crashes (as above). 2-3: each passenger rolls a D6 (1 killed, 2-3 wounded). 4+: a controlled
  landing. Unless it crashed, the aircraft is a wreck (destroyed) and every surviving passenger unit
  is placed on the nearest free hexes within 1 hex with 3 suppression markers (after a 2-3 as well).
* Landing zones: every hex within a radius set by the craft's size (:data:`LZ_RADIUS`): the book's
  diameters 6" (small craft), 12" (larger transports) and 18" (very large orbital dropships) give
  radii of 3", 6" and 9", halved into hexes rounding down: 1, 3 and 4. Size 1-2 is a small craft
  (the hex and its six neighbours), size 3-4 a larger transport, size 5 a very large dropship.
  Heavily obstructed (refused): woods or buildings (hexes grav craft cannot enter), or any other
  unit on the ground anywhere in the zone; water cannot be landed on (a grav vehicle, which skims
  over water anyway, may set down there). Lightly obstructed: any other hex there with cover,
  concealment or worse than clear going for grav craft (rough ground, a wall, scrub...): the quality
  die must score 3 or more, or the craft has landed heavily and may not take off again.
* Grav vehicles: a type of kind "vehicle" with mover "grav" and ``flight = true`` in vehicles.toml
  (the grav carrier; the heavier grav tank has no flight mark and stays a ground skimmer). On the
  ground (``air`` "") it is an ordinary ground vehicle. TakeOff (one action) puts it in the air,
  hovering or airborne, and from then on it flies as a VTOL (AirMove; a free move of up to 6 hexes,
  faces any way, hovers if it does not move) and cannot Move; Land (one action, landing zone rules
  by its size, the same heavy landing) makes it a ground vehicle again. In the air it occupies no
  hex and only anti-aircraft fire reaches it, as an aircraft; it fires its own weapons with
  FireWeapon (they are vehicle weapons, not aircraft mounts). It does not leave the table or use
  the inbound chart. An immobilised grav vehicle cannot take off.
* Taxiing: a grounded aircraft with ``wheels = true`` (the assault dropship) may taxi: one action, up
  to 3 hexes (6"), from a road hex along road hexes only ("a clear paved surface"), every hex it
  enters free of any unit on the ground, ending where a unit may stop (not next to an enemy). It
  ends facing the way it last moved. The book gives the rule for VTOL aircraft; this game lets any
  wheeled aircraft taxi. A heavy landing stops take-offs only, not taxiing.
* Drops from a hovering VTOL: the unit is placed on its hex or next to it (not beside an enemy).
  Grav-packs: a unit whose scenario entry has ``insertion = "grav"``. Each model rolls the unit's
  quality die, one type lower on difficult ground (woods, rough ground, walls, buildings, swamp);
  a 1 wounds it. "Grav vehicle" means a vehicle (kind "vehicle") with mover grav: troops may not
  fast-rope from one (the aircraft types fly on grav drives but are aircraft, so they may).
* High altitude or orbital insertion: the quality die (one lower for parachutes) must beat 4; the
  landing zone is then D6" (1-3 hexes) from the aim point, else D6x2" (1-6 hexes), in a clockface
  direction. Off the table, the unit is lost (killed). The unit comes down on that hex, or when a
  unit is there on the nearest free hex. Each model's own D10" (doubled from orbit) is rolled and
  the furthest is reported: a squad is one counter, so the dispersal has no further effect. Then
  each model rolls the quality die (one lower on difficult ground): a 1 wounds it; open water kills
  any but power armour. A size 1 vehicle is destroyed on a 1 or on difficult ground.

The rules live in one module per part of the book (issue 19), all below this one: aircraft.py (what
they share), inbound.py (the inbound chart, arriving, insertion), flight.py (flying, landing, taxiing),
airstrike.py (firing from aircraft), antiaircraft.py (on-table anti-aircraft fire, crashes) and
airdrop.py (dropping troops). This module gathers their tables for rules.py; the names imported
``as`` themselves are read as air.<name> (rules.py, describe.py, ai.py, tests).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import airdrop, airstrike, antiaircraft, flight, inbound
from .action import Action, Decision
from .aircraft import AirPending as AirPending
from .aircraft import _f_pending
from .aircraft import can_fly as can_fly
from .aircraft import grav_vehicle as grav_vehicle
from .aircraft import guidance_shift as guidance_shift
from .aircraft import lz_radius as lz_radius
from .aircraft import mount_refusal as mount_refusal
from .airdrop import DropTroops as DropTroops
from .airstrike import AirFire as AirFire
from .airstrike import DropBombs as DropBombs
from .antiaircraft import FireAA as FireAA
from .flight import ACTIVATION_END as ACTIVATION_END
from .flight import AirMove as AirMove
from .flight import Land as Land
from .flight import LeaveTable as LeaveTable
from .flight import TakeOff as TakeOff
from .flight import Taxi as Taxi
from .ground import sees  # noqa: F401  (also read as air.<name>)
from .inbound import SETUP as SETUP
from .inbound import MoveInbound as MoveInbound
from .state import DustState

ACTIONS: dict[type, Action] = {**flight.ACTIONS, **airstrike.ACTIONS, **antiaircraft.ACTIONS, **airdrop.ACTIONS}
SIDE_ACTIONS: dict[type, Action] = {**inbound.SIDE_ACTIONS}
DECISIONS: dict[str, Decision] = {**inbound.DECISIONS, **antiaircraft.DECISIONS}
FOLD: dict[type, Callable[[DustState, Any], None]] = {AirPending: _f_pending}
EVENT_TYPES: tuple[type, ...] = (AirPending,)
COMMANDS: tuple[type, ...] = (MoveInbound, AirMove, LeaveTable, Land, TakeOff, Taxi, AirFire, DropBombs, FireAA,
                              DropTroops)

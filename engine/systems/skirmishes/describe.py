"""One plain line per event and per order, for the dice log, the headless event log and the order editor.

Each event and order type has its own function; :mod:`.rulebook` registers each with its type (the core describes
its own events, the dice). Orders committed in secret are described by side only ("Red Patrol: an order, secret
until the reveal", :func:`secret_order`); their content appears once, in the reveal, and in the preview
shown to the side giving them (the ``*_order`` functions).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from hexfront.engine.core.hexes import Hex, hex_label
from hexfront.engine.core.words import plural

from . import commands as C
from . import events as E
from .state import STAGE_TITLES, Character, Order, SkirmishState, vehicle_for


class _SecretOrder(Protocol):
    """An order one character is given in secret (a run or an action)."""

    @property
    def character(self) -> str: ...


OrderT = TypeVar("OrderT", bound=_SecretOrder)


def where(h: Hex | None) -> str:
    if h is None:
        return "nowhere"
    return hex_label(h)


def _name(st: SkirmishState, cid: str | None) -> str:
    if cid is None:
        return "nobody"
    c = st.chars.get(cid)
    return c.name if c else cid


def _side(st: SkirmishState, sid: str | None) -> str:
    return st.tables.side_names.get(sid, sid) if sid else "nobody"


def item_name(st: SkirmishState, item: str) -> str:
    t = st.tables
    for table in (t.firearms, t.grenades, t.melee, t.machines, t.vehicles):
        if item in table:
            return table[item].name
    if item == "heavy_artillery":
        return "heavy artillery shell"
    return item


def order_line(st: SkirmishState, order: Order | None, plan: Hex | None, c: Character) -> str:
    """What ``c`` does this round, as the reveal shows it."""
    parts = []
    if plan is not None:
        parts.append(f"runs to {where(plan)}")
    if order is None:
        parts.append("holds")
    else:
        parts.append(action_words(st, order))
    return f"{c.name}: " + ", then ".join(parts)


def action_words(st: SkirmishState, o: Order) -> str:
    def n(cid: str | None) -> str:
        return _name(st, cid)

    if o.forced:
        return f"forfeits the action ({o.forced})"
    if o.action == "shoot":
        return f"shoots {n(o.target)} with the {item_name(st, o.item)}" + (" on automatic" if o.auto else "")
    if o.action == "throw":
        return f"throws a {item_name(st, o.item)} at {where(o.at)}"
    if o.action == "melee":
        return f"attacks {n(o.target)} hand to hand"
    if o.action == "reload":
        return f"reloads the {item_name(st, o.item)}"
    if o.action == "aim":
        return "takes aim"
    if o.action == "aid":
        return f"gives first aid to {n(o.target)}"
    if o.action == "operate":
        return f"{'opens' if o.target == 'open' else 'shuts'} the {item_name(st, o.item)}"
    if o.action == "drive":
        return f"drives the {item_name(st, o.item)} to {where(o.at)}"
    if o.action == "communicate":
        return "talks at length"
    if o.action == "throw_away":
        return "throws the grenade away"
    if o.action == "throw_back":
        return "throws the grenade back"
    return "holds (hunkers down if in cover)"


# -- events ------------------------------------------------------------------------------------------------------------

def character_placed(st: SkirmishState, ev: E.CharacterPlaced) -> str:
    return f"{_name(st, ev.character)} takes position at {where(ev.at)}"


def round_began(st: SkirmishState, ev: E.RoundBegan) -> str:
    return f"Round {ev.round} begins" + (": the ambushers' surprise round" if ev.surprise else "")


def order_forced(st: SkirmishState, ev: E.OrderForced) -> str:
    return f"{_name(st, ev.character)} must forfeit this round: {ev.reason}"


def run_planned(st: SkirmishState, ev: E.RunPlanned) -> str:
    return f"{_side(st, ev.side)} committed part of an order for one character"


def order_given(st: SkirmishState, ev: E.OrderGiven) -> str:
    return f"{_side(st, ev.side)} committed an order for one character"


def side_locked(st: SkirmishState, ev: E.SideLocked) -> str:
    return f"{_side(st, ev.side)}'s orders are locked" + (f" ({ev.reason})" if ev.reason else "")


def orders_revealed(st: SkirmishState, ev: E.OrdersRevealed) -> str:
    return "Orders revealed: " + "; ".join(ev.lines)


def stage_began(st: SkirmishState, ev: E.StageBegan) -> str:
    return f"-- {STAGE_TITLES.get(ev.stage, ev.stage)} --"


def character_moved(st: SkirmishState, ev: E.CharacterMoved) -> str:
    cut = " (stopped short: the hex was taken)" if ev.cut_short else ""
    if len(ev.path) == 1:
        return f"{_name(st, ev.character)} stays at {where(ev.path[0])}{cut}"
    return f"{_name(st, ev.character)} runs from {where(ev.path[0])} to {where(ev.path[-1])}{cut}"


def action_lapsed(st: SkirmishState, ev: E.ActionLapsed) -> str:
    return f"{_name(st, ev.character)} cannot {ev.action}: {ev.reason}"


def ammo_spent(st: SkirmishState, ev: E.AmmoSpent) -> str:
    return (f"{_name(st, ev.character)} fires {plural(ev.rounds, 'round')} from the {item_name(st, ev.weapon)}, "
            f"{ev.left} left")


def skill_rolled(st: SkirmishState, ev: E.SkillRolled) -> str:
    why = []
    if ev.for_reasons:
        why.append("for: " + ", ".join(ev.for_reasons))
    if ev.against_reasons:
        why.append("against: " + ", ".join(ev.against_reasons))
    dice = "+".join(str(d) for d in ev.kept)
    rolled = "" if len(ev.dice) == 2 else f" (rolled {', '.join(str(d) for d in ev.dice)})"
    return (f"{ev.purpose}: {ev.mode} {dice}{rolled} + {ev.skill} = {ev.total}, "
            f"{'success' if ev.success else 'failure'}" + (f" [{'; '.join(why)}]" if why else ""))


def hit_scored(st: SkirmishState, ev: E.HitScored) -> str:
    return f"{_name(st, ev.target)} is hit in the {ev.location} for {ev.damage} ({item_name(st, ev.weapon)})"


def armour_stopped(st: SkirmishState, ev: E.ArmourStopped) -> str:
    lost = f"; {_name(st, ev.character)} loses the next round catching breath" if ev.lose_turn else ""
    return f"armour stops the hit on {_name(st, ev.character)}'s {ev.location} ({ev.left} more it can stop){lost}"


def armour_broken(st: SkirmishState, ev: E.ArmourBroken) -> str:
    return f"the {item_name(st, ev.weapon)} smashes the armour on {_name(st, ev.character)}'s {ev.location}"


def luck_asked(st: SkirmishState, ev: E.LuckAsked) -> str:
    return f"{_name(st, ev.character)} may spend luck against {ev.damage} damage to the {ev.location}"


def luck_spent(st: SkirmishState, ev: E.LuckSpent) -> str:
    return f"{_name(st, ev.character)} spends {ev.points} luck: {ev.damage_left} damage left"


def hit_avoided(st: SkirmishState, ev: E.HitAvoided) -> str:
    return f"{_name(st, ev.character)} shrugs off the hit"


def damage_taken(st: SkirmishState, ev: E.DamageTaken) -> str:
    return (f"{_name(st, ev.character)} takes {ev.damage} to the {ev.location} ({ev.location_total} there, "
            f"{ev.total} in all)")


def limb_destroyed(st: SkirmishState, ev: E.LimbDestroyed) -> str:
    return f"{_name(st, ev.character)}'s {ev.limb} is destroyed"


def mortal_wound(st: SkirmishState, ev: E.MortalWound) -> str:
    return (f"{_name(st, ev.character)} is mortally wounded: dead in {plural(ev.hours, 'hour')} without stabilising "
            f"first aid")


def out_of_combat(st: SkirmishState, ev: E.OutOfCombat) -> str:
    extra = f"; without first aid they last {plural(ev.hours, 'hour')}" if ev.hours else ""
    return f"{_name(st, ev.character)} is out of combat{extra}"


def killed(st: SkirmishState, ev: E.Killed) -> str:
    return f"{_name(st, ev.character)} is killed: {ev.reason}"


def turn_lost(st: SkirmishState, ev: E.TurnLost) -> str:
    return f"{_name(st, ev.character)} will forfeit round {ev.round}: {ev.reason}"


def shooting_barred(st: SkirmishState, ev: E.ShootingBarred) -> str:
    return f"{_name(st, ev.character)} {ev.reason} and cannot shoot in round {ev.round}"


def grenade_thrown(st: SkirmishState, ev: E.GrenadeThrown) -> str:
    if ev.landed:
        return f"{_name(st, ev.character)}'s {item_name(st, ev.grenade)} lands at {where(ev.at)}"
    return f"{_name(st, ev.character)}'s {item_name(st, ev.grenade)} goes astray and goes off harmlessly"


def burst_landed(st: SkirmishState, ev: E.BurstLanded) -> str:
    return f"{_name(st, ev.character)}'s {item_name(st, ev.weapon)} round bursts at {where(ev.at)}"


def cloud_formed(st: SkirmishState, ev: E.CloudFormed) -> str:
    return (f"a {ev.kind} cloud spreads {plural(ev.radius, 'hex', 'hexes')} around {where(ev.at)} until the end of "
            f"round {ev.until}")


def cloud_dispersed(st: SkirmishState, ev: E.CloudDispersed) -> str:
    return f"the {ev.kind} at {where(ev.at)} clears"


def reaction_offered(st: SkirmishState, ev: E.ReactionOffered) -> str:
    who = ", ".join(_name(st, c) for c in ev.characters)
    return f"a live grenade lies by {who}: for {_side(st, ev.side)} to decide who deals with it"


def reaction_chosen(st: SkirmishState, ev: E.ReactionChosen) -> str:
    if ev.character is None:
        return "nobody reaches for the grenade"
    return f"{_name(st, ev.character)} goes for the grenade to throw it {ev.choice}"


def grenade_disposed(st: SkirmishState, ev: E.GrenadeDisposed) -> str:
    return f"{_name(st, ev.character)}: the grenade is {ev.reason}" if "thrown" in ev.reason else \
        f"{_name(st, ev.character)} {ev.reason}"


def throw_back_luck(st: SkirmishState, ev: E.ThrowBackLuck) -> str:
    return f"{_name(st, ev.character)} spends {ev.points} luck to throw the grenade back"


def grenade_returned(st: SkirmishState, ev: E.GrenadeReturned) -> str:
    return f"{_name(st, ev.character)} sends the grenade back to {where(ev.at)}"


def grenade_burst(st: SkirmishState, ev: E.GrenadeBurst) -> str:
    return f"the grenade at {where(ev.at)} bursts"


def sheltered(st: SkirmishState, ev: E.Sheltered) -> str:
    return f"{_name(st, ev.character)} is sheltered: {ev.reason}"


def reloaded(st: SkirmishState, ev: E.Reloaded) -> str:
    return (f"{_name(st, ev.character)} reloads the {item_name(st, ev.weapon)} ({ev.rounds} rounds, "
            f"{ev.spares_left} spare)")


def aimed(st: SkirmishState, ev: E.Aimed) -> str:
    return f"{_name(st, ev.character)} takes aim"


def stabilised(st: SkirmishState, ev: E.Stabilised) -> str:
    return f"{_name(st, ev.medic)} stabilises {_name(st, ev.character)}"


def machine_set(st: SkirmishState, ev: E.MachineSet) -> str:
    state = "open" if ev.open else "shut"
    if not ev.character:
        return f"the {item_name(st, ev.machine)} starts {state}"
    return f"{_name(st, ev.character)} {'opens' if ev.open else 'shuts'} the {item_name(st, ev.machine)}"


def vehicle_placed(st: SkirmishState, ev: E.VehiclePlaced) -> str:
    return f"the {item_name(st, ev.vehicle)} stands at {where(ev.at)}"


def boarded(st: SkirmishState, ev: E.Boarded) -> str:
    return f"{_name(st, ev.character)} gets into the {item_name(st, ev.vehicle)}"


def disembarked(st: SkirmishState, ev: E.Disembarked) -> str:
    return f"{_name(st, ev.character)} gets out of the {item_name(st, ev.vehicle)}"


def vehicle_driven(st: SkirmishState, ev: E.VehicleDriven) -> str:
    riders = [_name(st, r) for r in ev.riders]
    cut = " (stopped short: the way was blocked)" if ev.cut_short else ""
    return (f"{_name(st, ev.driver)} drives the {item_name(st, ev.vehicle)} from {where(ev.path[0])} to "
            f"{where(ev.path[-1])}{cut}" + (f", with {', '.join(riders)} aboard" if riders else ""))


def shell_landed(st: SkirmishState, ev: E.ShellLanded) -> str:
    return f"{ev.name}: a shell lands at {where(ev.at)}"


def communicated(st: SkirmishState, ev: E.Communicated) -> str:
    return f"{_name(st, ev.character)} spends the round talking"


def hunkered(st: SkirmishState, ev: E.Hunkered) -> str:
    return f"{_name(st, ev.character)} forfeits the action and keeps their head down"


def escaped(st: SkirmishState, ev: E.Escaped) -> str:
    return f"{_name(st, ev.character)} gets away off the {ev.edge} edge"


def round_ended(st: SkirmishState, ev: E.RoundEnded) -> str:
    return f"Round {ev.round} ends ({ev.seconds} s of battle)"


def died(st: SkirmishState, ev: E.Died) -> str:
    return f"{_name(st, ev.character)} dies of their wounds: {ev.reason}"


def battle_ended(st: SkirmishState, ev: E.BattleEnded) -> str:
    return f"Battle over: {_side(st, ev.winner) + ' won' if ev.winner else 'no winner'}; {ev.reason}"


# -- orders ------------------------------------------------------------------------------------------------------------

def run_order(st: SkirmishState, cmd: C.Run) -> str:
    return f"{_name(st, cmd.character)} runs to {where(cmd.to)}"


def shoot_order(st: SkirmishState, cmd: C.Shoot) -> str:
    return (f"{_name(st, cmd.character)} shoots {_name(st, cmd.target)} with the {item_name(st, cmd.weapon)}"
            + (" on automatic (6 rounds)" if cmd.auto else ""))


def throw_order(st: SkirmishState, cmd: C.Throw) -> str:
    return f"{_name(st, cmd.character)} throws a {item_name(st, cmd.grenade)} at {where(cmd.at)}"


def melee_order(st: SkirmishState, cmd: C.Melee) -> str:
    return f"{_name(st, cmd.character)} attacks {_name(st, cmd.target)} hand to hand"


def reload_order(st: SkirmishState, cmd: C.Reload) -> str:
    return f"{_name(st, cmd.character)} reloads the {item_name(st, cmd.weapon)}"


def aim_order(st: SkirmishState, cmd: C.Aim) -> str:
    return f"{_name(st, cmd.character)} takes aim"


def first_aid_order(st: SkirmishState, cmd: C.FirstAid) -> str:
    return f"{_name(st, cmd.character)} gives first aid to {_name(st, cmd.patient)}"


def operate_order(st: SkirmishState, cmd: C.Operate) -> str:
    return f"{_name(st, cmd.character)} {'opens' if cmd.open else 'shuts'} the {item_name(st, cmd.machine)}"


def drive_order(st: SkirmishState, cmd: C.Drive) -> str:
    c = st.chars.get(cmd.character)
    vid = vehicle_for(st, c) if c is not None else None
    return f"{_name(st, cmd.character)} drives the {item_name(st, vid) if vid else 'vehicle'} to {where(cmd.to)}"


def communicate_order(st: SkirmishState, cmd: C.Communicate) -> str:
    return f"{_name(st, cmd.character)} talks at length (costs the action)"


def hold_order(st: SkirmishState, cmd: C.Hold) -> str:
    return f"{_name(st, cmd.character)} holds (hunkers down if in cover)"


def lock_order(st: SkirmishState, cmd: C.Lock) -> str:
    return f"lock {_side(st, cmd.side)}'s orders"


def spend_luck_order(st: SkirmishState, cmd: C.SpendLuck) -> str:
    return f"{_name(st, cmd.character)} spends {cmd.points} luck"


def throw_away_order(st: SkirmishState, cmd: C.ThrowAway) -> str:
    return f"{_name(st, cmd.character)} throws the grenade away"


def throw_back_order(st: SkirmishState, cmd: C.ThrowBack) -> str:
    return f"{_name(st, cmd.character)} throws the grenade back (2 luck)"


def let_it_lie_order(st: SkirmishState, cmd: C.LetItLie) -> str:
    return "let the grenade lie"


def secret_order(words: Callable[[SkirmishState, OrderT], str]) -> Callable[[SkirmishState, OrderT], str]:
    """How an order given in secret (a run or an action, Rounds) is described where both sides may read it (the
    log, the status line, replays): the side commits an order, no more. ``words`` (the order in full) is kept
    for the preview its own side reads."""

    def described(st: SkirmishState, cmd: OrderT) -> str:
        c = st.chars.get(cmd.character)
        side = st.tables.side_names.get(c.side, c.side) if c else "a side"
        return f"{side}: an order, secret until the reveal"

    described.__doc__ = f"{words.__name__}, kept secret"
    return described

"""The fold: the only code that changes a Skirmishes state, one event at a time."""

from __future__ import annotations

from typing import Any

from . import events as E
from .state import (
    ABLE,
    COMMIT,
    DEAD,
    ESCAPED,
    LUCK,
    OUT,
    OVER,
    REACT,
    RESOLVE,
    Cloud,
    Hit,
    LiveGrenade,
    Offer,
    Order,
    SkirmishState,
)


def _placed(st: SkirmishState, ev: E.CharacterPlaced) -> None:
    c = st.chars[ev.character]
    if st.occupant.get(c.pos) == c.id:
        del st.occupant[c.pos]
    c.pos = ev.at
    st.occupant[ev.at] = c.id


def _round_began(st: SkirmishState, ev: E.RoundBegan) -> None:
    st.round, st.surprise = ev.round, ev.surprise
    st.step, st.stage = COMMIT, ""
    st.plans, st.orders, st.locked, st.revealed = {}, {}, [], False
    st.offered = []
    for c in st.chars.values():
        c.moved = False


def _forced(st: SkirmishState, ev: E.OrderForced) -> None:
    st.orders[ev.character] = Order(ev.character, "hold", forced=ev.reason)


def _run_planned(st: SkirmishState, ev: E.RunPlanned) -> None:
    st.plans[ev.character] = ev.to


def _order_given(st: SkirmishState, ev: E.OrderGiven) -> None:
    st.orders[ev.character] = Order(ev.character, ev.action, target=ev.target, at=ev.at, item=ev.item, auto=ev.auto)


def _locked(st: SkirmishState, ev: E.SideLocked) -> None:
    st.locked.append(ev.side)
    for cid in ev.holding:
        st.orders[cid] = Order(cid, "hold")


def _revealed(st: SkirmishState, ev: E.OrdersRevealed) -> None:
    st.revealed, st.step = True, RESOLVE


def _stage(st: SkirmishState, ev: E.StageBegan) -> None:
    st.stage = ev.stage


def _moved(st: SkirmishState, ev: E.CharacterMoved) -> None:
    c = st.chars[ev.character]
    if c.aboard:  # a passenger whose run out was cut short at once stays in its seat
        return
    if st.occupant.get(c.pos) == c.id:
        del st.occupant[c.pos]
    c.pos = ev.path[-1]
    st.occupant[c.pos] = c.id
    c.moved = len(ev.path) > 1


def _ammo(st: SkirmishState, ev: E.AmmoSpent) -> None:
    st.chars[ev.character].loaded[ev.weapon] = ev.left


def _hit(st: SkirmishState, ev: E.HitScored) -> None:
    st.hits.append(Hit(ev.target, ev.source, ev.weapon, ev.location, ev.damage, ev.projectile, ev.breaks_armour,
                       ev.rule))


def _armour_stopped(st: SkirmishState, ev: E.ArmourStopped) -> None:
    c = st.chars[ev.character]
    c.armour[ev.location] = ev.left
    if ev.lose_turn:
        c.lose_turn, c.lose_turn_why = ev.lose_turn, "winded by a hit on armour"
    st.hits.pop(0)


def _armour_broken(st: SkirmishState, ev: E.ArmourBroken) -> None:
    c = st.chars[ev.character]
    c.armour[ev.location] = 0
    if ev.lose_turn:
        c.lose_turn, c.lose_turn_why = ev.lose_turn, "winded by a hit on armour"


def _luck_asked(st: SkirmishState, ev: E.LuckAsked) -> None:
    st.hits[0].luck_asked = True
    st.step = LUCK


def _luck_spent(st: SkirmishState, ev: E.LuckSpent) -> None:
    st.chars[ev.character].luck -= ev.points
    st.hits[0].damage = ev.damage_left
    st.step = RESOLVE


def _avoided(st: SkirmishState, ev: E.HitAvoided) -> None:
    st.hits.pop(0)


def _damage(st: SkirmishState, ev: E.DamageTaken) -> None:
    c = st.chars[ev.character]
    c.damage[ev.location] = ev.location_total
    c.stabilised = False
    st.hits.pop(0)


def _limb(st: SkirmishState, ev: E.LimbDestroyed) -> None:
    c = st.chars[ev.character]
    c.limbs_lost = c.limbs_lost + (ev.limb,)


def _mortal(st: SkirmishState, ev: E.MortalWound) -> None:
    c = st.chars[ev.character]
    c.mortal, c.dies_at = True, ev.dies_at


def _out(st: SkirmishState, ev: E.OutOfCombat) -> None:
    c = st.chars[ev.character]
    c.status = OUT
    if ev.dies_at is not None:
        c.dies_at = ev.dies_at


def _killed(st: SkirmishState, ev: E.Killed | E.Died) -> None:
    c = st.chars[ev.character]
    c.status, c.dies_at = DEAD, None


def _turn_lost(st: SkirmishState, ev: E.TurnLost) -> None:
    c = st.chars[ev.character]
    c.lose_turn, c.lose_turn_why = ev.round, ev.reason


def _barred(st: SkirmishState, ev: E.ShootingBarred) -> None:
    st.chars[ev.character].no_shoot = ev.round


def _thrown(st: SkirmishState, ev: E.GrenadeThrown) -> None:
    c = st.chars[ev.character]
    c.grenades[ev.grenade] -= 1
    if ev.id:
        st.live.append(LiveGrenade(ev.id, ev.grenade, c.id, c.side, ev.at))
        st.next_grenade = ev.id + 1


def _cloud(st: SkirmishState, ev: E.CloudFormed) -> None:
    st.clouds.append(Cloud(ev.kind, ev.grenade, ev.at, ev.radius, ev.until))


def _dispersed(st: SkirmishState, ev: E.CloudDispersed) -> None:
    for i, cl in enumerate(st.clouds):
        if cl.kind == ev.kind and cl.at == ev.at:
            del st.clouds[i]
            return


def _offered(st: SkirmishState, ev: E.ReactionOffered) -> None:
    st.offer = Offer(ev.grenade, ev.side, ev.characters)
    st.offered.append(ev.grenade)
    st.step = REACT


def _chosen(st: SkirmishState, ev: E.ReactionChosen) -> None:
    st.offer = None
    st.step = RESOLVE
    if ev.character is not None:
        action = "throw_away" if ev.choice == "away" else "throw_back"
        st.orders[ev.character] = Order(ev.character, action, grenade=ev.grenade)


def _disposed(st: SkirmishState, ev: E.GrenadeDisposed | E.GrenadeBurst) -> None:
    st.live = [g for g in st.live if g.id != ev.grenade]


def _throw_back_luck(st: SkirmishState, ev: E.ThrowBackLuck) -> None:
    st.chars[ev.character].luck -= ev.points


def _returned(st: SkirmishState, ev: E.GrenadeReturned) -> None:
    for g in st.live:
        if g.id == ev.grenade:
            g.at, g.returned = ev.at, True


def _reloaded(st: SkirmishState, ev: E.Reloaded) -> None:
    c = st.chars[ev.character]
    c.loaded[ev.weapon] = ev.rounds
    c.spares[ev.weapon] = ev.spares_left


def _aimed(st: SkirmishState, ev: E.Aimed) -> None:
    st.chars[ev.character].aimed = ev.round


def _stabilised(st: SkirmishState, ev: E.Stabilised) -> None:
    st.chars[ev.character].stabilised = True


def _escaped(st: SkirmishState, ev: E.Escaped) -> None:
    c = st.chars[ev.character]
    c.status = ESCAPED
    c.aboard = ""
    if st.occupant.get(c.pos) == c.id:
        del st.occupant[c.pos]


def _machine(st: SkirmishState, ev: E.MachineSet) -> None:
    st.machines[ev.machine] = ev.open


def _vehicle_placed(st: SkirmishState, ev: E.VehiclePlaced) -> None:
    st.vehicles[ev.vehicle] = ev.at


def _boarded(st: SkirmishState, ev: E.Boarded) -> None:
    c = st.chars[ev.character]
    if st.occupant.get(c.pos) == c.id:
        del st.occupant[c.pos]
    c.pos, c.aboard = st.vehicles[ev.vehicle], ev.vehicle


def _disembarked(st: SkirmishState, ev: E.Disembarked) -> None:
    st.chars[ev.character].aboard = ""  # the run that follows puts it on its new hex


def _driven(st: SkirmishState, ev: E.VehicleDriven) -> None:
    st.vehicles[ev.vehicle] = ev.path[-1]
    for c in st.passengers(ev.vehicle):
        c.pos = ev.path[-1]


def _round_ended(st: SkirmishState, ev: E.RoundEnded) -> None:
    st.seconds = ev.seconds


def _ended(st: SkirmishState, ev: E.BattleEnded) -> None:
    st.result = (ev.winner, ev.reason)
    st.step = OVER


def _nothing(st: SkirmishState, ev: Any) -> None:
    return None


__all__ = ["ABLE", "OUT", "OVER"]

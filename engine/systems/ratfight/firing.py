"""JTS RatFight firing (Firing 1-6; Weapons: the grenade): the target's cover cards against the firer's shots,
spare shots after a hit, and the cards that change each draw, in words.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.resolution import Resolution
from hexfront.engine.core.words import plural

from . import events as E
from .data import Mode
from .draws import compare, discard_resolution, draw_best
from .lineofsight import cover_cards, sight
from .schema import COVER_CARDS
from .state import OK, Model, RatState
from .vehicles import shoot_vehicle

RETARGET_HEXES = 2  # "within three inches" at 1 hex = 2 inches, rounded (RULES-NOTES)


# -- what changes a draw, in words (carried on every card drawn; the preview names the same)

COVER_KIND = {1: "the open", 2: "soft cover", 3: "hard cover"}


def _best_kept(n: int) -> str:
    return f"{n} cards, best kept" if n > 1 else "1 card"


def cover_modifiers(st: RatState, target: Model, n_def: int) -> tuple[str, ...]:
    """Firing 6 and Line of sight and Terrain: why the target turns more than one card."""
    base = COVER_CARDS[st.tables.cover[target.at]]
    if n_def <= 1:
        return ()
    if n_def > base:
        return (f"{_best_kept(n_def)}: {target.name} is partly hidden behind terrain and counts as in "
                f"{COVER_KIND[n_def]} (Line of sight and Terrain; Firing 6)",)
    terrain = st.tables.terrain[st.tables.board[target.at]]
    return (f"{_best_kept(n_def)}: {target.name} is in {COVER_KIND[n_def]} ({terrain.name}) (Firing 6)",)


def shooter_cards(model: Model, mode: Mode) -> int:
    """Cards per shot: the weapon's (a sniper rifle turns two) plus one for a Dead Shot."""
    return mode.cards + (1 if "dead_shot" in model.heroes else 0)


def shooter_modifiers(model: Model, mode: Mode, weapon_name: str) -> tuple[str, ...]:
    """Weapons (a sniper rifle turns two cards) and Leaders and Heroes (a Dead Shot turns one more)."""
    out = []
    if mode.cards > 1:
        out.append(f"{mode.cards} cards a shot, best kept: {weapon_name} (Weapons)")
    if "dead_shot" in model.heroes:
        out.append(f"+1 card a shot, best kept: {model.name} is a Dead Shot (Leaders and Heroes)")
    if len(out) > 1:
        out.append(f"{shooter_cards(model, mode)} cards a shot in all")
    return tuple(out)


# -- the shots

def fire_at(ctx: Resolution, st: RatState, shooter: Model, weapon_id: str, mode_i: int, target: Model,
            shots: int, retargeted: bool = False) -> None:
    """Firing 1-6, and Shooting at Vehicles 1-4 when the target is a vehicle."""
    weapon = st.tables.weapons[weapon_id]
    mode = weapon.modes[mode_i]
    seen = None if retargeted else sight(st, shooter.at, target.at)
    n_att = shooter_cards(shooter, mode)
    if target.is_vehicle:
        # "Both players turn over a Resolution Card": no terrain cards for the vehicle; spare shots are
        # only retargeted "after Downing the target", so a hit on a vehicle ends the firing
        shoot_vehicle(ctx, st, shooter, target, mode.ap, n_att, shots, 1, weapon.name,
                      shooter_modifiers(shooter, mode, weapon.name))
        hit, left = False, 0
    else:
        n_def = cover_cards(st, target, seen)
        d = draw_best(ctx, target.side, n_def, f"{target.name} tries to dodge ({plural(n_def, 'card')}: "
                      f"{st.tables.cover[target.at]} cover)", "Firing 2, 6", target.id,
                      cover_modifiers(st, target, n_def))
        att_mods = shooter_modifiers(shooter, mode, weapon.name)
        hit = False
        left = shots
        while left > 0 and not hit:
            first = left == shots
            left -= 1
            a = draw_best(ctx, shooter.side, n_att, f"{shooter.name} fires {weapon.name} at {target.name}",
                          "Firing 2" if first else "Firing 4", shooter.id, att_mods)
            if compare(ctx, shooter, target, a, d, f"{weapon.name} shot at {target.name}",
                       "Firing 3" if first else "Firing 4"):
                hit = True
                if target.status == OK:
                    ctx.emit(E.ModelDowned(model=target.id))
    discard_resolution(ctx, st)
    around = target.pos
    if hit and left > 0 and around is not None:
        candidates = tuple(
            m.id for m in st.models.values()
            if m.side == target.side and m.id != target.id and m.on_table
            and hex_distance(m.at, around) <= RETARGET_HEXES
            and not (m.is_vehicle and mode.ap == 0 and st.vehicle_type(m).armoured))
        if candidates:
            ctx.emit(E.RetargetOffered(shooter=shooter.id, weapon=weapon_id, mode=mode_i, shots=left,
                                       around=around, candidates=candidates))


def grenade(ctx: Resolution, st: RatState, thrower: Model, weapon_id: str, mode_i: int, centre: Model) -> None:
    """Grenade: a 3-inch template on a model in range; everyone under it takes a single shot (Weapons)."""
    weapon = st.tables.weapons[weapon_id]
    mode = weapon.modes[mode_i]
    spot = centre.at
    seen = sight(st, thrower.at, spot)
    hexes = [spot] + spot.neighbours()
    victims = [st.models[st.occupant[h]] for h in hexes if h in st.occupant]
    for v in victims:
        if not v.on_table:
            continue
        if v.is_vehicle:
            if not st.vehicle_type(v).armoured:
                shoot_vehicle(ctx, st, thrower, v, mode.ap, shooter_cards(thrower, mode), 1, 1, weapon.name,
                              shooter_modifiers(thrower, mode, weapon.name))
                discard_resolution(ctx, st)
            continue
        n_def = cover_cards(st, v, seen if v is centre else None)
        d = draw_best(ctx, v.side, n_def, f"{v.name} under the grenade template ({plural(n_def, 'card')})",
                      "Weapons: Grenade", v.id, cover_modifiers(st, v, n_def))
        a = draw_best(ctx, thrower.side, shooter_cards(thrower, mode), f"{thrower.name}'s grenade at {v.name}",
                      "Weapons: Grenade", thrower.id, shooter_modifiers(thrower, mode, weapon.name))
        if compare(ctx, thrower, v, a, d, f"grenade blast on {v.name}", "Weapons: Grenade") and v.status == OK:
            ctx.emit(E.ModelDowned(model=v.id, rule="Weapons: Grenade"))
        discard_resolution(ctx, st)

"""How a queued hit is applied, once its phase's rolls are done (Attacks and Damage): armour, then the target's
luck, then the damage and what it does."""

from __future__ import annotations

from hexfront.engine.core.resolution import Resolution

from . import events as E
from .state import ABLE, DEAD, Character, SkirmishState

OUT_OF_COMBAT = 6  # total damage that puts a character out of combat; also a location's limit


def settle_next_hit(ctx: Resolution, st: SkirmishState) -> bool:
    """Apply the first queued hit: armour, then luck, then damage. False when the target must decide on luck."""
    hit = st.hits[0]
    c = st.chars[hit.target]
    if c.status == DEAD:
        ctx.emit(E.HitAvoided(character=c.id, rule="Attacks and Damage"))
        return True
    if not hit.luck_asked:
        left = c.armour.get(hit.location, 0)
        if left > 0:
            lose = st.round + 1 if hit.projectile else 0
            if hit.breaks_armour:
                ctx.emit(E.ArmourBroken(character=c.id, location=hit.location, weapon=hit.weapon, lose_turn=lose))
            else:
                ctx.emit(E.ArmourStopped(character=c.id, location=hit.location, left=left - 1, lose_turn=lose))
                return True
        if c.luck > 0 and hit.damage > 0:
            ctx.emit(E.LuckAsked(character=c.id, damage=hit.damage, location=hit.location))
            return False
    apply_damage(ctx, st, c, hit.location, hit.damage)
    return True


def apply_damage(ctx: Resolution, st: SkirmishState, c: Character, location: str, damage: int) -> None:
    """Attacks and Damage: damage adds up per location and in total. A location reaching 6: head, dead; torso, a
    mortal wound (death in 1d4 hours without stabilising first aid); a limb is destroyed (a coin toss for the
    side). A total of 6 puts the character out of combat; this game's reading: they too die after 1d4 hours unless
    stabilised (they "need medical intervention to survive")."""
    if damage <= 0:
        ctx.emit(E.HitAvoided(character=c.id))
        return
    before = c.damage.get(location, 0)
    loc_total = before + damage
    ctx.emit(E.DamageTaken(character=c.id, location=location, damage=damage, location_total=loc_total,
                           total=c.total_damage + damage))
    if before < OUT_OF_COMBAT <= loc_total:
        if location == "head":
            ctx.emit(E.Killed(character=c.id, reason="a head wound"))
            return
        if location == "torso":
            if c.dies_at is None:
                hours = ctx.roll(4, f"hours {c.name} has left with a mortal wound", "Attacks and Damage", c.id)
                ctx.emit(E.MortalWound(character=c.id, hours=hours, dies_at=st.seconds + hours * 3600))
        else:
            coin = ctx.roll(6, f"coin toss for which {location} {c.name} loses (1-3 heads: right, 4-6 tails: left)",
                            "Attacks and Damage", c.id)
            ctx.emit(E.LimbDestroyed(character=c.id, limb=f"{'right' if coin <= 3 else 'left'} {location}"))
    if c.status == ABLE and c.total_damage >= OUT_OF_COMBAT:
        if c.dies_at is None:
            hours = ctx.roll(4, f"hours {c.name} can last without medical help", "Attacks and Damage", c.id)
            ctx.emit(E.OutOfCombat(character=c.id, hours=hours, dies_at=st.seconds + hours * 3600))
        else:
            ctx.emit(E.OutOfCombat(character=c.id, hours=0, dies_at=None))

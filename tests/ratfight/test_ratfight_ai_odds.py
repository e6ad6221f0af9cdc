"""The standard computer player prices a shot or a charge with the very odds the order preview shows
(engine.systems.ratfight.odds): from fresh piles its chance is the preview's, to the last bit (within rounding
where it is a sum or a difference of the preview's chances). It does not count the cards already turned, so later
in a battle the two part as the piles run down; the rule is written once.

Rule book sections: "Firing" 2-6, "Close Combat", "Shooting at Vehicles" 1-4.
"""

from __future__ import annotations

from hexfront.engine.core.hexes import Hex
from hexfront.engine.systems.ratfight import firing, lineofsight
from hexfront.engine.systems.ratfight.ai import DefaultPlayer, close_combat_balance, p_hit, p_vehicle_damage

WOODS_AT_4 = "\n".join(["....*......."] + ["." * 12] * 4)


def _chances(b, cmd) -> dict[str, float]:
    return {c.outcome: c.probability for c in b.system.preview(b.state, cmd).odds}


def test_a_shot_is_priced_at_the_previews_chance_to_down_its_target(kit):
    """Firing 2-6: one card against one in the open, a burst of the light machine gun, and a shot into woods
    (the defender turns two cards): the player's chance is the preview's "hit" from the full decks."""
    for weapon, map_ in (("assault_rifle", None), ("lmg", None), ("assault_rifle", WOODS_AT_4)):
        extra = {"map": map_} if map_ else {}
        b = kit.battle([kit.inf("R1", Hex(0, 0), weapon)], [kit.inf("B1", Hex(4, 0))], action=["fire1-a"], **extra)
        st = b.state
        shooter, target = st.models["R1"], st.models["B1"]
        mode = st.tables.weapons[weapon].modes[0]
        n_def = lineofsight.cover_cards(st, target, lineofsight.sight(st, shooter.at, target.at))
        priced = p_hit(firing.shooter_cards(shooter, mode), mode.shots, n_def)
        shown = _chances(b, kit.C.Fire("R1", weapon, "B1"))
        assert priced == shown["hit: B1 Down"], (weapon, map_)
    assert n_def == 2  # the last shot was into the woods


def test_a_charge_is_priced_at_the_previews_win_less_loss(kit):
    """Close Combat: the attacker turns two cards, the defender one; the loser is a casualty."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(3, 0))], action=["move1-a"])
    shown = _chances(b, kit.C.Assault("R1", "B1", Hex(2, 0)))
    balance = shown["R1 wins: B1 is a casualty"] - shown["B1 wins: R1 is a casualty"]
    assert abs(close_combat_balance(2, 1) - balance) < 1e-12
    got = DefaultPlayer(0)._best_assault(b.state, b.state.models["R1"], [b.state.models["B1"]], (0.0, None))
    assert got == (close_combat_balance(2, 1) * 1.5, kit.C.Assault("R1", "B1", Hex(2, 0)))


def test_a_shot_at_a_vehicle_is_priced_at_the_previews_damage_or_bail(kit):
    """Shooting at Vehicles 1-4: a bazooka (AP 4) at a tank's side armour 2."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), "bazooka")], [kit.veh("BT", Hex(6, 0), "medium_tank", facing=1)],
                   action=["fire1-a"])
    shown = _chances(b, kit.C.Fire("R1", "bazooka", "BT"))
    want = shown["hit: BT's crew bail out"] + shown["hit and damaged, the crew stay"]
    assert abs(p_vehicle_damage(1, 1, 4, 2, 0) - want) < 1e-12

"""Rule book: "Weapons" (Grenade) and "Close Combat"."""

from __future__ import annotations

from hexfront.engine.core.events import CardDrawn
from hexfront.engine.core.hexes import Hex

GRENADE_MAP = "\n".join(["." * 12, "....*.......", *["." * 12] * 3])  # woods at Hex(4, 1)


def test_grenade_template_hits_everyone_under_it(kit):
    """Weapons, Grenade: "Use a three-inch blast template that must be centred on a model within range. All
    models with bases under or partly under the template are attacked by a single 'shot'. Terrain modifiers
    apply."

    The template is the target hex and its six neighbours (RULES-NOTES). Under it: B1 (centre), B2 (east),
    B3 (north-west, in woods: 2 cards) and red's own R2 (west). B4, two hexes out, is not touched.
    """
    red = [kit.inf("R1", Hex(0, 2), "grenade"), kit.inf("R2", Hex(3, 2))]
    blue = [kit.inf("B1", Hex(4, 2)), kit.inf("B2", Hex(5, 2)), kit.inf("B3", Hex(4, 1)),
            kit.inf("B4", Hex(6, 2))]
    b = kit.battle(red, blue, map=GRENADE_MAP, action=["fire1-a", "move1-a"],
                   red=["10H", "5H", "9H", "2D", "QD"], blue=["2C", "KS", "3C", "4C"])
    evs = kit.fire(b, "R1", "B1", "grenade")
    cmps = kit.of(evs, kit.E.CardsCompared)
    assert [(c.defender, c.attacker_card, c.defender_card, c.winner) for c in cmps] == [
        ("B1", "10H", "2C", "attacker"),
        ("B2", "5H", "KS", "defender"),
        ("B3", "9H", "4C", "attacker"),  # best of two in the woods
        ("R2", "QD", "2D", "attacker"),  # the thrower's own man is under the template too
    ]
    assert all(c.rule == "Weapons: Grenade" for c in cmps)
    assert [d.card for d in kit.of(evs, CardDrawn) if d.who == "B3"] == ["3C", "4C"]
    assert not [d for d in kit.of(evs, CardDrawn) if d.who == "B4"]
    assert {m: kit.status(b, m) for m in ("B1", "B2", "B3", "B4", "R2", "R1")} == {
        "B1": "down", "B2": "ok", "B3": "down", "B4": "ok", "R2": "down", "R1": "ok"}
    assert b.state.active == "blue"  # one grenade is the model's one weapon for the card


def test_grenade_is_centred_on_a_model_within_nine_inches(kit):
    """Weapons, Grenade: "Range 9 inches ... centred on a model within range" (9 inches = 5 hexes)."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), "grenade")], [kit.inf("B1", Hex(5, 0)), kit.inf("B2", Hex(6, 0))],
                   action=["fire1-a"])
    assert b.refusal(kit.C.Fire("R1", "grenade", "B1")) is None
    assert "out of range" in b.refusal(kit.C.Fire("R1", "grenade", "B2"))


# -- Close Combat -------------------------------------------------------------------------------

def _melee(kit, red, blue, r_extra=None, b_extra=None, action=("move1-a", "fire1-a")):
    b = kit.battle([kit.inf("R1", Hex(0, 0), **(r_extra or {}))], [kit.inf("B1", Hex(3, 0), **(b_extra or {}))],
                   action=list(action), red=red, blue=blue)
    return b


def test_close_combat_attacker_two_cards_defender_one(kit):
    """Close Combat: "Close combat occurs when a model moves so as to touch an enemy model. The attacker draws
    two Resolution Cards and the defender one. The loser is an instant casualty, not Downed." """
    b = _melee(kit, red=["2C", "KS"], blue=["QS"])
    evs = b.submit(kit.C.Assault("R1", "B1", Hex(2, 0)))
    assert kit.of(evs, kit.E.ModelMoved)[0].path[-1] == Hex(2, 0)
    assert kit.drawn(evs, "res-red") == ["2C", "KS"] and kit.drawn(evs, "res-blue") == ["QS"]
    cmp = kit.of(evs, kit.E.CardsCompared)[0]
    assert (cmp.attacker_card, cmp.defender_card, cmp.winner) == ("KS", "QS", "attacker")
    cas = kit.of(evs, kit.E.ModelCasualty)
    assert [(c.model, c.rule) for c in cas] == [("B1", "Close Combat")]
    assert kit.status(b, "B1") == "casualty" and b.state.models["B1"].pos is None
    assert kit.status(b, "R1") == "ok" and b.state.models["R1"].pos == Hex(2, 0)


def test_close_combat_attacker_can_lose(kit):
    """Close Combat: "The loser is an instant casualty" - that may be the attacker."""
    b = _melee(kit, red=["3C", "4C"], blue=["5C"])
    evs = b.submit(kit.C.Assault("R1", "B1", Hex(2, 0)))
    assert [c.model for c in kit.of(evs, kit.E.ModelCasualty)] == ["R1"]
    assert kit.status(b, "R1") == "casualty" and kit.status(b, "B1") == "ok"


def test_close_combat_needs_contact_within_a_move(kit):
    """Close Combat: the attacker "moves so as to touch an enemy model" - within its move, into a touching hex."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(5, 0))], action=["move1-a"])
    assert "touching" in b.refusal(kit.C.Assault("R1", "B1", Hex(3, 0)))
    assert "cannot reach" in b.refusal(kit.C.Assault("R1", "B1", Hex(4, 0)))
    b2 = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(4, 0))], action=["fire1-a"])
    assert "Move card" in b2.refusal(kit.C.Assault("R1", "B1", Hex(3, 0)))


def test_downed_defender_dies_without_cards(kit):
    """Close Combat: "An already Downed model has no defence and becomes an instant casualty without recourse
    to Resolution Cards." """
    b = kit.battle([kit.inf("R1", Hex(0, 0)), kit.inf("R2", Hex(0, 2))], [kit.inf("B1", Hex(3, 0))],
                   action=["fire1-a", "fire1-b", "move1-a", "fire1-c"], red=["KS"], blue=["2C"])
    kit.fire(b, "R2", "B1")
    assert kit.status(b, "B1") == "down"
    b.submit(kit.C.Pass())
    evs = b.submit(kit.C.Assault("R1", "B1", Hex(2, 0)))
    assert not [e for e in evs if type(e) is CardDrawn and e.deck != "action"]
    assert not kit.of(evs, kit.E.CardsCompared)
    assert [c.model for c in kit.of(evs, kit.E.ModelCasualty)] == ["B1"]
    assert kit.status(b, "B1") == "casualty"


def test_close_assault_on_an_armoured_vehicle_at_ap_zero(kit):
    """Close Combat: "Any infantryman can close assault a vehicle, including armoured vehicles, at Armour
    Piercing Zero" (then Shooting at Vehicles 2-4: damage card + 0 against card + armour)."""
    red = [kit.inf("R1", Hex(0, 0))]
    blue = [kit.veh("BT", Hex(3, 0), "light_tank", "hmg", facing=3)]  # facing west, towards R1: front armour 2
    b = kit.battle(red, blue, action=["move1-a", "fire1-a"],
                   red=["9S", "2D", "KS"], blue=["5C", "3H", "9D"])
    evs = b.submit(kit.C.Assault("R1", "BT", Hex(2, 0)))
    hit, dmg = kit.of(evs, kit.E.CardsCompared)
    assert (hit.attacker_card, hit.defender_card, hit.winner) == ("9S", "5C", "attacker")
    assert (dmg.attacker_card, dmg.defender_card, dmg.purpose) == ("KS", "3H", "damage: 13 against 5")
    vd = kit.of(evs, kit.E.VehicleDamaged)[0]
    assert (vd.points, vd.total, vd.arc) == (8, 8, "front")
    assert kit.drawn(evs, "res-blue")[-1] == "9D"  # crew nerve: 9 is more than 8, they stay
    assert kit.status(b, "BT") == "ok" and b.state.models["BT"].damage == 8
    assert kit.status(b, "R1") == "ok"


def test_rifle_cannot_shoot_the_tank_the_same_man_may_assault(kit):
    """Close Combat vs Shooting at Vehicles: a rifle (AP 0) cannot be fired at an armoured vehicle, but the
    same man may close assault it."""
    red = [kit.inf("R1", Hex(0, 0))]
    blue = [kit.veh("BT", Hex(3, 0), "light_tank", "hmg", facing=3)]
    b = kit.battle(red, blue, action=["fire1-a", "fire1-b", "move1-a"])
    assert "cannot hurt an armoured vehicle" in b.refusal(kit.C.Fire("R1", "assault_rifle", "BT"))
    b.submit(kit.C.Pass())
    b.submit(kit.C.Pass())
    assert b.state.card == "move1-a"
    assert b.refusal(kit.C.Assault("R1", "BT", Hex(2, 0))) is None

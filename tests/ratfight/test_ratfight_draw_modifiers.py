"""Every resolution card carries, by name, what changed the draw it belongs to (issue 10: dice carry their
modifiers). RatFight has no dice: the "modifiers" are extra cards (cover, a sniper rifle, a Dead Shot, the
close-combat attacker, a Bruiser, a leader at the Morale Check) and the values added to a card (armour piercing
and armour in "Shooting at Vehicles" 2). Cards are scripted; the purpose still says what each card is for.
"""

from __future__ import annotations

from hexfront.engine.core.events import CardDrawn
from hexfront.engine.core.hexes import Hex

WOODS_AT_4 = "\n".join(["....*......."] + ["." * 12] * 4)


def cards(events, deck):
    return [e for e in events if type(e) is CardDrawn and e.deck == deck]


def test_cover_sniper_and_dead_shot_are_named_on_the_cards(kit):
    """Firing 6: the target in woods turns two cards, keeps the best. Weapons: "Sniper Rifle ... turn over two
    Resolution Cards"; Leaders and Heroes: "Dead Shot: Model may always draw an extra Resolution Card"."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), "sniper_rifle", heroes=["dead_shot"])], [kit.inf("B1", Hex(4, 0))],
                   map=WOODS_AT_4, action=["fire1-a", "move1-a"], red=["KS", "2C", "3C"], blue=["4C", "5C"])
    evs = kit.fire(b, "R1", "B1", "sniper_rifle")
    blue, red = cards(evs, "res-blue"), cards(evs, "res-red")
    assert [c.card for c in blue] == ["4C", "5C"] and [c.card for c in red] == ["KS", "2C", "3C"]
    for c in blue:
        assert c.modifiers == ("2 cards, best kept: B1 is in soft cover (woods) (Firing 6)",)
        assert c.purpose.startswith("B1 tries to dodge") and c.rule == "Firing 2, 6"
    for c in red:
        assert c.modifiers == ("2 cards a shot, best kept: Sniper Rifle (Weapons)",
                               "+1 card a shot, best kept: R1 is a Dead Shot (Leaders and Heroes)",
                               "3 cards a shot in all")
        assert c.purpose == "R1 fires Sniper Rifle at B1"
    assert kit.status(b, "B1") == "down"


def test_a_plain_shot_in_the_open_has_no_modifiers(kit):
    """Firing 2: one card each, nothing changes them."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(4, 0))], action=["fire1-a", "move1-a"],
                   red=["KS"], blue=["4C"])
    evs = kit.fire(b, "R1", "B1")
    assert [c.modifiers for c in cards(evs, "res-red") + cards(evs, "res-blue")] == [(), ()]


def test_armour_piercing_and_armour_are_named_on_the_damage_cards(kit):
    """Shooting at Vehicles 2: "The attacker adds the armour piercing value of the weapon to the numeric value of
    his card. The defender adds the armour value of his vehicle"; 4: the crew's card against the damage."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), "bazooka")], [kit.veh("BT", Hex(6, 0), "medium_tank", facing=1)],
                   action=["fire1-a", "move1-a"], red=["9S", "KH"], blue=["5C", "3D", "QC"])
    evs = kit.fire(b, "R1", "BT", "bazooka")
    red, blue = cards(evs, "res-red"), cards(evs, "res-blue")
    assert red[0].modifiers == () and blue[0].modifiers == ()  # the hit draw: one card each
    assert red[1].modifiers == ("+4 to the card's value: armour piercing of Bazooka/RPG (Shooting at Vehicles 2)",)
    assert blue[1].modifiers == ("+2 to the card's value: side armour of Medium Tank/SPG (Shooting at Vehicles 2)",)
    # 13 + 4 = 17 against 3 + 2 = 5: 12 damage; the crew's Queen (12) is not above it
    assert blue[2].modifiers == ("the crew bail out on a card of 12 or less: the vehicle's accumulated damage "
                                 "(Shooting at Vehicles 4)",)
    assert kit.of(evs, kit.E.CrewBailedOut)


def test_close_combat_cards_name_the_attacker_and_the_bruiser(kit):
    """Close Combat: "The attacker draws two Resolution Cards and the defender one"; Bruiser: "draws an extra
    card in close combat"."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(3, 0), heroes=["bruiser"])],
                   action=["move1-a", "move1-b"], red=["KS", "2C"], blue=["4C", "5C"])
    evs = b.submit(kit.C.Assault("R1", "B1", Hex(2, 0)))
    assert {c.modifiers for c in cards(evs, "res-red")} == {
        ("2 cards, best kept: the attacker in close combat (Close Combat)",)}
    assert {c.modifiers for c in cards(evs, "res-blue")} == {
        ("+1 card, best kept: B1 is a Bruiser (Leaders and Heroes)",)}


def test_morale_cards_name_the_casualties_and_the_leader(kit):
    """Morale Check: the card "must beat the number of casualties"; leaders present and not Down let the side
    "draw more than one resolution card", "discarding whichever he likes" (the game asks only when the cards give
    different results: here all three beat 1 casualty, so the best is kept and the dice log says why)."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(1, 0)), kit.inf("B2", Hex(9, 4), leader=3)],
                   action=["move1-a", "turnend"], red=["KS", "QS", "JS"], blue=["3C", "2H", "4H", "5H"])
    evs = b.submit(kit.C.Assault("R1", "B1", Hex(0, 0)))
    morale = [c for c in cards(evs, "res-blue") if c.rule == "Morale Check"]
    assert len(morale) == 3
    assert morale[0].modifiers == ("must beat 1 casualty (Morale Check)",
                                   "3 cards, the side chooses which to keep if they give different results, else "
                                   "the best is kept: leader B2 on the battlefield and not Down (Morale Check; "
                                   "Leaders and Heroes)")
    test = [t for t in kit.of(evs, kit.E.MoraleTested) if t.side == "blue"][0]
    assert b.system.describe(test, b.state) == ("Blue Stoats morale: 5H against 1 casualty (best of 3 drawn kept "
                                                "without asking: every card would hold): holds")
    red_morale = [c for c in cards(evs, "res-red") if c.rule == "Morale Check"]
    assert red_morale[0].modifiers == ("must beat 0 casualties (Morale Check)",)

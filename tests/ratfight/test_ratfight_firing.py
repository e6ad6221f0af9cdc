"""Rule book: "Firing", "Weapons" and "Line of sight and Terrain".

All shots here run along row 0, where the hexes Hex(0, 0) ... Hex(11, 0) form a straight line.
"""

from __future__ import annotations

import pytest

from hexfront.engine.core.hexes import Hex

OPEN = "\n".join(["." * 12] * 5)


def _row0(first_row: str) -> str:
    return "\n".join([first_row.ljust(12, ".")] + ["." * 12] * 4)


def _duel(kit, *, weapon="assault_rifle", at=4, mapping=OPEN, red=(), blue=(), action=("fire1-a",), **extra):
    b = kit.battle([kit.inf("R1", Hex(0, 0), weapon, **extra)], [kit.inf("B1", Hex(at, 0))],
                   map=mapping, action=list(action), red=red, blue=blue)
    return b


# -- Firing 1: range and line of sight ---------------------------------------------------------

@pytest.mark.parametrize("weapon, mode, reach", [
    ("pistol", 0, 3),           # 6 inches
    ("smg", 0, 6),              # 12 inches
    ("assault_rifle", 1, 9),    # 18 inches, two shots
    ("grenade", 0, 5),          # 9 inches, rounded up
])
def test_target_must_be_within_range(kit, weapon, mode, reach):
    """Firing 1: "The shooting player checks ... that the target is within the range of the weapon"
    (Weapons table in inches; 1 hex = 2 inches)."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), weapon)],
                   [kit.inf("NEAR", Hex(reach, 0)), kit.inf("FAR", Hex(reach + 1, 0))],
                   map="\n".join(["." * 12] * 2), action=["fire1-a"])
    assert b.refusal(kit.C.Fire("R1", weapon, "NEAR", mode)) is None
    why = b.refusal(kit.C.Fire("R1", weapon, "FAR", mode))
    assert "out of range" in why and f"{reach + 1} hexes" in why


def test_long_range_weapons(kit):
    """Weapons: manual rifle 48 inches (24 hexes), sniper rifle 60 inches (30 hexes)."""
    wide = "\n".join(["." * 32] * 2)
    b = kit.battle([kit.inf("R1", Hex(0, 0), "manual_rifle", "sniper_rifle")],
                   [kit.inf("B24", Hex(24, 0)), kit.inf("B25", Hex(25, 0)), kit.inf("B30", Hex(30, 0))],
                   map=wide, action=["fire1-a"])
    assert b.refusal(kit.C.Fire("R1", "manual_rifle", "B24")) is None
    assert "out of range" in b.refusal(kit.C.Fire("R1", "manual_rifle", "B25"))
    assert b.refusal(kit.C.Fire("R1", "sniper_rifle", "B30")) is None


def test_blocking_terrain_between_models_blocks_the_shot(kit):
    """Line of sight and Terrain: "Two models positioned each side of a terrain piece but not in it cannot
    see or shoot at each other." (Firing 1: check the line of sight.)"""
    b = _duel(kit, mapping=_row0("..*"))
    assert "no line of sight" in b.refusal(kit.C.Fire("R1", "assault_rifle", "B1"))
    b = _duel(kit, mapping=_row0("..@"))
    assert "no line of sight" in b.refusal(kit.C.Fire("R1", "assault_rifle", "B1"))


def test_model_in_terrain_can_be_seen_and_counts_as_in_terrain(kit):
    """Line of sight and Terrain: "Models positioned in terrain ... can be seen by models outside the terrain
    with line of sight. However, they are considered to be 'in terrain' when shot at." """
    b = _duel(kit, mapping=_row0("....*"), red=["10S"], blue=["3C", "JD"])
    evs = kit.fire(b, "R1", "B1")
    assert kit.drawn(evs, "res-blue") == ["3C", "JD"]
    cmp = kit.of(evs, kit.E.CardsCompared)[0]
    assert (cmp.defender_card, cmp.winner) == ("JD", "defender")


# -- Firing 2-3: the draw, Down -----------------------------------------------------------------

def test_shooter_wins_target_is_down(kit):
    """Firing 3: "If the shooter wins, the target model is Down ... Otherwise, it is unhurt." """
    b = _duel(kit, red=["9C"], blue=["4H"])
    evs = kit.fire(b, "R1", "B1")
    assert [d.rule for d in kit.of(evs, kit.E.ModelDowned)] == ["Firing 3"]
    assert kit.status(b, "B1") == "down"
    b = _duel(kit, red=["4H"], blue=["9C"])
    kit.fire(b, "R1", "B1")
    assert kit.status(b, "B1") == "ok"


def test_down_model_may_not_fire_or_move(kit):
    """Firing 3: "A Downed model may not move or fire." """
    b = _duel(kit, red=["9C"], blue=["4H"], action=["fire1-a", "fire1-b"])
    kit.fire(b, "R1", "B1")
    assert b.state.card == "fire1-b" and b.state.active == "blue"
    assert "Down and may not move or fire" in b.refusal(kit.C.Fire("B1", "assault_rifle", "R1"))
    assert kit.C.Fire not in {type(c) for c in b.legal_commands()}  # blue's only model is Down
    # and on a move card, the Downed model may not move
    b2 = _duel(kit, red=["9C"], blue=["4H"], action=["fire1-a", "move1-c"])
    kit.fire(b2, "R1", "B1")
    assert b2.state.card == "move1-c"
    assert "Down and may not move or fire" in b2.refusal(kit.C.Move("B1", Hex(5, 0)))


# -- Firing 4: more shots against the same defender card ---------------------------------------

def test_two_shot_weapon_redraws_against_the_same_defender_card(kit):
    """Firing 4: "If the shooting weapon has two shots and misses on the first then the shooting player may
    draw another card and compare it with the originally drawn defender's card"."""
    b = _duel(kit, red=["3C", "9S"], blue=["8D"])
    evs = kit.fire(b, "R1", "B1", mode=1)  # assault rifle: 18 inches, two shots
    assert kit.drawn(evs, "res-blue") == ["8D"]  # the defender drew once
    assert kit.drawn(evs, "res-red") == ["3C", "9S"]
    cmps = kit.of(evs, kit.E.CardsCompared)
    assert [(c.attacker_card, c.defender_card, c.winner) for c in cmps] == [
        ("3C", "8D", "defender"), ("9S", "8D", "attacker")]
    assert [c.rule for c in cmps] == ["Firing 3", "Firing 4"]
    assert kit.status(b, "B1") == "down"


def test_two_shots_both_missing(kit):
    """Firing 4: both shots are compared with the one defender card; two misses leave the target unhurt."""
    b = _duel(kit, red=["3C", "4C"], blue=["8D"])
    evs = kit.fire(b, "R1", "B1", mode=1)
    assert kit.drawn(evs, "res-blue") == ["8D"] and len(kit.drawn(evs, "res-red")) == 2
    assert kit.status(b, "B1") == "ok"


def test_three_shot_weapon_keeps_drawing(kit):
    """Firing 4: "... and so on": a heavy machine gun's three shots all go against the first defender card."""
    b = _duel(kit, weapon="hmg", red=["2C", "3C", "KS"], blue=["QH"])
    evs = kit.fire(b, "R1", "B1", "hmg")
    assert kit.drawn(evs, "res-blue") == ["QH"] and kit.drawn(evs, "res-red") == ["2C", "3C", "KS"]
    assert kit.status(b, "B1") == "down"


def test_single_shot_mode_draws_once(kit):
    """Weapons: "Semi-Automatic Rifle: Range 48 inches, one shot OR Range 24 inches, two shots"."""
    b = _duel(kit, weapon="semi_auto_rifle", red=["3C", "4C"], blue=["8D"])
    evs = kit.fire(b, "R1", "B1", weapon="semi_auto_rifle", mode=0)
    assert kit.drawn(evs, "res-red") == ["3C"]


# -- Firing 5: spare shots -----------------------------------------------------------------------

RETARGET_MAP = _row0(".....*")  # woods at Hex(5, 0) hide B2 from R1


def _retarget(kit, red, blue):
    b = kit.battle([kit.inf("R1", Hex(0, 0), "lmg")],
                   [kit.inf("B1", Hex(4, 0)), kit.inf("B2", Hex(6, 0)), kit.inf("B3", Hex(7, 0))],
                   map=RETARGET_MAP, action=["fire1-a", "move1-a"], red=red, blue=blue)
    assert "no line of sight" in b.refusal(kit.C.Fire("R1", "lmg", "B2"))
    evs = kit.fire(b, "R1", "B1", "lmg")
    assert kit.status(b, "B1") == "down"
    return b, evs


def test_spare_shots_retarget_within_three_inches_without_line_of_sight(kit):
    """Firing 5: "If the player has shots left over from a weapon after Downing the target they may be
    retargeted onto any model with[in] three inches, whether or not he has a line of sight."

    Three inches is two hexes (RULES-NOTES). B2, two hexes from B1 and hidden behind woods, may be shot;
    B3, three hexes away, may not.
    """
    b, evs = _retarget(kit, red=["KS", "QS"], blue=["2C", "3C"])
    offer = kit.of(evs, kit.E.RetargetOffered)[0]
    assert (offer.shots, offer.candidates) == (1, ("B2",))
    assert b.state.card == "fire1-a" and b.state.pending is not None
    assert "spare shots" in b.refusal(kit.C.Pass())
    assert "within 3 inches" in b.refusal(kit.C.Retarget("B3"))
    evs = b.submit(kit.C.Retarget("B2"))
    assert kit.of(evs, kit.E.RetargetChosen)[0].target == "B2"
    assert kit.drawn(evs, "res-blue") == ["3C"] and kit.drawn(evs, "res-red") == ["QS"]
    assert kit.status(b, "B2") == "down"
    assert kit.of(evs, kit.E.ActionCardDone)[0].card == "fire1-a"
    assert b.state.pending is None and b.state.active == "blue"


def test_spare_shots_may_be_let_go(kit):
    """Firing 5: the spare shots "may be retargeted" - the firer may also let them go."""
    b, _ = _retarget(kit, red=["KS"], blue=["2C"])
    evs = b.submit(kit.C.Retarget(None))
    assert kit.of(evs, kit.E.RetargetChosen)[0].target is None
    assert not kit.drawn(evs, "res-red") and kit.status(b, "B2") == "ok"
    assert b.state.active == "blue"


def test_no_retarget_when_no_shot_is_left(kit):
    """Firing 5: shots are only "left over" if the target was Downed before the last one."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), "lmg")], [kit.inf("B1", Hex(4, 0)), kit.inf("B2", Hex(5, 0))],
                   action=["fire1-a", "move1-a"], red=["2C", "KS"], blue=["QH"])
    evs = kit.fire(b, "R1", "B1", "lmg")
    assert kit.status(b, "B1") == "down" and not kit.of(evs, kit.E.RetargetOffered)
    assert b.state.active == "blue"


# -- Firing 6: terrain ---------------------------------------------------------------------------

@pytest.mark.parametrize("glyph, cards", [(".", 1), ("*", 2), (",", 2), ("%", 2), ("@", 2),
                                          ("#", 3), (":", 3)])
def test_defender_cards_by_terrain(kit, glyph, cards):
    """Firing 6: "The defender turns over two Resolution Cards (discarding the lower) if the target model is
    in soft terrain and three Resolution Cards (discarding the lower two) if in hard terrain." """
    dodge = {1: ["2C"], 2: ["JH", "2C"], 3: ["3D", "2C", "JH"]}[cards]
    b = _duel(kit, mapping=_row0("...." + glyph), red=["10S"], blue=dodge)
    evs = kit.fire(b, "R1", "B1")
    assert kit.drawn(evs, "res-blue") == dodge
    cmp = kit.of(evs, kit.E.CardsCompared)[0]
    assert cmp.defender_card == ("2C" if cards == 1 else "JH")  # the best card is kept
    assert (kit.status(b, "B1") == "down") is (cards == 1)


@pytest.mark.parametrize("first_row, cards", [
    ("...#", 3),       # a wall right in front of the target: in hard terrain
    ("...%", 2),       # a hedge right in front: in soft terrain
    (".#", 1),         # a wall next to the shooter, far from the target: no cover
])
def test_target_just_behind_a_wall_counts_as_in_terrain(kit, first_row, cards):
    """Line of sight and Terrain: "A model positioned so it is partly in view to the shooting model behind
    terrain that normally blocks line of sight can be targeted but counts as being 'in terrain'"
    (here: an obscuring hex next to the target on the line of fire)."""
    dodge = ["2C", "3D", "4H"][:cards]
    b = _duel(kit, mapping=_row0(first_row), red=["10S"], blue=dodge)
    evs = kit.fire(b, "R1", "B1")
    assert kit.drawn(evs, "res-blue") == dodge


def test_sniper_rifle_turns_two_cards(kit):
    """Weapons: "Sniper Rifle: Range 60 inches, one shot (but turn over two Resolution Cards)." """
    b = _duel(kit, weapon="sniper_rifle", red=["2C", "9S"], blue=["8D"])
    evs = kit.fire(b, "R1", "B1", "sniper_rifle")
    assert kit.drawn(evs, "res-red") == ["2C", "9S"] and kit.drawn(evs, "res-blue") == ["8D"]
    cmp = kit.of(evs, kit.E.CardsCompared)[0]
    assert (cmp.attacker_card, cmp.winner) == ("9S", "attacker")
    assert kit.status(b, "B1") == "down"


def test_only_enemies_on_the_table_can_be_targeted(kit):
    """Firing 1: the target is an enemy model on the battlefield."""
    b = kit.battle([kit.inf("R1", Hex(0, 0)), kit.inf("R2", Hex(1, 0))], [kit.inf("B1", Hex(4, 0))],
                   action=["fire1-a"])
    assert "on your side" in b.refusal(kit.C.Fire("R1", "assault_rifle", "R2"))
    assert "does not carry" in b.refusal(kit.C.Fire("R1", "lmg", "B1"))


def test_target_partly_in_view_past_blocking_terrain_counts_as_in_it(kit):
    """Line of sight and Terrain: "A model positioned so it is partly in view to the shooting model behind
    terrain that normally blocks line of sight can be targeted but counts as being 'in terrain' when shot at."

    On hexes: the sight line from R1 to B1 runs exactly along the edge between an open hex and a woods hex that
    touches B1. The shot is allowed (blocked on one side only), so B1 is partly in view behind the woods and
    draws two cards (soft terrain).
    """
    woods = "\n".join(["......", "......", "..*...", "......"])  # the woods hex is Hex(1, 2)
    b = kit.battle([kit.inf("R1", Hex(0, 2))], [kit.inf("B1", Hex(2, 1))], map=woods,
                   action=["fire1-a", "move1-a"], red=["10S"], blue=["2C", "JH"])
    assert Hex(1, 2).distance(Hex(2, 1)) == 1
    evs = kit.fire(b, "R1", "B1")
    assert kit.drawn(evs, "res-blue") == ["2C", "JH"]

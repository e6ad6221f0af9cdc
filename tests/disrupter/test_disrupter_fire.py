"""Rule 16 - Firing, Rule 13 - Cover, Rule 16 - Spotting, Rule 15 - Reaction Fire."""

from __future__ import annotations

import diskit as K
import pytest
from diskit import C, E


def at_red_ba(place, dice=(), **kw):
    b = K.battle(place, dice, **kw)
    K.goto(b, "g1", "red", "ba")
    return b


def fire(b, *args):
    return b.submit(C.Fire(*args))


BOT_AT_2 = {"red-a3": (6, 5), "blue-bot": (6, 3)}  # marksman + rifle against two walker bots, 2 hexes


@pytest.mark.parametrize("check,save,wounds,effect", [
    (10, 20, (1, 1), "Wounds - 1"),
    (10, 70, (2, 2), "full Wounds"),
    (70, 20, (0, 0), "firer has [-] on Instinct next turn"),
    (70, 70, (0, 0), "no effect"),
])
def test_the_four_way_fire_table(check, save, wounds, effect):
    """Rule 16 - Firing: attacker/target success/success inflicts Wounds - 1, success/failure Wounds,
    failure/success gives the attacker [-] next turn, failure/failure nothing. Marksman (2 at Medium) and rifle
    (2 at Medium) fire at two walker bots (A55, W3) two hexes off; the 4 (or 2) wounds split evenly."""
    b = at_red_ba(BOT_AT_2, [check, save])
    evs = fire(b, "red-a3", "blue-bot")
    res = K.of(evs, E.FireResolved)
    assert len(res) == 1 and res[0].effect == effect
    assert tuple(u.wounds for u in K.team(b, "blue-bot").units) == wounds
    assert K.used_all(b)
    if effect.startswith("firer"):
        assert K.team(b, "red-a3").penalty_turn == 2


def test_failed_fire_penalty_applies_to_next_turns_checks():
    """Rule 16 - Firing: failure against a successful save gives the attacker Instinct [-] for its next turn."""
    b = at_red_ba(BOT_AT_2, [70, 20])
    fire(b, "red-a3", "blue-bot")
    mods = K.rules.instinct_mods(b.state, K.team(b, "red-a3"), None)
    assert mods[0] == 0  # not this turn
    K.goto(b, "co", "red", "move")  # turn 2 (its initiative dice come from the generator)
    assert b.state.turn == 2
    assert K.rules.instinct_mods(b.state, K.team(b, "red-a3"), None)[0] == -1


@pytest.mark.parametrize("distance,pos,total", [(1, (6, 4), 3), (3, (6, 2), 4)])
def test_wounds_by_range_band(distance, pos, total):
    """Rule 16 / Rule 5: wounds come from the weapon's band: marksman 1/2/3 and rifle 2/2/1 give 3 at Close and
    4 at Long. At Close the odd wound goes to a unit chosen by a die (d4, rerolled above 2)."""
    dice = [10, 70] + ([4, 2] if total % 2 else [])
    b = at_red_ba({"red-a3": (6, 5), "blue-bot": pos}, dice)
    from hexfront.engine.core.hexes import hex_distance
    assert hex_distance(K.team(b, "red-a3").pos, K.team(b, "blue-bot").pos) == distance
    fire(b, "red-a3", "blue-bot")
    units = K.team(b, "blue-bot").units
    assert sum(u.wounds for u in units) == total
    if total == 3:
        assert (units[0].wounds, units[1].wounds) == (1, 2)  # the d4's 2 picked the second bot
    assert K.used_all(b)


def test_out_of_range_is_refused():
    """Rule 16 / weapons: a target beyond every firer's last band cannot be fired at; nothing changes."""
    b = at_red_ba({"red-a3": (6, 7), "blue-bot": (6, 3)})
    before = b.state_hash()
    with pytest.raises(K.IllegalOrder, match="weapon reaching"):
        fire(b, "red-a3", "blue-bot")
    assert b.state_hash() == before


def test_one_check_per_instinct_value():
    """Rule 16 - Firing: units with the same Instinct firing together make one check; the NCO (I80) checks
    alone, his two riflemen (I60, [+] with their officer, Rule 9) check once with two dice."""
    b = at_red_ba({"red-a1": (6, 5), "blue-bot": (6, 3)}, [10, 20, 30, 70, 1])
    evs = fire(b, "red-a1", "blue-bot")
    checks = [e for e in K.of(evs, E.CheckMade) if e.kind == "Instinct"]
    assert [(c.stat, c.adv) for c in checks] == [(80, 0), (60, 1)]
    assert len(K.of(evs, E.FireResolved)) == 2
    assert K.used_all(b)


def test_one_save_per_armour_value():
    """Rule 16 - Firing: a team fired on makes one Armor save per Armor value among its units: blue's gun team
    (medium A45 and light A30 x2) saves twice."""
    b = at_red_ba({"red-a2": (6, 5), "blue-a2": (6, 3)}, [10, 90, 20])
    evs = fire(b, "red-a2", "blue-a2")
    saves = [e for e in K.of(evs, E.CheckMade) if e.kind == "Armor"]
    assert [s.stat for s in saves] == [45, 30]
    assert [u.wounds for u in K.team(b, "blue-a2").units] == [2, 1, 1]  # A45 failed: 2; A30 saved: 2 - 1 each
    assert K.used_all(b)


def test_firing_at_one_unit_hits_only_that_unit():
    """Rule 16 - Firing: units may fire on an individual unit instead of the whole team."""
    b = at_red_ba(BOT_AT_2, [10, 70])
    fire(b, "red-a3", "blue-bot", "blue-bot.2")
    units = K.team(b, "blue-bot").units
    assert units[0].wounds == 0 and units[1].wounds == 4 and not units[1].alive


def test_cover_gives_save_advantage_and_costs_instinct():
    """Rule 13 - Cover: under cover a team has A[+] on saves and I[-] on checks; firing from cover loses it."""
    m = [list("." * 16) for _ in range(10)]
    m[3][6] = "%"
    m[5][6] = "%"
    forest = "\n".join("".join(r) for r in m)
    b = K.battle({"red-a3": (6, 5), "blue-bot": (6, 3)}, [50, 90, 70, 70], map=forest)
    # blue's bots and red's marksmen both take cover in their own segments
    K.goto(b, "co", "blue", "move")
    K.goto(b, "g1", "red", "move")
    b.submit(C.TakeCover("red-a3"))
    K.goto(b, "g1", "red", "ba")
    b.state.teams["blue-bot"].cover = True  # set directly: unled bots may take cover, checked below
    evs = fire(b, "red-a3", "blue-bot")
    inst = [e for e in K.of(evs, E.CheckMade) if e.kind == "Instinct"][0]
    save = [e for e in K.of(evs, E.CheckMade) if e.kind == "Armor"][0]
    assert inst.adv == -1 and inst.rolls == (50, 90) and inst.result == "failure"
    assert save.adv == 1 and save.rolls == (70, 70)
    assert not K.team(b, "red-a3").cover  # lost by firing
    assert K.used_all(b)


def test_unled_bots_may_take_cover():
    """Rule 9 - Leading: bots with no officer within Close may still take cover."""
    m = [list("." * 16) for _ in range(10)]
    m[0][2] = "%"
    b = K.battle(map="\n".join("".join(r) for r in m))
    K.goto(b, "co", "blue", "move")
    assert C.TakeCover("blue-bot") in b.legal_commands()
    b.submit(C.TakeCover("blue-bot"))
    assert K.team(b, "blue-bot").cover


def test_spotting_takes_away_the_cover_save():
    """Rule 16 - Spotting: a successful Instinct check spots a target; this game's reading: a spotted team keeps
    its cover's I[-] but loses the A[+] until it moves."""
    b = at_red_ba({"red-a2": (6, 5), "blue-bot": (6, 3)}, [10],
                   orders={"red-a": ("hold", None, "spot")})
    b.state.teams["blue-bot"].cover = True
    b.submit(C.Spot("red-a2", "blue-bot"))
    assert K.team(b, "blue-bot").spotted
    adv, mods = K.rules.armour_mods(b.state, K.team(b, "blue-bot"))
    assert adv == 0 and any("spotted" in m for m in mods)
    assert K.used_all(b)


def test_failed_spot_marks_nothing():
    """Rule 16 - Spotting: a failed check spots nothing."""
    b = at_red_ba({"red-a2": (6, 5), "blue-bot": (6, 3)}, [95], orders={"red-a": ("hold", None, "spot")})
    b.submit(C.Spot("red-a2", "blue-bot"))
    assert not K.team(b, "blue-bot").spotted


def test_each_unit_acts_once():
    """Rule 16: each unit acts once a turn: after firing, the same team cannot fire again."""
    b = at_red_ba(BOT_AT_2, [70, 70])
    fire(b, "red-a3", "blue-bot")
    assert b.refusal(C.Fire("red-a3", "blue-bot")) is not None


def test_reaction_fire_after_each_hex_once_per_step():
    """Rule 15: after each hex a mover enters, an enemy with sight, range and orders to fire must fire, once per
    movement step: blue's marksmen fire when red's NCO team enters its first hex, and not again."""
    b = K.battle({"red-a1": (6, 7), "blue-a3": (6, 3)}, [70, 80, 80])
    K.goto(b, "g1", "red", "move")
    path = (K.hx(6, 6), K.hx(6, 5), K.hx(6, 4))
    evs = b.submit(C.Move("red-a1", path[:3]))
    kinds = [type(e).__name__ for e in evs if type(e) in (E.TeamStepped, E.FireDeclared)]
    assert kinds == ["TeamStepped", "FireDeclared", "TeamStepped", "TeamStepped"]
    assert K.used_all(b)


def test_hold_fire_only_reacts_in_self_defence():
    """Rule 9 / Rule 15: a squad told to hold fire lets a mover pass unless the mover fired at it this turn."""
    b = K.battle({"red-a1": (6, 7), "blue-a3": (6, 3)}, orders={"blue-a": ("hold", None, "hold_fire")})
    K.goto(b, "g1", "red", "move")
    evs = b.submit(C.Move("red-a1", (K.hx(6, 6), K.hx(6, 5))))
    assert not K.of(evs, E.FireDeclared)


def test_spot_clause_spots_instead_of_firing():
    """Rule 15: enemies whose orders say to spot make a spotting check instead of firing."""
    b = K.battle({"red-a1": (6, 7), "blue-a3": (6, 3)}, [10], orders={"blue-a": ("hold", None, "spot")})
    K.goto(b, "g1", "red", "move")
    b.submit(C.Move("red-a1", (K.hx(6, 6),)))
    assert K.team(b, "red-a1").spotted
    assert K.used_all(b)


def test_mover_stops_when_wiped_out():
    """Rule 15: if reaction fire takes the mover off the board its move ends there."""
    b = K.battle({"red-a3": (6, 7), "blue-a2": (6, 3)}, [10, 90, 20, 20],
                 options={"officer_every_team": True})
    K.goto(b, "g1", "red", "move")
    evs = b.submit(C.Move("red-a3", (K.hx(6, 6), K.hx(6, 5))))
    assert len(K.of(evs, E.TeamStepped)) == 1
    assert not K.team(b, "red-a3").on_board
    assert K.used_all(b)


def _forest_at_6_6() -> str:
    rows = ["." * 16 for _ in range(10)]
    rows[6] = rows[6][:6] + "%" + rows[6][7:]
    return "\n".join(rows)


def test_diving_for_cover_in_panic_ends_the_move_there():
    """Rule 15 and Rule 8: reaction fire kills one of Bravo assault as it enters the forest at (6,6); its team
    panic check fails on the "dive for cover" row, so it takes cover in the forest, and this game's reading:
    the panic ends its move there (it does not walk on to (6,5) still marked as under cover)."""
    b = K.battle({"red-b2": (6, 7), "blue-a2": (6, 3)},
                 [10,   # Alpha gun's Instinct check: success
                  90,   # Bravo assault's Armor save: failure, 4 wounds on the three light-armoured soldiers
                  1,    # the left-over wound goes to the first of them: 2 wounds, taken off
                  20,   # platoon panic check: passes
                  6],   # Bravo assault's team panic check: 6 against stress 11 fails, row 5-8: take cover
                 map=_forest_at_6_6(), options={"officer_every_team": True})
    K.set_stress(b, "red", 10)
    K.goto(b, "g1", "red", "move")
    evs = b.submit(C.Move("red-b2", (K.hx(6, 6), K.hx(6, 5))))
    team = b.state.teams["red-b2"]
    assert [e.to for e in K.of(evs, E.TeamStepped)] == [K.hx(6, 6)]
    assert team.pos == K.hx(6, 6) and team.cover
    assert K.used_all(b)


def test_a_move_cut_short_on_a_friends_hex_ends_on_the_last_free_hex():
    """Rule 14: teams may pass through friends but only one team holds a hex. Bravo assault routs in panic
    while passing through Bravo lead's hex (6,6); this game's reading: it ends its move back on (6,7), the
    last free hex of its path."""
    b = K.battle({"red-b2": (6, 7), "red-b1": (6, 6), "blue-a2": (6, 3)},
                 [10,       # Alpha gun's Instinct check: success
                  90, 90,   # Bravo assault's Armor save with [+] (Bravo lead's officer is within Close): failure
                  1,        # the left-over wound: the first light-armoured soldier is taken off
                  20,       # platoon panic check: passes
                  20,       # Bravo lead's team panic check (within Close of the dead soldier): passes
                  17],      # Bravo assault's: 17 against stress 18 fails, row 17-20: rout
                 map=_forest_at_6_6(), options={"officer_every_team": True})
    K.set_stress(b, "red", 17)
    K.goto(b, "g1", "red", "move")
    evs = b.submit(C.Move("red-b2", (K.hx(6, 6), K.hx(6, 5))))
    team = b.state.teams["red-b2"]
    assert [e.to for e in K.of(evs, E.TeamStepped)] == [K.hx(6, 6), K.hx(6, 7)]
    assert team.routed and team.pos == K.hx(6, 7) and b.state.teams["red-b1"].pos == K.hx(6, 6)
    assert K.used_all(b)

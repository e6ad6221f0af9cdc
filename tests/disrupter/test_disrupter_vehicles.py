"""Disrupter's vehicles: THIS GAME'S OWN RULES (the book's vehicle pages are not in it), tested with scripted dice.

The book names each rule and leaves it to its missing pages; each test quotes the sentence that names the rule,
or says the rule is the game's own. The ground is diskit's open 16 x 10 map; the starter platoon's Alpha lead
(``red-a1`` / ``blue-a1``) is made a Runner scout car with its NCO aboard, or a crew of two soldiers.
"""

from __future__ import annotations

import copy
import json

import diskit as K
import pytest
from diskit import C, E, hx

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.hexes import hex_distance
from hexfront.engine.core.saves import battle_from_save, battle_to_json, parse_save_text
from hexfront.engine.systems.disrupter import data, previews
from hexfront.engine.systems.disrupter.ai import DefaultPlayer
from hexfront.engine.systems.disrupter.vehicles import template_step

NCO_CAR = ["officer:runner:turret_gun", "soldier:runner:rifle"]
CREW_CAR = ["soldier:runner:turret_gun", "soldier:runner:rifle"]


def car_platoons(units=NCO_CAR) -> dict:
    """The starter platoon with Alpha lead a Runner; a crew of soldiers leaves Alpha's NCO in Alpha gun."""
    starter = copy.deepcopy(K.base_content()["platoons"]["starter"])
    starter["squads"][0]["teams"][0]["units"] = list(units)
    if units == CREW_CAR:
        starter["squads"][0]["teams"][1]["units"] = ["officer:light:carbine", "soldier:light:rifle"]
    return {"starter": starter}


def at(place, step="move", dice=(), units=NCO_CAR, **kw) -> Battle:
    b = K.battle(place, dice=dice, platoons=car_platoons(units), **kw)
    K.goto(b, "g1", "red", step)
    return b


def car(b: Battle, side: str = "red"):
    return b.state.teams[f"{side}-a1"]


# -- a team may be one vehicle ------------------------------------------------------------------------------

def test_a_team_may_be_one_vehicle_and_faces_the_enemy_edge():
    """Rule 9: "Squads consist of 2-4 Teams, with each Team consisting of 1 Stand or Vehicle." A team whose units
    ride a vehicle is that vehicle: each unit aboard has its A, W and M (this game's reading), and it starts
    facing the enemy's edge (this game's own)."""
    b = at({})
    red, blue = car(b), car(b, "blue")
    assert K.rules.is_vehicle(b.state, red) and not K.rules.is_vehicle(b.state, b.state.teams["red-a2"])
    assert (red.facing, blue.facing) == (1, 4)  # NE from the bottom edge, SW from the top
    runner = b.state.tables.vehicles["runner"]
    for u in red.units:
        _i, a, w, m = K.rules.unit_stats(b.state, u)
        assert (a, w, m) == (runner.A, runner.W, runner.M)


@pytest.mark.parametrize("units, words", [
    (["officer:runner:rifle", "soldier:light:rifle"], "one stand or one vehicle"),
    (["officer:runner:rifle", "soldier:runner:rifle", "soldier:runner:rifle"], "carries at most 2"),
])
def test_hostile_vehicle_teams_are_refused_in_one_line(units, words):
    """Rule 9 ("each Team consisting of 1 Stand or Vehicle") and the vehicle's crew (vehicles.toml): a team half
    aboard, or more units than the vehicle carries, is refused with one line naming the team."""
    content = K.content(platoons=car_platoons(units))
    with pytest.raises(ContentError) as err:
        data.Tables.from_content(content)
    assert words in str(err.value) and "red-a1" in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("field, value, words", [("A", 95, "cap of 80"), ("crew", 9, "crew"),
                                                 ("speed", 3, "unknown key")])
def test_hostile_vehicles_toml_is_refused_in_one_line(field, value, words):
    """Rule 6: "The maximum level of all Stats is 80%"; vehicles.toml is read like every other table."""
    content = K.content(platoons=car_platoons())
    content["vehicles"]["runner"][field] = value
    with pytest.raises(ContentError) as err:
        data.read_content(content)
    assert words in str(err.value) and "\n" not in str(err.value)


# -- movement by templates ---------------------------------------------------------------------------------

def test_a_vehicle_moves_by_its_templates_and_turns_with_them():
    """Rule 14: "Vehicles use different Movement rules (See Vehicle Rules)". This game's own templates: ahead one
    hex, veer (turn one side, then one hex), pivot (turn on the spot); a vehicle does not walk hex by hex."""
    b = at({"red-a1": (6, 7)})
    start = car(b).hex
    assert "templates (Drive)" in b.refusal(C.Move("red-a1", (start.neighbour(1),)))
    b.submit(C.Drive("red-a1", ("ahead", "veer_left", "pivot_right")))
    assert car(b).hex == start.neighbour(1).neighbour(2)
    assert car(b).facing == 1  # NE, veered left to NW, pivoted right back to NE
    assert car(b).moved
    turned = [e.facing for e in K.of(b.all_events(), E.VehicleTurned)]
    assert turned[-2:] == [2, 1]
    assert K.used_all(b)


def test_a_drive_is_at_most_its_movement_in_templates():
    """This game's own: a vehicle drives at most M templates a move (vehicles.toml: the Runner's M is 4)."""
    b = at({"red-a1": (6, 7)})
    assert "at most 4 templates" in b.refusal(C.Drive("red-a1", ("pivot_left",) * 5))
    assert "not a movement template" in b.refusal(C.Drive("red-a1", ("fly",)))


def test_a_slide_needs_the_drivers_instinct_check():
    """Rule 16 names a "Slide Movement Template" among what uses the Instinct Stat ("eliminate the use of the Slide
    Movement Template ... you can completely eliminate the use of the Instinct Stat"). This game's own: the driver
    makes an Instinct check; on a failure the vehicle skids to a stop and its move ends there."""
    b = at({"red-a1": (6, 7)}, dice=[85])  # the NCO drives: Instinct 80, no officer beside him: 85 fails
    start = car(b).hex
    b.submit(C.Drive("red-a1", ("slide_left", "ahead")))
    assert car(b).hex == start and car(b).moved
    checks = K.of(b.all_events(), E.CheckMade)
    assert checks[-1].purpose.startswith("to slide") and checks[-1].result == "failure"
    assert K.used_all(b)

    b = at({"red-a1": (6, 7)}, dice=[12])  # 12 under 80: it slides front-left, still facing NE
    b.submit(C.Drive("red-a1", ("slide_left",)))
    assert car(b).hex == start.neighbour(2) and car(b).facing == 1
    assert K.used_all(b)


def test_one_team_or_vehicle_to_a_hex_and_through_friends_only():
    """Rule 14: "Only 1 Team or Vehicle may inhabit a hex." and "Teams and Vehicles are able to move through
    friendly Teams and Vehicles.\""""
    start = hx(6, 7)
    friend = start.neighbour(1)
    b = at({"red-a1": start, "red-a2": friend})
    assert "only one team or vehicle" in b.refusal(C.Drive("red-a1", ("ahead",)))
    assert b.refusal(C.Drive("red-a1", ("ahead", "ahead"))) is None  # through the friend, on beyond it
    b = at({"red-a1": start, "blue-a2": friend})
    assert "through an enemy" in b.refusal(C.Drive("red-a1", ("ahead", "ahead")))


def test_a_vehicle_fords_at_one_template():
    """Rule 14: "All Units have Movement 1 when fording streams or rivers. Units may not otherwise move over water
    unless otherwise noted by ... Vehicle specifications." The Runner may ford (vehicles.toml: fords)."""
    rows = ["." * 16] * 10
    start = hx(6, 7)
    ford = start.neighbour(1)
    from hexfront.engine.core.hexes import axial_to_offset
    col, row = axial_to_offset(ford)
    rows[row] = rows[row][:col] + "-" + rows[row][col + 1:]
    b = at({"red-a1": start}, map="\n".join(rows))
    assert b.refusal(C.Drive("red-a1", ("ahead",))) is None
    assert "one template" in b.refusal(C.Drive("red-a1", ("ahead", "ahead")))


# -- sight, facing and armour --------------------------------------------------------------------------------

FOREST_ROW = "\n".join(["." * 16] * 5 + [".....%.........."] + ["." * 16] * 4)


def test_a_vehicle_sees_and_is_seen_over_light_cover():
    """Rule 12: "Vehicles have different LOS rules than Infantry". This game's own: a vehicle stands tall, so light
    cover between does not block sight from it or to it; a stand behind the same forest is hidden."""
    b = at({"red-a2": (4, 5), "blue-a2": (6, 5), "red-a1": (4, 7), "blue-a1": (6, 7)}, map=FOREST_ROW)
    s = b.state
    assert not K.rules.sees(s, hx(4, 5), hx(6, 5), "red")  # two stands, the forest between
    c = K.ctx(b)
    c.emit(E.TeamStepped(team="red-a1", frm=hx(4, 7), to=hx(4, 4)))
    c.emit(E.TeamStepped(team="red-a2", frm=hx(4, 5), to=hx(4, 7)))
    c.emit(E.TeamStepped(team="red-a1", frm=hx(4, 4), to=hx(4, 5)))
    assert K.rules.sees(s, hx(4, 5), hx(6, 5), "red")  # the car sees over it
    assert K.rules.sees(s, hx(6, 5), hx(4, 5), "blue")  # and is seen


def test_facing_does_not_matter_for_its_sight_or_its_gun():
    """Rule 12: "Facing does not matter for Infantry and the one Vehicle currently in the game". This game's
    vehicle keeps that for sight and fire: its turret turns all round (facing governs its moves and rear armour)."""
    b = at({"red-a1": (6, 6), "blue-a3": (6, 8)}, step="ba")  # blue marksmen behind the car (it faces NE)
    assert b.refusal(C.Fire("red-a1", "blue-a3")) is None


def test_a_shot_into_a_vehicles_rear_is_saved_with_disadvantage():
    """This game's own: a vehicle shot at from its rear arc (more than 120 degrees off its facing) makes its Armor
    save at [-]; from the front, no modifier. Blue's car faces SW; red marksmen fire from the NE and the SW."""
    target = hx(6, 4)
    behind = target.neighbour(1).neighbour(1)
    ahead = target.neighbour(4).neighbour(4)
    for where, rear in ((behind, True), (ahead, False)):
        b = at({"blue-a1": target, "red-a3": where}, step="ba", units=CREW_CAR)
        mods = previews.preview_fire(b.state, C.Fire("red-a3", "blue-a1")).modifiers
        assert any("rear armour" in m for m in mods) == rear, mods


def test_reaction_fire_at_a_moving_vehicle_after_each_template():
    """Rule 15: "After each hex or Vehicle Template for Movement (See Vehicle Rules), check if any enemy Teams or
    Vehicles have LOS on the moving Team or Vehicle." and "they have not yet Fired during the current Movement
    Phase": Blue's gun team fires once, after the car's first template, and not again after its second."""
    start = hx(6, 6)
    first = template_step(start, 1, "ahead")[0]
    gun = first.neighbour(2).neighbour(2)  # 2 hexes from the first template's end
    d = hex_distance(first, gun)
    # Blue gun: one Instinct 60 check (50: hit); the car's save has [+] (its NCO aboard): 70 and 80, both fail
    b = at({"red-a1": start, "blue-a2": gun}, dice=[50, 70, 80])
    assert d == 2 and K.rules.sees(b.state, gun, start, "blue") and hex_distance(gun, start) == 3
    b.submit(C.Drive("red-a1", ("ahead", "pivot_left")))
    declared = [e for e in K.of(b.all_events(), E.FireDeclared) if e.reaction]
    assert [(e.team, e.target, e.distance) for e in declared] == [("blue-a2", "red-a1", 2)]
    wounds = sum(e.wounds for e in K.of(b.all_events(), E.FireResolved))
    assert wounds == 2 + 2 + 2  # lmg and two rifles at Medium, full Wounds (a hit, the save failed)
    assert [u.wounds for u in car(b).units] == [3, 3]  # split evenly among the two aboard
    assert car(b).facing == 2 and K.used_all(b)


def test_a_vehicle_never_takes_cover():
    """Rule 13: "Hexes with Light Cover ... allow stands to choose to Take Cover." This game's reading: a vehicle
    is no stand, so it never takes cover."""
    b = at({"red-a1": (5, 5)}, map=FOREST_ROW)
    assert "never take cover" in b.refusal(C.TakeCover("red-a1"))
    assert not [c for c in b.legal_commands() if isinstance(c, C.TakeCover) and c.team == "red-a1"]


def test_an_officer_aboard_leads_from_the_vehicle():
    """Rule 9: "Officers must be a member of a Team or occupy a Vehicle" and "Every Unit within Close Range of an
    Officer receives [+] on all Checks and Saves": Alpha's NCO in the car leads Alpha gun beside it."""
    b = at({"red-a1": (6, 6), "red-a2": (7, 6), "red-a3": (12, 6)})
    s = b.state
    gun = s.teams["red-a2"]
    assert K.rules.is_led(s, gun) and not K.rules.is_led(s, s.teams["red-a3"])
    adv, names = K.rules.instinct_mods(s, gun, gun.units[0])
    assert adv == 1 and any("officer within Close" in n for n in names)


# -- the computer player, a whole battle, its save ---------------------------------------------------------------

def play_ford_road(seed: int) -> tuple[Battle, dict[str, int]]:
    """Ford Road played to its end by the default player on both sides; what the car was ordered to do."""
    b = Battle.new("disrupter", "ford_road", seed=seed)
    players = {"red": DefaultPlayer(1), "blue": DefaultPlayer(2)}
    used: dict[str, int] = {}
    for _ in range(3000):
        if b.state.result is not None:
            break
        cmd = players[b.side_to_act()].choose(K.SYSTEM, b.state)
        assert K.SYSTEM.validate(b.state, cmd) is None, cmd
        if getattr(cmd, "team", None) == "red-a1":
            used[type(cmd).__name__] = used.get(type(cmd).__name__, 0) + 1
        b.submit(cmd)
    return b, used


def test_the_computer_drives_and_fires_the_car_in_a_seeded_ford_road():
    """The default player uses the vehicle: it drives it (Drive orders, by its templates) and fires its gun, and
    the battle of the Ford Road scenario runs to its end."""
    b, used = play_ford_road(4)
    assert b.state.result is not None
    assert used.get("Drive", 0) >= 1 and used.get("Fire", 0) >= 1, used
    assert any(e.team == "red-a1" for e in K.of(b.all_events(), E.VehicleTurned))


def test_ford_road_save_and_replay_reproduce_the_state_hash():
    """A saved Ford Road battle (a vehicle's drives, turns and shots in its log) replays to the same state hash,
    checkpoint by checkpoint."""
    b, _ = play_ford_road(5)
    text = json.dumps(battle_to_json(b))
    replayed = battle_from_save(parse_save_text(text), verify=True)
    assert replayed.checkpoints == b.checkpoints
    assert replayed.state_hash() == b.state_hash()


def test_both_sides_can_win_ford_road():
    """The scenario is not one-sided: over a few seeded self-plays each side wins at least once."""
    winners = {play_ford_road(seed)[0].state.result[0] for seed in (1, 5)}
    assert winners == {"red", "blue"}


def test_the_computer_drives_the_car_toward_the_objective_not_idly():
    """The default player moves its vehicle with Drive orders, nearer the objective, in its movement step (it does
    not leave the car standing while its orders say advance)."""
    b = at({"red-a1": (6, 8)}, orders={"red-a": ("advance", (8, 5), "fire")})
    start = car(b).hex
    cmd = DefaultPlayer(0).choose(K.SYSTEM, b.state)
    while getattr(cmd, "team", "red-a1") != "red-a1":  # teams the player moves first
        b.submit(cmd)
        cmd = DefaultPlayer(0).choose(K.SYSTEM, b.state)
    assert isinstance(cmd, C.Drive), cmd
    b.submit(cmd)
    obj = b.state.tables.objective
    assert hex_distance(car(b).hex, obj) < hex_distance(start, obj)


def test_the_computer_keeps_the_cars_rear_from_an_enemy_gun():
    """The default player's car does not end a move with an enemy that sees and reaches it in its rear arc (a save
    at [-], this game's own rear armour) when it can face it instead."""
    from hexfront.engine.core.hexes import REAR, arc_of

    start = hx(8, 5)
    b = at({"red-a1": start, "blue-a2": start.neighbour(4).neighbour(4)}, orders={"red-a": ("hold", None, "fire")})
    gun = b.state.teams["blue-a2"]
    assert arc_of(start, car(b).facing, gun.hex) == REAR  # as it stands, the gun is behind it
    cmd = DefaultPlayer(0).choose(K.SYSTEM, b.state)
    while getattr(cmd, "team", "red-a1") != "red-a1":
        b.submit(cmd)
        cmd = DefaultPlayer(0).choose(K.SYSTEM, b.state)
    assert isinstance(cmd, C.Drive), cmd
    b.submit(cmd)
    assert car(b).on_board and gun.on_board
    assert arc_of(car(b).hex, car(b).facing, gun.hex) != REAR, (car(b).hex, car(b).facing)


def test_the_crew_fire_from_the_car_one_weapon_each():
    """Rule 16 - Firing: "Resolve actions one Team or Vehicle at a time, one Unit at a time" and "Units with
    multiple Weapons may only use one Weapon per activation": the NCO fires the turret autocannon, the soldier
    aboard his rifle, one check per Instinct value, one save for the walkers' one Armor value."""
    # NCO I80: 30 hits; soldier I60 with [+] (the NCO beside him): 40 and 45, hits; walkers A55: 70, fails;
    # 3 + 2 = 5 wounds on two bots: 2 each and the odd one by a d4 (1: the first)
    b = at({"red-a1": (6, 6), "blue-bot": (6, 4)}, step="ba", dice=[30, 40, 45, 70, 1])
    b.submit(C.Fire("red-a1", "blue-bot"))
    rows = K.of(b.all_events(), E.FireResolved)
    assert [(r.instinct, r.armour, r.wounds) for r in rows] == [(80, 55, 3), (60, 55, 2)]
    bots = b.state.teams["blue-bot"].units
    assert [(u.wounds, u.alive) for u in bots] == [(3, False), (2, True)]
    assert K.used_all(b)


def test_an_unled_vehicle_follows_its_orders_by_templates():
    """Rule 9 - Giving Orders: "Units follow their Orders without deviation"; a vehicle moves by its own rules
    (Rule 14). This game's reading: an unled vehicle's move is made by the engine when its step ends, by the
    fewest templates toward its goal and never a slide, so it rolls no die."""
    b = at({"red-a1": (2, 8), "red-a2": (15, 7)}, units=CREW_CAR, orders={"red-a": ("advance", (8, 5), "fire")})
    s = b.state
    assert not K.rules.is_led(s, car(b))
    start = car(b).hex
    obj = s.tables.objective
    b.submit(C.EndPhase("red"))  # the step ends: the car follows its orders
    assert car(b).moved and hex_distance(car(b).hex, obj) < hex_distance(start, obj)
    made = [e for e in K.of(b.all_events(), E.TeamStepped) if e.team == "red-a1"]
    assert made and all(e.rule.startswith("Vehicles") for e in made)
    assert K.used_all(b)


def test_a_panicked_crew_falls_back_by_templates():
    """Rule 8: a failed team panic check rolls on the Panic Table (this game's own: 13-16 fall back). A vehicle
    falls back by its templates toward its own edge (Rule 14: "Vehicles use different Movement rules")."""
    from hexfront.engine.systems.disrupter.combat import team_panic

    b = at({"red-a1": (6, 3)})
    K.set_stress(b, "red", 18)
    start = car(b).hex
    c = K.ctx(b, dice=[14])  # 14 is not over stress 18: fall back
    team_panic(c, car(b), "a test")
    assert K.rules.row_of(car(b).hex) > K.rules.row_of(start)  # toward Red's bottom edge
    steps = [e for e in c.events if type(e) is E.TeamStepped]
    assert steps and all(e.rule.startswith("Vehicles") for e in steps)  # by templates, not hex by hex

"""What the screens show (pieces with ammunition and damage per location, orders filed for the order editor,
odds), the help text, content checks, and random play to the end in every scenario."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.errors import ContentError
from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.players import RandomPlayer
from hexfront.engine.core.system import content_root, get_system
from hexfront.engine.systems.skirmishes import data
from hexfront.engine.systems.skirmishes.dice import success_chance

SCENARIOS = ["street_ambush", "building_clearance", "field_crossing"]


def test_the_legend_gives_each_terrain_its_run_once():
    """Moving (10 m a run on open ground, 6 m impeded): the legend and the hex under the cursor say each terrain's
    run after its name, and open ground is not named twice."""
    b = Battle.new("skirmishes", "street_ambush", seed=1)
    keys = {k.name: k.effect for k in b.system.board(b.state).legend}
    assert keys["Open ground"] == "5 hexes a run"
    assert keys["Rubble"] == "3 hexes a run, impeding, cover"
    assert keys["Floor (indoors)"] == "5 hexes a run, indoors"
    assert not any("open ground" in effect for effect in keys.values())


def test_piece_details_show_ammunition_and_damage_per_location(kit):
    """Tracking Ammo and Attacks and Damage, on screen: every character shows its rounds loaded and spare
    magazines per firearm, the hits its armour can still stop, and the damage in each location."""
    b = kit.battle([kit.ch("R1", (0, 0), "team_lead")], [kit.ch("B1", (5, 0), "thug", armour=[])], dice=[3, 4])
    kit.round(b, [kit.C.Shoot("R1", "assault_rifle", "B1")], [kit.C.Run("B1", Hex(6, 0)), kit.C.Hold("B1")])
    pieces = {p.id: p for p in b.system.board(b.state).pieces}
    r1 = "\n".join(pieces["R1"].details)
    assert "Assault rifle: 29/30 loaded, 3 spare magazines" in r1
    assert "Pistol: 12/12 loaded, 2 spare magazines" in r1
    assert "Armour can stop: head 1, torso 3" in r1
    b1 = "\n".join(pieces["B1"].details)
    assert "Damage: head 0, torso 0, arm 4, leg 0 (total 4" in b1
    assert pieces["B1"].marks == "4" and pieces["B1"].glyph == "P"


def test_every_legal_order_is_filed_and_accepted(kit):
    """The order editor files each legal command by piece, action and target hex; each is accepted as given."""
    b = Battle.new("skirmishes", "building_clearance", seed=3)
    system = b.system
    legal = b.legal_commands()
    side = b.side_to_act()
    for cmd in legal:
        parts = system.order_parts(b.state, cmd)
        assert parts.action
        assert parts.unit is None or b.state.chars[parts.unit].side == side
        assert b.refusal(cmd) is None, cmd


def test_odds_of_the_dice():
    """Attacks and Damage / Shooting: 2d6 reaches 8 in 15 of 36; with advantage (3d6 keep the two highest) in
    147 of 216 (the sum of three dice less the lowest); with disadvantage (keep the two lowest) in 42 of 216."""
    assert success_chance("normal", 0) == Fraction(15, 36)
    assert success_chance("advantage", 0) == Fraction(147, 216)
    assert success_chance("disadvantage", 0) == Fraction(42, 216)
    assert success_chance("normal", 2) == Fraction(26, 36)  # Shooting 2


def test_shot_preview_names_every_modifier(kit):
    """The preview before a shot names every reason for advantage and disadvantage (here a burst after a run at
    a stationary target: the reasons cancel) and gives the odds from the planned hex."""
    b = kit.battle([kit.ch("R1", (0, 0), "team_lead")], [kit.ch("B1", (8, 0), "thug")])
    b.submit(kit.C.Run("R1", Hex(2, 0)))
    p = b.system.preview(b.state, kit.C.Shoot("R1", "assault_rifle", "B1", True))
    mods = " | ".join(p.modifiers)
    assert "shooting after moving" in mods and "automatic fire" in mods and "stationary target" in mods
    assert "roll: normal" in mods
    assert sum(c.probability for c in p.odds) == pytest.approx(1.0)
    assert p.odds[0].outcome == "miss"
    assert 1 - p.odds[0].probability == pytest.approx(success_chance("normal", 2))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_legal_orders_stay_bounded(scenario):
    """The number of legal orders at any moment (measured over random play) stays in the low hundreds."""
    b = Battle.new("skirmishes", scenario, seed=11)
    players = {s: RandomPlayer(i + 5) for i, s in enumerate(b.state.sides)}
    most = 0
    while b.outcome() is None:
        legal = b.legal_commands()
        most = max(most, len(legal))
        b.submit(players[b.side_to_act()].choose(b.system, b.state))
    assert 0 < most < 600


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_play_reaches_an_outcome(scenario):
    """20 seeded random-against-random games of each scenario end with an outcome (a winner or a draw)."""
    for seed in range(20):
        b = Battle.new("skirmishes", scenario, seed=seed)
        players = {s: RandomPlayer(seed * 2 + i) for i, s in enumerate(b.state.sides)}
        for _ in range(2000):
            if b.outcome() is not None:
                break
            b.submit(players[b.side_to_act()].choose(b.system, b.state))
        assert b.outcome() is not None, (scenario, seed)
        assert b.state.round <= b.state.tables.victory.round_limit


def test_help_has_the_book_sections_and_this_games_readings():
    """content/skirmishes/help.md: one section per book heading, and the readings this game chose."""
    titles = [s.title for s in get_system("skirmishes").help_sections()]
    for needed in ("Rounds", "Ambushes", "Attacks and Damage", "Tracking Ammo", "Automatic Fire", "Shooting",
                   "Cover and Movement", "Grenades", "Melee", "Miscellaneous", "This game's readings"):
        assert needed in titles


def _content():
    return data.load_content(content_root() / "skirmishes", "street_ambush")


@pytest.mark.parametrize("damage, message", [
    (lambda c: c["templates"]["templates"]["thug"].update(firearms=["laser"]), "unknown firearm 'laser'"),
    (lambda c: c["scenario"].update(map="..X.."), "map glyph 'X'"),
    (lambda c: c["weapons"]["firearms"]["pistol"].update(ranges=["normal", "sometimes", "miss", "miss"]),
     "must be one of"),
    (lambda c: c["scenario"]["sides"][0]["characters"][0].update(at=[1, 8]), "on another character"),
    (lambda c: c["scenario"].update(ambush="green"), "ambushing side 'green'"),
])
def test_a_damaged_table_is_refused_in_one_line(damage, message):
    content = copy.deepcopy(_content())
    damage(content)
    with pytest.raises(ContentError) as err:
        data.Tables.from_content(content)
    assert message in err.value.message and "\n" not in err.value.message

"""Dustup's standard player and the enemy's fire support that is due (Artillery and Air Support: target
markers, dummies, the inbound chart): infantry under a target marker of a mission over the battle area or
arriving next turn moves out of the blast that mission would bring, where it would otherwise stand and
shoot. The dummies look like the real marker, so each marker counts for its share of the mission."""

from __future__ import annotations

from typing import Any

import dustkit as K
from dustkit import called, fight, fo

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.hexes import Hex, hex_distance
from hexfront.engine.systems.dustup import commands as C
from hexfront.engine.systems.dustup.ai import DefaultPlayer
from hexfront.engine.systems.dustup.schema import BURST

AIM = K.hx(8, 4)  # where Blue's section stands, five hexes from Red's observer
LARGE = BURST["large"]  # the battalion battery's blast: 3 hexes


def blue_to_act(box: int | None, dummies: tuple[Hex, ...] = (), turn_limit: int = 8) -> tuple[Battle, Any]:
    """Red's observer calls the battery onto Blue's section (``box``: where the mission stands on the inbound
    chart; None: no call), ends its activation, and the standard player picks Blue's order (in turn 1 of
    ``turn_limit``)."""
    b = fight([fo(at=(8, 9))], [K.unit("B", (8, 4), ["leader:rifle", "rifle*3"])], turn_limit=turn_limit)
    if box is not None:
        called(b, AIM, box=box, dummies=dummies)
    b.submit(C.Hold("A"))
    return b, DefaultPlayer(0).choose(b.system, b.state)


def test_with_no_fire_support_due_the_section_stands_and_shoots():
    _, order = blue_to_act(None)
    assert isinstance(order, C.Shoot) and order.target == "A"


def test_a_mission_due_next_turn_moves_the_section_out_of_its_blast():
    b, order = blue_to_act(box=1)
    assert isinstance(order, C.Move)
    assert hex_distance(order.to, AIM) > LARGE
    player = DefaultPlayer(0)
    inside = C.Move("B", K.hx(8, 7))  # the same step toward the enemy, still under the blast
    assert hex_distance(inside.to, AIM) <= LARGE
    assert player.value(b.state, order) > player.value(b.state, inside) + 0.9


def test_a_mission_over_the_battle_area_moves_it_too():
    _, order = blue_to_act(box=0)
    assert isinstance(order, C.Move) and hex_distance(order.to, AIM) > LARGE


def test_a_mission_two_turns_off_is_not_yet_a_reason_to_move():
    _, order = blue_to_act(box=2)
    assert isinstance(order, C.Shoot)


def test_on_the_last_turn_only_a_mission_already_overhead_moves_it():
    """A mission due next turn never lands when there is no next turn (the battle ends with this one): the
    section stays to shoot (and to hold what it holds at the count); one over the battle area still moves it."""
    b, order = blue_to_act(box=1, turn_limit=1)
    assert b.state.turn == b.state.tables.turn_limit == 1
    assert isinstance(order, C.Shoot)
    _, order = blue_to_act(box=0, turn_limit=1)
    assert isinstance(order, C.Move) and hex_distance(order.to, AIM) > LARGE


def test_one_marker_of_three_is_a_third_of_the_danger_so_the_section_keeps_shooting():
    """Two dummy markers far off: the one over the section is the real aim point only one time in three, to
    Blue's eyes, and a third of the blast's worth does not outweigh a good shot."""
    b, order = blue_to_act(box=1, dummies=(K.hx(1, 1), K.hx(14, 1)))
    assert isinstance(order, C.Shoot)
    player = DefaultPlayer(0)
    assert abs(player.incoming(b.state, "blue", AIM) - 1 / 3) < 1e-9

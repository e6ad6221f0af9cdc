"""Rule 11 - Turn Structure, Rules 12-14 (sight, cover, movement) and the [streamline] options."""

from __future__ import annotations

import diskit as K
import pytest
from diskit import C, E

from hexfront.engine.core.hexes import LOS_BLOCK, Hex, line_of_sight
from hexfront.engine.systems.disrupter.board import _terrain_sight


@pytest.mark.parametrize("init,first", [
    ((10, 90), "red"),        # only red succeeds
    ((90, 10), "blue"),       # only blue succeeds
    ((30, 50), "blue"),       # both succeed: the higher roll goes first
    ((33, 50), "red"),        # a critical success always goes first
    ((11, 44), "blue"),       # both critical: the higher roll
    ((90, 95, 10, 95), "red"),  # both fail: roll again
])
def test_initiative(init, first):
    """Rule 11 - Initiative Phase: the CO whose Instinct check succeeds goes first; both succeed: higher roll;
    a critical success always first, both critical: higher roll; both fail: roll again."""
    b = K.battle(init=init)
    assert b.state.order[0] == first and K.used_all(b)


def test_nco_checks_make_groups():
    """Rule 11: a successful NCO check puts the squad in Group 1, a failed one in Group 2."""
    b = K.battle(groups=(10, 90, 90, 10))
    g = {q: b.state.squads[q].group for q in ("red-a", "red-b", "blue-a", "blue-b")}
    assert g == {"red-a": 1, "red-b": 2, "blue-a": 2, "blue-b": 1}


def test_segment_order():
    """Rule 11 - Action Phase: COs first (first side movement then battlefield actions, then the second side),
    then Group 1, then Group 2, each first side first."""
    b = K.battle(groups=(10, 90, 90, 10))
    assert b.state.segments == tuple((g, side, step) for g in ("co", "g1", "g2") for side in ("red", "blue")
                                     for step in ("move", "ba"))
    assert [t.id for t in K.rules.segment_teams(b.state, ("g1", "red", "move"))] == ["red-a1", "red-a2", "red-a3"]
    assert [t.id for t in K.rules.segment_teams(b.state, ("g2", "blue", "ba"))] == ["blue-a1", "blue-a2",
                                                                                    "blue-a3"]


def test_co_relieves_stress_instead_of_acting():
    """Rule 11: a CO may relieve 1 stress in place of his movement and battlefield actions."""
    b = K.battle()
    b.submit(C.RelieveStress("red"))
    assert b.state.platoons["red"].stress == 0 and K.team(b, "red-co").moved
    assert all(u.acted for u in K.team(b, "red-co").living)


def test_line_of_sight():
    """Rule 12 / Rule 13 (this game's reading): buildings block; light cover blocks sight through it, not into
    it; an enemy team between blocks, a friendly one does not."""
    rows = [list("." * 16) for _ in range(10)]
    rows[5][4] = "#"
    rows[5][8] = "%"
    b = K.battle(map="\n".join("".join(r) for r in rows), start=False)
    s = b.state
    sees = K.rules.sees
    assert not sees(s, K.hx(2, 5), K.hx(6, 5), "red")   # building between
    assert not sees(s, K.hx(6, 5), K.hx(10, 5), "red")  # forest between
    assert sees(s, K.hx(6, 5), K.hx(8, 5), "red")       # into the forest
    s.teams["blue-a2"].pos = K.hx(12, 5)
    assert not sees(s, K.hx(11, 5), K.hx(13, 5), "red")  # an enemy between
    assert sees(s, K.hx(11, 5), K.hx(13, 5), "blue")     # a friend between


def test_sight_lines_kept_per_map_agree_with_the_core_line_of_sight():
    """Rule 12: ``sees`` keeps the lines the terrain leaves open once per map; it answers as the core's
    line_of_sight does (the hex-edge rule: either nudged line will do) with the enemy teams where they stand
    now, and a team that moves after a line was kept blocks or unblocks it at once."""
    rows = [list("." * 16) for _ in range(10)]
    for col, row, glyph in ((4, 3, "#"), (5, 4, "%"), (7, 2, "%"), (3, 5, "#"), (9, 6, "%")):
        rows[row][col] = glyph
    b = K.battle(map="\n".join("".join(r) for r in rows), start=False)
    s = b.state
    hexes = sorted(s.tables.board)

    def by_the_core(a: Hex, c: Hex, side: str) -> bool:
        enemy = {t.pos for t in s.teams.values() if t.on_board and t.side != side}
        return line_of_sight(a, c, lambda h: LOS_BLOCK if h in enemy else _terrain_sight(s, h)).visible

    for spot in (K.hx(6, 3), K.hx(2, 2), K.hx(8, 5)):
        s.teams["blue-a2"].pos = spot  # moved after the lines were first kept
        for a in hexes[::5]:
            for c in hexes[1::7]:
                for side in ("red", "blue"):
                    assert K.rules.sees(s, a, c, side) == by_the_core(a, c, side), (a, c, side, spot)


def test_movement_limits():
    """Rule 14: one team per hex; teams move through friends but not enemies; deep water is impassable; a move
    with a ford on its path goes at most 1 hex (this game's reading)."""
    rows = [list("." * 16) for _ in range(10)]
    rows[7][3] = "~"
    rows[6][5] = "-"
    b = K.battle({"red-a1": (4, 8), "red-a2": (4, 7), "blue-a2": (6, 7)}, map="\n".join("".join(r) for r in rows))
    K.goto(b, "g1", "red", "move")
    s, team = b.state, K.team(b, "red-a1")
    assert "one team" in K.rules.check_path(s, team, (K.hx(4, 7),))
    assert K.rules.check_path(s, team, (K.hx(4, 7), K.hx(4, 6))) is None  # through a friend
    assert "enemy" in K.rules.check_path(s, team, (K.hx(4, 7), K.hx(5, 7), K.hx(6, 7)))
    assert "impassable" in K.rules.check_path(s, team, (K.hx(3, 7),))
    assert "fording" in K.rules.check_path(s, team, (K.hx(4, 7), K.hx(5, 6)))
    assert K.rules.check_path(s, team, (K.hx(5, 8),)) is None
    before = b.state_hash()
    with pytest.raises(K.IllegalOrder):
        b.submit(C.Move("red-a1", (K.hx(4, 7),)))
    assert b.state_hash() == before


def test_take_and_leave_cover_as_movement():
    """Rule 13: a team in light cover may take or leave cover as its movement action."""
    rows = [list("." * 16) for _ in range(10)]
    rows[9][4] = "%"
    b = K.battle(map="\n".join("".join(r) for r in rows))
    K.goto(b, "g1", "red", "move")
    assert "no light cover" in b.refusal(C.TakeCover("red-a2"))
    b.submit(C.TakeCover("red-a1"))
    assert K.team(b, "red-a1").cover and K.team(b, "red-a1").moved


# -- [streamline] and [optional] rules ----------------------------------------------------------

def test_single_wound():
    """Rule 6 [streamline]: every unit has 1 Wound."""
    b = K.battle(options={"single_wound": True})
    assert K.rules.unit_stats(b.state, b.state.unit("red-bot.1"))[2] == 1


def test_no_stress():
    """Rule 8 [streamline]: no stress and no panic."""
    b = K.battle(options={"no_stress": True})
    assert b.state.platoons["red"].stress == 0
    K.rules.team_panic(K.ctx(b, [1]), K.team(b, "red-a2"), "test")
    assert not K.team(b, "red-a2").routed


def test_officer_every_team():
    """Rule 9 [streamline]: every team with a human counts as led; bot teams still need an officer close."""
    b = K.battle(options={"officer_every_team": True})
    K.goto(b, "g1", "red", "move")
    assert b.refusal(C.Move("red-a2", (K.hx(6, 8),))) is None
    assert not K.rules.is_led(b.state, K.team(b, "red-bot"))


def test_auto_spot_rally():
    """Rule 16 [streamline]: spot checks succeed with no roll."""
    b = K.battle({"red-a2": (6, 5), "blue-bot": (6, 3)}, options={"auto_spot_rally": True},
                 orders={"red-a": ("hold", None, "spot")})
    K.goto(b, "g1", "red", "ba")
    evs = b.submit(C.Spot("red-a2", "blue-bot"))
    assert K.team(b, "blue-bot").spotted and not K.dice_rolled(evs)


def test_fixed_turn_order():
    """Rule 11 [streamline]: initiative is rolled on turn 1 only."""
    b = K.battle(options={"fixed_turn_order": True}, init=(90, 10))
    K.goto(b, "g1", "blue", "ba")
    evs = []
    while b.state.turn == 1:
        evs += b.submit(C.EndPhase(b.side_to_act()))
    assert b.state.order[0] == "blue"
    assert not [e for e in K.of(evs, E.CheckMade) if e.purpose == "for initiative"]


def test_single_group():
    """Rule 11 [streamline]: no NCO checks; every squad is in Group 1."""
    b = K.battle(options={"single_group": True})
    assert all(q.group == 1 for q in b.state.squads.values()) and K.used_all(b)


def test_cos_in_group_1():
    """Rule 11 [streamline]: COs act as part of Group 1: no CO segment."""
    b = K.battle(options={"cos_in_group_1": True})
    assert b.state.segments[0] == ("g1", "red", "move")
    assert "red-co" in [t.id for t in K.rules.segment_teams(b.state, ("g1", "red", "move"))]


def test_active_rolls_only():
    """Rule 16 [streamline]: only the active platoon rolls: in reaction fire the mover saves, the firer makes no
    check (a success)."""
    b = K.battle({"red-a1": (6, 7), "blue-a3": (6, 3)}, [80, 80], options={"active_rolls_only": True})
    K.goto(b, "g1", "red", "move")
    evs = b.submit(C.Move("red-a1", (K.hx(6, 6),)))
    assert [e.kind for e in K.of(evs, E.CheckMade)] == ["Armor"]
    assert K.of(evs, E.FireResolved)[0].check == "success"


def test_player_facing():
    """Rule 16 [streamline][variant]: weapons hit unless the target makes its Armor save; the firer rolls nothing."""
    b = K.battle({"red-a3": (6, 5), "blue-bot": (6, 3)}, [70], options={"player_facing": True})
    K.goto(b, "g1", "red", "ba")
    evs = b.submit(C.Fire("red-a3", "blue-bot"))
    assert [e.kind for e in K.of(evs, E.CheckMade)] == ["Armor"]
    assert sum(u.wounds for u in K.team(b, "blue-bot").units) == 4


def test_one_wound_weapons():
    """Rule 16 [streamline]: every weapon inflicts 1 Wound."""
    b = K.battle({"red-a3": (6, 5), "blue-bot": (6, 3)}, [10, 70], options={"one_wound_weapons": True})
    K.goto(b, "g1", "red", "ba")
    b.submit(C.Fire("red-a3", "blue-bot"))
    assert [u.wounds for u in K.team(b, "blue-bot").units] == [1, 1]


def test_resolve_gives_advantage_once():
    """Rule 11 [optional] Resolve: once per game a side takes [+] on its initiative check."""
    b = K.battle(options={"resolve": True}, init=(), groups=(), dice=(90, 10, 95, 10, 10, 10, 10))
    assert b.state.segment == ("init", "red", "resolve")
    b.submit(C.UseResolve("red"))
    b.submit(C.EndPhase("blue"))
    assert b.state.order[0] == "red"  # red's [+] kept 10 over 90 and succeeded; blue failed with 95
    assert K.used_all(b)
    assert b.state.platoons["red"].resolve_used

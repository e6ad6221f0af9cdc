"""Rule book: "Rounds" (one action each, the phase order, simultaneous actions, free actions) and the secret
commitment this game puts in the referee's place (RULES-NOTES)."""

from __future__ import annotations

from hexfront.engine.core.hexes import Hex


def _duel(kit, **kw):
    return kit.battle([kit.ch("R1", (0, 0), "team_lead")], [kit.ch("B1", (6, 0), "trooper")], **kw)


def test_orders_stay_secret_until_both_sides_have_committed(kit):
    """Rounds / RULES-NOTES: each side commits in secret; the first side's orders are not visible to the other
    side until both have committed, then they are revealed together in one event."""
    b = _duel(kit)
    system = b.system
    evs = b.submit(kit.C.Run("R1", Hex(1, 0))) + b.submit(kit.C.Shoot("R1", "assault_rifle", "B1"))
    lines = [system.describe(e, b.state) for e in evs]
    assert lines == ["Red committed part of an order for one character",
                     "Red committed an order for one character",
                     "Red's orders are locked (every character has an order)"]
    assert not b.state.revealed and b.system.side_to_act(b.state) == "blue"
    # the command text shown in the status line and replays hides the content too
    assert "shoot" not in system.describe_command(kit.C.Shoot("R1", "assault_rifle", "B1"), b.state).lower()
    # nothing on the board or in the activation view gives the order away
    board = system.board(b.state)
    shown = " ".join(" ".join(p.details) + p.state + p.marks for p in board.pieces)
    act = system.activation(b.state)
    shown += act.now + " ".join(act.lines)
    assert "shoots" not in shown and "Assault rifle at" not in shown and "(1,0)" not in shown
    # Blue's view of the state has Red's orders taken out; the full state still has them
    view = system.side_view(b.state, "blue")
    assert view.orders == {} and view.plans == {} and "R1" in b.state.orders
    assert system.legal_commands(view) == system.legal_commands(b.state)
    evs = b.submit(kit.C.Hold("B1"))
    reveal = kit.of(evs, kit.E.OrdersRevealed)
    assert len(reveal) == 1
    text = system.describe(reveal[0], b.state)
    assert "R1: runs to (1,0), then shoots B1 with the Assault rifle" in text
    assert "B1: holds" in text


def test_one_action_per_character_per_round(kit):
    """Rounds: "Each character commits to only one action per round"; a second order is refused and changes
    nothing."""
    b = kit.battle([kit.ch("R1", (0, 0)), kit.ch("R2", (0, 2))], [kit.ch("B1", (6, 0))])
    b.submit(kit.C.Aim("R1"))
    before = b.state_hash()
    why = b.refusal(kit.C.Hold("R1"))
    assert why == "R1 already has an order this round"
    assert b.state_hash() == before


def test_lock_leaves_the_rest_holding_and_auto_lock(kit):
    """Our reading of committing: Lock ends a side's orders, the others hold; the side locks by itself once
    every character has an order."""
    b = kit.battle([kit.ch("R1", (0, 0)), kit.ch("R2", (0, 2))], [kit.ch("B1", (6, 0))])
    b.submit(kit.C.Aim("R1"))
    assert "red" not in b.state.locked
    b.submit(kit.C.Lock("red"))
    assert "red" in b.state.locked and b.state.orders["R2"].action == "hold"
    evs = b.submit(kit.C.Hold("B1"))  # the last Blue character: Blue locks by itself, the round resolves
    reveal = kit.of(evs, kit.E.OrdersRevealed)[0]
    assert "R2: holds (hunkers down if in cover)" in reveal.lines


def test_phases_resolve_in_the_book_order(kit):
    """Rounds: "Resolve actions in the following order: Movement, Shooting, Grenades, Melee, Miscellaneous"
    (this game adds the end-of-round grenade bursts after them)."""
    b = _duel(kit)
    evs = kit.round(b, [kit.C.Aim("R1")], [kit.C.Hold("B1")])
    stages = [e.stage for e in kit.of(evs, kit.E.StageBegan)]
    assert stages == ["movement", "shooting", "grenades", "reactions", "melee", "misc", "detonation", "end"]


def test_same_phase_actions_are_simultaneous(kit):
    """Rounds: "All characters committing to the same action perform it simultaneously": both shooters fire
    even though each shot would put the other out of the fight."""
    red = [kit.ch("R1", (0, 0), "thug", armour=[])]
    blue = [kit.ch("B1", (4, 0), "thug", armour=[])]
    # R1: advantage (stationary target in the open): 6, 6, 1 -> keep 6+6: head, 6 damage
    # B1: the same, and it still fires although R1's shot would kill it
    b = kit.battle(red, blue, dice=[6, 6, 1, 6, 6, 1])
    evs = kit.round(b, [kit.C.Shoot("R1", "pistol", "B1")], [kit.C.Shoot("B1", "pistol", "R1")])
    assert len(kit.of(evs, kit.E.SkillRolled)) == 2
    assert sorted(e.character for e in kit.of(evs, kit.E.Killed)) == ["B1", "R1"]
    assert b.outcome().winner is None


def test_running_is_free_but_shooting_after_it_is_at_disadvantage(kit):
    """Rounds: "Moving and speaking are free actions"; Cover and Movement: "If shooting after moving, roll
    with Disadvantage"."""
    b = kit.battle([kit.ch("R1", (0, 0), "thug")], [kit.ch("B1", (8, 0), "thug")], dice=[5, 4, 3, 6, 6, 6])
    b.submit(kit.C.Run("R1", Hex(3, 0)))
    evs = kit.round(b, [kit.C.Shoot("R1", "pistol", "B1")], [kit.C.Run("B1", Hex(9, 0))])
    moved = kit.of(evs, kit.E.CharacterMoved)
    assert {m.character: m.path[-1] for m in moved} == {"R1": Hex(3, 0), "B1": Hex(9, 0)}
    shot = kit.of(evs, kit.E.SkillRolled)[0]
    assert "shooting after moving" in shot.against_reasons and shot.mode == "disadvantage"
    assert shot.kept == (4, 3) and not shot.success


def test_talking_at_length_costs_the_action_and_is_no_hunkering(kit):
    """Rounds: "Communicate at any point in a round, though verbosity consumes an action." A character who
    talks has used its action, so it is not forfeiting it and is not hunkering (Cover and Movement)."""
    mapping = "\n".join(["....:" + "." * 15] + ["." * 20] * 4)
    b = kit.battle([kit.ch("R1", (0, 0), "thug")], [kit.ch("B1", (4, 0), "thug")], map=mapping,
                   dice=[1, 1, 1])
    evs = kit.round(b, [kit.C.Shoot("R1", "pistol", "B1")], [kit.C.Communicate("B1")])
    assert kit.of(evs, kit.E.Communicated)[0].character == "B1"
    assert kit.of(evs, kit.E.SkillRolled)[0].against_reasons == ("target in cover",)
    # the same target holding in cover is hunkering: the shot cannot be taken
    b = kit.battle([kit.ch("R1", (0, 0), "thug")], [kit.ch("B1", (4, 0), "thug")], map=mapping)
    evs = kit.round(b, [kit.C.Shoot("R1", "pistol", "B1")], [kit.C.Hold("B1")])
    assert not kit.of(evs, kit.E.SkillRolled)
    assert "hunkering" in kit.of(evs, kit.E.ActionLapsed)[0].reason


def test_battle_time_runs_six_seconds_a_round(kit):
    """Our reading of "a flash of time": a round is 6 seconds of battle time."""
    b = _duel(kit)
    kit.round(b, [kit.C.Hold("R1")], [kit.C.Hold("B1")])
    kit.round(b, [kit.C.Hold("R1")], [kit.C.Hold("B1")])
    assert (b.state.round, b.state.seconds) == (3, 12)


def test_a_character_left_without_an_order_holds_and_hunkers(kit):
    """Cover and Movement: forfeiting the action in cover is hunkering. A character left without an action when
    its side locks has forfeited it."""
    b = kit.battle([kit.ch("R1", (0, 0), "thug")], [kit.ch("B1", (4, 0), "thug"), kit.ch("B2", (4, 2), "thug")],
                   map="\n".join(["....:" + "." * 15] + ["." * 20] * 4))
    kit.commit(b, "red", kit.C.Shoot("R1", "pistol", "B1"))
    evs = kit.commit(b, "blue", kit.C.Hold("B2"))  # B2 holds; Lock leaves B1 holding too
    assert "hunkering" in kit.of(evs, kit.E.ActionLapsed)[0].reason

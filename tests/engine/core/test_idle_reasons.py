"""Every rule system says why a piece of the side to act has no order now (issue 21, item 8): the reason
comes from the system's own checks, in one line of the game's words, not the engine's generic fallback."""

from __future__ import annotations

import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.players import computer_players_for
from hexfront.engine.core.system import GENERIC_IDLE_REASON, all_systems

ORDERS = 60  # orders played by the computer on both sides; reasons are checked after each


def idle_cases(system_id: str):
    """(state, piece id, reason) for every idle piece of the side to act, over the first orders of a battle."""
    battle = Battle.new(system_id, all_systems()[system_id].default_scenario(), seed=11)
    battle.setup.players = {s: "default" for s in battle.system.sides(battle.state)}
    players = computer_players_for(battle)
    system = battle.system
    for _ in range(ORDERS):
        if battle.outcome() is not None:
            break
        side = battle.side_to_act()
        legal = battle.legal_commands()
        acting = {system.order_parts(battle.state, c).unit for c in legal}
        for piece in system.board(battle.state).pieces:
            if piece.side == side and piece.id not in acting:
                yield battle.state, piece.id, system.idle_reason(battle.state, piece.id)
        battle.submit(players[side].choose(system, battle.state))


@pytest.mark.parametrize("system_id", sorted(all_systems()))
def test_an_idle_piece_is_told_why_in_the_systems_own_words(system_id):
    reasons = [reason for _, _, reason in idle_cases(system_id)]
    assert reasons, "no piece of the side to act was ever idle: the test shows nothing"
    for reason in reasons:
        assert reason and "\n" not in reason and len(reason) <= 160, reason
        assert reason != GENERIC_IDLE_REASON, "the system gives no reason of its own"
        assert "None" not in reason and "{" not in reason, reason


def test_a_ratfight_model_on_a_fire_card_is_told_it_has_no_target():
    """RatFight: a model that may act on a Fire card but has no legal shot is told why (range, sight)."""
    from hexfront.engine.systems.ratfight import refusals

    battle = Battle.new("ratfight", "ditch", seed=3)
    battle.setup.players = {s: "default" for s in battle.system.sides(battle.state)}
    players = computer_players_for(battle)
    seen = []
    for _ in range(200):
        st = battle.state
        if battle.outcome() is not None:
            break
        card = refusals._card(st)
        if card is not None and card.kind == "fire" and st.pending is None:
            acting = {c.model for c in battle.legal_commands() if hasattr(c, "weapon")}
            for m in st.models.values():
                if m.side == st.active and m.status == "ok" and m.pos is not None and m.id not in st.used \
                        and m.id not in acting and not (card.infantry_only and m.is_vehicle):
                    seen.append(refusals.idle_reason(st, m.id))
        battle.submit(players[battle.side_to_act()].choose(battle.system, st))
    assert seen, "no model without a shot on a Fire card came up"
    assert all(r.startswith("no target: ") and ("out of range" in r or "line of sight" in r
                                                or "cannot hurt" in r) for r in seen), seen

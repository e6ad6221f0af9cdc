"""The odds an order preview shows (engine.systems.ratfight.previews and .odds), against the rule book and the
engine itself.

Rule book sections: "Cards", "Firing", "Close Combat", "Weapons" (Grenade), "Shooting at Vehicles".
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations
from math import comb

import attrs
import pytest

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.cards import card_strength, card_value, standard_deck
from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.resolution import Randomizer, Resolution, Script
from hexfront.engine.systems.ratfight import odds as V

SKIRMISH_MAP = "\n".join(["............", "....**......", "............", "......#.....", "............"])
WOODS_AT_4 = "\n".join(["....*......."] + ["." * 12] * 4)


def skirmish(kit, card: str) -> Battle:
    red = [kit.inf("R1", kit.hx(1, 1), "assault_rifle", "grenade", leader=2, heroes=["inspiring"]),
           kit.inf("R2", kit.hx(3, 2), "lmg", heroes=["dead_shot"]),
           kit.inf("R3", kit.hx(2, 3), "bazooka", heroes=["bruiser"]),
           kit.inf("R5", kit.hx(4, 3), "sniper_rifle", "grenade"),
           kit.veh("RC", kit.hx(1, 4), "armoured_carrier", "hmg", facing=0),
           kit.aboard("R4", "RC", "smg")]
    blue = [kit.inf("B1", kit.hx(5, 2), "assault_rifle", heroes=["bruiser"]),
            kit.inf("B2", kit.hx(5, 1), "sniper_rifle"),
            kit.inf("B3", kit.hx(6, 3), "pistol", "grenade"),
            kit.veh("BL", kit.hx(8, 4), "lorry", facing=3),
            kit.veh("BT", kit.hx(9, 1), "light_tank", "twin_hmg", facing=3)]
    return kit.battle(red, blue, map=SKIRMISH_MAP, action=[card])


def odds(b: Battle, cmd) -> dict[str, float]:
    return {c.outcome: c.probability for c in b.system.preview(b.state, cmd).odds}


# -- the pure maths ------------------------------------------------------------------------------

def test_best_of_distribution():
    """Firing 6: "The defender turns over ... three Resolution Cards (discarding the lower two)": the best of three
    is the King of Spades with chance 3/52, and the chances add up to one."""
    full = range(52)
    one = V.best_of_distribution(full, 1)
    assert set(one.values()) == {Fraction(1, 52)}
    three = V.best_of_distribution(full, 3)
    assert three[51] == Fraction(3, 52)
    assert min(three) == 2 and sum(three.values()) == 1
    assert V.best_of_distribution([7, 3, 9], 5) == {9: 1.0}


def test_card_ranks_follow_value_then_suit():
    """Cards: "Aces are low ... Kings thirteen ... the suites have the rank value of Spades, Hearts, Diamonds and
    Clubs. So a Seven of Spades beats a Seven of Diamonds." """
    ranks = sorted(standard_deck(), key=V.rank)
    assert [V.rank(c) for c in ranks] == list(range(52))
    assert ranks[0] == "AC" and ranks[-1] == "KS"
    assert V.rank("7S") > V.rank("7D")
    assert ranks == sorted(standard_deck(), key=card_strength)


def _best(cards):
    return max(cards, key=V.rank)


def _reference_fire(att, dfd, n_att, n_def, shots):
    """Firing 2-4 played out on piles in a known order (the top card first)."""
    d = _best(dfd[:n_def])
    for k in range(shots):
        a = _best(att[k * n_att:(k + 1) * n_att])
        if a == d:
            return "tie"
        if V.rank(a) > V.rank(d):
            return "hit"
    return "miss"


def _reference_vehicle(att, dfd, n_att, shots, ap, armour, damage):
    """Shooting at Vehicles 1-4 played out on piles in a known order."""
    d = dfd[0]
    for k in range(shots):
        a = _best(att[k * n_att:(k + 1) * n_att])
        if a == d:
            return "tie"
        if V.rank(a) > V.rank(d):
            a2, d2 = att[(k + 1) * n_att], dfd[1]
            if a2 == d2:
                return "tie"
            diff = card_value(a2) + ap - card_value(d2) - armour
            if diff <= 0:
                return "no_damage"
            return "bail" if card_value(dfd[2]) <= damage + diff else "damaged"
    return "miss"


def _enumerate(att_pile, def_pile, play):
    counts: dict[str, int] = {}
    total = 0
    for att in permutations(att_pile):
        for dfd in permutations(def_pile):
            out = play(att, dfd)
            counts[out] = counts.get(out, 0) + 1
            total += 1
    return {k: Fraction(v, total) for k, v in counts.items()}


def test_burst_odds_equal_every_ordering_of_small_piles():
    """Firing 4: a second shot is compared "with the originally drawn defender's card, and so on"; Cards: the
    same card on both sides ends the turn. Every order of two small piles, played out, gives the formula's odds."""
    att_pile = ["2C", "5S", "9H", "JD", "KS", "7C"]
    def_pile = ["5S", "8D", "3H", "JD"]
    exact = _enumerate(att_pile, def_pile, lambda a, d: _reference_fire(a, d, 2, 2, 2))
    hit, tie, miss = V.opposed_fire_odds([V.rank(c) for c in def_pile], 2, [V.rank(c) for c in att_pile], 2, 2)
    assert (hit, tie, miss) == (exact.get("hit", 0), exact.get("tie", 0), exact.get("miss", 0))  # exactly


def test_vehicle_odds_equal_every_ordering_of_small_piles():
    """Shooting at Vehicles 1-4: hit draw (a burst keeps drawing), then card + armour piercing against card +
    armour, then the crew's card against the accumulated damage. Every order of two small piles, played out,
    gives the formula's odds, damage card and all."""
    att_pile = ["2C", "5S", "9H", "JD", "KS", "7C"]
    def_pile = ["5S", "8D", "3H", "JD", "4C"]
    exact = _enumerate(att_pile, def_pile, lambda a, d: _reference_vehicle(a, d, 2, 2, 1, 2, 1))
    got = V.vehicle_fire_odds(def_pile, 1, att_pile, 2, 2, ap=1, armour=2, damage=1)
    for key in ("miss", "tie", "no_damage", "damaged", "bail"):
        assert getattr(got, key) == pytest.approx(float(exact.get(key, 0)), abs=1e-12), key


# -- exact odds in the preview -------------------------------------------------------------------------

def test_one_card_against_one_from_full_decks(kit):
    """Firing 2-3: "The shooting and the defending players turns over one Resolution Card each ... If the shooter
    wins, the target model is Down". Cards: the same card "then the Turn immediately ends".

    From two full decks: P(same card) = 1/52, and by symmetry P(hit) = P(miss) = (1 - 1/52)/2 = 51/104.
    """
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(4, 0))], action=["fire1-a"])
    got = odds(b, kit.C.Fire("R1", "assault_rifle", "B1"))
    assert got == pytest.approx({"hit: B1 Down": 51 / 104, "the shot misses": 51 / 104,
                                 "same card: the turn ends": 1 / 52}, abs=1e-12)


def test_soft_cover_two_cards_against_one(kit):
    """Firing 6: "The defender turns over two Resolution Cards (discarding the lower) if the target model is in soft
    terrain". The best of two is the i-th card (from 0) with chance i/C(52,2), which one card beats with chance
    (51-i)/52: P(hit) = sum i(51-i) / (1326 * 52) = 25/78; the same card still comes up 1 time in 52."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(4, 0))], map=WOODS_AT_4, action=["fire1-a"])
    pv = b.system.preview(b.state, kit.C.Fire("R1", "assault_rifle", "B1"))
    got = {c.outcome: c.probability for c in pv.odds}
    assert got["hit: B1 Down"] == pytest.approx(25 / 78, abs=1e-12)
    assert got["same card: the turn ends"] == pytest.approx(1 / 52, abs=1e-12)
    assert "target in soft cover (woods): defender turns 2 cards, keeps the best (Firing 6)" in pv.modifiers


def test_close_combat_two_cards_against_one(kit):
    """Close Combat: "The attacker draws two Resolution Cards and the defender one. The loser is an instant
    casualty". The defender's card is uniform; the attacker fails to beat the i-th card when both of his cards
    are among the i below it or its twin: P(win) = 1 - C(53,3) / (52 * C(52,2))."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(3, 0))], action=["move1-a"])
    pv = b.system.preview(b.state, kit.C.Assault("R1", "B1", Hex(2, 0)))
    got = {c.outcome: c.probability for c in pv.odds}
    win = 1 - comb(53, 3) / (52 * comb(52, 2))
    assert got == pytest.approx({"R1 wins: B1 is a casualty": win, "B1 wins: R1 is a casualty": 1 - win - 1 / 52,
                                 "same card: the turn ends": 1 / 52}, abs=1e-12)
    assert "attacker turns 2 cards, defender 1; terrain does not count (Close Combat)" in pv.modifiers


def test_odds_come_from_what_is_left_in_the_piles(kit):
    """Cards: "Each player works his way through a deck of playing cards ... discarding it after use." With only
    the Five of Spades left to blue and 2C, 9H, 5S to red, a two-shot burst hits (9H first) or meets the same 5S
    first, each half the time, and cannot miss twice."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(4, 0))], action=["fire1-a"])
    st = b.system.copy_state(b.state)
    for side, left in (("red", ["2C", "9H", "5S"]), ("blue", ["5S"])):
        deck = st.decks[f"res-{side}"]
        deck.discard = [c for c in deck.draw_pile if c not in left]
        deck.draw_pile = list(left)
    pv = b.system.preview(st, kit.C.Fire("R1", "assault_rifle", "B1", 1))
    got = {c.outcome: c.probability for c in pv.odds}
    assert got == pytest.approx({"hit: B1 Down": 0.5, "all shots miss": 0.0, "same card: the turn ends": 0.5},
                                abs=1e-12)
    assert "Red Rats 3, Blue Stoats 1" in pv.note and "shuffled back" not in pv.note


def test_a_pile_too_short_is_taken_as_reshuffled(kit):
    """Cards: "When all cards have been used the owning player immediately shuffles the deck": a pile too short for
    the order is worked out as the whole deck not in play (said in the note)."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(4, 0))], action=["fire1-a"])
    full = odds(b, kit.C.Fire("R1", "assault_rifle", "B1", 1))
    st = b.system.copy_state(b.state)
    deck = st.decks["res-red"]
    deck.discard, deck.draw_pile = deck.draw_pile[1:], deck.draw_pile[:1]
    pv = b.system.preview(st, kit.C.Fire("R1", "assault_rifle", "B1", 1))
    assert "The Red Rats pile has 1 card but this may draw 2" in pv.note and "shuffled back in" in pv.note
    assert {c.outcome: c.probability for c in pv.odds} == pytest.approx(full, abs=1e-12)


def test_dead_shot_and_sniper_add_cards(kit):
    """Leaders and Heroes: "Dead Shot: Model may always draw an extra Resolution Card when shooting." Weapons:
    "Sniper Rifle: ... one shot (but turn over two Resolution Cards)". Three cards against one in the open:
    P(hit) = 1 - C(53,4) / (52 * C(52,3))."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), "sniper_rifle", heroes=["dead_shot"])], [kit.inf("B1", Hex(4, 0))],
                   action=["fire1-a"])
    pv = b.system.preview(b.state, kit.C.Fire("R1", "sniper_rifle", "B1"))
    assert "sniper rifle turns 2 cards a shot (Weapons)" in pv.modifiers
    assert "Dead Shot: +1 card a shot (Leaders and Heroes)" in pv.modifiers
    hit = {c.outcome: c.probability for c in pv.odds}["hit: B1 Down"]
    assert hit == pytest.approx(1 - comb(53, 4) / (52 * comb(52, 3)), abs=1e-12)


def test_shots_at_a_down_model_and_close_combat_against_one(kit):
    """Firing 3: a hit on a model already Down changes nothing (it stays Down; spare shots may then be
    retargeted, Firing 5). Close Combat: "An already Downed model has no defence and becomes an instant casualty
    without recourse to Resolution Cards." """
    b = kit.battle([kit.inf("R1", Hex(0, 0)), kit.inf("R2", Hex(1, 1))], [kit.inf("B1", Hex(3, 0))],
                   action=["fire2-a", "move1-a", "move5"], red=["9C"], blue=["4H"])
    kit.fire(b, "R1", "B1")
    pv = b.system.preview(b.state, kit.C.Fire("R2", "assault_rifle", "B1"))
    assert "hit: B1 stays Down" in {c.outcome for c in pv.odds}
    assert any("already Down" in m for m in pv.modifiers)
    b.submit(kit.C.Pass())
    b.submit(kit.C.Pass())
    assert b.state.card == "move5"
    got = odds(b, kit.C.Assault("R2", "B1", Hex(2, 0)))
    assert got == {"B1 is a casualty": 1.0}


def test_grenade_gives_each_model_under_the_template_its_chance(kit):
    """Weapons, Grenade: "All models with bases under or partly under the template are attacked by a single
    'shot'. Terrain modifiers apply." A lone model in the open is Downed with the one-card chance, 51/104."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), "grenade")], [kit.inf("B1", Hex(4, 0))], action=["fire1-a"])
    got = odds(b, kit.C.Fire("R1", "grenade", "B1"))
    assert got == pytest.approx({"nobody Down": 51 / 104, "1 of 1 Down": 51 / 104,
                                 "same card: the turn ends": 1 / 52}, abs=1e-12)
    # the thrower's own man next to the target is under it too; his cards come from the thrower's own deck
    b = kit.battle([kit.inf("R1", Hex(0, 2), "grenade"), kit.inf("R2", Hex(3, 2))],
                   [kit.inf("B1", Hex(4, 2)), kit.inf("B3", Hex(4, 1))],
                   map="\n".join(["." * 12, "....*.......", *["." * 12] * 3]), action=["fire1-a"])
    pv = b.system.preview(b.state, kit.C.Fire("R1", "grenade", "B1"))
    lines = [m for m in pv.modifiers if "Down " in m]
    assert len(lines) == 3
    assert any(m.startswith("R2, your own (open, 1 card): Down ") for m in lines)
    assert any(m.startswith("B3 (soft cover, 2 cards): Down ") for m in lines)
    # the thrower's own man is counted apart: each outcome is worth the enemies Downed less his own
    want = {"nobody Down": 0, "1 of 2 enemies and 0 of 1 of your own Down": 1,
            "2 of 2 enemies and 0 of 1 of your own Down": 2, "0 of 2 enemies and 1 of 1 of your own Down": -1,
            "1 of 2 enemies and 1 of 1 of your own Down": 0, "2 of 2 enemies and 1 of 1 of your own Down": 1,
            "same card: the turn ends": 0}
    assert {c.outcome: c.value for c in pv.odds} == want
    assert pv.value_unit and pv.estimate and "independent" in pv.note
    assert sum(c.probability for c in pv.odds) == pytest.approx(1.0, abs=1e-9)


def test_vehicle_preview_names_armour_and_uses_the_vehicle_maths(kit):
    """Shooting at Vehicles 2: "The attacker adds the armour piercing value of the weapon ... The defender adds the
    armour value of his vehicle"; the face hit is judged from the firer (here the side of a tank facing NE)."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), "bazooka")], [kit.veh("BT", Hex(6, 0), "medium_tank", facing=1)],
                   action=["fire1-a"])
    pv = b.system.preview(b.state, kit.C.Fire("R1", "bazooka", "BT"))
    assert "AP 4 against side armour 2 (Shooting at Vehicles 2)" in pv.modifiers
    want = V.vehicle_fire_odds(standard_deck(), 1, standard_deck(), 1, 1, 4, 2, 0)
    got = {c.outcome: c.probability for c in pv.odds}
    assert got == pytest.approx({"hit: BT's crew bail out": want.bail, "hit and damaged, the crew stay": want.damaged,
                                 "hit, no damage": want.no_damage, "missed": want.miss,
                                 "same card: the turn ends": want.tie}, abs=1e-12)
    assert want.miss == pytest.approx(51 / 104, abs=1e-12)


# -- every order of a few positions -------------------------------------------------------------------

def _positions(kit) -> list[Battle]:
    out = [skirmish(kit, card) for card in ("fireall", "move2-a", "fire2-a")]
    b = kit.battle([kit.inf("R1", Hex(0, 0), "lmg")],
                   [kit.inf("B1", Hex(4, 0)), kit.inf("B2", Hex(5, 0)), kit.veh("BL", Hex(5, 1), "lorry")],
                   action=["fire1-a", "move1-a"], red=["KS"], blue=["2C"])
    kit.fire(b, "R1", "B1", "lmg")
    out.append(b)  # spare shots to retarget (Firing 5)
    own_lorry = kit.battle([kit.inf("R1", Hex(0, 0), "grenade", heroes=["dead_shot"]),
                            kit.veh("RL", Hex(4, 1), "lorry", facing=3)],
                           [kit.inf("B1", Hex(4, 0)), kit.inf("B2", Hex(5, 0)), kit.veh("BL", Hex(3, 1), "car")],
                           action=["fire1-a"])
    out.append(own_lorry)  # a grenade on one's own lorry and an enemy car (Weapons, Grenade)
    convoy = Battle.new("ratfight", "convoy", seed=5,
                        script=Script(cards={"action": ["move1-a", "move1-b", "fireall"]}))
    out.append(convoy)  # blue's ambush fires on the convoy
    return out


def test_odds_add_up_for_every_fire_and_assault(kit):
    """Firing; Close Combat; Shooting at Vehicles; Weapons, Grenade: every legal shot, grenade, assault and
    retarget of a few positions has odds that are probabilities adding up to one, and names its inputs."""
    checked = 0
    for b in _positions(kit):
        for cmd in b.legal_commands():
            if type(cmd) not in (kit.C.Fire, kit.C.Assault, kit.C.Retarget):
                continue
            pv = b.system.preview(b.state, cmd)
            if type(cmd) is kit.C.Retarget and cmd.target is None:
                assert pv.odds == ()
                continue
            assert pv.odds and pv.modifiers and pv.cost, cmd
            assert all(-1e-12 <= c.probability <= 1 + 1e-12 for c in pv.odds), (cmd, pv.odds)
            assert sum(c.probability for c in pv.odds) == pytest.approx(1.0, abs=1e-9), (cmd, pv.odds)
            checked += 1
    assert checked > 60


# -- the engine itself --------------------------------------------------------------------------------

def test_odds_agree_with_the_engine_over_many_seeds(kit):
    """Firing 2-4 and 6, Leaders and Heroes (Dead Shot): a Dead Shot's two-shot light machine gun at a model in
    woods. The preview's odds match the share of 4000 seeded battles in which the engine's own fire Downs the
    target, or turns up the same card."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), "lmg", heroes=["dead_shot"])], [kit.inf("B1", Hex(4, 0))],
                   map=WOODS_AT_4, action=["fire1-a", "move1-a"])
    cmd = kit.C.Fire("R1", "lmg", "B1")
    want = odds(b, cmd)
    trials = 4000
    down = tie = 0
    for seed in range(trials):
        battle = Battle(b.system, attrs.evolve(b.setup, seed=seed))
        events = battle.submit(cmd)
        down += any(type(e) is kit.E.ModelDowned for e in events)
        tie += any(type(e) is kit.E.CardsCompared and e.winner == "tie" for e in events)
    assert down / trials == pytest.approx(want["hit: B1 Down"], abs=0.02)
    assert tie / trials == pytest.approx(want["same card: the turn ends"], abs=0.02)
    assert (trials - down - tie) / trials == pytest.approx(want["all shots miss"], abs=0.02)


# -- values, estimates and outcome_of (issue 10: odds before commit) ----------------------------------------

def test_every_order_with_odds_has_values_and_its_outcome_is_one_of_them(kit):
    """Firing; Close Combat; Shooting at Vehicles; Weapons, Grenade; Leaders and Heroes (Inspiring): every order
    of a few positions that shows odds gives each outcome a value and the preview a value unit; an estimate
    says how it was made. Resolved on a copy, the system's outcome_of names one of the preview's outcomes, read
    from the events alone; orders without odds have no outcome."""
    with_odds = without = 0
    for b in _positions(kit) + [skirmish(kit, "fire1-b")]:
        for cmd in b.legal_commands():
            pv = b.system.preview(b.state, cmd)
            work = b.system.copy_state(b.state)
            ctx = Resolution(b.system, work, Randomizer(3))
            b.system.resolve(ctx, cmd)
            got = b.system.outcome_of(b.state, cmd, ctx.events)
            if not pv.odds:
                assert got is None, (cmd, got)
                without += 1
                continue
            with_odds += 1
            assert pv.value_unit, cmd
            assert all(isinstance(c.value, float) for c in pv.odds), (cmd, pv.odds)
            assert got in {c.outcome for c in pv.odds}, (cmd, got, [c.outcome for c in pv.odds])
            if pv.estimate:
                assert "Estimated" in pv.note or "shuffled back in" in pv.note, pv.note
    assert with_odds > 60 and without > 20


def test_outcome_follows_the_scripted_cards(kit):
    """Firing 2-4 and Cards: a scripted miss then hit in a burst is the hit; the very same card is the turn's
    end; a lone shot beaten is the miss. Each worth 1, 0 and 0 enemies Downed."""
    cases = [(["2C", "KS"], ["5C"], 1, "hit: B1 Down", 1.0),
             (["5C"], ["5C"], 1, "same card: the turn ends", 0.0),
             (["2C"], ["5C"], 0, "the shot misses", 0.0)]
    for red, blue, mode, want, value in cases:
        b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.inf("B1", Hex(4, 0))], action=["fire1-a", "move1-a"],
                       red=red, blue=blue)
        cmd = kit.C.Fire("R1", "assault_rifle", "B1", mode)
        before = b.system.copy_state(b.state)
        pv = b.system.preview(before, cmd)
        assert pv.value_unit == "enemies Downed" and not pv.estimate
        events = b.submit(cmd)
        assert b.system.outcome_of(before, cmd, events) == want
        assert {c.outcome: c.value for c in pv.odds}[want] == value


def test_close_assault_on_a_vehicle_outcomes_carry_crew_and_own_losses(kit):
    """Close Combat against a vehicle, at Armour Piercing Zero: the crew bailing out is worth the crew as
    casualties (Shooting at Vehicles: "The crew from an abandoned vehicle are considered to be casualties"),
    being beaten off costs the attacker (-1)."""
    b = kit.battle([kit.inf("R1", Hex(0, 0))], [kit.veh("BL", Hex(3, 0), "lorry", facing=3)],
                   action=["move1-a", "move1-b"], red=["2C", "3C"], blue=["KS"])
    cmd = kit.C.Assault("R1", "BL", Hex(2, 0))
    before = b.system.copy_state(b.state)
    pv = b.system.preview(before, cmd)
    values = {c.outcome: c.value for c in pv.odds}
    assert values == {"hit: BL's crew bail out": 2.0, "hit and damaged, the crew stay": 0.0, "hit, no damage": 0.0,
                      "beaten off: R1 is a casualty": -1.0, "same card: the turn ends": 0.0}
    events = b.submit(cmd)
    assert b.system.outcome_of(before, cmd, events) == "beaten off: R1 is a casualty"


def test_inspiring_redraw_shows_the_action_deck(kit):
    """Leaders and Heroes, Inspiring: the card turned instead is one of those left face down, Turn End among
    them (Turn Sequence 3-5): exact odds from the action deck's make-up, and the outcome is the card turned."""
    b = kit.battle([kit.inf("R1", Hex(0, 0), leader=2, heroes=["inspiring"])], [kit.inf("B1", Hex(4, 0))],
                   action=["fire1-a", "fire3"])
    before = b.system.copy_state(b.state)
    pile = before.decks["action"].draw_pile
    pv = b.system.preview(before, kit.C.Redraw())
    got = {c.outcome: c.probability for c in pv.odds}
    assert got["Turn End: the turn ends at once"] == pytest.approx(1 / len(pile), abs=1e-12)
    assert got["'Fire Three Weapons'"] == pytest.approx(1 / len(pile), abs=1e-12)
    assert sum(got.values()) == pytest.approx(1.0, abs=1e-12) and not pv.estimate
    events = b.submit(kit.C.Redraw())
    assert b.system.outcome_of(before, kit.C.Redraw(), events) == "'Fire Three Weapons'"

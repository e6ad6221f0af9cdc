"""RatFight's Morale Check played as a user plays it: a leader's side sees its cards and picks the one it keeps
(Morale Check: "discarding whichever he likes"), by keys, and reads the choice in the dice log."""

from __future__ import annotations

import copy

from tuikit import cursor_to, order_by_keys, playtest, screen_lines, screen_text, settle

from hexfront.engine.core.battle import Battle, BattleSetup
from hexfront.engine.core.hexes import Hex, axial_to_offset
from hexfront.engine.core.resolution import Script
from hexfront.engine.core.system import content_root, get_system
from hexfront.engine.systems.ratfight import commands as C
from hexfront.engine.systems.ratfight import data
from hexfront.tui.app import HexfrontApp
from hexfront.tui.orders import BROWSE, CONFIRM, VARIANT
from hexfront.tui.session import Session


def _at(h: Hex) -> list[int]:
    col, row = axial_to_offset(h)
    return [col, row]


def morale_session(teach: bool = False, cards: tuple[str, str] = ("AH", "9C")) -> Session:
    """Blue wins the initiative and Cpl Stab kills Pvt Nib in close combat (KS, QS against 3C); red turns the
    Turn End card. Red, one casualty, draws ``cards`` with Sgt Kray, its two-card leader, standing: by default
    the Ace of Hearts (does not beat 1 casualty) and the 9 of Clubs (does), so red is to choose. Both sides are
    played at this terminal."""
    content = copy.deepcopy(data.load_content(content_root() / "ratfight", "village"))
    content["scenario"] = {
        "title": "Morale ground", "turn_limit": 10, "map": "\n".join(["." * 12] * 5),
        "sides": [{"id": "red", "name": "Red Rats", "models": [
                      {"id": "R1", "name": "Sgt Kray", "weapons": ["assault_rifle"], "at": _at(Hex(0, 4)),
                       "leader": 2},
                      {"id": "R2", "name": "Pvt Nib", "weapons": ["assault_rifle"], "at": _at(Hex(0, 0))}]},
                  {"id": "blue", "name": "Blue Stoats", "models": [
                      {"id": "B1", "name": "Cpl Stab", "weapons": ["assault_rifle"], "at": _at(Hex(1, 0))}]}]}
    script = Script(cards={"action": ["move1-a", "move1-b", "move1-c", "turnend", "move1-b", "move1-a", "move2-a"],
                           "res-red": ["3C", *cards], "res-blue": ["KS", "QS", "8S"]})
    setup = BattleSetup(system="ratfight", scenario="test", seed=4, content=content, rules_version="1",
                        players={"red": "human", "blue": "human"}, script=script, teach=teach)
    b = Battle(get_system("ratfight"), setup)
    b.submit(C.Assault("B1", "R2", Hex(1, 0)))
    return Session(b)


def words(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def pane_words(app, pane: str) -> str:
    """The words inside one pane of the screen ("#queue", "#orders", "#dicelog")."""
    r = app.screen.query_one(pane).content_region
    return words(" ".join(line[r.x:r.right] for line in screen_lines(app)[r.y:r.bottom]))


@playtest
async def test_the_player_keeps_a_morale_card_by_keys_and_reads_it_in_the_dice_log(saves):
    """Morale Check: "discarding whichever he likes (usually the lower ...)": the screen shows the two cards
    drawn, one that would break the force and one that would hold; the player picks "Keep a morale card" (1),
    then the 9 of Clubs (2), reads what it does, and gives it (Enter). The dice log says which card was kept and
    which discarded, and the force holds (9 beats 1)."""
    app = HexfrontApp(computer_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_session(morale_session())
        await settle(pilot)
        screen = app.screen
        battle = screen.session.battle
        assert battle.state.morale is not None and battle.state.morale.cards == ("AH", "9C")
        queue = pane_words(app, "#queue")
        assert "Red Rats: keep one morale card" in queue
        assert "Morale Check: keep AH (Ace of Hearts) or 9C (9 of Clubs); it must beat 1 casualty (Sgt Kray [R1] " \
               "leading)" in queue
        assert screen.editor.level == BROWSE and screen.editor.menu() == ["Keep a morale card"]
        await pilot.press("1")
        await pilot.pause()
        orders = pane_words(app, "#orders")
        assert screen.editor.level == VARIANT
        assert "Keep a morale card: which?" in orders
        assert "1 keep AH (Ace of Hearts): does not beat 1 casualty, breaks and leaves the field" in orders
        assert "2 keep 9C (9 of Clubs): beats 1 casualty, holds" in orders
        await pilot.press("2")
        await pilot.pause()
        assert screen.editor.level == CONFIRM
        orders = pane_words(app, "#orders")
        assert "keep the 9 of Clubs for morale" in orders and "Cost: discard the Ace of Hearts" in orders
        assert "nothing left to chance: 9 beats 1 casualty, holds (Morale Check)" in orders
        await pilot.press("enter")
        await settle(pilot)
        assert battle.log[-1] == C.KeepMoraleCard("red", "9C")
        assert battle.outcome() is None and battle.state.morale is None and battle.state.turn == 2
        await pilot.press("d")  # the dice log, newest first: back through it to the choice
        for _ in range(30):
            if "Red Rats kept the 9 of Clubs" in pane_words(app, "#dicelog"):
                break
            await pilot.press("pagedown")
        log = pane_words(app, "#dicelog")
        assert "Red Rats kept the 9 of Clubs, discarded the Ace of Hearts [Morale Check]" in log
        assert "Red Rats morale: 9C against 1 casualty (kept of 2 drawn): holds" in log


@playtest
async def test_cards_that_would_all_hold_are_not_offered_and_the_dice_log_says_so(saves):
    """The game's reading of "discarding whichever he likes": red's leader draws the 5 of Hearts and the 9 of
    Clubs, both beating 1 casualty; whichever red kept its force would hold, so the player is not asked: the
    best card is kept, the turn goes on, and the dice log says the best was kept without asking."""
    app = HexfrontApp(computer_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_session(morale_session(cards=("5H", "9C")))
        await settle(pilot)
        screen = app.screen
        battle = screen.session.battle
        assert battle.state.morale is None and battle.state.turn == 2
        assert "keep one morale card" not in pane_words(app, "#queue")
        assert "Keep a morale card" not in screen.editor.menu()
        await pilot.press("d")
        for _ in range(30):
            if "every card would hold): holds" in pane_words(app, "#dicelog"):
                break
            await pilot.press("pagedown")
        log = pane_words(app, "#dicelog")
        assert "Red Rats morale: 9C against 1 casualty (best of 2 drawn kept without asking: every card would " \
               "hold): holds" in log
        assert "Red Rats keep" not in log


@playtest
async def test_a_wrong_key_at_the_choice_changes_nothing(saves):
    """While the choice waits no piece has an order (Tab says so); at "Keep a morale card: which?" only the cards
    drawn are offered: a key past them is refused and Escape goes back, nothing given."""
    app = HexfrontApp(computer_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_session(morale_session())
        await settle(pilot)
        screen = app.screen
        await pilot.press("tab")  # no piece to pick: the screen says why
        await pilot.pause()
        assert "no model acts until a morale card is kept: choose Keep a morale card (1), then the card" in \
            words(screen_text(app))
        await pilot.press("1", "3")
        await pilot.pause()
        assert screen.editor.level == VARIANT and "there is no choice 3 here" in words(screen_text(app))
        await pilot.press("escape")
        await pilot.pause()
        assert screen.editor.level == BROWSE and screen.session.battle.log == [C.Assault("B1", "R2", Hex(1, 0))]


@playtest
async def test_at_80_by_24_the_choice_is_by_number_and_pass_and_enter_say_why(saves):
    """The keys a player tries first, at 80 x 24 (the size of an SSH terminal): the Orders pane says the choice is
    by number, not "Choose a piece"; '.' (pass) and Enter on an empty hex each say why nothing
    happens (the Morale Check's card comes first) rather than "no piece here"; nothing is given until 1, 1,
    Enter keep a card."""
    app = HexfrontApp(computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_session(morale_session())
        await settle(pilot)
        screen = app.screen
        battle = screen.session.battle
        given = list(battle.log)
        orders = pane_words(app, "#orders")
        assert "Choose an order by its number. 1 Keep a morale card" in orders
        assert "Choose a piece" not in orders
        why = "no model acts until a morale card is kept: choose Keep a morale card (1), then the card"
        await pilot.press("full_stop")
        await pilot.pause()
        assert f"there is no pass order now: {why}" in words(screen_text(app))
        assert screen.message == f"there is no pass order now: {why}"
        assert screen.editor.level == BROWSE
        hexmap = screen.query_one("#map")
        empty = next(h for h in sorted(screen.board.terrain) if not any(p.at == h for p in screen.board.pieces))
        await cursor_to(pilot, hexmap, empty)
        await pilot.press("enter")
        await pilot.pause()
        text = words(screen_text(app))
        assert screen.message == why and why in text and "no piece here" not in text
        assert battle.log == given
        await pilot.press("1", "1", "enter")
        await settle(pilot)
        assert battle.log == [*given, C.KeepMoraleCard("red", "AH")]


@playtest
async def test_teach_mode_explains_the_choice(saves):
    """Teach mode: the pause for the morale cards names the leader who gives the extra card and says the side
    chooses which to keep if the cards give different results, else the best is kept (Morale Check; Leaders and
    Heroes)."""
    from hexfront.tui.screens.teach import TeachScreen

    app = HexfrontApp(computer_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        session = morale_session(teach=True)
        battle = session.battle
        battle.undo()  # give the close assault again at the keyboard's pace, to see its pauses
        app.open_session(session)
        await settle(pilot)
        screen = app.screen
        await order_by_keys(pilot, screen, C.Assault("B1", "R2", Hex(1, 0)))
        seen = []
        for _ in range(40):
            await pilot.pause()
            if not isinstance(app.screen, TeachScreen):
                break
            seen.append(pane_words(app, "#teach-box"))
            await pilot.press("space")
        morale = [s for s in seen if "Morale Check: 2 cards" in s]
        assert len(morale) == 1, seen
        assert "* Red Rats: AH (Ace of Hearts), 9C (9 of Clubs)" in morale[0]
        assert "2 cards, the side chooses which to keep if they give different results, else the best is kept: " \
               "leader Sgt Kray on the battlefield and not Down" in morale[0]
        assert "the side keeps the one it chooses, which must beat 1 casualty" in morale[0]
        assert screen.session.battle.side_to_act() == "red" and screen.editor.menu() == ["Keep a morale card"]

"""A steady pane (tui/widgets/steady.py) takes the height its text needs, as any pane of automatic height,
but lays the screen out again only when that height changes: a pane cut at its greatest height stays
without a layout while its text still fills it."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static
from tuikit import playtest

from hexfront.tui.widgets.steady import SteadyStatic, same_height


class Panes(App[None]):
    CSS = """
    #grow { height: auto; }
    #capped { height: auto; max-height: 3; }
    #rest { height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        yield SteadyStatic("one", id="grow")
        yield SteadyStatic("one", id="capped")
        yield Static("the rest", id="rest")


def lines(n: int) -> str:
    return "\n".join(f"line {i}" for i in range(1, n + 1))


def test_same_height_keeps_a_pane_held_at_its_greatest_or_least_height():
    assert same_height(4, 4, 4)
    assert not same_height(2, 3, 2) and not same_height(3, 2, 3)
    assert same_height(17, 15, 4) and same_height(17, 4, 4)  # cut at 4 rows: still cut
    assert not same_height(17, 3, 4)  # now shorter than the cut
    assert same_height(1, 2, 3) and not same_height(1, 4, 3)  # held open at 3 rows


@playtest
async def test_a_steady_pane_takes_the_height_its_text_needs_and_lays_out_only_when_it_changes(monkeypatch):
    app = Panes()
    layouts = 0
    original = Screen._refresh_layout

    def counted(self, *args, **kwargs):  # Textual's whole-screen layout, counted
        nonlocal layouts
        layouts += 1
        return original(self, *args, **kwargs)

    async def settle() -> None:
        """Pause until no layout follows (one layout may ask for a second: Textual's own)."""
        seen = -1
        while seen != layouts:
            seen = layouts
            await pilot.pause(0.05)

    async with app.run_test(size=(40, 20)) as pilot:
        monkeypatch.setattr(Screen, "_refresh_layout", counted)
        grow, capped = app.query_one("#grow", SteadyStatic), app.query_one("#capped", SteadyStatic)
        rest = app.query_one("#rest")
        grow.update(lines(3))
        await settle()
        assert grow.size.height == 3 and rest.region.y == 3 + capped.size.height
        before = layouts
        grow.update("\n".join(f"LINE {i}" for i in range(1, 4)))  # as high: a repaint only
        await settle()
        assert layouts == before and grow.size.height == 3
        grow.update(lines(2))  # lower: the panes below move up
        await settle()
        assert layouts > before and grow.size.height == 2 and rest.region.y == 2 + capped.size.height

        capped.update(lines(5))
        await settle()
        assert capped.size.height == 3
        before = layouts
        capped.update(lines(8))  # still cut at three rows: no layout
        await settle()
        assert layouts == before and capped.size.height == 3
        capped.update(lines(1))
        await settle()
        assert layouts > before and capped.size.height == 1 and rest.region.y == 3

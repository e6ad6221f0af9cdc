"""A tutorial on the battle screen: the step at hand in the tutorial pane (with a warning when the learner's
last order strayed from it), the step in full on a screen of its own, and the closing message once every
step is done. The steps and the progress through them are the engine's (engine/core/tutorial.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from hexfront.engine.core.tutorial import Tutorial, battle_progress

from ..session import Session
from ..widgets.lesson import TutorialPane

if TYPE_CHECKING:
    _Screen = Screen[None]
else:  # a mixin: the screen it is mixed into comes later in BattleScreen's bases
    _Screen = object


class TutorialSteps(_Screen):
    """Mixed into BattleScreen, which gives ``session``, ``tutorial`` (None outside a tutorial) and the panes."""

    session: Session
    tutorial: Tutorial | None
    _tutorial_done: bool

    def _tutorial_finished(self) -> bool:
        return self.tutorial is not None and battle_progress(self.tutorial, self.session.battle).finished

    def _step_prompt(self) -> str:
        assert self.tutorial is not None
        done = battle_progress(self.tutorial, self.session.battle)
        if done.finished:
            return "Tutorial complete. " + self.tutorial.finish
        return f"Step {done.done + 1} of {done.total}: {self.tutorial.steps[done.done].prompt}"

    def _draw_tutorial(self) -> None:
        """The step at hand in the tutorial pane, after a warning when the learner's last order strayed."""
        if self.tutorial is None:
            return
        done = battle_progress(self.tutorial, self.session.battle)
        pane = self.query_one(TutorialPane)
        if done.finished:
            pane.show("Tutorial complete", self.tutorial.finish)
            return
        step = self.tutorial.steps[done.done]
        warning = ""
        if done.stray:
            warning = (f"That was {done.stray}, not the order this step asks for ({step.action}). "
                       f"Press z to take it back, then follow the step.")
        pane.show(f"Tutorial: step {done.done + 1} of {done.total}", step.prompt, warning)

    def action_tutorial_step(self) -> None:
        """The tutorial step at hand on a screen of its own, scrollable: every word of it."""
        if self.tutorial is None:
            return
        from .tutorial import TutorialMessage

        pane = self.query_one(TutorialPane)
        self.app.push_screen(TutorialMessage(pane.heading, pane.whole()))

    def _check_tutorial(self) -> None:
        if self.tutorial is None or self._tutorial_done or not self._tutorial_finished():
            return
        self._tutorial_done = True
        from .tutorial import TutorialMessage

        self.app.push_screen(TutorialMessage(
            "Tutorial complete", self.tutorial.finish + "\n\nEnter or Esc: play on to the end; "
            "q then goes back to the menu.", done=True))

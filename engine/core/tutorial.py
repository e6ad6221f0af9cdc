"""Tutorial battles: a scripted-dice scenario with a prompt for each step of a system's core loop.

A tutorial is an ordinary scenario whose TOML file has a ``[tutorial]`` table
(and, usually, a ``[script]`` of dice and cards so that every roll teaches what
it should)::

    [tutorial]
    side = "red"                   # the side the learner commands; the computer has the other
    intro = "What this battle teaches, in two or three lines."
    finish = "What the learner has now seen, and where to go next."

    [[tutorial.steps]]
    prompt = "Tab to your rifle team, 1 for Move, Enter on a marked hex, Enter to give it."
    action = "Move"                # done when the learner gives an order of this action...

    [[tutorial.steps]]
    prompt = "Now shoot: ..."
    rule = "Die Shifts"            # ...or whose events include a roll or card for this rule...
    event = "DieRolled"            # ...or an event of this class (any of the three that are set)

The steps are done in order. Progress is not stored anywhere: it is read from
the battle's log (the learner's orders and their events), so undo, save and
load need nothing more.

Prompts name the order to give as the Orders pane shows it ("pick Fire"), never
its number, which changes with what else the piece may do. A step with an
``action`` also notices a stray order: when the learner's latest order was
another action although the step's was open to them, the progress names it so
the screen can say how to take it back.

Text is reflowed when read: a single line break inside a paragraph is a space
(the TOML may wrap its lines anywhere); a blank line starts a new paragraph.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import attrs

from .content import ContentProblem, structure_content
from .errors import ContentError
from .events import rule_cited


def reflow(text: str) -> str:
    """``text`` as paragraphs: single line breaks (and runs of spaces) become one space; a blank line
    between paragraphs is kept; leading and trailing space goes."""
    paragraphs = re.split(r"\n[ \t]*\n\s*", text.strip())
    return "\n\n".join(" ".join(p.split()) for p in paragraphs if p.strip())


@attrs.frozen
class TutorialStep:
    prompt: str
    action: str = ""
    rule: str = ""
    event: str = ""

    def met_by(self, parts_action: str, events: list[Any]) -> bool:
        """Whether an order filed under ``parts_action`` with these ``events`` completes this step."""
        if self.action and parts_action.lower() != self.action.lower():
            return False
        if self.event and not any(type(e).__name__ == self.event for e in events):
            return False
        if self.rule:
            want = self.rule.lower()
            if not any(rule_cited(e).lower().startswith(want) for e in events):
                return False
        return True


@attrs.frozen
class Tutorial:
    side: str
    intro: str
    finish: str
    steps: tuple[TutorialStep, ...]


@attrs.frozen
class TutorialProgress:
    done: int  # how many steps are done
    total: int
    stray: str = ""  # the action of the learner's latest order, when it was not the step's though it could be

    @property
    def finished(self) -> bool:
        return self.done >= self.total


@attrs.frozen
class TutorialStepTable:
    """A ``[[tutorial.steps]]`` table as written: a prompt and what completes the step (one at least)."""

    prompt: str
    action: str = ""
    rule: str = ""
    event: str = ""

    def __attrs_post_init__(self) -> None:
        if not (self.action or self.rule or self.event):
            raise ContentProblem(None, "needs an action, a rule or an event that completes the step")


def _some_steps(_instance: Any, attribute: Any, value: list[Any]) -> None:
    if not value:
        raise ContentProblem(attribute.name, "needs at least one [[tutorial.steps]]")


@attrs.frozen
class TutorialTable:
    """A scenario's ``[tutorial]`` table as written (see the module's docstring)."""

    side: str
    steps: list[TutorialStepTable] = attrs.field(validator=_some_steps)
    intro: str = ""
    finish: str = ""


@attrs.frozen
class ScriptTable:
    """A scenario's ``[script]``: dice results and cards set in advance, in the order they are drawn."""

    dice: list[int] = attrs.field(factory=list)
    cards: dict[str, list[str]] = attrs.field(factory=dict)


def read_tutorial(content: dict[str, Any]) -> Tutorial | None:
    """The scenario's ``[tutorial]`` table, checked; None if the scenario is not a tutorial."""
    scenario = content.get("scenario")
    raw = scenario.get("tutorial") if isinstance(scenario, dict) else None
    if raw is None:
        return None
    table = structure_content({"tutorial": raw}, _TutorialOnly, "the scenario").tutorial
    steps = tuple(TutorialStep(reflow(s.prompt), s.action, s.rule, s.event) for s in table.steps)
    return Tutorial(table.side, reflow(table.intro), reflow(table.finish), steps)


@attrs.frozen
class _TutorialOnly:
    tutorial: TutorialTable


@attrs.frozen
class _ScriptOnly:
    script: ScriptTable


def progress(tutorial: Tutorial, system: Any, setup_state: Any, log: list[Any],
             events: list[list[Any]], legal: Callable[[Any], list[Any]] | None = None) -> TutorialProgress:
    """How far the learner has got: fold the log from the setup state, matching their orders to the steps.

    ``setup_state`` is a copy the function may change (the state before the first command).
    ``legal`` gives the legal commands in a state: with it, an order that is not the step's action while
    that action was legal is a stray (see :class:`TutorialProgress`); without it nothing is.
    """
    done = 0
    stray = ""
    state = setup_state
    for command, evs in zip(log, events, strict=True):
        if done < len(tutorial.steps) and system.side_to_act(state) == tutorial.side:
            step = tutorial.steps[done]
            action = system.order_parts(state, command).action
            if step.met_by(action, evs):
                done += 1
                stray = ""
            else:
                stray = action if legal is not None and _strayed(step, action, system, state, legal) else ""
        for e in evs:
            system.apply(state, e)
    return TutorialProgress(done, len(tutorial.steps), stray if done < len(tutorial.steps) else "")


def _strayed(step: TutorialStep, action: str, system: Any, state: Any, legal: Any) -> bool:
    """Whether an order of ``action`` strays from ``step``: the step asks for another action that was open."""
    if not step.action or action.lower() == step.action.lower():
        return False
    want = step.action.lower()
    return any(system.order_parts(state, c).action.lower() == want for c in legal(state))


def battle_progress(tutorial: Tutorial, battle: Any) -> TutorialProgress:
    """:func:`progress` of a live :class:`~engine.core.battle.Battle`."""
    start = battle.system.copy_state(battle.keyframes[0][0])
    return progress(tutorial, battle.system, start, battle.log, battle.events,
                    legal=lambda state: battle.system.legal_commands(state))


def tutorial_scenarios(system: Any) -> list[str]:
    """The names of ``system``'s scenarios that are tutorials (their file has a [tutorial] table)."""
    from .content import read_toml, scenario_files

    return [name for name, path in scenario_files(system.content_dir()).items()
            if isinstance(read_toml(path).get("tutorial"), dict)]


def check_lesson(content: dict[str, Any], sides: Any, *, game: str, dice: tuple[int, int] | None,
                 decks: dict[str, Any] | None = None) -> None:
    """Check a scenario's ``[script]`` and ``[tutorial]`` tables when it loads; each fault is one ContentError line.

    ``dice`` is the lowest and highest result any die of the game can show (None: the game rolls no
    dice); ``decks`` maps each deck a script may name to the cards it holds (None: the game draws no
    cards). The tutorial's learner must command one of ``sides``.
    """
    raw = content["scenario"].get("script")
    if raw is not None:
        script = structure_content({"script": raw}, _ScriptOnly, "the scenario").script
        if dice is None and script.dice:
            raise ContentError(f"{game} has no dice: a [script] gives only cards = {{deck = [card ids]}}")
        if dice is not None:
            low, high = dice
            if not all(low <= d <= high for d in script.dice):
                raise ContentError(f"a {game} scenario's [script] dice are whole numbers from {low} to {high}, "
                                   f"in the order they are rolled")
        if decks is None and script.cards:
            raise ContentError(f"{game} draws no cards: a scenario's [script] takes dice = [...] only")
        for deck, ids in script.cards.items():
            if deck not in (decks or {}):
                raise ContentError(f"the [script] names deck {deck!r}; the decks are {', '.join(decks or {})}")
            bad = [c for c in ids if c not in decks[deck]]  # type: ignore[index]
            if bad:
                raise ContentError(f"the [script] gives deck {deck} cards it does not hold: {', '.join(bad)}")
    tutorial = read_tutorial(content)
    if tutorial is not None and tutorial.side not in sides:
        raise ContentError(f"the tutorial's side {tutorial.side!r} is not one of the scenario's sides "
                           f"({', '.join(sides)})")

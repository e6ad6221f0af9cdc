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

from typing import Any, Callable

import re

import attrs

from .errors import ContentError


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
            if not any(getattr(e, "rule", "").lower().startswith(want) for e in events):
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


def read_tutorial(content: dict[str, Any]) -> Tutorial | None:
    """The scenario's ``[tutorial]`` table, checked; None if the scenario is not a tutorial."""
    scenario = content.get("scenario")
    raw = scenario.get("tutorial") if isinstance(scenario, dict) else None
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise ContentError("a scenario's [tutorial] must be a table")
    steps = raw.get("steps")
    if not isinstance(steps, list) or not steps:
        raise ContentError("a tutorial needs at least one [[tutorial.steps]]")
    out = []
    for i, step in enumerate(steps, start=1):
        if not isinstance(step, dict) or not isinstance(step.get("prompt"), str):
            raise ContentError(f"tutorial step {i} needs a prompt")
        unknown = set(step) - {"prompt", "action", "rule", "event"}
        if unknown:
            raise ContentError(f"tutorial step {i} has unknown keys: {', '.join(sorted(unknown))}")
        if not any(isinstance(step.get(k), str) and step.get(k) for k in ("action", "rule", "event")):
            raise ContentError(f"tutorial step {i} needs an action, a rule or an event that completes it")
        out.append(TutorialStep(reflow(step["prompt"]), str(step.get("action", "")),
                                str(step.get("rule", "")), str(step.get("event", ""))))
    side = raw.get("side")
    if not isinstance(side, str):
        raise ContentError("a tutorial must name the side the learner commands (side = \"...\")")
    return Tutorial(side, reflow(str(raw.get("intro", ""))), reflow(str(raw.get("finish", ""))), tuple(out))


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
    for command, evs in zip(log, events):
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
    script = content["scenario"].get("script")
    if script is not None:
        if not isinstance(script, dict):
            raise ContentError("the scenario's [script] must be a table")
        unknown = set(script) - {"dice", "cards"}
        if unknown:
            raise ContentError(f"the scenario's [script] has unknown keys: {', '.join(sorted(unknown))}")
        rolled = script.get("dice", [])
        if dice is None and rolled != []:
            raise ContentError(f"{game} has no dice: a [script] gives only cards = {{deck = [card ids]}}")
        if dice is not None:
            low, high = dice
            if not isinstance(rolled, list) or not all(type(d) is int and low <= d <= high for d in rolled):
                raise ContentError(f"a {game} scenario's [script] dice are whole numbers from {low} to {high}, "
                                   f"in the order they are rolled")
        cards = script.get("cards", {})
        if decks is None and cards:
            raise ContentError(f"{game} draws no cards: a scenario's [script] takes dice = [...] only")
        if not isinstance(cards, dict):
            raise ContentError("the scenario's [script] cards must be a table of decks")
        for deck, ids in cards.items():
            if deck not in (decks or {}):
                raise ContentError(f"the [script] names deck {deck!r}; the decks are {', '.join(decks or {})}")
            if not isinstance(ids, list) or not all(isinstance(c, str) for c in ids):
                raise ContentError(f"the [script] cards for {deck} must be a list of card ids")
            bad = [c for c in ids if c not in decks[deck]]
            if bad:
                raise ContentError(f"the [script] gives deck {deck} cards it does not hold: {', '.join(bad)}")
    tutorial = read_tutorial(content)
    if tutorial is not None and tutorial.side not in sides:
        raise ContentError(f"the tutorial's side {tutorial.side!r} is not one of the scenario's sides "
                           f"({', '.join(sides)})")

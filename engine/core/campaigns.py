"""The campaign mode: a named series of battles in one system, each carrying into the next.

A campaign's file of content (``content/<system>/campaigns/<name>.toml``: ``title``, ``summary``, ``battles``,
optional ``notes``) is read as hostile content, each mistake one ContentError line. :class:`Campaign` plays it:
battle 1 is created with the option CAMPAIGN_OPTION set to the campaign's name; when a battle is over (its
outcome decided and, where the system has one, its aftermath order given: :meth:`Campaign.give_aftermath`),
:meth:`Campaign.next_battle` reads what carries over (the system's ``carry_from`` on the final state), writes
it into the next scenario's content (``carry_into``) and creates the next battle from that content, so each
battle's save holds its own content and replays alone. engine.core.campaignfile writes and reads the record.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from .battle import Battle
from .campaign import CAMPAIGN_OPTION, CampaignRules
from .carried import CampaignOver
from .content import ContentProblem, how_many, read_toml, structure_content
from .errors import ContentError, HexfrontError, shown, shown_path
from .places import is_plain_name
from .rng import MAX_SEED
from .system import RuleSystem, get_system

#: The most battles a campaign file may list.
MAX_BATTLES = 20


class UnknownCampaign(HexfrontError):
    """A campaign name the system does not have."""


def _one_line(_instance: Any, attribute: Any, value: str) -> None:
    if "\n" in value.strip() or not value.strip():
        raise ContentProblem(attribute.name, "must be one line of text")


@attrs.frozen
class CampaignFile:
    """A file of content/<system>/campaigns/: what a player reads and the scenarios fought, in order."""

    title: str = attrs.field(validator=_one_line)
    summary: str = attrs.field(validator=_one_line)
    battles: list[str] = attrs.field(validator=how_many(2, MAX_BATTLES, "scenarios"))
    notes: str = ""


@attrs.frozen
class CampaignSpec:
    """A campaign of ``system``, checked: every battle is a scenario the system has."""

    name: str
    system: str
    title: str
    summary: str
    battles: tuple[str, ...]
    notes: str = ""


def campaign_files(system: RuleSystem) -> dict[str, Path]:
    """The system's campaign files by name (the file's stem), in name order; none where it has no campaign rules."""
    if system.campaign_rules() is None:
        return {}
    return {p.stem: p for p in sorted((system.content_dir() / "campaigns").glob("*.toml")) if is_plain_name(p.stem)}


def read_campaign(system: RuleSystem, name: str) -> CampaignSpec:
    """The campaign ``name`` of ``system``, read and checked; UnknownCampaign or ContentError in one line."""
    files = campaign_files(system)
    if name not in files:
        known = ", ".join(files) or "none"
        raise UnknownCampaign(f"{system.title} has no campaign '{shown(name, 40)}'; campaigns: {known}")
    path = files[name]
    where = shown_path(path)
    found = structure_content(read_toml(path), CampaignFile, where)
    scenarios = system.scenario_names()
    for i, scenario in enumerate(found.battles, start=1):
        if scenario not in scenarios:
            raise ContentError(f"{where}: key 'battles' item {i} names the scenario '{shown(scenario, 40)}', which "
                               f"{system.title} does not have (scenarios: {', '.join(scenarios)})")
    return CampaignSpec(name=name, system=system.id, title=found.title.strip(), summary=found.summary.strip(),
                        battles=tuple(found.battles), notes=" ".join(found.notes.split()))


def campaigns_of(system: RuleSystem) -> list[CampaignSpec]:
    """Every campaign of ``system``, checked (a broken file raises ContentError in one line)."""
    return [read_campaign(system, name) for name in campaign_files(system)]


def campaign_scenarios(system: RuleSystem) -> frozenset[str]:
    """The scenarios some campaign of ``system`` fights (a campaign file that cannot be read names none)."""
    names: set[str] = set()
    for name in campaign_files(system):
        try:
            names.update(read_campaign(system, name).battles)
        except HexfrontError:
            continue
    return frozenset(names)


def campaign_rules(system: RuleSystem) -> CampaignRules:
    """The system's campaign rules; HexfrontError in one line where it has none."""
    rules = system.campaign_rules()
    if rules is None:
        raise HexfrontError(f"{system.title} has no campaigns: its book carries nothing from one battle to the next")
    return rules


def battle_seed(first: int, index: int) -> int:
    """The seed of the campaign's battle ``index`` (0 for the first): the campaign's seed, then one more each."""
    return (first + index) % (MAX_SEED + 1)


@attrs.frozen
class Fought:
    """A battle of the campaign that is over: the battle (its save embeds its content and log), its result
    (winner side id or None for a draw, and the reason) and what carried over from it."""

    battle: Battle
    winner: str | None
    reason: str
    carried: dict[str, Any]


class Campaign:
    """A campaign being played: the battles fought, the one in play, and what carried between them."""

    def __init__(self, spec: CampaignSpec, players: dict[str, str], seed: int, options: dict[str, Any],
                 undo_policy: str = "practice", fought: list[Fought] | None = None,
                 current: Battle | None = None, teach: bool = False) -> None:
        self.spec = spec
        self.system = get_system(spec.system)
        self.rules = campaign_rules(self.system)
        self.players = dict(players)
        self.seed = seed
        self.options = {k: v for k, v in options.items() if k != CAMPAIGN_OPTION}
        self.undo_policy = undo_policy
        self.fought: list[Fought] = list(fought or [])
        self.current = current
        #: teach pauses in every battle (a setting of each battle, kept in its save)
        self.teach = teach
        #: set when what carried over leaves a side nothing to field: the campaign ended before its last battle
        self.over: CampaignOver | None = None

    # -- starting -------------------------------------------------------------------
    @classmethod
    def start(cls, system_id: str, name: str, *, players: dict[str, str], seed: int = 0,
              options: dict[str, Any] | None = None, undo_policy: str = "practice",
              teach: bool = False) -> Campaign:
        """A new campaign with its first battle created (no order given yet)."""
        system = get_system(system_id)
        spec = read_campaign(system, name)
        campaign = cls(spec, players, seed, options or {}, undo_policy, teach=teach)
        campaign.current = campaign._create(0, system.load_content(spec.battles[0]))
        return campaign

    def _create(self, index: int, content: dict[str, Any]) -> Battle:
        options = dict(self.options) | {CAMPAIGN_OPTION: self.spec.name}
        battle = Battle.new(self.system.id, self.spec.battles[index], seed=battle_seed(self.seed, index),
                            options=options, undo_policy=self.undo_policy, content=content)
        sides = self.system.sides(battle.state)
        missing = [s for s in sides if s not in self.players]
        if missing:
            raise HexfrontError(f"no one commands {', '.join(missing)} in {self.spec.battles[index]}")
        battle.setup.players = {s: self.players[s] for s in sides}
        battle.setup.teach = self.teach
        return battle

    # -- reading --------------------------------------------------------------------
    @property
    def number(self) -> int:
        """The number of the battle in play or last fought, counting from 1."""
        return len(self.fought) + (1 if self.current is not None else 0)

    def finished(self) -> bool:
        """Every battle fought, or the campaign ended early (a side with nothing left to field)."""
        return self.current is None and (len(self.fought) == len(self.spec.battles) or self.over is not None)

    def battle_over(self) -> bool:
        """The battle in play is decided and its aftermath order, if any, given: the next may start."""
        battle = self.current
        return battle is not None and battle.outcome() is not None and not battle.aftermath_pending()

    def wins(self) -> dict[str | None, int]:
        """Battles won per side id (None: draws), in the order of the sides of the first battle."""
        first = self.fought[0].battle if self.fought else self.current
        sides = self.system.sides(first.state) if first is not None else []
        tally: dict[str | None, int] = {s: 0 for s in sides}
        for f in self.fought:
            tally[f.winner] = tally.get(f.winner, 0) + 1
        return tally

    def side_names(self) -> dict[str, str]:
        """Each side's name as the first battle's board gives it."""
        first = self.fought[0].battle if self.fought else self.current
        if first is None:
            return {}
        return {s.id: s.name for s in self.system.board(first.state).sides}

    def result_line(self) -> str:
        """The campaign's result in a player's words: who won more battles, or a draw."""
        names = self.side_names()
        tally = self.wins()
        sides = [s for s in tally if s is not None]
        count = ", ".join(f"{names.get(s, s)} {tally[s]}" for s in sides)
        draws = tally.get(None, 0)
        if draws:
            count += f", {draws} drawn"
        if self.over is not None:  # a side has nothing left to field: the side with a force wins
            standing = [s for s in sides if s not in self.over.beaten]
            head = (f"{names.get(standing[0], standing[0])} win the campaign" if len(standing) == 1
                    else "The campaign is drawn")
            return f"{head}: {self.over.message} (battles won: {count})."
        ranked = sorted(sides, key=lambda s: -tally[s])
        if len(ranked) >= 2 and tally[ranked[0]] > tally[ranked[1]]:
            head = f"{names.get(ranked[0], ranked[0])} win the campaign"
        else:
            head = "The campaign is drawn"
        return f"{head} (battles won: {count})."

    # -- moving on ------------------------------------------------------------------
    def give_aftermath(self) -> list[Any]:
        """Give the aftermath order of the battle in play (it has no choice in it), if it is due; its events."""
        battle = self.current
        if battle is None or not battle.aftermath_pending():
            return []
        return battle.submit(battle.legal_commands()[0])

    def next_battle(self) -> Fought:
        """Close the battle in play: record its result and what carries over, and create the next battle
        (none after the last, nor when what carried over leaves a side nothing to field: then the campaign is
        over, ``over`` says why, and the side still with a force wins it). Returns the record of the battle
        just closed."""
        battle = self.current
        if battle is None or not self.battle_over():
            raise HexfrontError("the battle in play is not over yet")
        outcome = battle.outcome()
        assert outcome is not None  # battle_over says so
        carried = self.rules.carry_from(battle.state)
        done = Fought(battle, outcome.winner, outcome.reason, carried)
        index = len(self.fought) + 1
        nxt = None
        if index < len(self.spec.battles):
            try:
                nxt = self._create(index, self.carried_into(index, carried))
            except CampaignOver as over:
                self.over = over
        self.fought.append(done)
        self.current = nxt
        return done

    def carried_into(self, index: int, carried: dict[str, Any]) -> dict[str, Any]:
        """The content of battle ``index`` with ``carried`` written in; CampaignOver when a side has nothing
        left to field, CarryError in one line when ``carried`` cannot be applied."""
        return self.rules.carry_into(self.system.load_content(self.spec.battles[index]), carried)


CAMPAIGNS_HELP = """\
A campaign is a named series of battles in one rule system, fought in order by the same forces. What the \
book says carries from one battle to the next does: the survivors, the casualties and those lost for good, \
wounds and experience. A unit is the same unit in every battle of a campaign when the scenarios give it the \
same id; a unit that fought in none of the earlier battles joins fresh.

Choose Play: campaign on the new-battle form (or run 'hexfront campaign SYSTEM NAME'; 'hexfront campaigns' \
lists them). When a battle is over, n on its end screen goes on: any roll or card the book puts at the end of \
a battle is made then, in that battle's own dice log; a screen says what carried over, then the next battle \
starts. After the last battle, the campaign's result: the side that won more battles wins it. A campaign \
ends sooner when what carries over leaves a side nothing to field in the next battle: the side that still \
has a force wins it.

The whole campaign is one file in the saves folder, and Continue brings it back where it was. Each battle's \
save is inside it whole, with the scenario as the battle was fought (what carried over written in), so each \
replays on its own: 'hexfront replay FILE --battle N' (--verify checks every battle). On a host ('hexfront \
serve'), campaigns are played against the computer, kept in your own folder there, and listed in the lobby \
with your battles: Enter continues one where it was, or opens a finished one's battles in the replay viewer.

This game's own: the campaign mode itself, the campaigns and their scenarios, and how a campaign's winner is \
decided; the books give only what carries over, and each system below says which parts are its book's."""


def campaigns_help(systems: list[RuleSystem]) -> str:
    """The rules help's Campaigns section: what a campaign is, then each system's campaign rules (its
    ``CampaignRules.help``) and its campaigns; a system without campaign rules says why it has none."""
    parts = [CAMPAIGNS_HELP]
    for system in systems:
        rules = system.campaign_rules()
        if rules is None:
            parts.append(f"{system.title}\n\nNo campaigns: its book carries nothing from one battle to the next.")
            continue
        parts.append(f"{system.title}\n\n{rules.help.strip()}")
        try:
            found = campaigns_of(system)
        except HexfrontError as exc:
            parts.append(f"Its campaigns cannot be listed: {exc.message}")
            continue
        for spec in found:
            parts.append(f"Campaign '{spec.name}': {spec.title}. {spec.summary}"
                         + (f" {spec.notes}" if spec.notes else ""))
    return "\n\n".join(parts) + "\n"

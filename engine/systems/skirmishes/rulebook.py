"""The Skirmishes rulebook: every order type with its check, offers and resolution side by side, and every event
type with its fold (engine.core.contract).

Still to move onto it: the previews, outcomes, words and order-editor parts, which view.py and describe.py work
out in one function each for every order type (registered here as every type's odds and outcome).
"""

from __future__ import annotations

from hexfront.engine.core.contract import Rulebook

from . import commands as C
from . import events as E
from . import fold as F
from . import orders as O
from . import view as V
from .state import SkirmishState

RULEBOOK: Rulebook[SkirmishState] = Rulebook("Skirmishes")

RULEBOOK.command(C.Run, check=O.check_run, offers=O.offer_run, resolve=O.resolve_run, odds=V.preview,
                 outcome=V.outcome_of)
RULEBOOK.command(C.Shoot, check=O.check_shoot, offers=O.offer_shoot, resolve=O.resolve_shoot, odds=V.preview,
                 outcome=V.outcome_of)
RULEBOOK.command(C.Throw, check=O.check_throw, offers=O.offer_throw, resolve=O.resolve_throw, odds=V.preview,
                 outcome=V.outcome_of)
RULEBOOK.command(C.Melee, check=O.check_melee, offers=O.offer_melee, resolve=O.resolve_melee, odds=V.preview,
                 outcome=V.outcome_of)
RULEBOOK.command(C.Reload, check=O.check_reload, offers=O.offer_reload, resolve=O.resolve_reload, odds=V.preview,
                 outcome=V.outcome_of)
RULEBOOK.command(C.Aim, check=O.check_free_action, offers=O.offer_aim, resolve=O.resolve_aim, odds=V.preview,
                 outcome=V.outcome_of)
RULEBOOK.command(C.FirstAid, check=O.check_first_aid, offers=O.offer_first_aid, resolve=O.resolve_first_aid, odds=V.preview,
                 outcome=V.outcome_of)
RULEBOOK.command(C.Operate, check=O.check_operate, offers=O.offer_operate, resolve=O.resolve_operate, odds=V.preview,
                 outcome=V.outcome_of)
RULEBOOK.command(C.Drive, check=O.check_drive, offers=O.offer_drive, resolve=O.resolve_drive, odds=V.preview,
                 outcome=V.outcome_of)
RULEBOOK.command(C.Communicate, check=O.check_free_action, offers=O.offer_communicate, resolve=O.resolve_communicate, odds=V.preview,
                 outcome=V.outcome_of)
RULEBOOK.command(C.Hold, check=O.check_free_action, offers=O.offer_hold, resolve=O.resolve_hold, odds=V.preview,
                 outcome=V.outcome_of)
RULEBOOK.command(C.Lock, check=O.check_lock, offers=O.offer_lock, resolve=O.resolve_lock, odds=V.preview,
                 outcome=V.outcome_of)
RULEBOOK.command(C.SpendLuck, check=O.check_spend_luck, offers=O.offer_spend_luck, resolve=O.resolve_spend_luck, odds=V.preview,
                 outcome=V.outcome_of)
RULEBOOK.command(C.ThrowAway, check=O.check_throw_away, offers=O.offer_throw_away, resolve=O.resolve_throw_away, odds=V.preview,
                 outcome=V.outcome_of)
RULEBOOK.command(C.ThrowBack, check=O.check_throw_back, offers=O.offer_throw_back, resolve=O.resolve_throw_back, odds=V.preview,
                 outcome=V.outcome_of)
RULEBOOK.command(C.LetItLie, check=O.check_let_it_lie, offers=O.offer_let_it_lie, resolve=O.resolve_let_it_lie, odds=V.preview,
                 outcome=V.outcome_of)

RULEBOOK.event(E.CharacterPlaced, F._placed)
RULEBOOK.event(E.RoundBegan, F._round_began)
RULEBOOK.event(E.OrderForced, F._forced)
RULEBOOK.event(E.RunPlanned, F._run_planned)
RULEBOOK.event(E.OrderGiven, F._order_given)
RULEBOOK.event(E.SideLocked, F._locked)
RULEBOOK.event(E.OrdersRevealed, F._revealed)
RULEBOOK.event(E.StageBegan, F._stage)
RULEBOOK.event(E.CharacterMoved, F._moved)
RULEBOOK.event(E.ActionLapsed, F._nothing)
RULEBOOK.event(E.AmmoSpent, F._ammo)
RULEBOOK.event(E.SkillRolled, F._nothing)
RULEBOOK.event(E.HitScored, F._hit)
RULEBOOK.event(E.ArmourStopped, F._armour_stopped)
RULEBOOK.event(E.ArmourBroken, F._armour_broken)
RULEBOOK.event(E.LuckAsked, F._luck_asked)
RULEBOOK.event(E.LuckSpent, F._luck_spent)
RULEBOOK.event(E.HitAvoided, F._avoided)
RULEBOOK.event(E.DamageTaken, F._damage)
RULEBOOK.event(E.LimbDestroyed, F._limb)
RULEBOOK.event(E.MortalWound, F._mortal)
RULEBOOK.event(E.OutOfCombat, F._out)
RULEBOOK.event(E.Killed, F._killed)
RULEBOOK.event(E.TurnLost, F._turn_lost)
RULEBOOK.event(E.ShootingBarred, F._barred)
RULEBOOK.event(E.GrenadeThrown, F._thrown)
RULEBOOK.event(E.BurstLanded, F._nothing)
RULEBOOK.event(E.CloudFormed, F._cloud)
RULEBOOK.event(E.CloudDispersed, F._dispersed)
RULEBOOK.event(E.ReactionOffered, F._offered)
RULEBOOK.event(E.ReactionChosen, F._chosen)
RULEBOOK.event(E.GrenadeDisposed, F._disposed)
RULEBOOK.event(E.ThrowBackLuck, F._throw_back_luck)
RULEBOOK.event(E.GrenadeReturned, F._returned)
RULEBOOK.event(E.GrenadeBurst, F._disposed)
RULEBOOK.event(E.Sheltered, F._nothing)
RULEBOOK.event(E.Reloaded, F._reloaded)
RULEBOOK.event(E.Aimed, F._aimed)
RULEBOOK.event(E.Stabilised, F._stabilised)
RULEBOOK.event(E.Communicated, F._nothing)
RULEBOOK.event(E.Hunkered, F._nothing)
RULEBOOK.event(E.Escaped, F._escaped)
RULEBOOK.event(E.RoundEnded, F._round_ended)
RULEBOOK.event(E.Died, F._killed)
RULEBOOK.event(E.BattleEnded, F._ended)
RULEBOOK.event(E.MachineSet, F._machine)
RULEBOOK.event(E.VehiclePlaced, F._vehicle_placed)
RULEBOOK.event(E.Boarded, F._boarded)
RULEBOOK.event(E.Disembarked, F._disembarked)
RULEBOOK.event(E.VehicleDriven, F._driven)
RULEBOOK.event(E.ShellLanded, F._nothing)

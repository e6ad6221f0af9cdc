"""The Skirmishes rulebook: every order type with its check, offers, resolution, words, order-editor parts, odds
and outcome side by side, and every event type with its fold and its words (engine.core.contract).

An order given in secret (a run, an action) is described by side only (``D.secret_order``) wherever both sides
may read it; its preview, read by its own side, says it in full.
"""

from __future__ import annotations

from hexfront.engine.core.contract import Rulebook

from . import commands as C
from . import describe as D
from . import events as E
from . import fold as F
from . import orders as O
from . import previews as P
from . import view as V
from .state import SkirmishState

RULEBOOK: Rulebook[SkirmishState] = Rulebook("Skirmishes")
R = RULEBOOK

# the secret orders: a run and the actions (Rounds)
R.command(C.Run, check=O.check_run, offers=O.offer_run, resolve=O.resolve_run, odds=P.preview_run,
          describe=D.secret_order(D.run_order), parts=V.parts_run)
R.command(C.Shoot, check=O.check_shoot, offers=O.offer_shoot, resolve=O.resolve_shoot, odds=P.preview_shoot,
          outcome=P.outcome_shoot, describe=D.secret_order(D.shoot_order), parts=V.parts_shoot)
R.command(C.Throw, check=O.check_throw, offers=O.offer_throw, resolve=O.resolve_throw, odds=P.preview_throw,
          outcome=P.outcome_throw, describe=D.secret_order(D.throw_order), parts=V.parts_throw)
R.command(C.Melee, check=O.check_melee, offers=O.offer_melee, resolve=O.resolve_melee, odds=P.preview_melee,
          outcome=P.outcome_melee, describe=D.secret_order(D.melee_order), parts=V.parts_melee)
R.command(C.Reload, check=O.check_reload, offers=O.offer_reload, resolve=O.resolve_reload,
          odds=P.costs_the_action(D.reload_order), describe=D.secret_order(D.reload_order), parts=V.parts_reload)
R.command(C.Aim, check=O.check_free_action, offers=O.offer_aim, resolve=O.resolve_aim,
          odds=P.costs_the_action(D.aim_order), describe=D.secret_order(D.aim_order), parts=V.parts_aim)
R.command(C.FirstAid, check=O.check_first_aid, offers=O.offer_first_aid, resolve=O.resolve_first_aid,
          odds=P.costs_the_action(D.first_aid_order), describe=D.secret_order(D.first_aid_order),
          parts=V.parts_first_aid)
R.command(C.Operate, check=O.check_operate, offers=O.offer_operate, resolve=O.resolve_operate,
          odds=P.preview_operate, describe=D.secret_order(D.operate_order), parts=V.parts_operate)
R.command(C.Drive, check=O.check_drive, offers=O.offer_drive, resolve=O.resolve_drive, odds=P.preview_drive,
          describe=D.secret_order(D.drive_order), parts=V.parts_drive)
R.command(C.Communicate, check=O.check_free_action, offers=O.offer_communicate, resolve=O.resolve_communicate,
          odds=P.costs_the_action(D.communicate_order), describe=D.secret_order(D.communicate_order),
          parts=V.parts_communicate)
R.command(C.Hold, check=O.check_free_action, offers=O.offer_hold, resolve=O.resolve_hold,
          odds=P.costs_the_action(D.hold_order), describe=D.secret_order(D.hold_order), parts=V.parts_hold)
# the open orders: locking a side's orders, luck against a hit, a live grenade
R.command(C.Lock, check=O.check_lock, offers=O.offer_lock, resolve=O.resolve_lock, odds=P.costs_nothing(D.lock_order),
          describe=D.lock_order, parts=V.parts_lock)
R.command(C.SpendLuck, check=O.check_spend_luck, offers=O.offer_spend_luck, resolve=O.resolve_spend_luck,
          odds=P.costs_nothing(D.spend_luck_order), describe=D.spend_luck_order, parts=V.parts_spend_luck)
R.command(C.ThrowAway, check=O.check_throw_away, offers=O.offer_throw_away, resolve=O.resolve_throw_away,
          odds=P.costs_the_action(D.throw_away_order), describe=D.throw_away_order, parts=V.parts_throw_away)
R.command(C.ThrowBack, check=O.check_throw_back, offers=O.offer_throw_back, resolve=O.resolve_throw_back,
          odds=P.preview_throw_back, outcome=P.outcome_throw_back, describe=D.throw_back_order,
          parts=V.parts_throw_back)
R.command(C.LetItLie, check=O.check_let_it_lie, offers=O.offer_let_it_lie, resolve=O.resolve_let_it_lie,
          odds=P.costs_nothing(D.let_it_lie_order), describe=D.let_it_lie_order, parts=V.parts_let_it_lie)

R.event(E.CharacterPlaced, F._placed, D.character_placed)
R.event(E.RoundBegan, F._round_began, D.round_began)
R.event(E.OrderForced, F._forced, D.order_forced)
R.event(E.RunPlanned, F._run_planned, D.run_planned)
R.event(E.OrderGiven, F._order_given, D.order_given)
R.event(E.SideLocked, F._locked, D.side_locked)
R.event(E.OrdersRevealed, F._revealed, D.orders_revealed)
R.event(E.StageBegan, F._stage, D.stage_began)
R.event(E.CharacterMoved, F._moved, D.character_moved)
R.event(E.ActionLapsed, F._nothing, D.action_lapsed)
R.event(E.AmmoSpent, F._ammo, D.ammo_spent)
R.event(E.SkillRolled, F._nothing, D.skill_rolled)
R.event(E.HitScored, F._hit, D.hit_scored)
R.event(E.ArmourStopped, F._armour_stopped, D.armour_stopped)
R.event(E.ArmourBroken, F._armour_broken, D.armour_broken)
R.event(E.LuckAsked, F._luck_asked, D.luck_asked)
R.event(E.LuckSpent, F._luck_spent, D.luck_spent)
R.event(E.HitAvoided, F._avoided, D.hit_avoided)
R.event(E.DamageTaken, F._damage, D.damage_taken)
R.event(E.LimbDestroyed, F._limb, D.limb_destroyed)
R.event(E.MortalWound, F._mortal, D.mortal_wound)
R.event(E.OutOfCombat, F._out, D.out_of_combat)
R.event(E.Killed, F._killed, D.killed)
R.event(E.TurnLost, F._turn_lost, D.turn_lost)
R.event(E.ShootingBarred, F._barred, D.shooting_barred)
R.event(E.GrenadeThrown, F._thrown, D.grenade_thrown)
R.event(E.BurstLanded, F._nothing, D.burst_landed)
R.event(E.CloudFormed, F._cloud, D.cloud_formed)
R.event(E.CloudDispersed, F._dispersed, D.cloud_dispersed)
R.event(E.ReactionOffered, F._offered, D.reaction_offered)
R.event(E.ReactionChosen, F._chosen, D.reaction_chosen)
R.event(E.GrenadeDisposed, F._disposed, D.grenade_disposed)
R.event(E.ThrowBackLuck, F._throw_back_luck, D.throw_back_luck)
R.event(E.GrenadeReturned, F._returned, D.grenade_returned)
R.event(E.GrenadeBurst, F._disposed, D.grenade_burst)
R.event(E.Sheltered, F._nothing, D.sheltered)
R.event(E.Reloaded, F._reloaded, D.reloaded)
R.event(E.Aimed, F._aimed, D.aimed)
R.event(E.Stabilised, F._stabilised, D.stabilised)
R.event(E.Communicated, F._nothing, D.communicated)
R.event(E.Hunkered, F._nothing, D.hunkered)
R.event(E.Escaped, F._escaped, D.escaped)
R.event(E.RoundEnded, F._round_ended, D.round_ended)
R.event(E.Died, F._killed, D.died)
R.event(E.BattleEnded, F._ended, D.battle_ended)
R.event(E.MachineSet, F._machine, D.machine_set)
R.event(E.VehiclePlaced, F._vehicle_placed, D.vehicle_placed)
R.event(E.Boarded, F._boarded, D.boarded)
R.event(E.Disembarked, F._disembarked, D.disembarked)
R.event(E.VehicleDriven, F._driven, D.vehicle_driven)
R.event(E.ShellLanded, F._nothing, D.shell_landed)

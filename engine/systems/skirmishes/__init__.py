"""Skirmishes: a model-by-model firefight of secret simultaneous orders, hit locations, ammunition and grenades
(seed 002). See content/skirmishes/help.md for the rules in this game's words."""

from .system import Skirmishes

SYSTEM = Skirmishes()

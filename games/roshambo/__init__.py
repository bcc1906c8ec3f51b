"""RoShamBo (rock-paper-scissors) as hosted by belligerent.

The 1999 International RoShamBo Programming Competition, rebuilt: its player
interface (:class:`Player`), its referee (:class:`Table` for one outside player
turn by turn, :func:`play_match`, :func:`round_robin`), its scoring, and its
opponent suite (:func:`make_opponent`): Python versions of the dummy bots, plus
the real entrants through OpenSpiel when ``pyspiel`` is installed. Pure Python:
nothing here knows who plays it.
"""

from ._moves import Move as Move
from ._moves import beater as beater
from ._moves import outcome as outcome
from ._openspiel import OpenSpielBot as OpenSpielBot
from ._openspiel import make_openspiel_bot as make_openspiel_bot
from ._openspiel import openspiel_available as openspiel_available
from ._openspiel import openspiel_bot_names as openspiel_bot_names
from ._player import Player as Player
from ._referee import MatchOverError as MatchOverError
from ._referee import PlayerError as PlayerError
from ._referee import Table as Table
from ._referee import check_throw as check_throw
from ._referee import derive_seed as derive_seed
from ._referee import play_match as play_match
from ._results import COMPETITION_TURNS as COMPETITION_TURNS
from ._results import DRAW_MARGIN as DRAW_MARGIN
from ._results import MatchResult as MatchResult
from ._results import TurnResult as TurnResult
from ._results import draw_margin as draw_margin
from ._results import match_points as match_points
from ._suite import dummy_names as dummy_names
from ._suite import make_opponent as make_opponent
from ._suite import opponent_names as opponent_names
from ._tournament import Standing as Standing
from ._tournament import Standings as Standings
from ._tournament import round_robin as round_robin

__all__ = [
    "COMPETITION_TURNS",
    "DRAW_MARGIN",
    "MatchOverError",
    "MatchResult",
    "Move",
    "OpenSpielBot",
    "Player",
    "PlayerError",
    "Standing",
    "Standings",
    "Table",
    "TurnResult",
    "beater",
    "check_throw",
    "derive_seed",
    "draw_margin",
    "dummy_names",
    "make_openspiel_bot",
    "make_opponent",
    "match_points",
    "openspiel_available",
    "openspiel_bot_names",
    "opponent_names",
    "outcome",
    "play_match",
    "round_robin",
]

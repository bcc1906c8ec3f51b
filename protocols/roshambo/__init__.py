"""RoShamBo as a player meets it: the table adapter and the view it shows.

Also the door through which agents' tooling (CLI, tournaments) names opponents
and hosts bot-versus-bot matches, so ``actors/`` never imports ``games/``.
"""

from games.roshambo import COMPETITION_TURNS as COMPETITION_TURNS
from games.roshambo import MatchResult as MatchResult
from games.roshambo import Player as Player
from games.roshambo import Standings as Standings
from games.roshambo import derive_seed as derive_seed
from games.roshambo import draw_margin as draw_margin
from games.roshambo import dummy_names as dummy_names
from games.roshambo import make_opponent as make_opponent
from games.roshambo import match_points as match_points
from games.roshambo import openspiel_available as openspiel_available
from games.roshambo import openspiel_bot_names as openspiel_bot_names
from games.roshambo import opponent_names as opponent_names
from games.roshambo import play_match as play_match
from games.roshambo import round_robin as round_robin

from ._adapter import TableAdapter as TableAdapter
from ._messages import RoundView as RoundView

__all__ = [
    "COMPETITION_TURNS",
    "MatchResult",
    "Player",
    "RoundView",
    "Standings",
    "TableAdapter",
    "derive_seed",
    "draw_margin",
    "dummy_names",
    "make_opponent",
    "match_points",
    "openspiel_available",
    "openspiel_bot_names",
    "opponent_names",
    "play_match",
    "round_robin",
]

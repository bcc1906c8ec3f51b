"""Spellcast (Bartle's Waving Hands, as Andrew Plotkin's ``spellcast`` plays it).

A pure, synchronous rules engine: the spell table (:data:`SPELLS`), spell detection over
gesture histories, and :class:`Match`, a state machine for one match of 2 to 6 wizards that
a server drives turn by turn (gestures, then questions and answers, then resolution events).
Deterministic given a seed. No I/O: the server lives in ``games.spellcast.server``.
"""

from ._match import IllegalAction as IllegalAction
from ._match import InvalidGesture as InvalidGesture
from ._match import Match as Match
from ._match import Phase as Phase
from ._match import SpellcastError as SpellcastError
from ._records import Event as Event
from ._records import EventKind as EventKind
from ._records import MatchView as MatchView
from ._records import MonsterView as MonsterView
from ._records import Outcome as Outcome
from ._records import Question as Question
from ._records import QuestionKind as QuestionKind
from ._records import TurnKind as TurnKind
from ._records import WizardView as WizardView
from ._script import play_turn as play_turn
from ._script import spell_rows as spell_rows
from ._spells import GESTURES as GESTURES
from ._spells import NOBODY as NOBODY
from ._spells import NOTHING as NOTHING
from ._spells import SPELLS as SPELLS
from ._spells import STAB as STAB
from ._spells import Ruleset as Ruleset
from ._spells import Spell as Spell
from ._spells import spell_by_name as spell_by_name
from ._spells import spell_by_slug as spell_by_slug
from ._spells import spells_for as spells_for

__all__ = [
    "Event",
    "EventKind",
    "GESTURES",
    "IllegalAction",
    "InvalidGesture",
    "Match",
    "MatchView",
    "MonsterView",
    "NOBODY",
    "NOTHING",
    "Outcome",
    "Phase",
    "Question",
    "QuestionKind",
    "Ruleset",
    "SPELLS",
    "STAB",
    "Spell",
    "SpellcastError",
    "TurnKind",
    "WizardView",
    "play_turn",
    "spell_by_name",
    "spell_by_slug",
    "spell_rows",
    "spells_for",
]

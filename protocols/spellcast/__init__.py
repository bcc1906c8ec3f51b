"""Spellcast as a player meets it: a server over TCP, the lines it speaks, and the adapter.

- :class:`SpellcastAdapter` plays one match on a server (ours or a lithium/spellcast one)
  and shows each decision point as a :class:`TurnView`; actions are :class:`Gestures`,
  :class:`Answer` and :class:`Answers`.
- :class:`SpellcastClient` (a line connection) and :class:`PlayerState` (what a player
  knows, rebuilt from the lines) are the parts it is made of.
- The facade through which ``actors/`` reaches ``games.spellcast`` without importing it:
  the spell table (``Spell``, ``SPELLS``, ``spell_by_slug``...), and :func:`serve` /
  :class:`SpellcastServer` to host a server in-process for tests and tournaments
  (``port = await nursery.start(serve, "127.0.0.1", 0, seed=1)``, or
  ``async with open_server(seed=1) as (server, port):``), plus
  ``SERVE_COMMAND`` for the CLI's ``belligerent serve spellcast``.
"""

from games.spellcast import GESTURES as GESTURES
from games.spellcast import NOBODY as NOBODY
from games.spellcast import NOTHING as NOTHING
from games.spellcast import SPELLS as SPELLS
from games.spellcast import STAB as STAB
from games.spellcast import Ruleset as Ruleset
from games.spellcast import Spell as Spell
from games.spellcast import spell_by_name as spell_by_name
from games.spellcast import spell_by_slug as spell_by_slug
from games.spellcast import spells_for as spells_for
from games.spellcast.server import DEFAULT_PORT as DEFAULT_PORT
from games.spellcast.server import SpellcastServer as SpellcastServer
from games.spellcast.server import open_server as open_server
from games.spellcast.server import serve as serve

from ._adapter import SpellcastAdapter as SpellcastAdapter
from ._client import SpellcastClient as SpellcastClient
from ._messages import Answer as Answer
from ._messages import Answers as Answers
from ._messages import Gestures as Gestures
from ._messages import MonsterState as MonsterState
from ._messages import QuestionView as QuestionView
from ._messages import TurnView as TurnView
from ._messages import WizardState as WizardState
from ._serve import SERVE_COMMAND as SERVE_COMMAND
from ._state import PlayerState as PlayerState
from ._state import ServerLine as ServerLine

__all__ = [
    "DEFAULT_PORT",
    "GESTURES",
    "NOBODY",
    "NOTHING",
    "SERVE_COMMAND",
    "SPELLS",
    "STAB",
    "Answer",
    "Answers",
    "Gestures",
    "MonsterState",
    "PlayerState",
    "QuestionView",
    "Ruleset",
    "ServerLine",
    "Spell",
    "SpellcastAdapter",
    "SpellcastClient",
    "SpellcastServer",
    "TurnView",
    "WizardState",
    "open_server",
    "serve",
    "spell_by_name",
    "spell_by_slug",
    "spells_for",
]

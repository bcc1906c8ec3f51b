"""The Spellcast server: the lithium line protocol over TCP, many matches at once.

Speaks the protocol of lithium/spellcast's NettySpellcastServer (three-digit reply codes,
``NAME``/``READY``/``GESTURE``/``ANSWER`` commands), so a client written for it plays here
and our client plays there, and a person can play with telnet or netcat. The rules are
``games.spellcast``'s engine (Plotkin's), not lithium's; where the two differ, the rules win.

Documented choices (where lithium's protocol is silent or wrong):

- Surrender is P with both hands, automatic, and ends the match for that wizard (lithium
  offered it as a choosable "spell" and the game went on).
- A spell is two-handed ("both") only when its last gesture is a two-handed one in the
  spell table; a one-handed spell completed by a hand is cast by that hand even if the
  other hand made the same gesture, and two hands completing the same spell cast it twice
  (lithium merged them into one "both" spell). ``ANSWER both <x>`` still works where no
  two-handed question is open: it answers each hand's question that accepts ``x``.
- Lobby: the 300 list a new client gets names the other clients of its room (lithium listed
  only the players of a running match). ``JOIN <room> [<wizards>]`` (reply ``211``) and
  concurrent matches are our extensions.
- Extra reply codes: ``315..317`` effects block in the round's state (``316 <being>
  <effect> <turns, -1 permanent> :<text>``), ``354`` surrender, ``358 <being> <-n|+n>``
  hit-point changes, ``359`` a reflected spell, ``361 <monster> <owner>`` a summon, ``352
  <monster> ATTACKS <target>`` monster attacks, ``360 <monster>`` a monster gone; errors
  ``404`` unknown command, ``405`` line too long, ``406`` not now, ``407`` name first,
  ``408`` malformed line, ``409`` idle timeout (then the connection closes), ``410`` bad
  JOIN, ``500`` internal error (the command is ignored, the server goes on).
- Resolution lines follow lithium where it had them: ``351`` casts, ``352 <nick> STABS
  <target> WITH <hand>`` (its spec's form), ``353 <protected> BLOCKS <attacker>``, ``356``
  fizzles, ``357 <caster> <spell> <target>`` a spell's success (damage, healing, an
  enchantment taking hold; ``-`` fills a field the rules leave empty), ``380`` deaths.
- ``ANSWER`` takes any number of ``<question> <choice>`` pairs (lithium: one or two).
- ``PING [<token>]`` (any time) answers ``202 <token> :Pong`` once every earlier line of
  that client has been handled: scripts and tests use it to wait for the server.
- Answers may come before their question for lithium's sub-question form
  (``ANSWER right$paralysis.hand left``): lithium asked the paralysed hand with the target,
  the rules ask it once the target is known; an early answer is kept for the turn.
- A wizard who quits, disconnects, times out or YIELDs during a match is out at once
  (``303``, ``380``), as lithium did for QUIT; if one wizard is left he wins (``390``).
- Expiry lines (``355``) carry the next round's id and come after its ``251``, as lithium's.
- Seeded: the n-th match of a room gets an engine seed fixed by the server's seed, the room
  and n; wizards are seated by name. So the same moves replay the same match, however
  connections raced. The server itself is one trio thread: lines are handled one at a time
  in arrival order (lithium's Netty handlers shared state across threads unlocked).
- The spell table is Plotkin's (Dispel Magic ``cDPW``, Raise Dead ``DWWFWc``), not
  lithium's single-hand-C variants; slugs on the wire are ``Spell.slug``
  (``counter-spell``; an answer ``counterspell`` is understood).
"""

from ._lines import DEFAULT_MAX_LINE as DEFAULT_MAX_LINE
from ._lines import LineReader as LineReader
from ._lines import MalformedLineError as MalformedLineError
from ._lines import OversizedLineError as OversizedLineError
from ._lines import encode_line as encode_line
from ._server import DEFAULT_PORT as DEFAULT_PORT
from ._server import SERVER_NAME as SERVER_NAME
from ._server import SpellcastServer as SpellcastServer
from ._server import match_seed as match_seed
from ._server import open_server as open_server
from ._server import serve as serve

__all__ = [
    "DEFAULT_MAX_LINE",
    "DEFAULT_PORT",
    "SERVER_NAME",
    "LineReader",
    "MalformedLineError",
    "OversizedLineError",
    "SpellcastServer",
    "encode_line",
    "match_seed",
    "open_server",
    "serve",
]

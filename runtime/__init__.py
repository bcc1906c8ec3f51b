"""belligerent's runtime: the mechanism, knowing no game.

Layering: messages and their codec at the bottom; the bus carries messages; the
blackboard stores entries and announces writes on the bus; knowledge sources are
activated by writes and counted at the generation barrier; the arbiter asks the
experts once the barrier settles; a supervisor restarts crashing actors; a session
ties one game adapter and one agent together and leaves a result record. The
daemon (:mod:`runtime.daemon`) runs many sessions at once on top of all that.

Nothing here imports from ``actors/``, ``games/`` or ``protocols/``.
"""

from ._adapter import GameAdapter as GameAdapter
from ._adapter import GameOver as GameOver
from ._adapter import GameProcessError as GameProcessError
from ._adapter import GameResult as GameResult
from ._adapter import Observed as Observed
from ._agent import AgentSpec as AgentSpec
from ._arbiter import Arbiter as Arbiter
from ._arbiter import BoardView as BoardView
from ._arbiter import Expert as Expert
from ._barrier import GenerationBarrier as GenerationBarrier
from ._blackboard import Blackboard as Blackboard
from ._blackboard import Entry as Entry
from ._bus import Bus as Bus
from ._bus import Overflow as Overflow
from ._bus import Subscription as Subscription
from ._bus import SubscriptionStatistics as SubscriptionStatistics
from ._codec import FrameDecoder as FrameDecoder
from ._codec import decode as decode
from ._codec import encode as encode
from ._exceptions import CodecError as CodecError
from ._exceptions import GameNotFoundError as GameNotFoundError
from ._exceptions import RestartLimitError as RestartLimitError
from ._exceptions import StaleWriteError as StaleWriteError
from ._exceptions import UndeclaredAccessError as UndeclaredAccessError
from ._exceptions import UnknownMessageTypeError as UnknownMessageTypeError
from ._knowledge import Activation as Activation
from ._knowledge import KnowledgeSource as KnowledgeSource
from ._knowledge import derive_seed as derive_seed
from ._logging import configure_logging as configure_logging
from ._messages import Decision as Decision
from ._messages import EntryChanged as EntryChanged
from ._messages import Observation as Observation
from ._messages import Proposal as Proposal
from ._messages import message as message
from ._parameters import Parameter as Parameter
from ._parameters import one_of as one_of
from ._parameters import read_parameters as read_parameters
from ._parameters import seconds as seconds
from ._parameters import whole_number as whole_number
from ._progress import ProgressBar as ProgressBar
from ._registry import GameCommand as GameCommand
from ._registry import GamePlugin as GamePlugin
from ._registry import SessionPlan as SessionPlan
from ._registry import available_games as available_games
from ._registry import load_game as load_game
from ._session import ACTED as ACTED
from ._session import DECISION_TOPIC as DECISION_TOPIC
from ._session import OBSERVATION as OBSERVATION
from ._session import Session as Session
from ._session import SessionResult as SessionResult
from ._signals import until_sigterm as until_sigterm
from ._supervisor import RestartPolicy as RestartPolicy
from ._supervisor import open_supervisor as open_supervisor
from ._supervisor import record_cause as record_cause

__all__ = [
    "ACTED",
    "DECISION_TOPIC",
    "OBSERVATION",
    "Activation",
    "AgentSpec",
    "Arbiter",
    "Blackboard",
    "BoardView",
    "Bus",
    "CodecError",
    "Decision",
    "Entry",
    "EntryChanged",
    "Expert",
    "FrameDecoder",
    "GameAdapter",
    "GameCommand",
    "GameNotFoundError",
    "GameOver",
    "GamePlugin",
    "GameProcessError",
    "GameResult",
    "GenerationBarrier",
    "KnowledgeSource",
    "Observation",
    "Observed",
    "Overflow",
    "Parameter",
    "ProgressBar",
    "Proposal",
    "RestartLimitError",
    "RestartPolicy",
    "Session",
    "SessionPlan",
    "SessionResult",
    "StaleWriteError",
    "Subscription",
    "SubscriptionStatistics",
    "UndeclaredAccessError",
    "UnknownMessageTypeError",
    "available_games",
    "configure_logging",
    "decode",
    "derive_seed",
    "encode",
    "load_game",
    "message",
    "one_of",
    "open_supervisor",
    "read_parameters",
    "record_cause",
    "seconds",
    "until_sigterm",
    "whole_number",
]

"""The explorers' knowledge sources: each turns what changed into a snapshot on the board.

========================  ==============  ==============================================
entry                     writer          value
========================  ==============  ==============================================
``observation``           the adapter     ``DungeonView`` (or a real NetHack screen)
``level_map``             ``map``         :class:`LevelMap`: the remembered level
``frontiers``             ``frontiers``   the frontier list, a tuple of (row, column)
``occupancy``             ``diffusion``   :class:`Occupancy`: the occupancy map
``room_space``            ``room-space``  :class:`RoomSpace`: where unseen rooms can be
========================  ==============  ==============================================

``map`` writes every generation (the player moves); ``diffusion`` and
``room-space`` write only when something new was seen, the paper's schedule for
diffusion ("only diffuse when something new is seen"), and leave the last
snapshot in place otherwise.
"""

from __future__ import annotations

from runtime import Activation, KnowledgeSource

from ._frontier import frontiers
from ._map import MapMemory
from ._occupancy import OccupancyMap
from ._roomspace import RoomSpace, room_space
from ._view import sight_of


class MapSensor(KnowledgeSource):
    """The sensor: reads each screen into the explorer's memory of the level."""

    name = "map"
    reads = frozenset({"observation"})
    writes = frozenset({"level_map"})

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.memory = MapMemory()

    async def activate(self, activation: Activation) -> None:
        sight = sight_of(activation.read("observation"))
        if sight is None:
            return
        await activation.write("level_map", self.memory.update(sight.rows, sight.player,
                                                               sight.turn))


class Frontiers(KnowledgeSource):
    """The open frontier list: squares to stand on that show something new."""

    name = "frontiers"
    reads = frozenset({"level_map"})
    writes = frozenset({"frontiers"})

    async def activate(self, activation: Activation) -> None:
        await activation.write("frontiers", frontiers(activation.read("level_map")))


class Diffusion(KnowledgeSource):
    """The occupancy map, diffused once each time something new is seen.

    Its parameters are class attributes so an agent can configure a subclass.
    """

    name = "diffusion"
    reads = frozenset({"level_map"})
    writes = frozenset({"occupancy"})
    diffusion = 1.0
    border = 0.75
    local_radius = 0

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.map = OccupancyMap(diffusion=self.diffusion, border=self.border,
                                local_radius=self.local_radius)
        self._version = -1
        self._known = None

    async def activate(self, activation: Activation) -> None:
        m = activation.read("level_map")
        if m.version == self._version:
            return
        self._version = m.version
        new = m.known if self._known is None else m.known & ~self._known
        self._known = m.known
        await activation.write("occupancy", self.map.update(m.known, new))


class RoomSpaceSource(KnowledgeSource):
    """Where rooms not yet seen can still be (NetHack's placement rules)."""

    name = "room-space"
    reads = frozenset({"level_map"})
    writes = frozenset({"room_space"})

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._version = -1
        self._last: RoomSpace | None = None

    async def activate(self, activation: Activation) -> None:
        m = activation.read("level_map")
        if m.version == self._version:
            return
        self._version = m.version
        self._last = room_space(m, previous=self._last)
        await activation.write("room_space", self._last)

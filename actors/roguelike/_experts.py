"""Experts both dungeon games share, parameterised by class attributes.

Each reads the game's view (``observation``: a RogueView or NetHackView, which
agree on ``kind``, ``more``, ``prompt``, ``player`` and ``map``) and the
``dungeon`` memory a cartographer source writes. Subclasses in ``actors.rogue``
and ``actors.nethack`` set the keys and symbols.
"""

from __future__ import annotations

from typing import Any, ClassVar

from runtime import Activation, Expert, KnowledgeSource, Proposal

from ._explore import DungeonGeometry, DungeonMemory, Explorer, step_towards

ESC = "\x1b"


class Cartographer(KnowledgeSource):
    """Remembers the current level: where the hero has stood, where the stairs are."""

    name = "cartographer"
    reads = frozenset({"observation"})
    writes = frozenset({"dungeon"})
    geometry: ClassVar[DungeonGeometry]
    map_top: ClassVar[int] = 1

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.explorer = Explorer(self.geometry)

    @staticmethod
    def level(view: Any) -> int:
        return 0

    async def activate(self, activation: Activation) -> None:
        view = activation.read("observation")
        if view.map and view.player is not None:
            memory = self.explorer.update(self.level(view), view.player, view.map,
                                          self.map_top)
        else:
            memory = self.explorer.memory
        await activation.write("dungeon", memory)


class AnswerScreens(Expert):
    """Answers what is not a move: ``--More--``, lists, and questions."""

    name = "answer-screens"
    reads = frozenset({"observation"})
    more_key: ClassVar[str] = " "
    list_key: ClassVar[str] = " "
    #: Questions answered "y" (the quit confirmation), by their start.
    say_yes: ClassVar[tuple[str, ...]] = ()
    list_kinds: ClassVar[frozenset[str]] = frozenset({"inventory", "menu"})
    #: For a screen the reader does not know (the game waits all the same).
    other_key: ClassVar[str] = ESC

    def propose(self, view_: Any) -> Proposal | None:
        view = view_.read("observation")
        if view is None:
            return None
        if view.more:
            return Proposal(self.more_key, f"dismiss --More-- after {view.message!r}")
        if view.kind in self.list_kinds:
            return Proposal(self.list_key, "close the list")
        if view.prompt:
            if view.prompt.startswith(self.say_yes):
                return Proposal("y", f"confirm {view.prompt!r}")
            return Proposal(ESC, f"decline {view.prompt!r}")
        if view.kind == "other":
            return Proposal(self.other_key, f"an unknown screen: answer {self.other_key!r}")
        return None


class QuitWhenDone(Expert):
    """Quits cleanly after ``limit`` decisions (the agent's budget for one game)."""

    name = "quit-when-done"
    reads = frozenset({"observation"})
    limit: ClassVar[int] = 500
    quit_keys: ClassVar[str] = "Q"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.decisions = 0

    def propose(self, view_: Any) -> Proposal | None:
        self.decisions += 1
        view = view_.read("observation")
        if self.decisions > self.limit and view is not None and view.kind == "map":
            return Proposal(self.quit_keys, f"played {self.limit} decisions: quit")
        return None


class _Walker(Expert):
    reads = frozenset({"observation", "dungeon"})
    geometry: ClassVar[DungeonGeometry]
    map_top: ClassVar[int] = 1

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._last: tuple[bool, tuple[int, int], tuple[int, int]] | None = None
        self._blocked: set[tuple[tuple[int, int], tuple[int, int]]] = set()
        self._level = -1

    def _context(self, view_: Any) -> tuple[Any, DungeonMemory] | None:
        view = view_.read("observation")
        memory = view_.read("dungeon")
        if view is None or memory is None or view.kind != "map" or view.player is None:
            return None
        if memory.level != self._level:
            self._level, self._blocked = memory.level, set()
        if self._last is not None and self._last[1] == view.player and not self._last[0]:
            # That step went nowhere (a wall, a corner). Steps into a monster are
            # attacks: staying put is their normal outcome, not a blocked way.
            self._blocked.add((self._last[1], self._last[2]))
        self._last = None
        return view, memory

    def _walk(self, view: Any, memory: DungeonMemory, goal: str) -> Proposal | None:
        import attrs

        memory = attrs.evolve(memory, blocked=memory.blocked | frozenset(self._blocked))
        step = step_towards(view.map, self.map_top, view.player, self.geometry, memory,
                            goal=goal)
        if step is None:
            return None
        key, target = step
        self._last = (view.at(*target).isalpha(), view.player, target)
        return Proposal(key, f"walk {key} toward the nearest {goal} (via {target})")


class TakeStairs(_Walker):
    """Goes down when standing on the stairs; walks to them once the level is explored."""

    name = "take-stairs"
    down_key: ClassVar[str] = ">"
    #: Decisions on a level before heading for known stairs even if unexplored.
    patience: ClassVar[int] = 300

    def propose(self, view_: Any) -> Proposal | None:
        context = self._context(view_)
        if context is None:
            return None
        view, memory = context
        if memory.stairs is None:
            return None
        if view.player == memory.stairs:
            return Proposal(self.down_key, "standing on the stairs: go down")
        frontier = step_towards(view.map, self.map_top, view.player, self.geometry, memory,
                                goal="frontier")
        if frontier is None or memory.steps > self.patience:
            return self._walk(view, memory, "stairs")
        return None


class Explore(_Walker):
    """Walks toward the nearest unexplored place."""

    name = "explore"

    def propose(self, view_: Any) -> Proposal | None:
        context = self._context(view_)
        if context is None:
            return None
        view, memory = context
        return self._walk(view, memory, "frontier")


class Search(Expert):
    """Nothing left to explore: search for hidden doors, now and then a random step."""

    name = "search"
    reads = frozenset({"observation"})
    search_key: ClassVar[str] = "s"

    def propose(self, view_: Any) -> Proposal | None:
        view = view_.read("observation")
        if view is None:
            return None
        if self.rng.random() < 0.3:
            key = self.rng.choice("hjklyubn")
            return Proposal(key, "nowhere new to go: a random step")
        return Proposal(self.search_key, "nowhere new to go: search for hidden passages")

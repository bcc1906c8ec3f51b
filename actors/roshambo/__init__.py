"""RoShamBo agents: Granite III (after Aaron Davidson, 1999) and a stronger Iocaine-style agent.

The game-playing logic lives in small pure modules: stateful incremental *models*
(``observe(my_move, opp_move)`` plus an immutable snapshot) and pure *decision*
functions over snapshots and a seeded ``random.Random``. Moves are 0 rock, 1 paper,
2 scissors; ``(m + 1) % 3`` beats ``m``.
"""

"""The runtime's public surface: a pinned, sorted ``__all__``, and no knowledge of any game."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import runtime

RUNTIME_DIR = Path(runtime.__file__).parent
GAME_PACKAGES = {"actors", "games", "protocols"}

#: The public API. Changing it is a decision: update this list on purpose.
PUBLIC = [
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


def isort_key(name: str) -> tuple[int, str]:
    """ruff's RUF022 order: CONSTANTS, then Classes, then functions, each alphabetical."""
    if name.isupper():
        return (0, name)
    if name[0].isupper():
        return (1, name)
    return (2, name)


def test_all_is_pinned():
    """``__all__`` is exactly the agreed public API."""
    assert PUBLIC == runtime.__all__


def test_all_is_sorted():
    """``__all__`` is in isort order, so additions land in one obvious place."""
    assert sorted(runtime.__all__, key=isort_key) == runtime.__all__
    assert len(set(runtime.__all__)) == len(runtime.__all__)


def test_every_exported_name_resolves():
    """Each name in ``__all__`` is an attribute of the package."""
    missing = [name for name in runtime.__all__ if not hasattr(runtime, name)]
    assert [] == missing


def test_every_reexport_is_listed():
    """Each ``from ._x import Y as Y`` in ``__init__`` is in ``__all__``, and nothing else is."""
    tree = ast.parse((RUNTIME_DIR / "__init__.py").read_text())
    reexported = [
        alias.asname
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.level == 1
        for alias in node.names
        if alias.asname == alias.name
    ]
    assert sorted(reexported) == sorted(runtime.__all__)


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """``(line, absolute-or-relative module)`` for every import in a source file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.append((node.lineno, "." * node.level + (node.module or "")))
    return found


def test_runtime_imports_no_game_code():
    """Nothing under runtime/ imports actors/, games/ or protocols/, absolutely or relatively."""
    sources = sorted(RUNTIME_DIR.rglob("*.py"))
    assert len(sources) > 10
    offending = []
    for path in sources:
        for line, module in imported_modules(path):
            root = module.lstrip(".").split(".")[0]
            leaves_runtime = module.startswith("..")
            if root in GAME_PACKAGES or leaves_runtime:
                offending.append(f"{path.name}:{line} imports {module}")
    assert [] == offending


def test_dynamic_imports_name_no_game_package():
    """No import_module/__import__ call in runtime/ names a game package as a literal."""
    pattern = re.compile(r"(import_module|__import__)\(\s*['\"](actors|games|protocols)\b")
    hits = [p.name for p in RUNTIME_DIR.rglob("*.py") if pattern.search(p.read_text())]
    assert [] == hits


def test_importing_the_runtime_loads_no_game_package():
    """A fresh interpreter importing runtime (and its CLI) ends up with no game module loaded."""
    code = (
        "import sys, runtime, runtime.cli\n"
        f"loaded = sorted(m for m in sys.modules if m.split('.')[0] in {sorted(GAME_PACKAGES)})\n"
        "print(loaded)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert "[]" == out.stdout.strip()

"""Loading a script from bench/ as a module, for the tests of its pure parts.

bench/ is a folder of scripts, not a package: each is loaded by path, with bench/ on
``sys.path`` only while it loads, for the scripts that import their neighbours
(``from rogue_last_moves import ...``).
"""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load_bench(name: str) -> ModuleType:
    """The module of ``bench/<name>.py``."""
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(BENCH))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCH))
    return module

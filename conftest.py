"""Repository-wide test set-up (kept at the root: a tests/conftest.py would put tests/
on sys.path, where tests/runtime/ would shadow the runtime package)."""

import pytest
import structlog
from hypothesis import settings

# No per-example deadline for property tests: they check what code does, not how fast
# (speed is shown by bench/), and on a loaded two-core machine a 200 ms deadline only
# flakes: a round trip that takes 0.4 ms failed once at 280 ms beside two tournaments.
settings.register_profile("belligerent", deadline=None)
settings.load_profile("belligerent")


@pytest.fixture(autouse=True)
def _fresh_structlog():
    """Every test starts and ends with structlog's defaults.

    The CLI configures logging for the whole process, bound to the stderr of the
    moment (under capsys, a file that is closed after the test); without this,
    one CLI test would filter or break the log capture of every test after it.
    """
    structlog.reset_defaults()
    structlog.contextvars.clear_contextvars()
    yield
    structlog.reset_defaults()
    structlog.contextvars.clear_contextvars()

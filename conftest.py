"""Repository-wide test set-up (kept at the root: a tests/conftest.py would put tests/
on sys.path, where tests/runtime/ would shadow the runtime package)."""

import pytest
import structlog


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

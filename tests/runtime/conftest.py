"""Fixtures for the runtime tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import structlog


@pytest.fixture(autouse=True)
def default_structlog() -> Iterator[None]:
    """Run every test with structlog's default configuration, and leave it so.

    Several tests assert on info and debug events with ``capture_logs()``, which
    swaps the processors but keeps the configured level filter; a test elsewhere
    that ran the CLI (``configure_logging(level="warning")``) would hide them.
    """
    structlog.reset_defaults()
    yield
    structlog.reset_defaults()

"""Logging set-up: JSON lines with bound context, and a CLI that leaves logging usable."""

from __future__ import annotations

import io
import json

import pytest
import structlog

from runtime import configure_logging
from runtime.cli import main


def test_json_lines_carry_bound_context_and_respect_the_level():
    """Events below the level are dropped; the rest are JSON with the bound context."""
    stream = io.StringIO()
    configure_logging(level="warning", stream=stream, json=True)
    log = structlog.get_logger("belligerent.test")
    with structlog.contextvars.bound_contextvars(session="s-9", actor="mapper"):
        log.info("quiet")
        log.warning("loud", rooms=3)
    [line] = [json.loads(x) for x in stream.getvalue().splitlines()]
    assert ("loud", "warning", "s-9", "mapper", 3) == (
        line["event"], line["level"], line["session"], line["actor"], line["rooms"]
    )


def test_unknown_level_is_refused():
    """A level outside the list is refused, naming the valid ones."""
    with pytest.raises(
        ValueError,
        match=r"^log level must be one of debug, info, warning, error \(got 'loud'\)$",
    ):
        configure_logging(level="loud")


def test_cli_with_a_log_file_leaves_logging_usable_after_it_returns(tmp_path, capsys):
    """After main() closes its --log-file, later events don't hit the closed file (they
    used to raise "I/O operation on closed file")."""
    assert 0 == main(["--log-file", str(tmp_path / "run.log"), "games"])
    structlog.get_logger("belligerent.test").error("after main")
    assert "after main" in capsys.readouterr().err

"""The test process stays stoppable: SIGTERM is never left ignored (children inherit an
ignored signal, and a pool's terminate() then hangs on them)."""

from __future__ import annotations

import signal
import subprocess
import sys
from collections.abc import Iterator

import pytest
from conftest import sigterm_ignored, stoppable_signals
from dagster import asset, materialize


@asset
def one() -> int:
    return 1


@pytest.fixture
def inherited_sigint_ignored() -> Iterator[None]:
    """SIGINT as a background job of a non-interactive shell starts: ignored."""
    handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    yield
    for sig, handler in handlers.items():
        signal.signal(sig, handler)


def _child_ignores_sigterm() -> bool:
    status = subprocess.run(
        [sys.executable, "-c", "print(open('/proc/self/status').read())"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    (mask,) = [line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:")]
    return bool(int(mask, 16) >> (signal.SIGTERM - 1) & 1)


def test_dagster_turns_an_inherited_sigint_ignore_into_an_ignored_sigterm(
    inherited_sigint_ignored: None,
) -> None:
    """The offender, pinned down (a Dagster upgrade that changes it shows here)."""
    materialize([one])
    assert sigterm_ignored()
    assert _child_ignores_sigterm()  # inherited by every process the test starts
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def test_after_the_session_set_up_a_dagster_run_leaves_sigterm_deliverable(
    inherited_sigint_ignored: None,
) -> None:
    stoppable_signals()  # what conftest's pytest_configure does for every process
    materialize([one])
    assert not sigterm_ignored()
    assert not _child_ignores_sigterm()

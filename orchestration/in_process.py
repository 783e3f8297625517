"""A job run for one tenant inside this process (``memgov demo``, ``python -m orchestration
run``) that leaves the process stoppable.

For the run, Dagster maps SIGTERM onto its SIGINT handler; on the way out it gives SIGTERM
SIGINT's *previous* handler. A background job of a non-interactive shell starts with SIGINT
ignored, so after one run SIGTERM was ignored too, in the command and in every process it
started: only SIGKILL ended them. Here SIGTERM gets its own handler back after each run, and
a run that a signal interrupted stops the command (Dagster, told not to raise, would only
mark the run failed and let the command go on to the next one)."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from dagster import DagsterInstance, ExecuteInProcessResult, JobDefinition

from orchestration.partitions import tenant_tags

# Dagster's failure reason for a run ended by SIGINT/SIGTERM (RunFailureReason, private)
_INTERRUPTED = "UNEXPECTED_TERMINATION"


@contextmanager
def sigterm_kept() -> Iterator[None]:
    """SIGTERM's handler on exit is the one it had on entry, whatever ran inside."""
    if threading.current_thread() is not threading.main_thread():
        yield  # handlers can only be set, so only be changed, on the main thread
        return
    before = signal.getsignal(signal.SIGTERM)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL if before is None else before)


def interrupted(result: ExecuteInProcessResult) -> bool:
    """The run ended because the process got SIGINT or SIGTERM."""
    for event in result.all_events:
        reason = getattr(event.event_specific_data, "failure_reason", None)
        if event.is_run_failure and getattr(reason, "value", None) == _INTERRUPTED:
            return True
    return False


def run_for_tenant(
    job: JobDefinition, tenant: str, instance: DagsterInstance
) -> ExecuteInProcessResult:
    """``job`` for the partition ``tenant`` on ``instance``, tagged with the tenant; a
    failed run is returned (its checks and steps say why), an interrupted one raises
    KeyboardInterrupt."""
    with sigterm_kept():
        result = job.execute_in_process(
            partition_key=tenant, instance=instance, tags=tenant_tags(tenant), raise_on_error=False
        )
    if interrupted(result):
        raise KeyboardInterrupt
    return result

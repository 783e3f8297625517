"""Spans for Dagster runs and asset materialisations, from Dagster's own event stream: a
logger (``LOGGERS``, the default loggers of ``defs``) turns a run's start and end into a
``dagster.run`` span and each step's start and end into a ``dagster.step`` span, with the
asset keys the step materialised. No asset is rewrapped. The step span is the current span
while the step runs, so the store's spans (``memgov.curate.plan``...) are its children;
it is a child of the run span when the step runs in the run's process (the in-process
executor), and carries ``dagster.run_id`` either way. Names: docs/telemetry.md."""

from __future__ import annotations

import logging
import threading
from typing import Any

from dagster import (
    DagsterEventType,
    InitLoggerContext,
    LoggerDefinition,
    colored_console_logger,
    logger,
)
from opentelemetry import context, trace
from opentelemetry.trace import Span, Status, StatusCode

TRACER = trace.get_tracer("memgov.orchestration")
_RUN_ENDS = {DagsterEventType.RUN_SUCCESS: True, DagsterEventType.RUN_FAILURE: False}
_STEP_ENDS = {DagsterEventType.STEP_SUCCESS: True, DagsterEventType.STEP_FAILURE: False}


class _Open:
    """A started span and the context token that made it current (steps only)."""

    def __init__(self, span: Span, token: object | None = None) -> None:
        self.span = span
        self.token = token
        self.assets: list[str] = []


class DagsterSpans(logging.Handler):
    """Reads the ``DagsterEvent`` each Dagster log record carries; ignores plain messages."""

    def __init__(self) -> None:
        super().__init__(level=logging.DEBUG)
        self._open: dict[tuple[str, str | None], _Open] = {}
        self._lock = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        meta = getattr(record, "dagster_meta", None)
        event = None if meta is None else meta.get("dagster_event")
        if meta is None or event is None:
            return
        run_id = str(meta["run_id"])
        kind = event.event_type
        if kind == DagsterEventType.RUN_START:
            self._start_run(run_id, meta.get("job_name"))
        elif kind in _RUN_ENDS:
            self._end((run_id, None), _RUN_ENDS[kind])
        elif kind == DagsterEventType.STEP_START:
            self._start_step(run_id, event.step_key)
        elif kind in _STEP_ENDS:
            self._end((run_id, event.step_key), _STEP_ENDS[kind])
        elif kind == DagsterEventType.ASSET_MATERIALIZATION and event.asset_key is not None:
            self._materialised(run_id, event.step_key, event.asset_key.to_user_string(), event)

    def _start_run(self, run_id: str, job: str | None) -> None:
        attributes = {"dagster.run_id": run_id, "dagster.job": job or ""}
        span = TRACER.start_span(f"dagster.run {job}", attributes=attributes)
        with self._lock:
            self._open[(run_id, None)] = _Open(span)

    def _start_step(self, run_id: str, step_key: str | None) -> None:
        with self._lock:
            run = self._open.get((run_id, None))
        parent = trace.set_span_in_context(run.span) if run is not None else None
        attributes = {"dagster.run_id": run_id, "dagster.step": step_key or ""}
        span = TRACER.start_span(f"dagster.step {step_key}", context=parent, attributes=attributes)
        token = context.attach(trace.set_span_in_context(span))
        with self._lock:
            self._open[(run_id, step_key)] = _Open(span, token)

    def _materialised(self, run_id: str, step_key: str | None, asset: str, event: Any) -> None:
        with self._lock:
            step = self._open.get((run_id, step_key))
        if step is None or not step.span.is_recording():
            return
        span = step.span
        step.assets.append(asset)
        span.add_event("dagster.asset_materialization", {"dagster.asset_key": asset})
        span.set_attribute("dagster.asset_keys", step.assets)
        partition = getattr(event, "partition", None)
        if partition:
            span.set_attribute("dagster.partition", str(partition))

    def _end(self, key: tuple[str, str | None], succeeded: bool) -> None:
        with self._lock:
            opened = self._open.pop(key, None)
        if opened is None:
            return
        if opened.token is not None:
            context.detach(opened.token)  # type: ignore[arg-type]
        if not succeeded:
            opened.span.set_status(Status(StatusCode.ERROR, "failed"))
        opened.span.set_attribute("dagster.success", succeeded)
        opened.span.end()


_HANDLER = DagsterSpans()


@logger(
    config_schema=None,
    description="OpenTelemetry spans for runs and steps (exported when OTEL_* set)",
)
def otel_spans(_: InitLoggerContext) -> logging.Logger:
    spans = logging.Logger("memgov.dagster.spans", level=logging.DEBUG)
    spans.addHandler(_HANDLER)
    return spans


# ``Definitions(loggers=...)`` replaces Dagster's default, so the console logger stays too
LOGGERS: dict[str, LoggerDefinition] = {"console": colored_console_logger, "otel": otel_spans}

"""A span per asset materialisation: ``@traced_asset`` under an asset's ``@asset`` /
``@multi_asset`` wraps its body in ``dagster.asset {name}``, with the run id, the asset
keys and the partition. The store's spans the body causes (``memgov.curate.plan``...)
are its children. All the asset spans of one run share one trace whose id is the run id
(a run's steps may run in separate processes), under a remote parent standing for the run.
Why not a Dagster logger or hook: docs/telemetry.md. Names: docs/telemetry.md."""

from __future__ import annotations

import functools
import inspect
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from dagster import AssetExecutionContext
from dagster._core.errors import DagsterInvalidPropertyError
from opentelemetry import trace
from opentelemetry.trace import NonRecordingSpan, Span, SpanContext, TraceFlags

TRACER = trace.get_tracer("memgov.orchestration")
F = TypeVar("F", bound=Callable[..., Any])


def run_context(run_id: str) -> Any:
    """The parent every asset span of run ``run_id`` hangs under: trace id = the run id
    (a UUID is 128 bits, as a trace id), span id = its low 64 bits."""
    value = uuid.UUID(run_id).int
    parent = SpanContext(
        trace_id=value,
        span_id=(value & (2**64 - 1)) or 1,
        is_remote=True,
        trace_flags=TraceFlags(TraceFlags.SAMPLED),
    )
    return trace.set_span_in_context(NonRecordingSpan(parent))


def _job_name(context: AssetExecutionContext) -> str:
    """The run's job, or "" for an asset called directly (Dagster has none to tell)."""
    try:
        return context.job_name or ""
    except DagsterInvalidPropertyError:
        return ""


@contextmanager
def _asset_span(name: str, context: AssetExecutionContext | None) -> Iterator[Span]:
    attributes: dict[str, Any] = {}
    parent = None
    if context is not None:
        attributes["dagster.run_id"] = context.run_id
        attributes["dagster.job"] = _job_name(context)
        keys = context.selected_asset_keys
        attributes["dagster.asset_keys"] = sorted(k.to_user_string() for k in keys)
        if context.has_partition_key:
            attributes["dagster.partition"] = context.partition_key
        try:
            parent = run_context(context.run_id)
        except ValueError:  # not a UUID (a test harness's run): a trace of its own
            parent = None
    with TRACER.start_as_current_span(
        f"dagster.asset {name}", context=parent, attributes=attributes
    ) as span:
        yield span


def traced_asset(compute: F) -> F:
    """The asset's body (a function or a generator of outputs) inside its span; Dagster
    still reads the parameters and annotations of ``compute`` (``functools.wraps``)."""
    name = compute.__name__

    def context_of(args: tuple[Any, ...], kwargs: dict[str, Any]) -> AssetExecutionContext | None:
        found = kwargs.get("context", args[0] if args else None)
        return found if isinstance(found, AssetExecutionContext) else None

    if inspect.isgeneratorfunction(compute):

        @functools.wraps(compute)
        def traced_outputs(*args: Any, **kwargs: Any) -> Any:
            with _asset_span(name, context_of(args, kwargs)):
                yield from compute(*args, **kwargs)

        return traced_outputs  # type: ignore[return-value]

    @functools.wraps(compute)
    def traced(*args: Any, **kwargs: Any) -> Any:
        with _asset_span(name, context_of(args, kwargs)):
            return compute(*args, **kwargs)

    return traced  # type: ignore[return-value]

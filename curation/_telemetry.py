"""The store's spans and metrics, through the OpenTelemetry API only. Until a process
configures an SDK (``curation.configure_telemetry``, from the ``OTEL_*`` variables) the
API's tracer and meter are no-ops, so an unconfigured store pays a few microseconds a
call and exports nothing. Span and metric names: docs/telemetry.md."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ParamSpec, TypeVar

from opentelemetry import metrics, trace
from opentelemetry.util.types import AttributeValue

from curation._plan import CurationPlan
from curation._records import RecallResult, RunReport, WriteResult

P = ParamSpec("P")
R = TypeVar("R")

TRACER = trace.get_tracer("memgov.curation")
_METER = metrics.get_meter("memgov.curation")

RECALL_DURATION = _METER.create_histogram(
    "memgov.recall.duration", unit="s", description="Wall time of one recall, embedding included"
)
CURATION_ACTIONS = _METER.create_counter(
    "memgov.curation.actions",
    unit="{action}",
    description="What curation runs did, per action (archived, merged, superseded, proposals...)",
)
CURATION_RUNS = _METER.create_counter(
    "memgov.curation.runs", unit="{run}", description="Curation runs reported, applied or dry"
)


def active() -> bool:
    """Whether a process installed an SDK (``configure_telemetry`` installs the tracer and
    meter providers together). Without one the wrappers below call straight through: even
    the API's no-op spans cost tens of microseconds on a loaded machine."""
    return not isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider)


def traced_recall(via: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """``memgov.recall`` around a whole recall (``via``: ``tenant`` or ``key``), with the
    answer's tenant, mode and hit count, and its duration in ``memgov.recall.duration``
    whatever the outcome."""

    def wrap(recall: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(recall)
        def traced(*args: P.args, **kwargs: P.kwargs) -> R:
            if not active():
                return recall(*args, **kwargs)
            started = time.perf_counter()
            labels = {"memgov.recall.mode": "unknown", "memgov.outcome": "error"}
            attributes = {"memgov.recall.via": via}
            with TRACER.start_as_current_span("memgov.recall", attributes=attributes) as span:
                try:
                    result = recall(*args, **kwargs)
                    if isinstance(result, RecallResult):
                        labels = {"memgov.recall.mode": result.mode, "memgov.outcome": "ok"}
                        if span.is_recording():
                            span.set_attributes(
                                {
                                    "memgov.tenant": result.tenant,
                                    "memgov.recall.mode": result.mode,
                                    "memgov.recall.hits": len(result.hits),
                                }
                            )
                    else:  # recall_by_key's None: no such live key
                        labels["memgov.outcome"] = "unknown_key"
                    return result
                finally:
                    RECALL_DURATION.record(time.perf_counter() - started, labels)

        return traced

    return wrap


def recall_searched(k: int, limit: int, found: int) -> None:
    """The search's size on the current recall span: ``k`` asked, ``limit`` candidates
    sought, ``found`` returned by the index."""
    current = trace.get_current_span()
    if current.is_recording():
        current.set_attributes(
            {"memgov.recall.k": k, "memgov.recall.limit": limit, "memgov.recall.candidates": found}
        )


def traced(
    name: str, describe: Callable[[Any], Mapping[str, Any]] | None = None
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A span ``name`` around each call; ``describe`` turns the result into the span's
    attributes (only when the span records). An exception is recorded and goes on."""

    def wrap(call: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(call)
        def traced_call(*args: P.args, **kwargs: P.kwargs) -> R:
            if not active():
                return call(*args, **kwargs)
            with TRACER.start_as_current_span(name) as span:
                result = call(*args, **kwargs)
                if describe is not None and span.is_recording():
                    span.set_attributes(describe(result))
                return result

        return traced_call

    return wrap


def written(results: Sequence[WriteResult]) -> dict[str, Any]:
    """``memgov.write``'s attributes: how many items and what became of them."""
    return {
        "memgov.write.items": len(results),
        "memgov.write.created": sum(r.created for r in results),
        "memgov.write.duplicates": sum(r.duplicate for r in results),
        "memgov.write.superseded": sum(len(r.superseded_ids) for r in results),
    }


def planned(plan: CurationPlan) -> dict[str, Any]:
    """``memgov.curate.plan``'s attributes: the tenant and the plan's counts."""
    counts = {f"memgov.curation.planned.{k}": v for k, v in plan.counts().items()}
    return {"memgov.tenant": plan.tenant, **counts}


def ran(report: RunReport) -> dict[str, Any]:
    """``memgov.curate``'s attributes: the tenant, the run and whether it applied."""
    return {
        "memgov.tenant": report.tenant,
        "memgov.run_id": report.run_id,
        "memgov.curation.dry_run": report.dry_run,
    }


def reported(apply: Callable[P, RunReport]) -> Callable[P, RunReport]:
    """The apply phase (``memgov.curate.apply``: the plan written, or a dry run, and its
    report stored) then the report phase (``memgov.curate.report``: the report's counts
    as attributes and ``memgov.curation.*`` counters)."""

    @functools.wraps(apply)
    def traced_apply(*args: P.args, **kwargs: P.kwargs) -> RunReport:
        if not active():
            return apply(*args, **kwargs)
        with TRACER.start_as_current_span("memgov.curate.apply") as span:
            report = apply(*args, **kwargs)
            if span.is_recording():
                span.set_attributes(
                    {"memgov.tenant": report.tenant, "memgov.run_id": report.run_id}
                )
        with TRACER.start_as_current_span("memgov.curate.report") as span:
            curation_reported(span, report)
        return report

    return traced_apply


def curation_reported(span: trace.Span, report: RunReport) -> None:
    """A run's report as span attributes and counters: one ``memgov.curation.actions``
    count per action the report counts (``writing``, the list of mechanics, is no count)."""
    applied = report.applied
    counts = {k: v for k, v in applied.items() if isinstance(v, int) and not isinstance(v, bool)}
    labels: dict[str, AttributeValue] = {
        "memgov.tenant": report.tenant,
        "memgov.curation.dry_run": report.dry_run,
    }
    CURATION_RUNS.add(1, labels)
    for action, count in counts.items():
        if count:
            CURATION_ACTIONS.add(count, {**labels, "memgov.curation.action": action})
    if span.is_recording():
        span.set_attributes({**labels, "memgov.run_id": report.run_id})
        span.set_attributes({f"memgov.curation.{k}": v for k, v in counts.items()})

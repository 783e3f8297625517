"""Hand-built online experiments and exposures for the analysis and tracking tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from curation import MemoryStore
from curation._records import ExperimentRecord, ExposureObservation

START = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


def experiment(**overrides: object) -> ExperimentRecord:
    fields: dict[str, object] = {
        "id": "00000000-0000-4000-8000-000000000001",
        "tenant": "acme",
        "name": "curation-v1",
        "raw_share": 0.5,
        "salt": "s3cret-salt",
        "metric": "success",
        "alpha": 0.05,
        "policy": {},
        "status": "running",
        "starts_at": START,
        "ends_at": START + timedelta(days=14),
        "created_at": START,
        "created_by": "curator",
    }
    fields.update(overrides)
    return ExperimentRecord(**fields)  # type: ignore[arg-type]


class Observations:
    """Builds exposures; ids are sequential so failures are easy to read."""

    def __init__(self, record: ExperimentRecord) -> None:
        self.record = record
        self.items: list[ExposureObservation] = []

    def add(
        self,
        cohort: str,
        agent: str,
        at: datetime,
        success: bool | None = None,
        score: float | None = None,
        outcome_at: datetime | None = None,
    ) -> None:
        reported = success is not None or score is not None
        self.items.append(
            ExposureObservation(
                recall_id=f"r{len(self.items)}",
                experiment_id=self.record.id,
                cohort=cohort,
                agent_id=agent,
                query="q",
                returned_ids=[],
                at=at,
                success=success,
                score=score,
                outcome_at=(outcome_at or at) if reported else None,
            )
        )

    def cohort(self, cohort: str, successes: int, n: int, at: datetime, prefix: str) -> None:
        """``n`` agents with one exposure each, the first ``successes`` of them succeeding."""
        for i in range(n):
            self.add(cohort, f"{prefix}{i}", at, success=i < successes)


def daily_fleet(
    record: ExperimentRecord, days: int, p_curated: float, p_raw: float
) -> list[ExposureObservation]:
    """60 new agents per cohort per day, three exposures each, deterministic outcomes
    whose rate per day is exactly the given one."""
    obs = Observations(record)
    for day in range(days):
        at = START + timedelta(days=day, hours=1)
        for cohort, rate in (("curated", p_curated), ("raw", p_raw)):
            for i in range(60):
                for rep in range(3):
                    succeeded = ((i * 3 + rep) % 100) < rate * 100
                    obs.add(cohort, f"{cohort}-{day}-{i}", at, success=succeeded)
    return obs.items


ONLINE_FACTS = [
    "Refunds over 500 dollars need a supervisor approval",
    "The refund form lives in the billing portal",
    "Deploys are frozen on Fridays after 3 pm",
]


def run_store_experiment(
    store: MemoryStore,
    tenant: str,
    *,
    starts_at: datetime,
    days: int,
    agents: int = 12,
    duration_days: int = 14,
    name: str = "online-v1",
) -> ExperimentRecord:
    """A tenant with a few memories and an experiment from ``starts_at``: every agent
    recalls twice a day with its agent id; curated recalls succeed 3 times in 4, raw ones
    1 in 4 (deterministic), and every fifth recall never reports an outcome."""
    store.remember_many(tenant, [{"content": c} for c in ONLINE_FACTS], now=starts_at)
    record = store.experiments.start(
        tenant,
        name,
        starts_at=starts_at,
        duration_days=duration_days,
        salt="fixed",
        actor="test",
        now=starts_at,
    )
    query = "who approves refunds"
    vector = store.embedder.embed([query])[0].tolist()  # embedded once, not per recall
    n = 0
    for day in range(days):
        for hour in (9, 15):
            at = starts_at + timedelta(days=day, hours=hour)
            for agent in range(agents):
                result = store.recall(
                    tenant, query, 3, agent_id=f"agent-{agent}", now=at, query_embedding=vector
                )
                n += 1
                if n % 5 == 0 or result.recall_id is None:
                    continue
                good = (n % 4 != 0) if result.cohort == "curated" else (n % 4 == 0)
                store.outcome(tenant, result.recall_id, success=good, now=at)
    return record

"""The A/B replay on a hand-built fleet, against the real store with the real embedder."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from curation_helpers import T0
from mlflow_helpers import fresh_mlflow_uri
from store_helpers import fresh_database

from curation import FixedClock, MemoryStore, MiniLMEmbedder
from curation._store.database import Database, app_role_url
from evaluation.ab import ABConfig, ABResult, run_ab, write_rows
from evaluation.fleet import Fleet, FleetConfig, SimContest, SimQuery, SimRecall, SimWrite

START = datetime(2026, 6, 1, 8, 0, tzinfo=UTC)


def _id(name: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, name))


def _write(name: str, day: float, content: str, role: str, subject: str, **kw: object) -> SimWrite:
    return SimWrite(
        id=_id(name),
        tenant="t",
        at=START + timedelta(days=day),
        content=content,
        kind=str(kw.pop("kind", "fact")),
        role=role,
        subject=subject,
        **kw,
    )  # type: ignore[arg-type]


def _question(
    query_id: str, subject: str, query: str, kind: str, correct: str, hours: int = 0, **wrong: str
) -> SimQuery:
    """A question of tenant t on day 20, its truth named by the writes' names: ``correct``,
    and in ``wrong`` its ``stale_ids`` or ``refuted_ids``."""
    return SimQuery(
        id=query_id,
        tenant="t",
        at=START + timedelta(days=20, hours=hours),
        subject=subject,
        query=query,
        correct_ids=frozenset({_id(correct)}),
        kind=kind,
        **{field: frozenset({_id(name)}) for field, name in wrong.items()},
    )


def mini_fleet() -> Fleet:
    config = FleetConfig(tenants=1, days=21, start=START)
    writes = [
        _write(
            "basic",
            0,
            "Customer Initech is on the Basic plan",
            "state",
            "plan",
            supersession_key="plan:initech",
        ),
        _write(
            "frankfurt",
            1,
            "The EU customer data is hosted in the Frankfurt data center",
            "claim",
            "dc",
        ),
        _write(
            "principle",
            1,
            "Always verify the customer's identity before discussing account details",
            "principle",
            "identity",
            generality=2,
            importance=0.9,
        ),
        _write(
            "pro",
            10,
            "Customer Initech upgraded to the Pro plan",
            "state",
            "plan",
            supersession_key="plan:initech",
        ),
        _write(
            "dublin",
            12,
            "The EU customer data is hosted in the Dublin data center",
            "correction",
            "dc",
        ),
    ]
    writes += [
        _write(
            f"tool{n}",
            n % 20 + 0.5,
            f"Order lookup #{1000 + n}: status shipped",
            "tool_output",
            "orders",
            kind="tool_output",
            importance=0.2,
        )
        for n in range(30)
    ]
    writes.sort(key=lambda w: w.at)
    contests = [
        SimContest(
            tenant="t",
            at=START + timedelta(days=12, hours=1),
            memory_id=_id("frankfurt"),
            claim="The EU data moved to Dublin",
            evidence="migration ticket 812",
            source="agent-3",
        )
    ]
    recalls = [
        SimRecall(
            tenant="t",
            at=START + timedelta(days=d, hours=2),
            query="What plan is Initech on?",
            agent_id="agent-1",
            subject="plan",
        )
        for d in (2, 4, 6)
    ]
    queries = [
        _question(
            "q-plan", "plan", "Which plan is Initech on now?", "state", "pro", stale_ids="basic"
        ),
        _question(
            "q-dc",
            "dc",
            "Where is EU customer data hosted?",
            "claim",
            "dublin",
            refuted_ids="frankfurt",
        ),
        _question(
            "q-id",
            "identity",
            "What must I check before discussing an account?",
            "principle",
            "principle",
            hours=1,
        ),
    ]
    return Fleet(config=config, writes=writes, recalls=recalls, contests=contests, queries=queries)


@pytest.fixture(scope="module")
def mini_ab(pg_server: str, minilm: MiniLMEmbedder) -> Iterator[ABResult]:
    """The mini fleet's A/B, run once on its own fresh database: the two tests that use it
    read only the result (the same run twice cost a second replay of 21 nightly passes)."""
    with fresh_database(pg_server) as url:
        database = Database(url, app_url=app_role_url(url))
        try:
            store = MemoryStore(database, embedder=minilm, clock=FixedClock(T0))
            yield run_ab(mini_fleet(), store, ABConfig(k=4))
        finally:
            database.dispose()


def test_ab_replay_pairs_arms_and_curated_gets_the_current_truth(mini_ab: ABResult) -> None:
    result = mini_ab
    rows = {r["query_id"]: r for r in result.rows}
    assert set(rows) == {"q-plan", "q-dc", "q-id"}
    # curation superseded Basic, contested Frankfurt (and the correction outranks it)
    assert rows["q-plan"]["curated_outcome"] == "correct"
    assert rows["q-dc"]["curated_outcome"] in {"correct", "doubted"}
    assert rows["q-id"]["curated_outcome"] == "correct"
    # raw keeps the stale and the refuted entries and never attaches a conflict
    assert rows["q-dc"]["raw_refuted_returned"] == 1
    assert rows["q-dc"]["raw_refuted_without_conflict"] == 1
    assert rows["q-dc"]["curated_refuted_without_conflict"] == 0
    summary = result.summary
    assert summary["top1"]["quality_curated"] >= summary["top1"]["quality_raw"]
    assert summary["top1"]["n"] == 3
    assert summary["raw_contested_without_conflict"] == 1.0
    assert summary["curated_contested_without_conflict"] == 0.0
    # nightly passes ran and retired the superseded plan and decayed tool outputs
    assert len(result.curation_reports) == 21
    assert summary["stale_retired_per_week"] > 0
    # the near-duplicate share is measured for both arms on the query day
    day = result.daily[-1]
    assert day["raw_size"] == 35 and day["curated_size"] < 35
    assert 0.0 <= day["curated_near_duplicate_share"] <= day["raw_near_duplicate_share"] + 1e-9


def test_evaluation_recalls_are_not_votes(semantic_store: MemoryStore) -> None:
    fleet = mini_fleet()
    fleet.recalls = []
    run_ab(fleet, semantic_store, ABConfig(k=4))
    principle = semantic_store.get("t", _id("principle"))
    assert principle.recall_count == 0


def test_ab_is_logged_to_mlflow_with_nested_arms_series_and_artifacts(
    mini_ab: ABResult, tmp_path: object
) -> None:
    from pathlib import Path

    from mlflow.tracking import MlflowClient

    from evaluation.ab import headline_table, log_ab

    uri = fresh_mlflow_uri(Path(str(tmp_path)) / "mlflow.db")
    result = mini_ab
    policy = ABConfig().policy
    run_id = log_ab(
        result,
        experiment="ab-mini",
        run_name="mini",
        params={
            "policy": policy.model_dump(mode="json"),
            "seed": 7,
            "embedder": "all-MiniLM-L6-v2",
            "workload": "mini",
        },
        retention=[0.1, 0.5, 0.9],
        uri=uri,
    )
    client = MlflowClient(tracking_uri=uri)
    parent = client.get_run(run_id)
    assert parent.data.params["seed"] == "7"
    assert parent.data.params["policy.duplicate_threshold.all-MiniLM-L6-v2"] == "0.86"
    assert parent.data.metrics["top1.n"] == 3
    experiment = client.get_experiment(parent.info.experiment_id)
    children = client.search_runs(
        [experiment.experiment_id], filter_string=f"tags.mlflow.parentRunId = '{run_id}'"
    )
    assert sorted(c.data.tags["mlflow.runName"] for c in children) == ["curated", "raw"]
    curated = next(c for c in children if c.data.tags["mlflow.runName"] == "curated")
    series = client.get_metric_history(curated.info.run_id, "daily_quality")
    assert [m.step for m in series] == [d["day"] for d in result.daily]
    artifacts = {a.path for a in client.list_artifacts(run_id)}
    artifacts |= {a.path for d in list(artifacts) for a in client.list_artifacts(run_id, d)}
    joined = " ".join(sorted(artifacts))
    for expected in (
        "per_query",
        "decision_quality_by_day",
        "retention_distribution",
        "curation_reports",
    ):
        assert expected in joined, joined
    table = headline_table(result)
    assert "win rate" in table and "McNemar" in table


def test_rows_are_written_one_json_line_per_query(mini_ab: ABResult, tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl"
    write_rows(mini_ab, path)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["query_id"] for r in lines] == [r["query_id"] for r in mini_ab.rows]
    assert {r["query_id"]: r["curated_outcome"] for r in lines}["q-plan"] == "correct"

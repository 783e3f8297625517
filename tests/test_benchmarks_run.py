"""The benchmark runner on hand-designed fixtures against the real PostgreSQL store
(HashingEmbedder: texts sharing words land close, so the expected ranks are designed).

LoCoMo fixture (``locomo_fixture.json``), one conversation: session 1 (1 March 2023) and
session 2 (1 June 2023), six turns each. Curation at query time (an hour after the last
turn) archives:
- D1:6 as a near-duplicate of D2:6 (same words, different punctuation; the newer copy
  has the higher retention and stays canonical) -> credited through its representative;
- then decay, capped at 20% of 12 active = 2: the two oldest narrow turns D1:1, D1:2.
So the question about D1:1 is recalled at rank 1 raw but missed curated, the adversarial
question whose premise turn is D1:1 is a false hit raw but not curated, and the questions
about D1:6 are answered through D2:6. The data has LoCoMo's faults too: a date key without
a session (session 3), evidence written oddly ("D1:3; D1:4", "D:2:4") or naming no turn
("D7:7", "D"), a question without evidence.

LongMemEval fixture (``longmemeval_fixture.json``), four questions: ``q-user`` (one answer
session); ``q-new``, a knowledge update whose current value shares the question's words
(newer evidence first); ``q-old``, one whose stale value shares them (only the stale one
in the top 1); ``q-gone_abs``, an abstention.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from mlflow.tracking import MlflowClient
from mlflow_helpers import fresh_mlflow_uri
from typer.testing import CliRunner

from curation import CurationPolicy, HashingEmbedder, MemoryKind, MemoryStore
from evaluation.benchmarks.adapters.locomo import LoCoMo
from evaluation.benchmarks.adapters.longmemeval import LongMemEval
from evaluation.benchmarks.cli import register
from evaluation.benchmarks.plumbing import free_suffix
from evaluation.benchmarks.protocol import Benchmark, RunOptions
from evaluation.benchmarks.run import run_benchmark

# the fixtures (see the module doc), files as the benchmarks' data are
LOCOMO_FIXTURE = Path(__file__).with_name("locomo_fixture.json")
LONGMEMEVAL_FIXTURE = Path(__file__).with_name("longmemeval_fixture.json")


@pytest.fixture
def locomo_path(tmp_path: Path) -> Path:
    path = tmp_path / "locomo10.json"
    path.write_text(LOCOMO_FIXTURE.read_text(encoding="utf-8"), encoding="utf-8")
    return path


@pytest.fixture
def longmemeval_path(tmp_path: Path) -> Path:
    path = tmp_path / "longmemeval_oracle.json"
    path.write_text(LONGMEMEVAL_FIXTURE.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def run(
    benchmark: Benchmark,
    path: Path,
    store: MemoryStore,
    options: RunOptions | None = None,
    **logging: Any,
) -> dict[str, Any]:
    """``run_benchmark`` as a plain dict (``logging``: ``log_mlflow`` / ``tracking_uri``)."""
    return dict(run_benchmark(benchmark, path, store, options, **logging))


def rows_by(result: dict[str, Any], key: str) -> dict[Any, dict[str, Any]]:
    return {row[key]: row for row in result["rows"]}


# the source's decay rule (every idle one-off may decay), so this test sees archived evidence
SOURCE_DECAY = CurationPolicy(decay_uncovered_kinds=frozenset(MemoryKind))


def test_locomo_raw_vs_curated(store: MemoryStore, locomo_path: Path) -> None:
    result = run(LoCoMo(), locomo_path, store, RunOptions(policy=SOURCE_DECAY), log_mlflow=False)
    assert result["tenants"] == {"conv-7": "locomo-conv-7"}
    assert result["k_values"] == [1, 5, 10]
    assert result["questions"] == {
        "total": 8,
        "scored": 7,
        "no_evidence": 1,
        "by_category": {
            "single-hop": 3,
            "multi-hop": 2,
            "temporal": 1,
            "open-domain": 1,
            "adversarial": 1,
        },
    }
    assert result["parse"]["faults"] == {
        "split_evidence": 1,
        "repaired_evidence": 1,
        "malformed_evidence": 1,
        "unknown_evidence": 1,
        "no_evidence": 1,
        "orphan_session_dates": 1,
    }
    rows = rows_by(result, "qa_index")
    # a question whose evidence shares its words is recalled at rank 1
    assert rows[0]["raw.rank"] == 1 and rows[0]["raw.recall_any@1"] == 1.0
    assert rows[2]["raw.rank"] == 1 and rows[2]["curated.rank"] == 1  # "D:2:4" repaired
    assert rows[5]["raw.rank"] == 1 and rows[5]["curated.rank"] == 1  # D7:7, "D" dropped
    assert rows[1]["raw.recall_all@5"] == 1.0  # both halves of "D1:3; D1:4"
    assert rows[3]["scored"] is False and "raw.rank" not in rows[3]
    # curation decayed D1:1: recalled raw, gone curated
    assert rows[0]["curated.rank"] is None and rows[0]["evidence_active"] == "0/1"
    assert "D1:1" in rows[0]["raw.top"].split() and "D1:1" not in rows[0]["curated.top"].split()
    # D1:6 was merged into its newer copy D2:6, which now answers for it
    assert rows[6]["evidence_active"] == "0/1"
    assert rows[6]["curated.rank"] == 1 and rows[6]["curated.top"].split()[0] == "D2:6"
    assert rows[6]["raw.recall_any@5"] == 1.0
    # all evidence of a multi-hop question: the representative answers for the merged half
    assert rows[7]["raw.recall_all@10"] == 1.0 and rows[7]["curated.recall_all@5"] == 1.0

    raw, curated = result["arms"]["raw"], result["arms"]["curated"]
    assert set(raw["by_category"]) == {"single-hop", "multi-hop", "temporal", "adversarial"}
    assert list(raw["overall"]) == [
        "n",
        *(f"{m}@{k}" for k in (1, 5, 10) for m in ("recall_any", "recall_all", "ndcg")),
        "mrr",
    ]
    assert raw["overall"]["n"] == curated["overall"]["n"] == 6  # categories 1-4 with evidence
    assert raw["overall"]["recall_any@5"] == 1.0
    assert curated["overall"]["recall_any@5"] == pytest.approx(5 / 6)
    assert raw["by_category"]["single-hop"]["n"] == 3
    assert curated["by_category"]["single-hop"]["recall_any@10"] == pytest.approx(2 / 3)
    assert result["delta"]["overall"]["recall_any@5"] == pytest.approx(-1 / 6)

    # category 5: the premise turn recalled at rank 1 raw; curated no longer holds it
    assert result["adversarial"]["questions"] == result["adversarial"]["scored"] == 1
    assert result["adversarial"]["raw"]["false_hits@1"] == 1
    assert result["adversarial"]["curated"]["false_hits@10"] == 0
    assert result["adversarial"]["raw"]["false_hit_rate@10"] == 1.0

    curation = result["curation"]
    assert curation["ran"] is True
    assert curation["memories"] == 12 and curation["archived"] == 3
    assert curation["archived_by_reason"] == {"decayed": 2, "duplicate": 1}
    # gold = D1:1, D1:3, D1:4, D2:4, D2:1, D1:6: D1:1 decayed, D1:6 merged
    assert curation["evidence_memories"] == 6 and curation["evidence_active"] == 4
    assert curation["evidence_survival"] == pytest.approx(4 / 6)
    assert curation["evidence_represented"] == pytest.approx(5 / 6)
    assert curation["evidence_archived_by_reason"] == {"decayed": 1, "duplicate": 1}
    assert curation["representative_credit"] == 1
    assert curation["questions_all_evidence_active"] == pytest.approx(3 / 6)
    states = result["by_evidence_state"]
    assert states["all_active"]["raw"]["n"] == states["some_archived"]["curated"]["n"] == 3
    assert states["all_active"]["curated"]["recall_any@5"] == 1.0
    assert states["some_archived"]["raw"]["recall_any@5"] == 1.0
    assert states["some_archived"]["curated"]["recall_any@5"] == pytest.approx(2 / 3)
    assert store.counts("locomo-conv-7").archived == 3
    assert store.tenants.policy("locomo-conv-7").decay == "apply"
    # scoring recalls never voted
    assert store.ledger.events("locomo-conv-7", types=["recall"]) == []
    assert result["mlflow"] is None
    assert isinstance(store.embedder, HashingEmbedder)  # the query cache is undone
    assert set(result["timings"]) >= {"ingest_s", "raw_recall_s", "curate_s", "total_s"}
    json.dumps(result)  # plain data throughout


def test_locomo_rerun_uses_fresh_tenants(store: MemoryStore, locomo_path: Path) -> None:
    first = run(LoCoMo(k_values=(1, 3)), locomo_path, store, log_mlflow=False)
    second = run(LoCoMo(k_values=(3, 1)), locomo_path, store, log_mlflow=False)
    assert second["tenants"] == {"conv-7": "locomo-conv-7-r2"}
    assert second["arms"] == first["arms"]
    assert free_suffix(store, ["locomo-conv-7"]) == "-r3"
    assert free_suffix(store, ["locomo-conv-8"]) == ""


def test_locomo_raw_only(store: MemoryStore, locomo_path: Path) -> None:
    raw_only = RunOptions(curate=False)
    result = run(LoCoMo(limit_conversations=1), locomo_path, store, raw_only, log_mlflow=False)
    assert set(result["arms"]) == {"raw", "heuristic"}  # the heuristic needs no curation
    assert result["curation"] == {"ran": False}
    assert result["delta"] == {}
    assert store.counts("locomo-conv-7").archived == 0
    with pytest.raises(ValueError):
        run(LoCoMo(k_values=(0,)), locomo_path, store, log_mlflow=False)


def test_longmemeval_raw_vs_curated(store: MemoryStore, longmemeval_path: Path) -> None:
    result = run(LongMemEval(k_values=(1,)), longmemeval_path, store, log_mlflow=False)
    assert result["questions"]["total"] == 4 and result["questions"]["scored"] == 3
    assert result["questions"]["skipped"] == {"abstention": 1}
    rows = rows_by(result, "question_id")
    assert rows["q-user"]["raw.turn.rank"] == 1 and rows["q-user"]["curated.turn.rank"] == 1
    assert rows["q-gone_abs"]["scored"] is False

    for arm in ("raw", "curated"):
        turn = result["arms"][arm]["turn"]
        assert set(turn["by_type"]) == {"single-session-user", "knowledge-update"}
        assert turn["by_type"]["knowledge-update"]["n"] == 2
        assert turn["overall"]["recall_any@1"] == 1.0
        # both KU answer turns are gold, and only one fits in the top 1
        assert turn["by_type"]["knowledge-update"]["recall_all@1"] == 0.0
        session = result["arms"][arm]["session"]
        assert session["overall"]["n"] == 3 and session["overall"]["recall_any@1"] == 1.0

    update = result["knowledge_update"]
    assert update["questions"] == 2
    for arm in ("raw", "curated"):
        assert update[arm] == {
            "newer_above_older": 0.5,  # q-new
            "only_stale_in_top_k": 0.5,  # q-old
            "newer_in_top_k": 0.5,
            "older_in_top_k": 0.5,
        }
    assert rows["q-new"]["raw.update.newer_rank"] == 1
    assert rows["q-new"]["raw.update.older_rank"] is None
    assert rows["q-old"]["raw.update.older_rank"] == 1
    # four memories per tenant: the 20% decay cap archives nothing
    assert update["stale_marked"] == 0.0 and update["current_archived"] == 0.0
    curation = result["curation"]
    assert curation["archived"] == 0 and curation["memories"] == 11
    # the stale KU value is not among the memories curation must keep
    assert curation["evidence_memories"] == 3 and curation["evidence_survival"] == 1.0
    assert store.ledger.events("longmemeval-q-new", types=["recall"]) == []


def test_longmemeval_filters(store: MemoryStore, longmemeval_path: Path) -> None:
    updates = LongMemEval(limit_questions=1, question_types=("knowledge-update",))
    result = run(updates, longmemeval_path, store, log_mlflow=False)
    assert [r["question_id"] for r in result["rows"]] == ["q-new"]
    assert store.tenants.all() == ["longmemeval-q-new"]


def test_benchmark_logged_to_mlflow(
    store: MemoryStore, locomo_path: Path, longmemeval_path: Path, tmp_path: Path
) -> None:
    uri = fresh_mlflow_uri(tmp_path / "mlflow.db")
    result = run(LoCoMo(), locomo_path, store, RunOptions(policy=SOURCE_DECAY), tracking_uri=uri)
    info = result["mlflow"]
    assert info is not None and "error" not in info, info
    assert info["experiment"] == "benchmark-locomo" and set(info["arms"]) == {
        "raw",
        "heuristic",
        "curated",
    }
    client = MlflowClient(tracking_uri=uri)
    parent = client.get_run(info["run_id"])
    assert parent.data.params["benchmark"] == "locomo"
    assert parent.data.metrics["curation.evidence_survival"] == pytest.approx(4 / 6)
    assert parent.data.metrics["adversarial.raw.false_hits_at_1"] == 1.0
    assert parent.data.metrics["delta.overall.recall_any_at_5"] == pytest.approx(-1 / 6)
    curated = client.get_run(info["arms"]["curated"])
    assert curated.data.tags["mlflow.parentRunId"] == info["run_id"]
    assert curated.data.metrics["overall.recall_any_at_5"] == pytest.approx(5 / 6)
    assert curated.data.metrics["by_category.single-hop.recall_any_at_10"] == pytest.approx(2 / 3)
    history = client.get_metric_history(curated.info.run_id, "conversation.recall_any_at_10")
    assert [m.step for m in history] == [0]
    files = {a.path for a in client.list_artifacts(info["run_id"], "tables")}
    assert files == {"tables/per_question.csv", "tables/per_question.json"}
    assert {a.path for a in client.list_artifacts(info["run_id"], "figures")} == {
        "figures/recall_by_group.png"
    }
    local = client.download_artifacts(info["run_id"], "tables/per_question.csv", str(tmp_path))
    table = list(csv.DictReader(io.StringIO(Path(local).read_text(encoding="utf-8"))))
    assert len(table) == 8 and table[0]["raw.rank"] == "1"

    lme = run(LongMemEval(k_values=(1,)), longmemeval_path, store, tracking_uri=uri)
    assert lme["mlflow"] is not None and lme["mlflow"]["experiment"] == "benchmark-longmemeval"
    lme_parent = client.get_run(lme["mlflow"]["run_id"])
    assert lme_parent.data.metrics["knowledge_update.raw.newer_above_older"] == 0.5


def test_cli_commands(
    database_url: str,
    locomo_path: Path,
    longmemeval_path: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import typer

    monkeypatch.setenv("MEMGOV_DATABASE_URL", database_url)
    monkeypatch.setenv("MEMGOV_EMBEDDER", "hashing")
    monkeypatch.setenv("MEMGOV_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MLFLOW_TRACKING_URI", f"sqlite:///{tmp_path / 'cli-mlflow.db'}")
    app = typer.Typer()
    register(app)
    runner = CliRunner()

    text = runner.invoke(app, ["locomo", str(locomo_path), "--limit", "1", "-k", "1", "-k", "5"])
    assert text.exit_code == 0, text.output
    assert "overall (1-4)" in text.output and "recall_any@5" in text.output
    assert "false hits@1=1" in text.output and "MLflow run" in text.output
    # the default policy keeps the idle turns that are the only record (D1:1): only the
    # duplicate D1:6 is archived, and curated recall loses nothing
    assert "curation: archived 1/12 {'duplicate': 1}" in text.output
    assert "heuristic 1.000 (mrr 0.750), curated 1.000 (mrr 1.000)" in text.output

    out = runner.invoke(app, ["longmemeval", str(longmemeval_path), "--json", "--no-mlflow"])
    assert out.exit_code == 0, out.output
    payload = json.loads(out.stdout)
    assert payload["knowledge_update"]["questions"] == 2 and "rows" not in payload
    assert payload["mlflow"] is None

    missing = runner.invoke(app, ["locomo", str(tmp_path / "absent.json")])
    assert missing.exit_code == 2

"""The hold-out sets as a store workload (evaluation/benchmarks/holdout_store.py) and the
false-supersession counts the changing-facts runner reports for any such workload."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest
from cli_helpers import run_cli
from holdout_helpers import run_one_family

from curation import MemoryStore
from evaluation.benchmarks.holdout_store import UnknownHoldoutError, holdout_data
from evaluation.benchmarks.timeqa import ChangingFactQuestion, Fact, Relation, TimeQAData
from evaluation.benchmarks.timeqa_run import run_timeqa
from evaluation.holdout import families, holdout_histories


def test_a_family_becomes_one_tenant_per_domain_with_a_question_per_subject_question() -> None:
    family = families()[0]
    data = holdout_data("a", family)
    subjects = holdout_histories()
    assert set(data.facts) == {s.domain for s in subjects}
    assert sum(len(q) for q in data.questions.values()) == sum(len(s.questions) for s in subjects)
    for domain, facts in data.facts.items():
        assert [f.at for f in facts] == sorted(f.at for f in facts)
        assert {f.relation for f in facts} == {domain}
    ids = [f.memory_id for fs in data.facts.values() for f in fs]
    assert len(ids) == len(set(ids))
    by_id = {s.id: s for s in subjects}
    for question in (q for qs in data.questions.values() for q in qs):
        subject = by_id[question.subject_index]
        assert question.current == {subject.current_value}
        assert subject.current_value not in question.stale


@pytest.mark.parametrize(
    ("set_name", "family", "field"), [("nope", "log_line", "set"), ("a", "shouty", "family")]
)
def test_an_unknown_set_or_family_is_refused_by_name(
    set_name: str, family: str, field: str
) -> None:
    named = set_name if field == "set" else family
    with pytest.raises(UnknownHoldoutError, match=f"{field}='{named}'"):
        holdout_data(set_name, family)


def test_the_cli_refuses_an_unknown_set_without_a_traceback(cli_env: dict[str, str]) -> None:
    done = run_cli(cli_env, "eval", "holdout", "--set", "nope", "--no-mlflow", code=2)
    assert "--set='nope'" in done.stderr and "Traceback" not in done.stderr


def test_the_cli_runs_one_family_of_a_set_on_the_store(cli_env: dict[str, str]) -> None:
    result = run_one_family(cli_env, "a", "log_line", holdout_histories())
    assert {"superseded_by_another_subject", "held_changes"} <= set(result["curation"])


def _fact(n: int, subject: str, content: str) -> Fact:
    at = datetime(2020 + n, 1, 1, tzinfo=UTC)
    return Fact(uuid.uuid4(), subject, subject, "office", at.year, at.year, "Oslo", content, at)


def test_a_memory_merged_into_another_subjects_is_counted(store: MemoryStore) -> None:
    """Two subjects whose notes read word for word alike: curation merges them, and the
    runner must report that as an archive on another subject's say-so."""
    facts = [
        _fact(0, "s1", "The office is in Oslo."),
        _fact(1, "s2", "the office is in oslo"),
        _fact(2, "s3", "Lunch is at noon."),
    ]
    questions = [
        ChangingFactQuestion(
            s, s, "office", "Where is the office?", frozenset({"Oslo"}), frozenset()
        )
        for s in ("s1", "s2")
    ]
    data = TimeQAData(
        {"office": Relation("office", "office", (), pointwise=False)},
        {"office": facts},
        {"office": questions},
        files=["fixture"],
    )
    result = run_timeqa("fixture", store, k=3, curate=True, data=data)
    assert result["curation"]["archived_by_reason"] == {"duplicate": 1}
    assert result["curation"]["superseded_by_another_subject"] == 1

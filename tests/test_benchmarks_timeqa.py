"""TimeQA as a changing-facts workload (evaluation/benchmarks/timeqa*.py) on a tiny fixture
the test writes, and the heuristic comparison arm."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from cli_helpers import run_cli
from record_helpers import recall_hit
from timeqa_fixture import write_timeqa

from curation import MemoryStore, RecallHit
from evaluation.benchmarks.heuristic import newest_near_top
from evaluation.benchmarks.timeqa import load_timeqa, single_valued_keys
from evaluation.benchmarks.timeqa_run import (
    aggregate_as_of,
    aggregate_scores,
    run_timeqa,
    score_as_of,
    score_question,
)
from evaluation.benchmarks.wordings import family_names, reword


def test_the_adapter_turns_windows_into_dated_keyless_memories(tmp_path: Path) -> None:
    data = load_timeqa(write_timeqa(tmp_path / "timeqa"))
    facts = data.facts["P54"]
    ana = [f for f in facts if f.subject == "Ana Lima"]
    assert [(f.start, f.answer) for f in ana] == [
        (2010, "Porto"),
        (2015, "Braga, Portugal"),
        (2019, "Benfica"),
    ]
    assert ana[0].at == datetime(2010, 1, 1, tzinfo=UTC)
    assert all("from" in f.content and f.answer in f.content for f in ana)
    assert len({f.content.split("?")[0].replace(str(f.start), "") for f in ana}) == 2  # rotated
    assert "supersession_key" not in ana[0].as_input()
    questions = {q.subject: q for q in data.questions["P54"]}
    assert set(questions) == {"Ana Lima", "Bo Chen"}  # Cy Vale never changed
    assert questions["Ana Lima"].current == {"Benfica"}
    assert questions["Ana Lima"].stale == {"Porto", "Braga, Portugal"}
    assert questions["Bo Chen"].current == {"Beijing Guoan", "China"}  # held at once
    assert "from" not in questions["Ana Lima"].question and "?" in questions["Ana Lima"].question
    assert {q.split for q in questions.values()} == {"human_annotated_test"}
    past = {q.subject: q for q in data.as_of["P54"]}  # asked at the last window before now
    assert (past["Ana Lima"].year, past["Ana Lima"].expected) == (2015, {"Braga, Portugal"})
    assert "in 2015" in past["Ana Lima"].question
    assert (past["Bo Chen"].year, past["Bo Chen"].expected) == (2001, {"Shanghai Port"})
    assert "P166" not in data.as_of
    assert "P166" not in data.questions  # pointwise: ingested, never asked
    assert data.log.faults["entry_without_index"] == 1


def test_scoring_classifies_the_first_hit(tmp_path: Path) -> None:
    data = load_timeqa(write_timeqa(tmp_path / "timeqa"))
    facts = {str(f.memory_id): f for f in data.facts["P54"]}
    by_answer = {f.answer: str(f.memory_id) for f in data.facts["P54"]}
    question = next(q for q in data.questions["P54"] if q.subject == "Ana Lima")
    stale_first = score_question([by_answer["Porto"], by_answer["Benfica"]], facts, question)
    assert (stale_first.top, stale_first.current_rank, stale_first.stale_rank) == ("stale", 2, 1)
    other = score_question([by_answer["Leeds"]], facts, question)
    assert other.top == "other_subject" and other.current_rank is None
    summary = aggregate_scores([stale_first, other], k=10)
    assert summary["stale_first"] == 0.5 and summary["current_in_top10"] == 0.5

    past = next(q for q in data.as_of["P54"] if q.subject == "Ana Lima")  # 2015: Braga
    wrong_first = score_as_of([by_answer["Benfica"], by_answer["Braga, Portugal"]], facts, past)
    assert (wrong_first.top, wrong_first.right_rank) == ("other_window", 2)
    right = score_as_of([by_answer["Braga, Portugal"]], facts, past)
    assert aggregate_as_of([wrong_first, right], k=10)["right_first"] == 0.5


def _hit(memory_id: str, similarity: float, year: int) -> RecallHit:
    at = datetime(year, 1, 1, tzinfo=UTC)
    return recall_hit(memory_id, at, similarity=similarity, score=similarity, rank=0.0)


def test_the_heuristic_lets_the_newest_near_top_hit_lead() -> None:
    hits = [_hit("old", 0.80, 2010), _hit("new", 0.77, 2020), _hit("far", 0.60, 2024)]
    assert newest_near_top(hits) == ["new", "old", "far"]  # "far" is 0.2 below: stays
    assert newest_near_top(hits, margin=0.01) == ["old", "new", "far"]
    assert newest_near_top([]) == []


@pytest.mark.parametrize("curate", [True, False])
def test_the_workload_runs_raw_heuristic_and_curated(
    store: MemoryStore, tmp_path: Path, curate: bool
) -> None:
    result = run_timeqa(write_timeqa(tmp_path / "timeqa"), store, k=5, curate=curate)
    arms = result["arms"]
    heuristics = {"heuristic", "heuristic_0.10"}
    assert set(arms) == ({"raw", "curated", *heuristics} if curate else {"raw", *heuristics})
    assert arms["raw"]["overall"]["n"] == 2
    # per split file: the rules are tuned on train, test is the held-out figure
    assert {s: v["n"] for s, v in arms["raw"]["by_split"].items()} == {"human_annotated_test": 2}
    assert {r["split"] for r in result["rows"]} == {"human_annotated_test"}
    assert result["curation"]["ran"] is curate
    assert {arm: v["n"] for arm, v in result["as_of"].items()} == {a: 2 for a in arms}
    given = result["as_of_given"]
    assert {arm: v["n"] for arm, v in given.items()} == {a: 2 for a in arms}  # heuristic too
    if curate:
        assert result["curation"]["memories"] == 9
        assert result["curation"]["pointwise_memories"] == 2
    again = run_timeqa(write_timeqa(tmp_path / "timeqa"), store, k=5, curate=False)
    assert again["tenant_prefix"] == "timeqa-r2"  # re-runs never mix with old tenants


@pytest.mark.parametrize("family", family_names())
def test_every_wording_family_rewrites_the_facts_and_keeps_the_rest(
    tmp_path: Path, family: str
) -> None:
    data = load_timeqa(write_timeqa(tmp_path / "timeqa"))
    reworded = reword(data, family)
    for code, facts in data.facts.items():
        for before, after in zip(facts, reworded.facts[code], strict=True):
            assert (after.memory_id, after.answer, after.at) == (
                before.memory_id,
                before.answer,
                before.at,
            )
            assert after.answer.lower() in after.content.lower()
            assert after.subject.lower() in after.content.lower()  # never a template's "$1"
            if family != "benchmark":
                assert after.content != before.content
    assert reworded.questions == data.questions  # only how the memories are written changes


def test_a_run_in_another_wording_stores_that_wording(store: MemoryStore, tmp_path: Path) -> None:
    result = run_timeqa(
        write_timeqa(tmp_path / "timeqa"), store, k=5, curate=True, wording="noted_qa"
    )
    assert result["wording"] == "noted_qa"
    assert result["arms"]["curated"]["overall"]["n"] == 2
    tenants = [t for t in store.tenants.all() if t.startswith(result["tenant_prefix"])]
    contents = [m.content for t in tenants for m in store.memories(t)]
    assert contents and all(c.startswith("Q: ") and "(noted in " in c for c in contents)


def test_an_unknown_wording_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="wording: unknown family 'shouty'"):
        reword(load_timeqa(write_timeqa(tmp_path / "timeqa")), "shouty")


def test_a_writer_who_names_the_slot_keys_single_valued_subjects_only(tmp_path: Path) -> None:
    data = load_timeqa(write_timeqa(tmp_path / "timeqa"))
    facts = data.facts["P54"]
    keys = single_valued_keys(facts)
    keyed = {f.subject for f in facts if f.memory_id in keys}
    assert keyed == {"Ana Lima", "Cy Vale"}  # Bo Chen held two teams at once: a list
    ana = [f for f in facts if f.subject == "Ana Lima"]
    assert {keys[f.memory_id] for f in ana} == {ana[0].subject_index}
    assert ana[0].as_input(keys[ana[0].memory_id])["supersession_key"] == ana[0].subject_index


def test_a_keyed_run_writes_the_keys_and_puts_no_stale_value_first(
    store: MemoryStore, tmp_path: Path
) -> None:
    result = run_timeqa(write_timeqa(tmp_path / "timeqa"), store, k=5, curate=True, keyed=True)
    assert result["keyed"] is True and result["keyed_facts"] == 4  # Ana's three, Cy's one
    assert result["tenant_prefix"].startswith("timeqa-keyed")
    tenants = [t for t in store.tenants.all() if t.startswith(result["tenant_prefix"])]
    keys = {m.content: m.supersession_key for t in tenants for m in store.memories(t)}
    assert sum(key is not None for key in keys.values()) == 4  # never the pointwise awards
    curated = result["arms"]["curated"]["overall"]
    assert (curated["stale_first"], curated["current_first"]) == (0.0, 1.0)
    rows = {r["subject"]: r for r in result["rows"]}
    assert rows["Ana Lima"]["curated.top"] == "current"


def test_the_cli_writes_keys_when_asked_and_says_so(
    cli_env: dict[str, str], tmp_path: Path
) -> None:
    data = str(write_timeqa(tmp_path / "timeqa"))
    env = dict(cli_env, MEMGOV_EMBEDDER="hashing")
    keyed = json.loads(
        run_cli(env, "eval", "timeqa", data, "--keys", "--no-mlflow", "--json").stdout
    )
    assert (keyed["keyed"], keyed["keyed_facts"]) == (True, 4)
    shown = run_cli(env, "eval", "timeqa", data, "--keys", "--no-mlflow").stdout
    assert "keys given: 4 of 9 facts keyed" in shown
    plain = run_cli(env, "eval", "timeqa", data, "--no-mlflow").stdout
    assert "no keys" in plain

"""``memgov eval recall-order``: recall's order of a set's candidates, without a store."""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from cli_helpers import run_cli

from curation import CurationPolicy, HashingEmbedder, Vectors
from evaluation.benchmarks.recall_order import recall_order
from evaluation.benchmarks.timeqa import ChangingFactQuestion, Fact, Relation, TimeQAData


def _fact(year: int, subject: str, answer: str, content: str) -> Fact:
    at = datetime(year, 1, 1, tzinfo=UTC)
    return Fact(uuid.uuid4(), subject, subject, "employer", year, year, answer, content, at)


def _employers() -> TimeQAData:
    """Two people's employers: each one's older value is worded closer to the question
    than the current one, so raw similarity puts the stale value first."""
    facts = [
        _fact(2016, "priya", "Tessaract", "Priya Raman's employer is Tessaract."),
        _fact(2017, "lena", "Brightpath", "Lena Fischer's employer is Brightpath."),
        _fact(2019, "priya", "Fernhill", "Priya Raman's employer is now Fernhill Analytics Group."),
        _fact(2021, "lena", "Canva", "Lena Fischer's employer is now Canva Design Studio Ltd."),
    ]
    questions = [
        ChangingFactQuestion(
            "priya", "Priya Raman", "employer", "Who is Priya Raman's employer?",
            frozenset({"Fernhill"}), frozenset({"Tessaract"}),
        ),
        ChangingFactQuestion(
            "lena", "Lena Fischer", "employer", "Who is Lena Fischer's employer?",
            frozenset({"Canva"}), frozenset({"Brightpath"}),
        ),
    ]  # fmt: skip
    return TimeQAData(
        {"employer": Relation("employer", "employer", (), pointwise=False)},
        {"employer": facts},
        {"employer": questions},
        files=["fixture"],
    )


class _Counting(HashingEmbedder):
    """The hashing embedder, keeping every text it was asked to embed."""

    def __init__(self, model_name: str = "hashing-v1") -> None:
        super().__init__(model_name=model_name)
        self.asked: list[str] = []

    def embed(self, texts: Sequence[str]) -> Vectors:
        self.asked.extend(texts)
        return super().embed(texts)


def test_recall_order_puts_each_subjects_newer_value_first_where_raw_does_not() -> None:
    result = recall_order(_employers(), HashingEmbedder(), k=4)
    arms = result["arms"]
    assert arms["raw"]["stale_first"] == 1.0
    assert arms["ordered"]["current_first"] == 1.0
    assert arms["ordered"]["other_subject_first"] == 0.0
    assert result["candidates"] == 4 * CurationPolicy().candidate_multiplier


def test_recall_order_ranks_with_the_models_own_slot_settings() -> None:
    """The frame step runs only for a model it was measured on: the order must be asked
    under the embedder's own name (a run under another name silently left it out)."""
    policy = CurationPolicy(slot_frame_weight={"hashing-v1": 2.0, "*": 0.0})
    measured, unmeasured = _Counting(), _Counting("another-model")
    recall_order(_employers(), measured, k=4, policy=policy)
    recall_order(_employers(), unmeasured, k=4, policy=policy)
    frame = " employer is Tessaract."  # a fact without its subject's name
    assert any(text.endswith(frame) and "Priya" not in text for text in measured.asked)
    assert not any("Priya" not in t and t.endswith(frame) for t in unmeasured.asked)


def test_the_cli_reports_every_arm_of_one_family(env: dict[str, str]) -> None:
    done = run_cli(env, "eval", "recall-order", "--set", "b", "--family", "log_line", "--json")
    result = json.loads(done.stdout)
    assert (result["set"], result["family"]) == ("b", "log_line")
    assert set(result["arms"]) == {"raw", "heuristic", "heuristic_0.10", "ordered"}
    assert result["arms"]["ordered"]["n"] > 0


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("--set", "nope"), "--set='nope'"),
        (("--set", "b", "--family", "haiku"), "--family='haiku'"),
        (("--set", "timeqa"), "--timeqa=''"),
        (("--set", "b", "--k", "0"), "--k must be in 1.."),
    ],
)
def test_the_cli_refuses_bad_input_by_name(
    env: dict[str, str], args: tuple[str, ...], named: str
) -> None:
    done = run_cli(env, "eval", "recall-order", *args, code=2)
    assert named in done.stderr and "Traceback" not in done.stderr


def test_rows_show_what_each_arm_put_first() -> None:
    result = recall_order(_employers(), HashingEmbedder(), k=4, rows=True)
    first = {row["question"]: row["first"] for row in result["rows"]}
    priya = first["Who is Priya Raman's employer?"]
    assert priya["raw"] == {"top": "stale", "text": "Priya Raman's employer is Tessaract."}
    assert priya["ordered"]["top"] == "current"
    assert "Fernhill" in priya["ordered"]["text"]
    assert len(result["rows"][0]["ordered"]) == 4
    assert "rows" not in recall_order(_employers(), HashingEmbedder(), k=4)


def test_with_keys_only_each_keys_newest_is_ranked_as_curated_while_raw_sees_all() -> None:
    result = recall_order(_employers(), HashingEmbedder(), k=4, keyed=True, rows=True)
    arms = result["arms"]
    assert arms["raw"]["stale_first"] == 1.0
    assert (arms["ordered"]["current_first"], arms["ordered"]["stale_first"]) == (1.0, 0.0)
    assert all(len(row["ordered"]) == 2 for row in result["rows"])  # two active, one per key


def _noted(data: TimeQAData) -> TimeQAData:
    """``data`` with each fact's validity written in its text, as "(as of <year>)"."""
    facts = [
        replace(f, content=f"{f.content[:-1]} (as of {f.at.year}).") for f in data.facts["employer"]
    ]
    return replace(data, facts={"employer": facts})


def test_in_one_batch_only_what_the_texts_say_orders_the_versions() -> None:
    """Written at one moment, the facts' write times tell nothing: with a validity note in
    each text the order still finds the current value; without one it cannot."""
    noted = recall_order(_noted(_employers()), HashingEmbedder(), k=4, rows=True, one_batch=True)
    assert noted["arms"]["ordered"]["current_first"] == 1.0
    assert {hit["written"] for row in noted["rows"] for hit in row["ordered"]} == {"2021-01-01"}
    bare = recall_order(_employers(), HashingEmbedder(), k=4, one_batch=True)
    assert bare["arms"]["ordered"]["stale_first"] == 1.0
    assert bare["arms"]["heuristic"]["stale_first"] == 1.0  # no write time to go by


def test_the_cli_says_whether_the_facts_were_written_in_one_batch(env: dict[str, str]) -> None:
    done = run_cli(
        env, "eval", "recall-order", "--set", "b", "--family", "log_line", "--one-batch", "--json"
    )
    assert json.loads(done.stdout)["one_batch"] is True

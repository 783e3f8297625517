"""Benchmark adapters on small fixtures the tests write themselves (same schema as the
public files, never a copy of them), carrying every data fault the benchmarks README lists:
split evidence strings ("D8:6; D9:17", "D9:1 D4:4 D4:6"), "D:11:26", "D", evidence ids that
do not exist, category-3 items without evidence, date keys outnumbering sessions,
category-5 items with adversarial_answer instead of answer; for LongMemEval haystacks out
of date order, numeric answers, abstention ids, questions dated before their last session.
"""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from evaluation.benchmarks import load_locomo, load_longmemeval
from evaluation.benchmarks.common import BenchmarkFormatError, stable_id
from evaluation.benchmarks.locomo import normalise_evidence_id, parse_locomo_date
from evaluation.benchmarks.longmemeval import parse_longmemeval_date


def turn(speaker: str, dia_id: str, text: str, **extra: Any) -> dict[str, Any]:
    return {"speaker": speaker, "dia_id": dia_id, "text": text, **extra}


def locomo_fixture() -> list[dict[str, Any]]:
    first = {
        "sample_id": "conv-1",
        "conversation": {
            "speaker_a": "Alice",
            "speaker_b": "Bob",
            "session_1_date_time": "1:56 pm on 8 May, 2023",
            "session_1": [
                turn("Alice", "D1:1", "Hi Bob! I adopted a puppy."),
                turn("Bob", "D1:2", "Congrats! What's its name?"),
                turn(
                    "Alice",
                    "D1:3",
                    "Biscuit. Look at him!",
                    img_url=["https://example.org/dog.jpg"],
                    blip_caption="a photo of a dog on a couch",
                    query="puppy couch",
                ),
            ],
            "session_2_date_time": "12:09 am on 13 September, 2023",
            "session_2": [
                turn("Bob", "D2:1", "I ran my first marathon."),
                turn("Alice", "D2:2", "Amazing, how long did it take?"),
                turn("Bob", "D2:3", "Four hours and ten minutes."),
            ],
            # date keys without sessions (conv-26 has 35 date keys for 19 sessions)
            "session_3_date_time": "3:24 pm on 16 December, 2023",
            "session_4_date_time": "5:15 pm on 11 November, 2023",
        },
        "qa": [
            {
                "question": "What is the puppy called?",
                "answer": "Biscuit",
                "evidence": ["D1:3"],
                "category": 4,
            },
            {
                "question": "Pets and sport?",
                "answer": "puppy, marathon",
                "evidence": ["D1:1; D2:1"],
                "category": 1,
            },
            {
                "question": "All of it?",
                "answer": "x",
                "evidence": ["D2:3 D1:2 D1:1"],
                "category": 1,
            },
            {"question": "Marathon time?", "answer": "4h10", "evidence": ["D:2:3"], "category": 2},
            {
                "question": "Who adopted?",
                "answer": "Alice",
                "evidence": ["D1:1", "D"],
                "category": 4,
            },
            {
                "question": "Missing ids?",
                "answer": "y",
                "evidence": ["D1:2", "D9:9", "D2:7"],
                "category": 1,
            },
            {
                "question": "Would Bob like dogs?",
                "answer": "Likely yes",
                "evidence": [],
                "category": 3,
            },
            {
                "question": "What did Bob name his puppy?",
                "adversarial_answer": "Biscuit",
                "evidence": ["D1:03"],
                "category": 5,
            },
            {
                "question": "Did Alice run a marathon?",
                "adversarial_answer": "Yes",
                "answer": "No",
                "evidence": ["D2:1"],
                "category": 5,
            },
            {"question": "How many hours?", "answer": 4, "evidence": ["D2:3"], "category": 4},
        ],
        "observation": {},
        "event_summary": {},
        "session_summary": {},
    }
    second = {
        "sample_id": "conv-2",
        "conversation": {
            "speaker_a": "Carol",
            "speaker_b": "Dan",
            "session_1_date_time": "10:00 am on 1 January, 2024",
            "session_1": [turn("Carol", "D1:1", "Happy new year!")],
        },
        "qa": [
            {
                "question": "What did Carol say?",
                "answer": "Happy new year",
                "evidence": ["D1:1"],
                "category": 4,
            },
            {"question": "Is it a holiday?", "answer": "yes", "category": 3},
        ],
    }
    return [first, second]


def write(tmp_path: Path, name: str, payload: Any) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(payload), encoding="utf-8")
    return path


# -- LoCoMo -----------------------------------------------------------------------------


def test_locomo_dates_and_evidence_ids() -> None:
    assert parse_locomo_date("1:56 pm on 8 May, 2023") == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert parse_locomo_date("12:09 am on 13 September, 2023") == datetime(
        2023, 9, 13, 0, 9, tzinfo=UTC
    )
    assert parse_locomo_date("12:30 pm on 2 Jan, 2022").hour == 12
    with pytest.raises(ValueError):
        parse_locomo_date("yesterday")
    assert normalise_evidence_id("D11:26") == "D11:26"
    assert normalise_evidence_id("D:11:26") == "D11:26"
    assert normalise_evidence_id("D30:05") == "D30:5"
    assert normalise_evidence_id("D") is None
    assert normalise_evidence_id("session 3") is None


def test_locomo_sessions_turns_and_memories(tmp_path: Path) -> None:
    dataset = load_locomo(write(tmp_path, "locomo.json", locomo_fixture()))
    assert [c.sample_id for c in dataset.conversations] == ["conv-1", "conv-2"]
    conv = dataset.conversations[0]
    assert (conv.speaker_a, conv.speaker_b) == ("Alice", "Bob")
    assert [s.number for s in conv.sessions] == [1, 2]
    assert [len(s.turns) for s in conv.sessions] == [3, 3]
    s1 = conv.sessions[0]
    assert s1.at == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert [t.at - s1.at for t in s1.turns] == [timedelta(seconds=i) for i in range(3)]
    assert s1.turns[0].content == "Alice: Hi Bob! I adopted a puppy."
    assert (
        s1.turns[2].content == "Alice: Biscuit. Look at him! [shared: a photo of a dog on a couch]"
    )
    assert s1.turns[0].key == "D1:1"
    assert s1.turns[0].memory_id == stable_id("locomo", "conv-1", "D1:1")
    assert s1.turns[0].as_input()["kind"] == "conversation"
    assert s1.turns[0].as_input()["created_at"] == s1.at
    assert conv.last_time == datetime(2023, 9, 13, 0, 9, 2, tzinfo=UTC)
    # ids are deterministic, distinct per turn and per conversation
    again = load_locomo(write(tmp_path, "again.json", locomo_fixture()))
    assert [t.memory_id for t in again.conversations[0].turns] == [t.memory_id for t in conv.turns]
    all_ids = [t.memory_id for c in dataset.conversations for t in c.turns]
    assert len(set(all_ids)) == len(all_ids) == 7
    assert all(isinstance(i, uuid.UUID) and i.version == 5 for i in all_ids)
    plain = load_locomo(write(tmp_path, "plain.json", locomo_fixture()), include_captions=False)
    assert plain.conversations[0].turns[2].content == "Alice: Biscuit. Look at him!"


def test_locomo_qa_evidence_faults(tmp_path: Path) -> None:
    dataset = load_locomo(write(tmp_path, "locomo.json", locomo_fixture()))
    qa = dataset.conversations[0].qa
    assert [q.evidence for q in qa] == [
        ("D1:3",),
        ("D1:1", "D2:1"),  # "D1:1; D2:1"
        ("D2:3", "D1:2", "D1:1"),  # "D2:3 D1:2 D1:1"
        ("D2:3",),  # "D:2:3"
        ("D1:1",),  # "D" dropped
        ("D1:2",),  # D9:9 and D2:7 do not exist
        (),  # category 3 without evidence
        ("D1:3",),  # "D1:03"
        ("D2:1",),
        ("D2:3",),
    ]
    assert qa[5].dropped_evidence == ("D9:9", "D2:7")
    assert qa[4].dropped_evidence == ("D",)
    assert qa[1].raw_evidence == ("D1:1; D2:1",)
    assert [q.category_name for q in qa[:4]] == ["single-hop", "multi-hop", "multi-hop", "temporal"]
    assert qa[6].category_name == "open-domain"
    adversarial = qa[7]
    assert adversarial.adversarial and adversarial.category_name == "adversarial"
    assert adversarial.answer is None and adversarial.adversarial_answer == "Biscuit"
    assert (qa[8].answer, qa[8].adversarial_answer) == ("No", "Yes")
    assert qa[9].answer == "4"  # numeric answers read as text
    assert dataset.faults == {
        "split_evidence": 2,
        "repaired_evidence": 2,  # D:2:3 and D1:03
        "malformed_evidence": 1,
        "unknown_evidence": 2,
        "no_evidence": 2,  # conv-1's category 3 and conv-2's item without an evidence key
        "orphan_session_dates": 2,
    }
    summary = dataset.summary()
    assert summary["questions"] == 12 and summary["turns"] == 7 and summary["sessions"] == 3
    assert summary["by_category"]["adversarial"] == 2


def test_locomo_undated_session_and_single_sample(tmp_path: Path) -> None:
    sample = locomo_fixture()[1]
    sample["conversation"]["session_2"] = [turn("Dan", "D2:1", "Same to you!")]
    dataset = load_locomo(write(tmp_path, "one.json", sample))  # one object, not a list
    conv = dataset.conversations[0]
    assert dataset.faults["undated_sessions"] == 1
    assert conv.sessions[1].at == conv.sessions[0].at + timedelta(hours=1)


def test_locomo_rejects_other_layouts(tmp_path: Path) -> None:
    with pytest.raises(BenchmarkFormatError):
        load_locomo(write(tmp_path, "bad.json", {"hello": 1}))
    with pytest.raises(BenchmarkFormatError):
        load_locomo(write(tmp_path, "bad2.json", [{"sample_id": "x", "conversation": []}]))
    broken = tmp_path / "broken.json"
    broken.write_text("[{", encoding="utf-8")
    with pytest.raises(BenchmarkFormatError):
        load_locomo(broken)
    with pytest.raises(FileNotFoundError):
        load_locomo(tmp_path / "absent.json")


# -- LongMemEval --------------------------------------------------------------------------


def lme_turn(role: str, content: str, has_answer: bool = False) -> dict[str, Any]:
    return {"role": role, "content": content, "has_answer": has_answer}


def longmemeval_fixture() -> list[dict[str, Any]]:
    return [
        {
            "question_id": "q-user",
            "question_type": "single-session-user",
            "question": "What breed is my dog?",
            "answer": "a beagle",
            "question_date": "2023/05/28 (Sun) 19:47",
            "haystack_dates": ["2023/05/21 (Sun) 19:50"],
            "haystack_session_ids": ["answer_1"],
            "haystack_sessions": [
                [
                    lme_turn("user", "My beagle keeps barking at night.", True),
                    lme_turn("assistant", "Beagles are vocal; try more exercise."),
                ]
            ],
            "answer_session_ids": ["answer_1"],
        },
        {
            "question_id": "q-update",
            "question_type": "knowledge-update",
            "question": "What is my mortgage pre-approval amount?",
            "answer": 400000,
            "question_date": "2023/06/01 (Thu) 09:00",
            # listed newest first: the adapter must ingest in date order
            "haystack_dates": ["2023/05/20 (Sat) 02:21", "2023/03/02 (Thu) 10:00"],
            "haystack_session_ids": ["answer_new", "answer_old"],
            "haystack_sessions": [
                [
                    lme_turn("user", "The bank raised my pre-approval to $400,000.", True),
                    lme_turn("assistant", "Great, that widens your options."),
                ],
                [
                    lme_turn("user", "I got pre-approved for $350,000.", True),
                    lme_turn("assistant", "Congratulations!"),
                    lme_turn("user", "Thanks."),
                ],
            ],
            "answer_session_ids": ["answer_old", "answer_new"],
        },
        {
            "question_id": "q-update_abs",
            "question_type": "knowledge-update",
            "question": "What is my car loan amount?",
            "answer": "You did not mention a car loan.",
            # earlier on the day of the last session (43 oracle questions do this)
            "question_date": "2023/04/01 (Sat) 08:00",
            "haystack_dates": ["2023/04/01 (Sat) 12:00"],
            "haystack_session_ids": ["answer_x"],
            "haystack_sessions": [[lme_turn("user", "I bought a bike.")]],
            "answer_session_ids": ["answer_x"],
        },
    ]


def test_longmemeval_dates() -> None:
    assert parse_longmemeval_date("2023/05/20 (Sat) 02:21") == datetime(
        2023, 5, 20, 2, 21, tzinfo=UTC
    )
    assert parse_longmemeval_date("2023/5/2") == datetime(2023, 5, 2, tzinfo=UTC)
    with pytest.raises(ValueError):
        parse_longmemeval_date("20 May 2023")


def test_longmemeval_questions(tmp_path: Path) -> None:
    dataset = load_longmemeval(write(tmp_path, "lme.json", longmemeval_fixture()))
    user, update, abstention = dataset.questions
    assert user.question_type == "single-session-user" and not user.abstention
    assert user.question_date == datetime(2023, 5, 28, 19, 47, tzinfo=UTC)
    (session,) = user.sessions
    assert session.session_id == "answer_1" and session.is_answer
    assert [t.memory.content for t in session.turns] == [
        "user: My beagle keeps barking at night.",
        "assistant: Beagles are vocal; try more exercise.",
    ]
    assert [t.has_answer for t in session.turns] == [True, False]
    assert [t.memory.at - session.at for t in session.turns] == [
        timedelta(0),
        timedelta(seconds=1),
    ]
    assert user.answer_turn_keys == ("answer_1:0",)
    assert session.turns[0].memory.memory_id == stable_id("longmemeval", "q-user", "answer_1", "0")

    # ingested in date order, not list order; the later session holds the current value
    assert [s.session_id for s in update.sessions] == ["answer_old", "answer_new"]
    assert update.answer == "400000"
    assert update.answer_session_ids == ("answer_old", "answer_new")
    assert update.update_pair is not None
    older, newer = update.update_pair
    assert (older.session_id, newer.session_id) == ("answer_old", "answer_new")
    assert [t.memory.content for t in newer.answer_turns] == [
        "user: The bank raised my pre-approval to $400,000."
    ]
    assert user.update_pair is None

    assert abstention.abstention and abstention.answer_turn_keys == ()
    assert dataset.faults == {
        "unsorted_haystack": 1,
        "numeric_answers": 1,
        "no_answer_turns": 1,
        "question_before_last_session": 1,
    }
    summary = dataset.summary()
    assert summary["by_type"] == {"knowledge-update": 2, "single-session-user": 1}
    assert summary["abstention"] == 1 and summary["turns"] == 8


def test_longmemeval_misaligned_and_bad_layout(tmp_path: Path) -> None:
    item = longmemeval_fixture()[0]
    item["haystack_dates"] = [*item["haystack_dates"], "2023/05/22 (Mon) 10:00"]
    item["answer_session_ids"] = ["answer_1", "answer_gone"]
    dataset = load_longmemeval(write(tmp_path, "lme.json", [item]))
    assert dataset.faults["misaligned_haystack"] == 1
    assert dataset.faults["unknown_answer_sessions"] == 1
    assert dataset.questions[0].answer_session_ids == ("answer_1",)
    with pytest.raises(BenchmarkFormatError):
        load_longmemeval(write(tmp_path, "bad.json", {"questions": []}))

"""LongMemEval (oracle split, ``longmemeval_oracle.json``) as a retrieval workload.

Each question is its own memory store: its haystack sessions are ingested in date order
(``haystack_dates`` read like ``"2023/05/20 (Sat) 02:21"``; 34 questions of the oracle
file list them out of order), one memory per turn with content ``"role: text"``, kind
``conversation``, ``created_at`` = session date + turn index in seconds, id = uuid5 of
``question_id/session_id/index``. Relevance is kept at both levels: sessions
(``answer_session_ids``) and turns (``has_answer``). Ids ending ``_abs`` are abstention
questions (the asked-about thing is not in the history): they are counted but not scored.

Knowledge-update questions have two answer sessions; the later (by date) holds the
current value and the earlier the superseded one (``LongMemEvalQuestion.update_pair``).

Faults survived and counted: ``unsorted_haystack``, ``undated_sessions``,
``unknown_answer_sessions`` (answer ids not in the haystack), ``no_answer_turns``
(no ``has_answer`` turn: 21 questions, all abstentions), ``numeric_answers``,
``misaligned_haystack`` (dates/ids/sessions of different lengths: the shortest wins),
``truncated_turns``, ``question_before_last_session`` (43 oracle questions are dated
earlier on the day of their last session: the runner queries after the last turn).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from curation import MAX_CONTENT_CHARS
from evaluation.benchmarks.common import FaultLog, TurnMemory, read_objects, session_time, text_of

KNOWLEDGE_UPDATE = "knowledge-update"
ABSTENTION_SUFFIX = "_abs"

_DATE = re.compile(
    r"^\s*(?P<year>\d{4})/(?P<month>\d{1,2})/(?P<day>\d{1,2})\s*(?:\([A-Za-z]+\))?\s*"
    r"(?:(?P<hour>\d{1,2}):(?P<minute>\d{2}))?\s*$"
)


def parse_longmemeval_date(value: str) -> datetime:
    """``"2023/05/20 (Sat) 02:21"`` as an aware UTC datetime (the data has no zone)."""
    match = _DATE.match(value)
    if match is None:
        raise ValueError(f"not a LongMemEval date: {value!r}")
    return datetime(
        int(match["year"]),
        int(match["month"]),
        int(match["day"]),
        int(match["hour"] or 0),
        int(match["minute"] or 0),
        tzinfo=UTC,
    )


@dataclass(frozen=True)
class LongMemEvalTurn:
    memory: TurnMemory
    role: str
    has_answer: bool


@dataclass(frozen=True)
class LongMemEvalSession:
    session_id: str
    at: datetime
    turns: tuple[LongMemEvalTurn, ...]
    is_answer: bool

    @property
    def answer_turns(self) -> tuple[LongMemEvalTurn, ...]:
        return tuple(t for t in self.turns if t.has_answer)


@dataclass(frozen=True)
class LongMemEvalQuestion:
    question_id: str
    question_type: str
    question: str
    answer: str
    question_date: datetime
    sessions: tuple[LongMemEvalSession, ...]  # chronological
    answer_session_ids: tuple[str, ...]  # those present in the haystack

    @property
    def abstention(self) -> bool:
        return self.question_id.endswith(ABSTENTION_SUFFIX)

    @property
    def turns(self) -> list[LongMemEvalTurn]:
        return [turn for session in self.sessions for turn in session.turns]

    @property
    def last_time(self) -> datetime:
        return max((t.memory.at for t in self.turns), default=self.question_date)

    @property
    def answer_turn_keys(self) -> tuple[str, ...]:
        return tuple(t.memory.key for t in self.turns if t.has_answer)

    def session(self, session_id: str) -> LongMemEvalSession:
        for session in self.sessions:
            if session.session_id == session_id:
                return session
        raise KeyError(session_id)

    @property
    def update_pair(self) -> tuple[LongMemEvalSession, LongMemEvalSession] | None:
        """(older, newer) answer sessions of a knowledge-update question, by date."""
        if self.question_type != KNOWLEDGE_UPDATE:
            return None
        answers = [s for s in self.sessions if s.is_answer]
        if len(answers) < 2:
            return None
        return answers[0], answers[-1]


@dataclass
class LongMemEvalDataset(FaultLog):
    path: str
    questions: list[LongMemEvalQuestion]

    def summary(self) -> dict[str, Any]:
        return {
            "questions": len(self.questions),
            "sessions": sum(len(q.sessions) for q in self.questions),
            "turns": sum(len(q.turns) for q in self.questions),
            "by_type": dict(sorted(Counter(q.question_type for q in self.questions).items())),
            "abstention": sum(q.abstention for q in self.questions),
            "faults": dict(sorted(self.faults.items())),
            "fault_examples": self.examples,
        }


def _question(item: dict[str, Any], position: int, dataset: LongMemEvalDataset) -> Any:
    qid = text_of(item.get("question_id")).strip() or f"question-{position}"
    question = text_of(item.get("question")).strip()
    if not question:
        dataset.note("malformed_questions", f"{qid}: no question text")
        return None
    try:
        question_date = parse_longmemeval_date(text_of(item.get("question_date")))
    except ValueError:
        question_date = None
    dates = list(item.get("haystack_dates") or [])
    ids = [text_of(x) for x in item.get("haystack_session_ids") or []]
    raw_sessions = list(item.get("haystack_sessions") or [])
    n = min(len(dates), len(ids), len(raw_sessions))
    if not len(dates) == len(ids) == len(raw_sessions):
        dataset.note("misaligned_haystack", f"{qid}: {len(dates)}/{len(ids)}/{len(raw_sessions)}")
    answer = item.get("answer")
    if answer is not None and not isinstance(answer, str):
        dataset.note("numeric_answers", f"{qid}: {answer!r}")
    answer_ids = [text_of(x) for x in item.get("answer_session_ids") or []]
    present = set(ids[:n])
    unknown = [a for a in answer_ids if a not in present]
    if unknown:
        dataset.note("unknown_answer_sessions", f"{qid}: {unknown}", len(unknown))
    answer_set = {a for a in answer_ids if a in present}

    parsed: list[tuple[datetime, int, str, list[Any]]] = []
    previous: datetime | None = None
    for index in range(n):
        at = session_time(
            parse_longmemeval_date, dates[index], previous, dataset, f"{qid}: {ids[index]}"
        )
        previous = at
        turns = raw_sessions[index] if isinstance(raw_sessions[index], list) else []
        parsed.append((at, index, ids[index], turns))
    order = sorted(parsed, key=lambda p: (p[0], p[1]))
    if [p[1] for p in order] != [p[1] for p in parsed]:
        dataset.note("unsorted_haystack", f"{qid}")

    sessions = []
    for at, _, session_id, raw_turns in order:
        turns = []
        for index, turn in enumerate(raw_turns):
            if not isinstance(turn, dict):
                dataset.note("malformed_turns", f"{qid}: {session_id}[{index}]")
                continue
            role = text_of(turn.get("role")).strip() or "unknown"
            body = text_of(turn.get("content")).replace("\x00", "").strip()
            content = f"{role}: {body}" if body else f"{role}:"
            if len(content) > MAX_CONTENT_CHARS:
                content = content[:MAX_CONTENT_CHARS]
                dataset.note("truncated_turns", f"{qid}: {session_id}[{index}]")
            key = f"{session_id}:{index}"
            turns.append(
                LongMemEvalTurn(
                    memory=TurnMemory.in_session(
                        key,
                        ("longmemeval", qid, session_id, str(index)),
                        content,
                        at,
                        index,
                        role,
                        {"question_id": qid, "session_id": session_id, "turn": index},
                    ),
                    role=role,
                    has_answer=bool(turn.get("has_answer", False)),
                )
            )
        sessions.append(
            LongMemEvalSession(
                session_id=session_id,
                at=at,
                turns=tuple(turns),
                is_answer=session_id in answer_set,
            )
        )
    last = max((t.memory.at for s in sessions for t in s.turns), default=None)
    if question_date is None:
        question_date = (last or datetime(2000, 1, 1, tzinfo=UTC)) + timedelta(minutes=1)
        dataset.note("undated_questions", qid)
    result = LongMemEvalQuestion(
        question_id=qid,
        question_type=text_of(item.get("question_type")).strip() or "unknown",
        question=question,
        answer=text_of(answer),
        question_date=question_date,
        sessions=tuple(sessions),
        answer_session_ids=tuple(a for a in answer_ids if a in answer_set),
    )
    if not result.answer_turn_keys:
        dataset.note("no_answer_turns", f"{qid} ({result.question_type})")
    if last is not None and question_date < last:
        dataset.note("question_before_last_session", f"{qid}: asked {question_date:%Y-%m-%d %H:%M}")
    return result


def load_longmemeval(path: str | Path) -> LongMemEvalDataset:
    """Parse a LongMemEval file (a list of question objects)."""
    dataset = LongMemEvalDataset(path=str(path), questions=[])
    for position, item in read_objects(path, "LongMemEval questions", "item"):
        question = _question(item, position, dataset)
        if question is not None:
            dataset.questions.append(question)
    return dataset

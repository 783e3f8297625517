"""LoCoMo (snap-research/locomo, ``locomo10.json``) as a retrieval workload.

Each conversation becomes its sessions in order, one memory per turn: content
``"Speaker: text"`` (plus ``[shared: <blip caption>]`` when the turn shared an image, since
questions ask about the photos), kind ``conversation``, ``created_at`` = the session's date
+ the turn's index in seconds, id = uuid5 of ``sample_id/dia_id``. Each QA item keeps its
category and normalised evidence turn ids.

Data faults survived and counted in ``LocomoDataset.faults``:

- ``split_evidence``: one string naming several turns (``"D8:6; D9:17"``, ``"D9:1 D4:4"``);
- ``repaired_evidence``: ids written oddly but unambiguous (``"D:11:26"`` = D11:26,
  ``"D30:05"`` = D30:5);
- ``malformed_evidence``: not a turn id at all (``"D"``), dropped;
- ``unknown_evidence``: well-formed ids naming no turn of the conversation, dropped;
- ``no_evidence``: QA items without any (remaining) evidence: kept for the record,
  skipped by retrieval metrics;
- ``orphan_session_dates``: ``session_N_date_time`` keys without a ``session_N``;
- ``undated_sessions``: sessions without a parseable date (placed an hour after the
  previous one).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from curation import MONTH_NUMBERS
from evaluation.benchmarks.common import (
    BenchmarkFormatError,
    FaultLog,
    TurnMemory,
    read_objects,
    session_time,
    text_of,
)

CATEGORY_NAMES = {
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    4: "single-hop",
    5: "adversarial",
}
ADVERSARIAL = 5

_MONTHS = MONTH_NUMBERS
_DATE = re.compile(
    r"^\s*(?P<hour>\d{1,2}):(?P<minute>\d{2})\s*(?P<ampm>[ap])\.?m\.?\s+on\s+"
    r"(?P<day>\d{1,2})\s+(?P<month>[A-Za-z]+)\.?,?\s+(?P<year>\d{4})\s*$",
    re.IGNORECASE,
)
_SESSION = re.compile(r"^session_(\d+)$")
_SESSION_DATE = re.compile(r"^session_(\d+)_date_time$")
_EVIDENCE = re.compile(r"^D:?(\d+):(\d+)$")
_EVIDENCE_SPLIT = re.compile(r"[;,\s]+")


def parse_locomo_date(value: str) -> datetime:
    """``"1:56 pm on 8 May, 2023"`` as an aware UTC datetime (the data has no zone)."""
    match = _DATE.match(value)
    if match is None:
        raise ValueError(f"not a LoCoMo session date: {value!r}")
    month = _MONTHS.get(match["month"].lower())
    if month is None:
        raise ValueError(f"unknown month in {value!r}")
    hour = int(match["hour"]) % 12 + (12 if match["ampm"].lower() == "p" else 0)
    return datetime(
        int(match["year"]), month, int(match["day"]), hour, int(match["minute"]), tzinfo=UTC
    )


def normalise_evidence_id(token: str) -> str | None:
    """``D11:26`` for ``D11:26``, ``D:11:26`` and ``D11:026``; None for anything else."""
    match = _EVIDENCE.match(token.strip())
    if match is None:
        return None
    return f"D{int(match[1])}:{int(match[2])}"


@dataclass(frozen=True)
class LocomoSession:
    number: int
    at: datetime
    turns: tuple[TurnMemory, ...]


@dataclass(frozen=True)
class LocomoQA:
    sample_id: str
    index: int
    question: str
    category: int
    answer: str | None
    adversarial_answer: str | None
    evidence: tuple[str, ...]  # normalised dia_ids that exist in the conversation
    raw_evidence: tuple[str, ...]
    dropped_evidence: tuple[str, ...] = ()

    @property
    def category_name(self) -> str:
        return CATEGORY_NAMES.get(self.category, f"category-{self.category}")

    @property
    def adversarial(self) -> bool:
        return self.category == ADVERSARIAL


@dataclass(frozen=True)
class LocomoConversation:
    sample_id: str
    speaker_a: str
    speaker_b: str
    sessions: tuple[LocomoSession, ...]
    qa: tuple[LocomoQA, ...]

    @property
    def turns(self) -> list[TurnMemory]:
        return [turn for session in self.sessions for turn in session.turns]

    @property
    def turn_by_id(self) -> dict[str, TurnMemory]:
        return {turn.key: turn for turn in self.turns}

    @property
    def last_time(self) -> datetime:
        return max(
            (turn.at for turn in self.turns),
            default=max((s.at for s in self.sessions), default=datetime(1970, 1, 1, tzinfo=UTC)),
        )


@dataclass
class LocomoDataset(FaultLog):
    path: str
    conversations: list[LocomoConversation]

    @property
    def questions(self) -> list[LocomoQA]:
        return [qa for conversation in self.conversations for qa in conversation.qa]

    def summary(self) -> dict[str, Any]:
        return {
            "conversations": len(self.conversations),
            "sessions": sum(len(c.sessions) for c in self.conversations),
            "turns": sum(len(c.turns) for c in self.conversations),
            "questions": len(self.questions),
            "by_category": dict(sorted(Counter(qa.category_name for qa in self.questions).items())),
            "faults": dict(sorted(self.faults.items())),
            "fault_examples": self.examples,
        }


def _turn_content(turn: dict[str, Any], include_captions: bool) -> tuple[str, str]:
    speaker = text_of(turn.get("speaker")).strip() or "unknown"
    text = " ".join(text_of(turn.get("text")).replace("\x00", "").split())
    caption = " ".join(text_of(turn.get("blip_caption")).split()) if include_captions else ""
    content = f"{speaker}: {text}" if text else f"{speaker}:"
    if caption:
        content += f" [shared: {caption}]"
    return speaker, content


def _sessions(
    sample_id: str, conversation: dict[str, Any], dataset: LocomoDataset, include_captions: bool
) -> list[LocomoSession]:
    numbers = sorted(int(m[1]) for key in conversation if (m := _SESSION.match(key)) is not None)
    dated = {int(m[1]) for key in conversation if (m := _SESSION_DATE.match(key)) is not None}
    orphans = sorted(dated - set(numbers))
    if orphans:
        dataset.note(
            "orphan_session_dates",
            f"{sample_id}: {len(orphans)} date keys without a session ({orphans[0]}..)",
            len(orphans),
        )
    sessions: list[LocomoSession] = []
    seen_ids: Counter[str] = Counter()
    previous: datetime | None = None
    for number in numbers:
        raw_turns = conversation.get(f"session_{number}")
        if not isinstance(raw_turns, list):
            dataset.note("malformed_sessions", f"{sample_id}: session_{number} is not a list")
            continue
        at = session_time(
            parse_locomo_date,
            conversation.get(f"session_{number}_date_time"),
            previous,
            dataset,
            f"{sample_id}: session_{number}",
        )
        turns = []
        for index, turn in enumerate(raw_turns):
            if not isinstance(turn, dict):
                dataset.note("malformed_turns", f"{sample_id}: session_{number}[{index}]")
                continue
            dia_id = normalise_evidence_id(text_of(turn.get("dia_id")))
            if dia_id is None:
                dia_id = f"D{number}:{index + 1}"
                dataset.note("turns_without_dia_id", f"{sample_id}: session_{number}[{index}]")
            seen_ids[dia_id] += 1
            key = dia_id if seen_ids[dia_id] == 1 else f"{dia_id}#{seen_ids[dia_id]}"
            if key != dia_id:
                dataset.note("duplicate_dia_ids", f"{sample_id}: {dia_id}")
            speaker, content = _turn_content(turn, include_captions)
            turns.append(
                TurnMemory.in_session(
                    key,
                    ("locomo", sample_id, key),
                    content,
                    at,
                    index,
                    speaker,
                    {"sample_id": sample_id, "dia_id": key, "session": number},
                )
            )
        previous = max(at, turns[-1].at if turns else at)
        sessions.append(LocomoSession(number=number, at=at, turns=tuple(turns)))
    return sessions


def _evidence(
    sample_id: str, raw: Any, known: set[str], dataset: LocomoDataset
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    entries = raw if isinstance(raw, list) else ([] if raw is None else [raw])
    raw_strings = tuple(text_of(e) for e in entries)
    kept: list[str] = []
    dropped: list[str] = []
    for entry in raw_strings:
        tokens = [t for t in _EVIDENCE_SPLIT.split(entry.strip()) if t]
        if len(tokens) > 1:
            dataset.note("split_evidence", f"{sample_id}: {entry!r}")
        for token in tokens:
            normal = normalise_evidence_id(token)
            if normal is None:
                dataset.note("malformed_evidence", f"{sample_id}: {token!r}")
                dropped.append(token)
                continue
            if normal != token:
                dataset.note("repaired_evidence", f"{sample_id}: {token!r} -> {normal}")
            if normal not in known:
                dataset.note("unknown_evidence", f"{sample_id}: {normal}")
                dropped.append(token)
                continue
            if normal not in kept:
                kept.append(normal)
    return tuple(kept), raw_strings, tuple(dropped)


def _conversation(
    sample: dict[str, Any], position: int, dataset: LocomoDataset, include_captions: bool
) -> LocomoConversation:
    sample_id = text_of(sample.get("sample_id")).strip() or f"sample-{position}"
    conversation = sample.get("conversation")
    if not isinstance(conversation, dict):
        raise BenchmarkFormatError(f"{sample_id}: 'conversation' is not an object")
    sessions = _sessions(sample_id, conversation, dataset, include_captions)
    known = {turn.key for session in sessions for turn in session.turns}
    qa_items = []
    raw_qa = sample.get("qa") or []
    if not isinstance(raw_qa, list):
        raise BenchmarkFormatError(f"{sample_id}: 'qa' is not a list")
    for index, item in enumerate(raw_qa):
        if not isinstance(item, dict) or not text_of(item.get("question")).strip():
            dataset.note("malformed_qa", f"{sample_id}: qa[{index}]")
            continue
        evidence, raw_evidence, dropped = _evidence(sample_id, item.get("evidence"), known, dataset)
        try:
            category = int(item.get("category", 0))
        except (TypeError, ValueError):
            category = 0
            dataset.note("unknown_category", f"{sample_id}: qa[{index}]")
        if not evidence:
            dataset.note(
                "no_evidence", f"{sample_id}: qa[{index}] (category {category}) {raw_evidence!r}"
            )
        answer = item.get("answer")
        adversarial = item.get("adversarial_answer")
        qa_items.append(
            LocomoQA(
                sample_id=sample_id,
                index=index,
                question=text_of(item["question"]).strip(),
                category=category,
                answer=None if answer is None else text_of(answer),
                adversarial_answer=None if adversarial is None else text_of(adversarial),
                evidence=evidence,
                raw_evidence=raw_evidence,
                dropped_evidence=dropped,
            )
        )
    return LocomoConversation(
        sample_id=sample_id,
        speaker_a=text_of(conversation.get("speaker_a")),
        speaker_b=text_of(conversation.get("speaker_b")),
        sessions=tuple(sessions),
        qa=tuple(qa_items),
    )


def load_locomo(path: str | Path, *, include_captions: bool = True) -> LocomoDataset:
    """Parse ``locomo10.json`` (a list of samples, or one sample object)."""
    dataset = LocomoDataset(path=str(path), conversations=[])
    for position, sample in read_objects(path, "LoCoMo samples", "sample", lone="conversation"):
        dataset.conversations.append(_conversation(sample, position, dataset, include_captions))
    return dataset

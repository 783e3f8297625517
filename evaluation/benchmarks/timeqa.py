"""TimeQA (human-annotated split) as a changing-facts workload with no supersession keys.

Per the shared benchmarks README: for each subject and relation, every (window, answer)
becomes one memory written when its window began, in time order, the way an agent records
what it learned. The memory is a question of the relation's templates (``relations.json``)
filled with the subject and the window's start, followed by its answer ("Which team did
Jan Koller play for from 1999? Anderlecht."); the templates rotate, so two memories about
one subject are worded differently and the store cannot match on wording alone.

Questions ask the relation without a time ("Which team did Jan Koller play for?") after
the last window: the answers of the latest window are current, the earlier ones stale.
Subjects whose value never changed have no stale value and are not asked. Relations
marked ``pointwise`` in ``relations.json`` (awards, nominations, memberships gained at a
moment) hold many values at once: they are ingested (other subjects' facts are the
distractors every store has) but never asked, and their memories measure whether
curation collapses a multi-valued relation.

One tenant per relation: all subjects of one relation share a store, so facts about many
similar subjects sit side by side (the case where a value-difference detector confuses
subjects).
"""

from __future__ import annotations

import re
import urllib.parse
import uuid
import zlib
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from itertools import pairwise
from pathlib import Path
from typing import Any

from evaluation.benchmarks.common import BenchmarkFormatError, FaultLog, read_json, stable_id

RELATIONS_FILE = "relations.json"
_YEAR = re.compile(r"(?<!\d)(1[0-9]{3}|20[0-9]{2})(?!\d)")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,.;:!?)'])")
_SPACE_AFTER_OPEN = re.compile(r"([(])\s+")


def clean(text: str) -> str:
    """Wikipedia-tokenised text ("Arizona , Tucson") read as written ("Arizona, Tucson")."""
    text = _SPACE_BEFORE_PUNCT.sub(r"\1", " ".join(text.split()))
    return _SPACE_AFTER_OPEN.sub(r"\1", text).replace(" 's", "'s")


@dataclass(frozen=True)
class Relation:
    code: str
    meaning: str
    templates: tuple[str, ...]
    pointwise: bool


@dataclass(frozen=True)
class Fact:
    """One (window, answer) of one subject: the memory it becomes."""

    memory_id: uuid.UUID
    subject_index: str
    subject: str
    relation: str
    start: int
    end: int
    answer: str
    content: str
    at: datetime

    def as_input(self, key: str | None = None) -> dict[str, Any]:
        """The memory it becomes; ``key``: a supersession key its writer names it with."""
        item: dict[str, Any] = {
            "id": self.memory_id,
            "content": self.content,
            "kind": "fact",
            "created_at": self.at,
            "source": "timeqa",
            "metadata": {"relation": self.relation, "window": [self.start, self.end]},
        }
        if key is not None:
            item["supersession_key"] = key
        return item


def single_valued_keys(facts: Sequence[Fact]) -> dict[uuid.UUID, str]:
    """The supersession key a writer who names the slot gives each fact: its subject's
    index, for a subject that holds one value at a time. A subject holding two values at
    once (two facts from one moment, or windows that overlap: a list, not a slot) gets
    none, as such a writer would not file a list under one key."""
    by_subject: defaultdict[str, list[Fact]] = defaultdict(list)
    for fact in facts:
        by_subject[fact.subject_index].append(fact)
    keys: dict[uuid.UUID, str] = {}
    for index, held in by_subject.items():
        ordered = sorted(held, key=lambda f: (f.at, f.start, f.end))
        together = any(
            later.at == earlier.at or later.start < earlier.end
            for earlier, later in pairwise(ordered)
        )
        if not together:
            keys.update((f.memory_id, index) for f in held)
    return keys


@dataclass(frozen=True)
class ChangingFactQuestion:
    """The relation asked without a time, after the subject's last window."""

    subject_index: str
    subject: str
    relation: str
    question: str
    current: frozenset[str]  # answers of the latest window
    stale: frozenset[str]  # answers of earlier windows only
    split: str = ""  # the file it came from ("human_annotated_train"): tune on train only


@dataclass(frozen=True)
class AsOfQuestion:
    """The relation asked at a past year ("Which team did Jan Koller play for in 2000?"):
    the answer is the value whose window holds that year, now a stale one."""

    subject_index: str
    subject: str
    relation: str
    question: str
    year: int
    expected: frozenset[str]  # answers whose window holds the year
    split: str = ""


@dataclass
class TimeQAData:
    relations: dict[str, Relation]
    facts: dict[str, list[Fact]]  # relation -> facts in time order
    questions: dict[str, list[ChangingFactQuestion]]  # relation -> questions
    files: list[str]
    log: FaultLog = field(default_factory=FaultLog)
    as_of: dict[str, list[AsOfQuestion]] = field(default_factory=dict)  # relation -> questions

    def summary(self) -> dict[str, Any]:
        return {
            "files": self.files,
            "relations": len(self.facts),
            "subjects": len({f.subject_index for fs in self.facts.values() for f in fs}),
            "facts": sum(len(fs) for fs in self.facts.values()),
            "questions": sum(len(qs) for qs in self.questions.values()),
            "faults": dict(self.log.faults),
            "fault_examples": self.log.examples,
        }


def _relations(path: Path) -> dict[str, Relation]:
    raw = read_json(path)
    if not isinstance(raw, dict):
        raise BenchmarkFormatError(f"{path}: expected an object of relations")
    out = {}
    for code, spec in raw.items():
        templates = tuple(t for t in spec.get("template", []) if isinstance(t, str) and "$1" in t)
        if templates:
            out[code] = Relation(
                code, str(spec.get("meaning", code)), templates, spec.get("mode") == "pointwise"
            )
    return out


def fill_template(template: str, subject: str, when: str) -> str:
    """A relation's question template asked of ``subject`` at ``when`` (empty: no time)."""
    text = template.replace("$1", subject).replace("$4", when).replace("$2", when)
    text = re.sub(r"\$\d", "", text)
    return clean(text.replace(" ?", "?"))


def subject_name(entry: dict[str, Any]) -> str:
    link = str(entry.get("link") or "")
    if link.startswith("/wiki/"):
        return clean(urllib.parse.unquote(link[len("/wiki/") :]).replace("_", " "))
    paras = entry.get("paras") or [""]
    return clean(str(paras[0]))


def _rotation(key: str) -> int:
    return zlib.crc32(key.encode())


def load_timeqa(directory: str | Path) -> TimeQAData:
    """Every ``*.json`` in ``directory`` except ``relations.json`` (the split files)."""
    root = Path(directory)
    if not root.is_dir():
        raise FileNotFoundError(f"TimeQA directory not found: {root}")
    relations = _relations(root / RELATIONS_FILE)
    files = sorted(p for p in root.glob("*.json") if p.name != RELATIONS_FILE)
    if not files:
        raise BenchmarkFormatError(f"{root}: no split files (*.json besides {RELATIONS_FILE})")
    log = FaultLog()
    seen: set[str] = set()
    facts: dict[str, list[Fact]] = defaultdict(list)
    questions: dict[str, list[ChangingFactQuestion]] = defaultdict(list)
    as_of: dict[str, list[AsOfQuestion]] = defaultdict(list)
    for file in files:
        entries = read_json(file)
        if not isinstance(entries, list):
            raise BenchmarkFormatError(f"{file}: expected a list of subjects")
        for entry in entries:
            if not isinstance(entry, dict) or "index" not in entry:
                log.note("entry_without_index", f"{file.name}: {str(entry)[:80]}")
                continue
            index = str(entry["index"])
            if index in seen:
                log.note("subject_in_several_files", index)
                continue
            seen.add(index)
            relation = relations.get(str(entry.get("type")))
            if relation is None:
                log.note("relation_without_templates", str(entry.get("type")))
                continue
            subject_facts = _subject_facts(entry, relation, index, log)
            if subject_facts:
                facts[relation.code] += subject_facts
            question = _question(subject_facts, relation, index, file.stem)
            if question is not None:
                questions[relation.code].append(question)
                past = _as_of_question(subject_facts, relation, index, file.stem)
                if past is not None:
                    as_of[relation.code].append(past)
    for relation_facts in facts.values():
        relation_facts.sort(key=lambda f: (f.at, str(f.memory_id)))
    return TimeQAData(
        relations, dict(facts), dict(questions), [p.name for p in files], log, dict(as_of)
    )


def _subject_facts(
    entry: dict[str, Any], relation: Relation, index: str, log: FaultLog
) -> list[Fact]:
    subject = subject_name(entry)
    windows: dict[tuple[int, int], list[str]] = defaultdict(list)
    for item in entry.get("questions") or []:
        if not (isinstance(item, list) and len(item) == 2):
            log.note("question_not_a_pair", f"{index}: {str(item)[:80]}")
            continue
        text, answers = item
        years = [int(y) for y in _YEAR.findall(str(text))]
        if not years:
            log.note("question_without_year", f"{index}: {str(text)[:80]}")
            continue
        window = (min(years), max(years))
        for answer in answers or []:
            value = clean(str((answer or {}).get("answer") or ""))
            if value and value not in windows[window]:
                windows[window].append(value)
    out: list[Fact] = []
    starts = sorted(windows)
    templates = relation.templates
    for n, window in enumerate(starts):
        start, end = window
        same_start_before = sum(1 for w in starts[:n] if w[0] == start)
        at = datetime(start, 1, 1, tzinfo=UTC) + timedelta(days=same_start_before)
        when = f"in {start}" if relation.pointwise else f"from {start}"
        for answer in windows[window]:
            template = templates[(_rotation(index) + len(out)) % len(templates)]
            content = f"{fill_template(template, subject, when)} {answer}."
            out.append(
                Fact(
                    memory_id=stable_id("timeqa", index, str(start), str(end), answer),
                    subject_index=index,
                    subject=subject,
                    relation=relation.code,
                    start=start,
                    end=end,
                    answer=answer,
                    content=content,
                    at=at,
                )
            )
    return out


def _question(
    facts: list[Fact], relation: Relation, index: str, split: str
) -> ChangingFactQuestion | None:
    if relation.pointwise or not facts:
        return None
    latest = max(facts, key=lambda f: (f.at, f.end)).at
    current = frozenset(f.answer for f in facts if f.at == latest)
    stale = frozenset(f.answer for f in facts if f.answer not in current)
    if not stale:
        return None
    return ChangingFactQuestion(*_asked(facts, relation, index, 1, ""), current, stale, split)


def _as_of_question(
    facts: list[Fact], relation: Relation, index: str, split: str
) -> AsOfQuestion | None:
    """Asked at the start of the last window before the current one (a changing subject
    only), with a third rotation of the templates."""
    starts = sorted({f.start for f in facts})
    if len(starts) < 2:
        return None
    year = starts[-2]
    expected = frozenset(f.answer for f in facts if f.start <= year <= f.end)
    if not expected:
        return None
    return AsOfQuestion(*_asked(facts, relation, index, 2, f"in {year}"), year, expected, split)


def _asked(
    facts: list[Fact], relation: Relation, index: str, turn: int, when: str
) -> tuple[str, str, str, str]:
    """What a question about a subject starts with (subject index, subject, relation, its
    text): the relation's templates rotated ``turn`` past the subject's first memory's."""
    template = relation.templates[(_rotation(index) + turn) % len(relation.templates)]
    return index, facts[0].subject, relation.code, fill_template(template, facts[0].subject, when)

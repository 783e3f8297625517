"""The same changing facts written in many wordings: curation must not depend on one.

A detector fitted to one benchmark's phrasing is no mechanism: the same TimeQA facts
written "Anderlecht is the team of X (as of 1999)" or as a noted Q/A once gave curated =
raw. So every fact of the workload can be re-rendered in one of several *wording families*
(value first or last, the validity note before, after, in brackets, as an ISO date, in
words, in a record's field or absent, Q/A, key: value notes, log lines, lower case, a
tool's JSON naming the value it replaced), and every question keeps
its own wording: only how the memories are written changes.

A family renders one fact from its parts (subject, slot noun, value, the moment the value
began) and may rotate two phrasings across a subject's facts. ``benchmark`` keeps the
workload's own text. These families are the *training* set the detector is tuned on;
``evaluation.holdout`` holds a second set written by someone who never read the detector.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from evaluation.benchmarks.timeqa import Fact, TimeQAData, fill_template

# the slot noun of the most common TimeQA relations; the others use their meaning
SLOT_NOUNS = {
    "P54": "team",
    "P39": "position",
    "P108": "employer",
    "P69": "school",
    "P937": "work location",
    "P127": "owner",
    "P488": "chairperson",
    "P102": "political party",
    "P26": "spouse",
    "P1448": "official name",
    "P286": "head coach",
    "P137": "operator",
    "P749": "parent organization",
    "P27": "citizenship",
    "P6": "head of government",
    "P551": "residence",
    "P6087": "coached team",
    "P1037": "director",
    "P17": "country",
    "P106": "occupation",
    "P371": "presenter",
    "P159": "headquarters",
    "P276": "location",
    "P410": "military rank",
    "P131": "administrative district",
}


@dataclass(frozen=True)
class FactParts:
    subject: str
    slot: str
    value: str
    began: datetime
    question: str  # the relation asked without a time, in the workload's own wording
    turn: int  # the fact's position among its subject's facts (for rotating phrasings)
    previous: str = ""  # the subject's value before this one, if the workload has one


Renderer = Callable[[FactParts], str]


def _iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d")


def _words(moment: datetime) -> str:
    return moment.strftime("%B %Y")


def _rotate(parts: FactParts, *phrasings: str) -> str:
    return phrasings[parts.turn % len(phrasings)]


FAMILIES: dict[str, Renderer | None] = {
    "benchmark": None,  # the workload's own text
    "since_statement": lambda p: (
        f"Since {p.began.year}, {p.subject}'s {p.slot} has been {p.value}."
    ),
    "undated": lambda p: f"{p.subject}'s {p.slot} is {p.value}.",
    "value_first_note": lambda p: (
        f"{p.value} is the {p.slot} of {p.subject} (as of {p.began.year})."
    ),
    "noted_qa": lambda p: f"Q: {p.question} A: {p.value} (noted in {p.began.year}).",
    "key_value_iso": lambda p: f"{p.subject} / {p.slot}: {p.value} (updated {_iso(p.began)})",
    "log_line": lambda p: f"[{_iso(p.began)}] {p.slot} of {p.subject} = {p.value}",
    "words_date_lower": lambda p: (
        f"as of {_words(p.began)} the {p.slot} for {p.subject} is {p.value}".lower()
    ),
    "value_middle_rotating": lambda p: _rotate(
        p,
        f"For {p.subject}, {p.value} has been the {p.slot} since {p.began.year}.",
        f"{p.subject} - {p.slot} is {p.value}, effective {_iso(p.began)}.",
    ),
    "chat_note": lambda p: f"fyi {p.subject}'s {p.slot} changed to {p.value} ({_words(p.began)})",
    # a record: the validity time in a field of its own
    "record_fields": lambda p: (
        f"{p.subject}:\n  {p.slot}: {p.value}\n  valid_from: {_iso(p.began)}"
    ),
    # a tool's output naming the value it replaced
    "tool_json_previous": lambda p: json.dumps(
        {"subject": p.subject, p.slot: p.value}
        | ({"previous": p.previous} if p.previous else {})
        | {"as_of": _iso(p.began)},
        ensure_ascii=False,
    ),
}


def family_names() -> list[str]:
    return list(FAMILIES)


def slot_noun(data: TimeQAData, code: str) -> str:
    return SLOT_NOUNS.get(code) or data.relations[code].meaning


def _question_text(data: TimeQAData, code: str, fact: Fact) -> str:
    """The subject's own question, else the relation's first template asked of it (a
    template left unfilled would name no subject: two subjects' notes one question)."""
    for question in data.questions.get(code, []):
        if question.subject_index == fact.subject_index:
            return question.question
    return fill_template(data.relations[code].templates[0], fact.subject, "")


def reword(data: TimeQAData, family: str) -> TimeQAData:
    """``data`` with every fact's content rendered by ``family`` (ids, times, answers and
    questions unchanged)."""
    if family not in FAMILIES:
        raise ValueError(f"wording: unknown family {family!r} (one of {', '.join(FAMILIES)})")
    render = FAMILIES[family]
    if render is None:
        return data
    facts: dict[str, list[Fact]] = {}
    for code, relation_facts in data.facts.items():
        turns: dict[str, int] = {}
        values: dict[str, str] = {}  # each subject's latest value so far (facts in time order)
        out = []
        for fact in relation_facts:
            turn = turns.get(fact.subject_index, zlib.crc32(fact.subject_index.encode()) % 2)
            turns[fact.subject_index] = turn + 1
            parts = FactParts(
                subject=fact.subject,
                slot=slot_noun(data, code),
                value=fact.answer,
                began=fact.at,
                question=_question_text(data, code, fact),
                turn=turn,
                previous=values.get(fact.subject_index, ""),
            )
            values[fact.subject_index] = fact.answer
            out.append(replace(fact, content=render(parts)))
        facts[code] = out
    return replace(data, facts=facts)

"""What is particular to hold-out set F (evaluation/holdout_f): its domains, values,
wording families and labelled pairs; the checks it shares with sets D and E are in
test_holdout_common.py. Nothing here judges the change detector or needs the database."""

from __future__ import annotations

import json
import re
from collections import Counter

import holdout_checks as checks

import evaluation.holdout_f as holdout_f
from evaluation.holdout import Memory, Subject
from evaluation.holdout_f import families, holdout_histories, holdout_pairs, render
from evaluation.holdout_f.catalogue import domain, domains


def _subjects() -> dict[str, Subject]:
    return checks.subjects_by_id(holdout_f)


def _domain_of(subject_id: str) -> str:
    parts = subject_id.split("/")
    return parts[1] if parts[0] in ("multi", "event") else parts[0]


def _names(text: str, entity: str) -> bool:
    """Whether ``text`` names ``entity`` itself, not a longer twin ("billing-api-v2")."""
    return bool(re.search(rf"(?<![\w-]){re.escape(entity)}(?![\w-])", text, re.IGNORECASE))


def test_eight_domains_with_several_slots_stable_subjects_and_near_twins() -> None:
    subjects = holdout_histories()
    by_domain = Counter(subject.domain for subject in subjects)
    assert len(by_domain) == 8 and min(by_domain.values()) >= 10
    assert len(_subjects()) == len(subjects) >= 90
    for name in by_domain:
        own = [s for s in subjects if s.domain == name]
        assert all(s.id.startswith(f"{name}/") and s.id.isascii() for s in own)
        per_entity = Counter(s.entity for s in own)
        assert len(per_entity) >= 7 and sum(n >= 2 for n in per_entity.values()) >= 4, name
        assert (
            sum(checks.changing(s) for s in own) >= 7
            and sum(not checks.changing(s) for s in own) >= 2
        )
        for twin, other in domain(name).twins:
            assert twin in per_entity and other in per_entity, name
            assert twin[:5] == other[:5] and len(set(domain(name).entities[twin])) >= 2


def test_values_come_in_many_kinds() -> None:
    values = {f.value for s in holdout_histories() for f in s.facts}
    assert any(re.fullmatch(rf"\d+ ({checks.MONTHS}) 20\d\d", v) for v in values)  # a date
    assert any(re.fullmatch(checks.WEEKDAYS, v) for v in values)  # a weekday
    assert any(re.fullmatch(rf"({checks.WEEKDAYS}) \d\d:\d\d", v) for v in values)  # a slot
    assert any(re.fullmatch(r"\$[\d,]+", v) for v in values)  # an amount
    assert any(re.fullmatch(r"\d+%", v) for v in values)  # a share
    assert any(re.fullmatch(r"\d+\.\d+\.\d+", v) for v in values)  # a version
    assert any(re.fullmatch(r"[A-Z][a-z]+ [A-Z][a-z]+", v) for v in values)  # a person
    assert any(re.fullmatch(r"[A-Z]\w+ \w+ \d+", v) for v in values)  # a plan name


def test_questions_ask_like_a_user_not_like_the_memories() -> None:
    asked = checks.questions_asked(holdout_f)
    assert len({q.split()[0] for q in asked}) >= 8
    for subject in holdout_histories():
        slot = domain(subject.domain).slot(subject.slot)
        for question in subject.questions:
            lowered = question.lower()
            assert "_" not in question, question  # no config key ("primary_oncall")
            for phrase in slot.phrases:
                assert phrase.format(e=subject.entity).lower() not in lowered, question


RELATIVE_WORDS = ("this morning", "yesterday", "last ", "earlier this week")
CORRECTION_OPENINGS = ("Correct", "To correct", "Erratum", "Not a correction", "Checked again")


def _keeps_shape(memory: Memory, subject: Subject) -> bool:
    """Whether ``memory`` has its family's shape."""
    text, family, d = memory.text, memory.family, domain(subject.domain)
    lines, iso = text.split("\n"), f"{memory.valid_from:%Y-%m-%d}"
    checks = {
        "chat_turn": lambda: lines[0].startswith("user: ") and lines[-1].startswith("agent: "),
        "tool_json": lambda: (
            json.loads(text)["tool"] == d.tool and json.loads(text)["as_of"] == iso
        ),
        "yaml_config": lambda: lines[0].startswith("# ") and iso in lines[0],
        "slack": lambda: bool(re.search(r":[a-z_+]+:|@\w", text)),
        "commit": lambda: bool(re.match(rf"{d.commit_scope}(\([\w-]+\))?: \S", text)),
        "email": lambda: lines[0].startswith("Subject: ") and lines[1] == "",
        "correction": lambda: text.startswith(CORRECTION_OPENINGS),
        "relative_time": lambda: any(w in text for w in RELATIVE_WORDS),
        "reported_speech": lambda: bool(
            re.match(r"(On \d+ \w+ \d{4} )?(According to )?[A-Z]", text)
        ),
        "telegraphic": lambda: len(lines) == 1 and text.startswith(subject.entity),
        "casual_lowercase": lambda: "".join(text.split(memory.value)).islower(),
        "minutes_bullet": lambda: text.startswith(f"- {d.meeting}"),
    }
    return checks[family]()


def test_each_family_keeps_its_shape() -> None:
    for subject in holdout_histories():
        for family in families():
            for memory in render(family, subject):
                assert _keeps_shape(memory, subject), (family, memory.text)


def _undated(text: str, subject: Subject) -> bool:
    """Whether ``text`` carries no date but its values' and a relative "last Tuesday"."""
    for value in sorted((f.value for f in subject.facts), key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(value)}(?![\w-])", "", text, flags=re.IGNORECASE)
    text = re.sub(rf"\blast ({checks.WEEKDAYS})\b", "", text, flags=re.IGNORECASE)
    return not checks.YEAR.search(text) and not checks.DATE_WORDS.search(text)


def test_relative_time_and_chat_wordings_leave_the_date_to_the_write_time() -> None:
    """Tool output, config excerpts and minutes are dated; chat, commits, mail, notes and
    relative time words are not (a reported speech sometimes is)."""
    dated = ("tool_json", "yaml_config", "minutes_bullet")
    for subject in holdout_histories():
        for family in families():
            if family == "reported_speech":
                continue
            for memory in render(family, subject):
                assert _undated(memory.text, subject) != (family in dated), memory.text


def test_pairs_cover_every_kind_label_family_and_domain() -> None:
    every = {d.name for d in domains()}
    for kind, of_kind in checks.pairs_of_every_kind(holdout_f, 1000, 90).items():
        assert {_domain_of(p.older.subject_id) for p in of_kind} == every, kind


def _masked(text: str, subject: Subject) -> str:
    for name in sorted([subject.entity, *[f.value for f in subject.facts]], key=len)[::-1]:
        text = re.sub(re.escape(name), "X", text, flags=re.IGNORECASE)
    return re.sub(r"\d+", "9", checks.DATE_WORDS.sub("M", text))


def test_cross_subject_negatives_share_the_slot_and_name_only_their_own_entity() -> None:
    subjects = _subjects()
    cross = [p for p in holdout_pairs() if p.kind == "cross_subject"]
    for pair in cross:
        older, newer = subjects[pair.older.subject_id], subjects[pair.newer.subject_id]
        assert older.domain == newer.domain and older.slot == newer.slot
        assert older.entity != newer.entity
        assert _names(pair.newer.text, newer.entity)
        assert not _names(pair.newer.text, older.entity), pair.newer.text
        same = pair.older.value == pair.newer.value
        assert same == (pair.note == "same value") or pair.note == "template twin", pair
    notes = Counter(p.note for p in cross)
    assert notes["same value"] >= 60 and notes["same slot"] >= 60 and notes["template twin"] >= 20
    twins = {frozenset(t) for d in domains() for t in d.twins}
    for pair in (p for p in cross if p.note == "template twin"):
        older, newer = subjects[pair.older.subject_id], subjects[pair.newer.subject_id]
        assert frozenset((older.entity, newer.entity)) in twins
        assert pair.older.family == pair.newer.family
        assert _masked(pair.older.text, older) == _masked(pair.newer.text, newer), pair


def test_other_slot_negatives_are_real_subjects_of_the_same_entity() -> None:
    others = checks.other_slot_pairs(holdout_f)
    assert any(p.note == "same value, other slot" for p in others)


def test_relations_events_and_additions_are_built_as_their_kind_says() -> None:
    subjects = _subjects()
    for pair in checks.relation_pairs(holdout_f)["addition"]:
        subject = subjects[pair.older.subject_id]
        assert domain(subject.domain).multi.entity == subject.entity
        assert _names(pair.newer.text, subject.entity)

"""What is particular to hold-out set G (evaluation/holdout_g): real-world facts in eight
domains, their value kinds, questions, wording families and labelled pairs; the checks it
shares with sets D to F are in test_holdout_common.py. Nothing here judges the change
detector or needs the database."""

from __future__ import annotations

import re
from collections import Counter

import holdout_checks as checks

import evaluation.holdout_g as holdout_g
from evaluation.holdout import Subject
from evaluation.holdout_g import families, holdout_histories, render
from evaluation.holdout_g.catalogue import domain, domains


def _slot_words(subject: Subject) -> tuple[str, ...]:
    return domain(subject.domain).slots[subject.slot].words


def _uses_words(question: str, words: tuple[str, ...]) -> bool:
    return any(re.search(rf"\b{re.escape(w)}\b", question, re.IGNORECASE) for w in words)


def test_eight_domains_many_subjects_entities_with_several_slots_and_stable_ones() -> None:
    subjects = holdout_histories()
    by_domain = Counter(s.domain for s in subjects)
    assert len(by_domain) >= 8 and min(by_domain.values()) >= 6
    assert len(checks.subjects_by_id(holdout_g)) == len(subjects) >= 80
    assert all(s.id.isascii() and s.id.startswith(f"{s.domain}/") for s in subjects)
    slots_per_entity = Counter((s.domain, s.entity) for s in subjects)
    assert sum(n >= 2 for n in slots_per_entity.values()) >= 30
    assert max(slots_per_entity.values()) <= 3
    stable = sum(not checks.changing(s) for s in subjects)
    assert 0.10 <= stable / len(subjects) <= 0.20


def test_values_come_in_many_kinds() -> None:
    values = {f.value for s in holdout_histories() for f in s.facts}
    assert any(re.fullmatch(rf"\d+ ({checks.MONTHS}) (19|20)\d\d", v) for v in values)  # date
    assert any(re.fullmatch(r"[£€$]\d+\.\d\d", v) for v in values)  # an amount
    assert any(re.fullmatch(r"\d+\.\d+", v) for v in values)  # a version number
    assert any(re.fullmatch(r"[A-Za-z+]+ ?\d+", v) for v in values)  # a named release
    assert sum(bool(re.fullmatch(r"[A-Z]\w+ [A-Z]\w+", v)) for v in values) >= 100  # people
    cities = {f.value for s in holdout_histories() if s.slot in ("hq", "capital") for f in s.facts}
    assert len(cities) >= 10  # places


def test_questions_ask_in_the_slots_words_around_them_and_for_the_latest() -> None:
    asked = checks.questions_asked(holdout_g)
    assert len({q.split()[0] for q in asked}) >= 5
    latest = 0
    for subject in holdout_histories():
        words = _slot_words(subject)
        uses = [_uses_words(q, words) for q in subject.questions]
        assert any(uses) and not all(uses), subject.questions
        assert not any("_" in q for q in subject.questions)
        latest += any("most recently" in q for q in subject.questions)
    assert latest >= 0.9 * len(holdout_histories())


SHAPES = {
    "encyclopedic": lambda t: t.endswith(".") and "\n" not in t,
    "headline": lambda t: not t.endswith(".") and bool(re.search(r"\b\d{4}\b", t)),
    "kg_triple": lambda t: " | " in t or " @ " in t or t.startswith("<"),
    "csv_row": lambda t: len(t.split("\n")) == 2 and t.split("\n")[0].islower(),
    "quiz_card": lambda t: t.startswith(("Q: ", "Quiz card")),
    "diary": lambda t: bool(re.search(r"\b(I|my)\b|diary", t)),
    "markdown_row": lambda t: t.startswith("| ") and t.endswith(" |"),
    "passive": lambda t: bool(re.search(r" (was|has been) (named|confirmed|recorded|added|c)", t)),
    "correction": lambda t: t.startswith(("Correction: ", "Erratum", "Amended entry")),
    "chat_line": lambda t: bool(re.match(r"(\[chat\] )?[a-z]+: ", t)),
}


def test_each_family_keeps_its_shape_and_varies_its_wording() -> None:
    assert set(families()) == set(SHAPES) and len(families()) >= 8
    for family in families():
        shapes = set()
        for subject in holdout_histories():
            names = [subject.entity, subject.attribute, *(f.value for f in subject.facts)]
            for memory in render(family, subject):
                assert SHAPES[family](memory.text), (family, memory.text)
                shapes.add(checks.skeleton(memory.text, *names))
        assert len(shapes) >= 3, family


def test_chat_lines_leave_the_date_to_the_write_time() -> None:
    for subject in holdout_histories():
        for memory in render("chat_line", subject):
            text = memory.text
            for value in (f.value for f in subject.facts):
                text = text.replace(value, "")
            assert not checks.YEAR.search(text) and not checks.DATE_WORDS.search(text), text


def _domain_of(subject_id: str) -> str:
    parts = subject_id.split("/")
    return parts[1] if parts[0] in ("multi", "event") else parts[0]


def test_pairs_cover_every_kind_label_and_family() -> None:
    by_kind = checks.pairs_of_every_kind(holdout_g, 600, 20)
    every = {d.name for d in domains()}
    for kind in ("positive", "restatement", "cross_subject"):
        assert {_domain_of(p.older.subject_id) for p in by_kind[kind]} == every, kind


def test_cross_subject_negatives_share_the_slot_and_some_share_the_value() -> None:
    subjects = checks.subjects_by_id(holdout_g)
    cross = checks.cross_subject_pairs(holdout_g)
    for pair in cross:
        assert subjects[pair.older.subject_id].slot == subjects[pair.newer.subject_id].slot
    notes = Counter(p.note for p in cross)
    assert notes["same value"] >= 5 and notes["same slot"] >= 100


def test_other_slot_negatives_are_real_subjects_of_the_same_entity() -> None:
    assert len(checks.other_slot_pairs(holdout_g)) >= 60


def test_relations_events_and_additions_are_built_as_their_kind_says() -> None:
    subjects = checks.subjects_by_id(holdout_g)
    by_kind = checks.relation_pairs(holdout_g)
    assert len(by_kind["multi_valued"]) >= 60 and len(by_kind["recurring_event"]) >= 30
    for pair in by_kind["addition"]:
        assert checks.mentions(pair.newer.text, subjects[pair.older.subject_id].entity)

"""What is particular to hold-out set G (evaluation/holdout_g): real-world facts in eight
domains, their value kinds, questions, wording families and labelled pairs; the checks it
shares with sets D to F are in test_holdout_common.py (the pairs it builds the way set H
does are checked there too). Nothing here judges the change
detector or needs the database."""

from __future__ import annotations

import re
from collections import Counter

import holdout_checks as checks

import evaluation.holdout_g as holdout_g
from evaluation.holdout import Subject
from evaluation.holdout_g import families, holdout_histories
from evaluation.holdout_g.catalogue import domain


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
        assert len(checks.family_shapes(holdout_g, family, SHAPES[family])) >= 3, family


def test_chat_lines_leave_the_date_to_the_write_time() -> None:
    checks.check_undated(holdout_g, "chat_line")

"""What is particular to hold-out set L (evaluation/holdout_l): real-world facts in eight
domains other than sets G's to K's, their value kinds, questions, wording families and
labelled pairs; the checks it shares with sets D to K are in test_holdout_common.py, with
those of the pairs it builds through set G's code. Nothing here judges the change detector
or needs the database."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import holdout_checks as checks

import evaluation.holdout_l as holdout_l
from evaluation.holdout_l import families, holdout_histories, holdout_pairs, render

EARLIER_DOMAINS = checks.DOMAINS_G_TO_J | checks.DOMAINS_K


def test_eight_new_domains_entities_with_several_slots_and_stable_subjects() -> None:
    checks.check_eight_new_domains(holdout_l, EARLIER_DOMAINS)


def test_values_come_in_many_kinds() -> None:
    values = {f.value for s in holdout_histories() for f in s.facts}
    tallies = r"\d{1,2} (Grand Tours?|world titles?|Tour stage wins|NBA titles)"
    assert sum(bool(re.fullmatch(tallies, v)) for v in values) >= 20  # sporting tallies
    money = r"(€|\$|£)[\d.]+( million| billion)?"
    assert sum(bool(re.fullmatch(money, v)) for v in values) >= 15  # fares, caps, revenue
    assert sum(bool(re.fullmatch(r"\d{1,2}\.\d%", v)) for v in values) >= 7  # rates
    assert sum(bool(re.fullmatch(r"v\d{1,2}(\.\d)?", v)) for v in values) >= 25  # versions
    counts = r"\d{1,2}\.\d{1,2} million (trips|members)"
    assert sum(bool(re.fullmatch(counts, v)) for v in values) >= 8  # riders and members
    arenas = {f.value for s in holdout_histories() if s.slot == "arena" for f in s.facts}
    owners = {f.value for s in holdout_histories() if s.slot == "owner" for f in s.facts}
    assert len(arenas) >= 8 and len(owners) >= 10  # names of things and organisations
    assert sum(bool(re.fullmatch(r"[A-Z]\w+ [A-Z][\w'-]+", v)) for v in values) >= 90  # people


def test_questions_ask_in_the_slots_words_around_them_and_for_the_latest() -> None:
    checks.check_questions_three_ways(holdout_l)


def _minutes(t: str) -> bool:
    starts = ("Minutes", "Action item: ", "Item ", "Resolved: ")
    return "\n" not in t and t.startswith(starts) and t.endswith(".")


def _dictionary(t: str) -> bool:
    markers = ("(n.)", ", n. ", "(proper n.)", "/entry/", "syn.:")
    return "\n" not in t and t.endswith(".") and any(m in t for m in markers)


def _dot(t: str) -> bool:
    starts = ('"', "digraph ", "subgraph ", "edge [")
    return "\n" not in t and t.startswith(starts) and t.endswith((";", "}"))


SHAPES: dict[str, Callable[[str], bool]] = {
    "yaml_front_matter": lambda t: t.startswith("---\n") and t.endswith("\n---"),
    "bot_alert": lambda t: "\n" not in t and bool(re.match(r"(:[a-z_]+: |\[factbot\] )", t)),
    "spreadsheet_cell": lambda t: "\n" not in t and t.startswith(("=", "Sheet")),
    "meeting_minutes": _minutes,
    "cli_output": lambda t: t.startswith("$ factctl ") and "\n" in t,
    "issue_tracker": lambda t: "\n" not in t and bool(re.match(r"(FACT-\d+ |\[|Issue: )", t)),
    "prolog_fact": lambda t: bool(re.search(r'^[a-z_]+\(("|\w+, ")', t, re.MULTILINE)),
    "dictionary_entry": _dictionary,
    "telegram": lambda t: "\n" not in t and t.endswith(" STOP"),
    "dot_graph": _dot,
}


def test_each_family_keeps_its_shape_and_varies_its_wording() -> None:
    checks.check_family_shapes(holdout_l, SHAPES)


def test_dot_graph_carries_no_date() -> None:
    checks.check_undated(holdout_l, "dot_graph")


def test_validity_is_written_many_ways() -> None:
    texts = [m.text for s in holdout_histories() for f in families() for m in render(f, s)]
    assert any(checks.ISO_DATE.search(t) for t in texts)
    assert any(re.search(rf"({checks.MONTHS}) (19|20)\d\d", t) for t in texts)
    phrases = ("since", "as of", "effective", "w.e.f.", "W.E.F.", "valid_from", "Attested from")
    for phrase in (*phrases, "DATEVALUE(", "date(", "year: ", "EFFECTIVE"):
        assert any(phrase in t for t in texts), phrase


def test_pairs_include_every_kind_of_negative() -> None:
    kinds = Counter(p.kind for p in holdout_pairs())
    assert set(kinds) >= {"positive", "restatement", "cross_subject", "other_slot"}
    assert {"multi_valued", "recurring_event", "addition"} <= set(kinds)
    assert kinds.total() >= 900

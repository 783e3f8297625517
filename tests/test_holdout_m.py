"""What is particular to hold-out set M (evaluation/holdout_m): real-world facts in eight
domains other than sets G's to L's, their value kinds, questions, wording families and
labelled pairs; the checks it shares with sets D to L are in test_holdout_common.py, with
those of the pairs it builds through set G's code. Nothing here judges the change detector
or needs the database."""

from __future__ import annotations

import re
from collections.abc import Callable

import holdout_checks as checks

import evaluation.holdout_m as holdout_m
from evaluation.holdout_m import families, holdout_histories, holdout_pairs, render

EARLIER_DOMAINS = checks.DOMAINS_G_TO_J | checks.DOMAINS_K | checks.DOMAINS_L


def test_eight_new_domains_entities_with_several_slots_and_stable_subjects() -> None:
    checks.check_eight_new_domains(holdout_m, EARLIER_DOMAINS)


def test_values_come_in_many_kinds() -> None:
    values = {f.value for s in holdout_histories() for f in s.facts}
    tallies = r"\d{1,2} (major titles?|IndyCar titles?|Cup titles?|Indy 500 wins?)"
    assert sum(bool(re.fullmatch(tallies, v)) for v in values) >= 20  # sporting tallies
    money = r"\$[\d.]+( million| trillion)?"
    assert sum(bool(re.fullmatch(money, v)) for v in values) >= 30  # prices, purses, limits
    assert sum(bool(re.fullmatch(r"\d{1,2}(\.\d)?%", v)) for v in values) >= 8  # tax rates
    assert sum(bool(re.fullmatch(r"v\d{1,2}(\.\d\d)?", v)) for v in values) >= 10  # versions
    counts = r"\d{2,3} (million subscribers|judges)"
    assert sum(bool(re.fullmatch(counts, v)) for v in values) >= 6  # counts with units
    dates = r"1 (April|October) 20\d\d"
    assert sum(bool(re.fullmatch(dates, v)) for v in values) == 3  # dates as values
    teams = {f.value for s in holdout_histories() if s.slot == "team" for f in s.facts}
    owners = {f.value for s in holdout_histories() if s.slot == "owner" for f in s.facts}
    assert len(teams) >= 7 and len(owners) >= 8  # names of organisations
    assert sum(bool(re.fullmatch(r"[A-Z]\w+ [A-Z][\w'-]+", v)) for v in values) >= 120  # people


def test_questions_ask_in_the_slots_words_around_them_and_for_the_latest() -> None:
    checks.check_questions_three_ways(holdout_m)


def _press(t: str) -> bool:
    starts = ("FOR IMMEDIATE RELEASE — ", "PRESS RELEASE", "NEWS RELEASE — ", "MEDIA STATEMENT, ")
    return "\n" not in t and t.startswith(starts) and t.endswith(".")


def _legal(t: str) -> bool:
    starts = ("§ ", "Clause ", "WHEREAS ", "Schedule ")
    return "\n" not in t and t.startswith(starts) and t.endswith(".")


def _ini(t: str) -> bool:
    lines = t.split("\n")
    sections = [line for line in lines if re.fullmatch(r"\[.+\]", line)]
    return len(lines) >= 3 and len(sections) == 1 and any(" = " in line for line in lines)


def _radio(t: str) -> bool:
    starts = ("Control, Desk Two. ", "Desk Two, ", "All stations")
    return "\n" not in t and t.startswith(starts) and t.endswith((" Over.", " Out."))


SHAPES: dict[str, Callable[[str], bool]] = {
    "ini_file": _ini,
    "graphql_response": lambda t: "\n" not in t and t.startswith('{"data": {') and t.endswith("}"),
    "rss_item": lambda t: "\n" not in t and t.startswith("<item><title>") and t.endswith("</item>"),
    "press_release": _press,
    "legal_clause": _legal,
    "beancount_entry": lambda t: bool(
        re.match(r"(; .*\n)?\d{4}-\d\d-\d\d (custom|note|\*|event) ", t)
    ),
    "radio_call": _radio,
    "bibtex_entry": lambda t: bool(re.match(r"@(misc|online|report)\{", t)) and t.endswith("}"),
    "gherkin_scenario": lambda t: (
        t.startswith(("Scenario", "Feature: ", "Given ")) and "Then " in t
    ),
    "json_patch": lambda t: bool(re.match(r'(// .*\n)?(\[\{"op": "|\{"entity": ")', t)),
}


def test_each_family_keeps_its_shape_and_varies_its_wording() -> None:
    checks.check_family_shapes(holdout_m, SHAPES)


def test_json_patch_carries_no_date() -> None:
    checks.check_undated(holdout_m, "json_patch")


def test_validity_is_written_many_ways() -> None:
    texts = [m.text for s in holdout_histories() for f in families() for m in render(f, s)]
    assert any(checks.ISO_DATE.search(t) for t in texts)
    assert any(re.search(rf"({checks.MONTHS}) (19|20)\d\d", t) for t in texts)
    phrases = ("since", "as of", "effective", "w.e.f.", "with effect from", "in force from")
    for phrase in (*phrases, "valid_from = ", '"validFrom": ', "<pubDate>", "Dated ", "year = {"):
        assert any(phrase in t for t in texts), phrase


def test_one_entity_holds_the_same_person_in_two_slots() -> None:
    """The CIA's deputy of 2017 became its director in 2018: a value shared across slots."""
    cia = [s for s in holdout_histories() if s.entity == "Central Intelligence Agency"]
    head, deputy = ({f.value for f in s.facts} for s in cia if s.slot in ("head", "deputy"))
    assert head & deputy == {"Gina Haspel"}


def test_pairs_include_every_kind_of_negative() -> None:
    # prices, purses, rates, teams and people shared by two entities
    checks.check_every_kind_of_negative(holdout_pairs(), 1000, 40)

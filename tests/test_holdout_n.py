"""What is particular to hold-out set N (evaluation/holdout_n): real-world facts in eight
domains other than sets G's to M's, their value kinds, questions, wording families written
the way agents and tools write memories (and people's notes), and labelled pairs; the checks
it shares with sets D to M are in test_holdout_common.py, with those of the pairs it builds
through set G's code. Nothing here judges the change detector or needs the database."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import holdout_checks as checks

import evaluation.holdout_n as holdout_n
from evaluation.holdout_n import families, holdout_histories, holdout_pairs, render

EARLIER_DOMAINS = checks.DOMAINS_BEFORE_N
DMY = re.compile(r"\b\d\d/\d\d/(19|20)\d\d\b")
MONTH_YEAR = re.compile(rf"\b({checks.MONTHS}) (19|20)\d\d\b")


def test_eight_new_domains_entities_with_several_slots_and_stable_subjects() -> None:
    checks.check_eight_new_domains(holdout_n, EARLIER_DOMAINS, several_share=0.38)


def test_values_come_in_many_kinds() -> None:
    count = checks.value_counter(holdout_n)

    assert count(r"\$[\d.,]+( million| billion)?") >= 25  # dollars: caps, fares, valuations
    assert count(r"(€|£)[\d.]+( billion)?") >= 12  # euros and pounds
    assert count(r"\d\.\d%") == 2  # a fund's annual fee
    assert count(r"\d{1,2}(\.\d)? Gbit/s") >= 7  # data rates
    assert count(r"\d{1,3} (million weekly users|seconds)|\d{2}-yard line") >= 10  # counts
    assert count(r"[\d.]+ BTC") == 3  # block subsidies
    assert count(r"v?\d{1,2}\.\d|HTTP/[\d.]+|PCIe [\d.]+") >= 15  # versions
    assert count(r"UTC[+-]\d\d:00") >= 5  # offsets
    assert count(r"\d{1,2}:\d\d [ap]\.m\.") == 2  # times of day
    assert count(r"(first|second) Sunday in (April|March)") == 2  # rules naming a weekday
    assert count(rf"({checks.WEEKDAYS})(, \w+)? and ({checks.WEEKDAYS})") >= 4  # weekends
    assert count(r"\d{1,2} (June|January) 20\d\d") == 2  # dates as values
    teams = {f.value for s in holdout_histories() if s.slot in ("club", "stadium") for f in s.facts}
    assert len(teams) >= 8  # organisations and places
    roles = ("coach", "quarterback", "manager", "ceo", "host", "actor", "showrunner", "head")
    people = {f.value for s in holdout_histories() if s.slot in roles for f in s.facts}
    name = r"[A-Z][\w.'-]+( [A-Z]\.?| van der)?( [A-Z][\w'-]+)+( III)?"
    assert len(people) >= 100 and all(re.fullmatch(name, v) for v in people)  # people


def test_questions_ask_in_the_slots_words_around_them_and_for_the_latest() -> None:
    checks.check_questions_three_ways(holdout_n)


def _yaml(t: str) -> bool:
    line = r"---|#.*|\s*- .*|\s*[^:\s][^:]*:( .*)?"
    return t.count("\n") >= 2 and all(re.fullmatch(line, x) for x in t.split("\n"))


def _toml(t: str) -> bool:
    lines = t.split("\n")
    return any(re.fullmatch(r"\[\[?.+\]\]?( +#.*)?|.+ = \[.+", x) for x in lines) and any(
        " = " in x for x in lines
    )


def _json(t: str) -> bool:
    try:
        parsed = json.loads(t)
    except ValueError:
        return False
    return isinstance(parsed, dict) and any(isinstance(v, dict) for v in parsed.values())


def _tsv(t: str) -> bool:
    fields = max(len(t.split("\t")), len(t.split('","')) + 1, len(t.split(";")))
    return "\n" not in t and fields >= 3


def _sql(t: str) -> bool:
    return bool(re.match(r"(-- .*\n)?(INSERT INTO|UPDATE) \w", t)) and ";" in t


def _logfmt(t: str) -> bool:
    return "\n" not in t and ' entity="' in t and bool(re.search(r"level=|INFO|WARN", t))


def _diff(t: str) -> bool:
    lines = t.split("\n")
    added = [x for x in lines if x.startswith("+") and not x.startswith("+++")]
    return len(added) == 1 and any(x.startswith(("@@", "--- ")) for x in lines)


def _note(t: str) -> bool:
    starts = ("Note to self (", "Jotted down ", "Remember: ", "From the team notebook", "Post-it")
    return "\n" not in t and t.startswith(starts) and t.endswith((".", ")"))


SHAPES: dict[str, Callable[[str], bool]] = {
    "yaml_document": _yaml,
    "toml_table": _toml,
    "tool_result_json": _json,
    "headerless_tsv": _tsv,
    "sql_migration": _sql,
    "logfmt_line": _logfmt,
    "html_fragment": lambda t: "\n" not in t and bool(re.fullmatch(r"<(\w+)[ >].*</\1>", t)),
    "markdown_changelog": lambda t: t.startswith(("## ", "### ")) and "\n- " in t,
    "diff_hunk": _diff,
    "field_note": _note,
}


def test_each_family_keeps_its_shape_and_varies_its_wording() -> None:
    checks.check_family_shapes(holdout_n, SHAPES)


def test_no_family_writes_a_header_row_or_the_value_outside_its_record() -> None:
    """The TSV lines carry no header; a diff adds exactly the stated value."""
    for subject in holdout_histories():
        for memory in render("headerless_tsv", subject):
            assert not memory.text.lower().startswith(("entity", "subject")), memory.text
        for memory in render("diff_hunk", subject):
            added = [x for x in memory.text.split("\n") if x.startswith("+") and "+++" not in x]
            assert memory.value in added[0], memory.text


def test_validity_is_written_many_ways() -> None:
    texts = [m.text for m in checks.rendered_memories(holdout_n)]
    assert any(checks.ISO_DATE.search(t) for t in texts)
    assert any(MONTH_YEAR.search(t) for t in texts)
    assert any(DMY.search(t) for t in texts)  # 21/03/2021
    assert any(re.search(r"\dT\d\d:\d\d:\d\dZ\b", t) for t in texts)  # timestamps
    assert any(re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d ", t) for t in texts)  # leading
    fields = ("valid_from", "effective_date", "as_of", "updated_at", "since", '"asOf"')
    for field in (*fields, "year = ", "DATE '", "<time datetime=", "Checked "):
        assert any(field in t for t in texts), field
    undated = [t for t in texts if not checks.YEAR.search(t) and not MONTH_YEAR.search(t)]
    assert len(undated) >= len(texts) / 20  # some memories leave the date to the write time
    assert any(re.search(r"\b(since|year = |Checked) (19|20)\d\d\b", t) for t in texts)


def test_a_change_names_the_replaced_value_in_many_ways() -> None:
    changes = checks.replacements(holdout_n)
    assert changes and all(old in text for _, text, old in changes)
    texts = [text for _, text, _ in changes]
    ways = {
        "field": r"\b(previous|previous_\w+|old|old_value|before|from|prev|replaces)\b\W{1,3}",
        "was": r"#? ?\(?was ",
        "arrow": r" → ",
        "ascii arrow": r" -> ",
        "replacing": r"\breplacing ",
        "formerly": r"\(formerly ",
        "no longer": r"\bno longer ",
        "succeeds": r"\bsucceeds ",
        "diff": r"(?m)^-\s*\S",
        "changed from": r"\bchanged (its .+ )?from ",
        "struck": r"<del>|<s>|~~",
    }
    for way, pattern in ways.items():
        assert any(re.search(pattern, t) for t in texts), way
    # every family names the replaced value in a change
    assert {family for family, _, _ in changes} == set(families())


def test_the_value_comes_before_the_entity_in_some_wordings_and_after_in_others() -> None:
    first, last = checks.value_first_and_last(holdout_n)
    assert first >= 200 and last >= 10 * first / 2


def test_entities_share_values_within_a_slot_and_across_slots() -> None:
    shared = checks.values_shared_within_a_slot(holdout_n)
    for value in ("Andy Byford", "Bob Melvin", "Russell Wilson", "Aaron Rodgers", "UTC+03:00"):
        assert value in shared, value
    assert "Friday and Saturday" in shared and "80 Gbit/s" in shared
    jeopardy = {
        s.slot: {f.value for f in s.facts} for s in holdout_histories() if s.entity == "Jeopardy!"
    }
    assert jeopardy["host"] & jeopardy["producer"] == {"Mike Richards"}


def test_pairs_include_every_kind_of_negative() -> None:
    # coaches, managers, quarterbacks, offsets and weekends shared by two entities
    others = checks.check_every_kind_of_negative(holdout_pairs(), 1050, 70)
    assert others["same value, other slot"] >= 1  # Jeopardy!'s producer became its host

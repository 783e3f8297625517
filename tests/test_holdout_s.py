"""What is particular to hold-out set S (evaluation/holdout_s): real-world facts in eight
domains other than sets G's to R's, their value kinds, questions, wording families written
the way agents, tools and people write memories today (Rails console sessions, DynamoDB
items and stream records, PowerShell sessions, todo.txt lines, chat slash commands, pull
request review comments, Logseq blocks, pytest assertions, IRC logs, MQTT messages), and
labelled pairs; the checks it shares with sets D to R are in test_holdout_common.py. Nothing
here judges the change detector or needs the database."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise

import holdout_checks as checks

import evaluation.holdout_s as holdout_s
from evaluation.holdout_s import families, holdout_histories, holdout_pairs, render

EARLIER_DOMAINS = checks.DOMAINS_BEFORE_S
DMY_DOTS = re.compile(r"\b\d\d\.\d\d\.(19|20)\d\d\b")
SLASHED = re.compile(r"\b\d\d/\d\d/(19|20)\d\d\b")
MONTH_YEAR = re.compile(rf"\b({checks.MONTHS}) (19|20)\d\d\b")
MONTH_DASH_YEAR = re.compile(rf"\b({checks.MONTHS})-(19|20)\d\d\b")


def test_eight_new_domains_entities_with_several_slots_and_stable_subjects() -> None:
    checks.check_eight_new_domains(holdout_s, EARLIER_DOMAINS, several_share=0.4, three_slots=10)
    assert not {s.domain for s in holdout_histories()} & checks.DOMAINS_R


def test_values_come_in_many_kinds() -> None:
    count = checks.value_counter(holdout_s)

    assert count(r"Aaa|Aa[123]|A[123]|Baa[123]|Ba[123]") == 11  # Moody's ratings
    assert count(r"AAA|AA[+-]|A\+") == 4  # S&P's and Fitch's ratings
    assert count(r"\$[\d.]+ billion") == 8  # the rating agencies' revenue
    assert count(r"\d+%") == 4  # Hearst's stakes in Fitch
    assert count(r"[\d.]+ million (passengers|subscribers)") == 8  # counts with units
    assert count(checks.WEEKDAYS) == 1  # the weekday of EU sovereign rating actions
    assert count(r"1\d\d\d") == 7  # founding years
    assert count(r"\w+ edition|CSW\d\d") == 16  # dictionaries' editions and word lists
    assert count(r"SIX|FUN") == 2  # ticker symbols
    roles = ("ceo", "chair", "president", "head")
    people = {f.value for s in holdout_histories() if s.slot in roles for f in s.facts}
    name = r"[A-Z][\w.'-]+( [^\W\d_][\w.'-]+)*"
    assert len(people) >= 120 and all(re.fullmatch(name, v) for v in people), people
    others = {
        v for s in holdout_histories() if s.slot in ("hq", "owner") for v in checks.values_of(s)
    }
    assert len(others) >= 40  # towns, cities, owners
    lots = {
        v
        for s in holdout_histories()
        if s.slot in ("record", "holder", "flagship")
        for v in checks.values_of(s)
    }
    assert len(lots) >= 30  # artworks, fossils, cars, wines, rides, wheels, liners


def test_questions_ask_in_the_slots_words_around_them_and_for_the_latest() -> None:
    checks.check_questions_three_ways(holdout_s)


def _rails(t: str) -> bool:
    return t.startswith(("irb(main):", "#<Fact id: "))


def _dynamodb(t: str) -> bool:
    return t.startswith(("aws dynamodb ", "{")) and t.count("{") == t.count("}")


def _powershell(t: str) -> bool:
    return t.startswith("PS C:\\kb> ")


def _todotxt(t: str) -> bool:
    return "\n" not in t and re.match(r"x |\([A-C]\) ", t) is not None and " +" in t


def _slash(t: str) -> bool:
    return re.match(r"/[a-z]+ ", t) is not None


def _review(t: str) -> bool:
    starts = ("**", "Review comment on ", "nit: ", "Approved", "Requested changes: ", "```diff\n")
    return t.startswith(starts)


def _logseq(t: str) -> bool:
    lines = t.split("\n")
    return lines[0].startswith("- ") and all(x.startswith("  ") for x in lines[1:])


def _pytest(t: str) -> bool:
    starts = ("def test_", "tests/test_facts.py::", "@pytest.mark.", "assert ", "E   ", "-    ")
    return t.startswith(starts) and ("assert" in t or "PASSED" in t)


def _irc(t: str) -> bool:
    return re.match(r"\[(\d\d-\d\d )?\d\d:\d\d\] |\*\*\* \w+ changes topic to ", t) is not None


def _mqtt(t: str) -> bool:
    return "kb/facts/" in t


SHAPES: dict[str, Callable[[str], bool]] = {
    "rails_console": _rails,
    "dynamodb_item": _dynamodb,
    "powershell_session": _powershell,
    "todotxt_line": _todotxt,
    "slash_command": _slash,
    "pr_review": _review,
    "logseq_block": _logseq,
    "pytest_assert": _pytest,
    "irc_log": _irc,
    "mqtt_message": _mqtt,
}


def test_each_family_keeps_its_shape_and_varies_its_wording() -> None:
    checks.check_family_shapes(holdout_s, SHAPES)


def test_family_names_are_new() -> None:
    """No family repeats a name of sets A to R (their names, read, never their templates)."""
    assert not checks.families_before("s") & set(families())


def test_no_memory_is_tagged_as_a_model_turn() -> None:
    """Sessions, commands, reviews and logs name tools and people, never a model's role tag."""
    for memory in checks.rendered_memories(holdout_s):
        assert not re.search(r"\b(assistant|system)\b", memory.text, re.IGNORECASE), memory.text


def test_validity_is_written_many_ways() -> None:
    texts = [m.text for m in checks.rendered_memories(holdout_s)]
    assert any(checks.ISO_DATE.search(t) for t in texts)
    assert any(MONTH_YEAR.search(t) for t in texts)
    assert any(MONTH_DASH_YEAR.search(t) for t in texts)  # todo.txt's as_of:May-2019
    assert any(SLASHED.search(t) for t in texts)  # 21/05/2019
    assert any(DMY_DOTS.search(t) for t in texts)  # 21.05.2019
    assert any(re.search(r"Date\.parse\(\"\d{4}-\d\d-\d\d\"\)", t) for t in texts)  # Rails
    assert any(re.search(r"\"ApproximateCreationDateTime\": \"\d{4}-\d\d-\d\dT", t) for t in texts)
    assert any(re.search(r"\"year\": \{\"N\": \"\d{4}\"\}", t) for t in texts)  # DynamoDB
    assert any(re.search(r"-ValidFrom \d{4}-\d\d-\d\d", t) for t in texts)  # PowerShell
    assert any(re.search(r"^x \d{4}-\d\d-\d\d ", t) for t in texts)  # todo.txt completion
    assert any(re.search(r"since:(19|20)\d\d ", t) for t in texts)  # todo.txt, a year
    assert any(re.search(r"since:: \[\[\d{4}-\d\d-\d\d\]\]", t) for t in texts)  # Logseq
    assert any(re.search(r"before=\"\d{4}-\d\d-\d\d\"", t) for t in texts)  # pytest
    assert any(re.search(r"^\[\d\d-\d\d 10:14\] ", t) for t in texts)  # IRC: day, month
    assert any(re.search(rf"\[({checks.MONTHS}) \d{{4}}\]$", t) for t in texts)  # MQTT
    for field in ("valid_from", "as_of", "observed_on", "as-of::", "completed::", "changed::"):
        assert any(field in t for t in texts), field
    for field in ("effective:", "recorded ", "since ", "checked ", "# as of "):
        assert any(field in t for t in texts), field
    undated = [t for t in texts if not checks.YEAR.search(t) and not MONTH_YEAR.search(t)]
    assert len(texts) / 5 <= len(undated) <= len(texts) / 2  # many leave it to the write time


def test_a_change_names_the_replaced_value_in_many_ways_or_not_at_all() -> None:
    changes = checks.replacements(holdout_s)
    named = [text for _, text, old in changes if old in text]
    assert 0.9 * len(changes) <= len(named) < len(changes)  # a few do not name it
    ways = {
        "saved changes": r"saved_changes\[\".+\"\]\n=> \[\"",
        "matched on the old value": r"Fact\.where\(entity: \".+\", \w+: \"",
        "attribute was": r"_was\n=> \"",
        "condition expression": r"--condition-expression \"\w+ = :old\"",
        "old image": r"\"OldImage\": \{",
        "previous value attribute": r"previous_value = :p",
        "changed from": r" changed from \".+\" to \"",
        "replaced row": r"\nReplaced  : ",
        "replaces comment": r"# replaces \"",
        "from to": r" from .+ to .+ \+kb",
        "was": r"\(was ",
        "prev": r" prev:\"",
        "replaces option": r" replaces:\"",
        "struck through": r": ~.+~ → ",
        "arrow": r" => .+ effective:",
        "overwrote": r"overwrote the previous value \"",
        "replaced with": r" replaced .+ with .+ as ",
        "no longer": r" is no longer ",
        "diff": r"```diff\n- .+\n\+ ",
        "previous property": r"\n  previous-\w+:: \[\[",
        "double tilde": r"~~.+~~ \[\[",
        "replacing": r", replacing \[\[",
        "assertion diff": r"AssertionError: assert '.+' == '",
        "test diff": r"-    assert .+\n\+    assert ",
        "value before": r", before=\"",
        "out and in": r" is out, .+ is in\n",
        "irc arrow": r" -> .+ since ",
        "previous field": r"\"previous\": \"",
        "two retained messages": r"^kb/facts/.+\nkb/facts/",
    }
    for way, pattern in ways.items():
        assert any(re.search(pattern, t, re.MULTILINE) for t in named), way
    # every family names the replaced value in some change
    assert {family for family, text, old in changes if old in text} == set(families())
    # one MQTT wording (a retained message overwritten with the new value) does not name it
    assert {family for family, text, old in changes if old not in text} == {"mqtt_message"}


def test_the_value_comes_before_the_entity_in_some_wordings_and_after_in_others() -> None:
    first, last = checks.value_first_and_last(holdout_s)
    assert first >= 400 and last >= 4 * first


def test_entities_share_values_within_a_slot_and_across_slots() -> None:
    shared = checks.values_shared_within_a_slot(holdout_s)
    people = ("Christine Duffy", "Edward Dolman", "Kumi Naidoo")
    owners = ("Carnival Corporation", "Republic Industries", "Enterprise Holdings")
    ratings = ("Aaa", "Aa1", "Aa2", "Aa3", "A1", "Baa2", "AA-", "A+")
    for value in (*people, *owners, *ratings, "Top Thrill Dragster", "Kingda Ka"):
        assert value in shared, value
    carnival = checks.slots_of(holdout_s, "Carnival Corporation")
    assert carnival["ceo"] & carnival["chair"] == {"Micky Arison"}
    us = checks.slots_of(holdout_s, "United States")
    assert us["sp"] == us["fitch"] == {"AAA", "AA+"} and us["moodys"] == {"Aaa", "Aa1"}


def test_pairs_include_every_kind_of_negative() -> None:
    notes = checks.check_every_kind_of_negative(list(holdout_pairs()), 950, 30)
    assert notes.total() >= 100 and set(notes) <= {"", "same value, other slot"}


def test_a_dynamodb_change_keeps_the_old_value_where_the_service_would() -> None:
    """A conditional update holds the older value in ``:old``, a stream record in its
    ``OldImage``, an update that keeps history in ``:p``; the newer one is always ``:new``,
    ``NewImage`` or ``:v``."""
    for subject in holdout_histories():
        for older, newer in pairwise(render("dynamodb_item", subject)):
            if older.value == newer.value:
                continue
            text = newer.text
            if "--condition-expression" in text:
                assert f'":old": {{"S": "{older.value}"}}' in text, text
                assert f'":new": {{"S": "{newer.value}"}}' in text, text
            elif '"OldImage"' in text:
                old, new = text.split('"NewImage"')
                assert older.value in old and newer.value in new, text
            else:
                assert f'":p": {{"S": "{older.value}"}}' in text, text
                assert f'":v": {{"S": "{newer.value}"}}' in text, text

"""What is particular to hold-out set AA (evaluation/holdout_aa): real-world facts in eight
domains none of sets G to Z wrote (national capitals, sports leagues, sports rules, telephone
numbering, postal codes, UK government departments, administrative divisions, stadiums), the
kinds of value they hold, their questions, ten wording families as tools, agents and people leave
records today (Dockerfile labels, Windows registry exports, Julia REPL sessions, Kotlin data
classes, DNS zone TXT records, daff CSV diffs, errata sheets, TV news chyrons never dated, SSML
speech, an agent's context summaries) and the labelled pairs. The checks AA shares with sets D to
Z run in test_holdout_common.py; nothing here judges the change detector or needs the database."""

from __future__ import annotations

import csv
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from datetime import datetime
from itertools import pairwise

import holdout_checks as checks

import evaluation.holdout_aa as holdout_aa
from evaluation.holdout_aa import domains, families, holdout_histories, holdout_pairs

PEOPLE = {"commissioner", "secretary"}
NAME = re.compile(r"[^\W\d_][\w.'-]*( [^\W\d_][\w.'-]*)*")
MONTH_YEAR = re.compile(rf"\b({checks.MONTHS}) (19|20)\d\d\b")
SILENT = {"dockerfile_label", "registry_export", "julia_repl", "kotlin_data_class"}
SILENT |= {"dns_zone_txt", "csv_diff", "errata_sheet", "tv_chyron", "ssml_speech"}
SILENT |= {"context_summary"}
DEPARTMENTS = r"the (Department|Ministry) (of|for) .+|the Home Office"
OVERTIME = r"five minutes of (five|four|three)-on-(five|four|three)"


def test_eight_domains_none_of_the_earlier_sets_wrote() -> None:
    checks.check_eight_new_domains(holdout_aa, checks.DOMAINS_BEFORE_AA, three_slots=7)
    names = {subject.domain for subject in holdout_histories()}
    assert not names & checks.DOMAINS_Z and {"national_capitals", "postal_codes"} <= names


def test_values_are_counts_codes_formats_rules_people_names_and_cities() -> None:
    count = checks.value_counter(holdout_aa)
    kinds = {
        r"\d\d? teams": 12,  # league sizes and World Cup finals
        r"\d\d\d? games": 5,  # regular seasons
        r"\d\d? (states|regions|counties|provinces)": 18,
        r"(two|three|\d) (union )?territories": 5,
        r"(three|four|five|six|seven|eight) digits": 6,  # postcodes
        r"\d\d? digits": 2,  # French phone numbers
        r"0\d\d\d?": 5,  # London's dialling codes
        r"[1-9]\d\d": 4,  # emergency numbers
        r"\+\d{3}|Czechoslovakia's \+42": 5,  # country calling codes
        DEPARTMENTS: 22,
        r"(six|eight|\d\d) seconds": 4,
        r"the \d\d?-yard line": 6,
        r"\d\d minutes": 2,
        OVERTIME: 3,
        r"(two|three) points": 2,
        r"6\.\d\d metres|\d\d feet( \d inches)?": 4,
        r"(three|five) substitutes|\d\d-inch bases": 4,
    }
    assert {pattern: count(pattern) for pattern in kinds} == kinds
    subjects = holdout_histories()
    people = {v for s in subjects if s.slot in PEOPLE for v in checks.values_of(s)}
    assert len(people) >= 30
    assert all(NAME.fullmatch(p) for p in people), people
    cities = {v for s in subjects if s.slot in ("capital", "seat") for v in checks.values_of(s)}
    assert {"Brasília", "Abuja", "Naypyidaw", "Yamoussoukro", "Washington, D.C."} <= cities
    names = {v for s in subjects if s.domain == "stadiums" for v in checks.values_of(s)}
    assert {"The O2", "Signal Iduna Park", "Crypto.com Arena", "London Stadium"} <= names


def test_three_questions_a_subject() -> None:
    checks.check_questions_three_ways(holdout_aa)


def _balanced(text: str, *pairs: str) -> bool:
    return all(text.count(pair[0]) == text.count(pair[1]) for pair in pairs)


def _dockerfile(text: str) -> bool:
    lines = text.split("\n")
    if not lines[0].startswith(("LABEL ", "# ", "ENV ", "RUN ")):
        return False
    continued = [b for a, b in pairwise(lines) if a.endswith(" \\")]
    return all(line.startswith("      org.") for line in continued)


def _registry(text: str) -> bool:
    header = "Windows Registry Editor Version 5.00\n\n[HKEY_"
    keys = ("; ", "[HKEY_", "HKEY_LOCAL_MACHINE\\SOFTWARE\\Kb\\")
    command = 'C:\\>reg add "HKLM\\SOFTWARE\\Kb\\'
    return text.startswith((header, *keys, command)) and _balanced(text, "[]")


def _julia(text: str) -> bool:
    starts = ("julia> ", "┌ Info: ", "┌ Warning: ")
    return text.startswith(starts) and text.count('"') % 2 == 0


def _kotlin(text: str) -> bool:
    starts = ("val ", "Fact(", "// ", "kb[", "Value(", "Change(", "kb.getValue(", "Member(")
    return text.startswith(starts) and _balanced(text, "()")


def _dns(text: str) -> bool:
    starts = ("fact.kb.example.", "$ dig +short TXT ", ";; ANSWER SECTION:\n", "; ")
    return text.startswith((*starts, "> update add ", "list.kb.example.")) and (
        "TXT" in text and text.count('"') % 2 == 0
    )


def _daff(text: str) -> bool:
    rows = ("@@,", "+++,", "---,", "->,", ",", "...,", "# daff diff ")
    return all(line.startswith(rows) for line in text.split("\n"))


def _errata(text: str) -> bool:
    starts = ("Errata to the ", "p. ", "Corrigendum (", "Addendum", "Erratum, ")
    return text.startswith(starts) and text.endswith(".")


def _chyron(text: str) -> bool:
    starts = ("LIVE | ", "JUST IN ▸ ", "EARLIER TODAY ▸ ", "BREAKING", "DEVELOPING | ")
    return "\n" not in text and (text.startswith(starts) or " ▸ " in text)


def _ssml(text: str) -> bool:
    return "\n" not in text and text.startswith("<speak>") and text.endswith("</speak>")


def _summary(text: str) -> bool:
    starts = ("Summary of earlier context:\n- ", "Context so far, ", "[Conversation compacted]\n")
    return text.startswith((*starts, "Earlier in this session "))


SHAPES: dict[str, Callable[[str], bool]] = {
    "dockerfile_label": _dockerfile,
    "registry_export": _registry,
    "julia_repl": _julia,
    "kotlin_data_class": _kotlin,
    "dns_zone_txt": _dns,
    "csv_diff": _daff,
    "errata_sheet": _errata,
    "tv_chyron": _chyron,
    "ssml_speech": _ssml,
    "context_summary": _summary,
}


def test_each_family_keeps_its_shape_in_four_wordings_or_more_under_a_new_name() -> None:
    checks.check_family_shapes(holdout_aa, SHAPES)
    # the names (only the names) of sets A to Z's families were read, to repeat none
    assert not checks.families_before("aa") & set(families())


WHEN = {
    "ISO date": checks.ISO_DATE.pattern,
    "month and year": MONTH_YEAR.pattern,
    "OCI created label": r'org\.opencontainers\.image\.created="\d{4}-\d\d-\d\d"',
    "Dockerfile comment": r"^# .+, as of [A-Z][a-z]+ \d{4}$",
    "Dockerfile added label": r'kb\.added="\d{4}"$',
    "registry Since value": r'^"Since"="\d{4}-\d\d-\d\d"$',
    "registry export comment": r"^; exported [A-Z][a-z]+ \d{4}$",
    "registry added data": r'"added \d{4}"$',
    "Julia Date": r'Date\("\d{4}-\d\d-\d\d"\)',
    "Julia log year": r"^└   year = \d{4}$",
    "Julia until": r'# was ".+" until \d{4}-\d\d-\d\d$',
    "Julia comment year": r"\)  # \d{4}$",
    "Kotlin LocalDate": r'LocalDate\.parse\("\d{4}-\d\d-\d\d"\)',
    "Kotlin comment": r"^// .+, checked [A-Z][a-z]+ \d{4}$",
    "Kotlin toString year": r", year=\d{4}\)$",
    "TXT since": r'"since=\d{4}-\d\d-\d\d"',
    "zone comment": r"^; .+ \([A-Z][a-z]+ \d{4}\)$",
    "TXT added": r'"added=\d{4}"$',
    "daff since column": r"^(\+\+\+|->),.+,\d{4}-\d\d-\d\d$",
    "daff command comment": r"^# daff diff kb_old\.csv kb_new\.csv, [A-Z][a-z]+ \d{4}$",
    "daff added column": r"^\+\+\+,.+,\d{4}$",
    "errata printing": r"^Errata to the \d{4} printing$",
    "corrigendum": r"^Corrigendum \(\d\d [A-Z][a-z]+ \d{4}\): ",
    "addendum year": r"^Addendum \(\d{4}\): ",
    "SSML ymd": r'<say-as interpret-as="date" format="ymd">\d{4}-\d\d-\d\d</say-as>',
    "SSML year": r'<say-as interpret-as="date" format="y">\d{4}</say-as>',
    "summary confirmed": r"\(confirmed \d{4}-\d\d-\d\d\)\.$",
    "summary as of": r"^- As of \d\d [A-Z][a-z]+ \d{4}, ",
    "summary changed on": r" on \d{4}-\d\d-\d\d\.$",
    "summary noted": r"\(noted \d{4}\)\.$",
    "chyron earlier today": r"^EARLIER TODAY ▸ ",
    "earlier in this session": r"^Earlier in this session ",
}


def test_validity_is_written_in_many_forms_and_often_left_out() -> None:
    checks.check_written_forms([m.text for m in checks.every_memory(holdout_aa)], WHEN)
    texts = [m.text for m in checks.rendered_memories(holdout_aa)]
    undated = [t for t in texts if not checks.YEAR.search(t) and not MONTH_YEAR.search(t)]
    assert 0.60 * len(texts) <= len(undated) <= 0.75 * len(texts)
    checks.check_undated(holdout_aa, "tv_chyron")  # a chyron is dated by its broadcast


WRITTEN_DATES = {
    r'org\.opencontainers\.image\.created="(\d{4}-\d\d-\d\d)"': "%Y-%m-%d",
    r'^"Since"="(\d{4}-\d\d-\d\d)"$': "%Y-%m-%d",
    r'Date\("(\d{4}-\d\d-\d\d)"\)': "%Y-%m-%d",
    r'# was ".+" until (\d{4}-\d\d-\d\d)$': "%Y-%m-%d",
    r'LocalDate\.parse\("(\d{4}-\d\d-\d\d)"\)': "%Y-%m-%d",
    r'"since=(\d{4}-\d\d-\d\d)"': "%Y-%m-%d",
    r"^(?:\+\+\+|->),.+,(\d{4}-\d\d-\d\d)$": "%Y-%m-%d",
    r"^Corrigendum \((\d\d [A-Z][a-z]+ \d{4})\): ": "%d %B %Y",
    r'format="ymd">(\d{4}-\d\d-\d\d)</say-as>': "%Y-%m-%d",
    r"\(confirmed (\d{4}-\d\d-\d\d)\)\.$": "%Y-%m-%d",
    r"^- As of (\d\d [A-Z][a-z]+ \d{4}), ": "%d %B %Y",
    r" on (\d{4}-\d\d-\d\d)\.$": "%Y-%m-%d",
}
WRITTEN_YEARS = (
    r'kb\.added="(\d{4})"$',
    r"^└   year = (\d{4})$",
    r"\)  # (\d{4})$",
    r", year=(\d{4})\)$",
    r'"added=(\d{4})"$',
    r"^Errata to the (\d{4}) printing$",
    r"^Addendum \((\d{4})\): ",
    r'format="y">(\d{4})</say-as>',
    r"\(noted (\d{4})\)\.$",
)


def test_a_date_or_year_written_in_any_form_is_the_memorys_validity() -> None:
    """An OCI created label, a registry Since value, Julia's Date and a replaced value's
    until, Kotlin's LocalDate, a TXT since string, a daff since column, a corrigendum's day, an
    SSML ymd date and a summary's confirmed, as-of and changed-on dates each give back the day
    the fact took effect; an added label, a log's year, a printing, an addendum, an SSML year
    and the like give back its year."""
    days = years = 0
    for memory in checks.every_memory(holdout_aa):
        for pattern, form in WRITTEN_DATES.items():
            for written in re.findall(pattern, memory.text, re.MULTILINE):
                assert datetime.strptime(written, form).date() == memory.valid_from.date()
                days += 1
        for pattern in WRITTEN_YEARS:
            for written in re.findall(pattern, memory.text, re.MULTILINE):
                assert int(written) == memory.valid_from.year, memory.text
                years += 1
    assert days >= 700 and years >= 200


def test_a_csv_diff_row_has_its_headers_columns_and_the_value_in_its_column() -> None:
    """daff's highlighter rows: each row under an ``@@`` header has the header's columns, its
    value (or member) cell holds the memory's value, or ``old->new`` on a modified row; a
    removed ``---`` row holds the value replaced."""
    rows = 0
    for subject in holdout_histories():
        for memory in holdout_aa.render("csv_diff", subject):
            lines = [row for row in csv.reader(memory.text.split("\n"))]
            header = next((row for row in lines if row[0] == "@@"), None)
            if header is None:
                continue
            column = header.index("value" if "value" in header else "member")
            for row in lines[lines.index(header) + 1 :]:
                if row[0] in ("...", "---"):  # a skipped row, or the row a change removed
                    continue
                assert len(row) == len(header), memory.text
                assert row[column] == memory.value or row[column].endswith("->" + memory.value)
                rows += 1
    assert rows >= 240


def test_every_ssml_memory_is_well_formed_speech_markup() -> None:
    spoken = 0
    for subject in holdout_histories():
        for memory in holdout_aa.render("ssml_speech", subject):
            root = ET.fromstring(memory.text)
            assert root.tag == "speak" and memory.value in "".join(root.itertext())
            spoken += 1
    assert spoken >= 240


WAS = {
    "OCI replaces label": r'org\.kb\.replaces=".+"',
    "Dockerfile bumped comment": r'^# .+: .+ bumped from ".+"$',
    "registry Previous value": r'^"Previous"=".+"$',
    "registry old data comment": r'^; .+ changed, old data ".+"$',
    "Julia was comment": r'  # was ".+" until ',
    "Julia warning old": r'^│   old = ".+"$',
    "Kotlin copy previous": r'previous = ".+"',
    "Kotlin Change toString": r"^Change\(entity=.+, old=.+, new=.+\)$",
    "TXT previous": r'"previous=.+"',
    "zone diff removed record": r"^-fact  IN  TXT  ",
    "daff modified cell": r'^->,.+,".+->.+"',
    "daff removed row": r"^---,",
    "errata for and read": r'for ".+" read ".+"',
    "corrigendum given as": r", given as .+, is now ",
    "chyron WAS": r"\(WAS .+\)$",
    "chyron drops": r" drops .+: ",
    "SSML not": r'<emphasis level="reduced">not .+</emphasis>',
    "SSML no longer": r" is no longer .+\.<break",
    "summary from and to": r" changed from .+ to .+ on ",
    "summary outdated": r"^• .+ is outdated; ",
}


def test_a_change_names_the_old_value_in_most_wordings_and_in_every_family() -> None:
    # each family writes one change of three without the value it replaces
    checks.check_replaced_values_named(holdout_aa, WAS, (0.60, 0.75), SILENT)


def test_the_value_often_comes_before_the_entity() -> None:
    first, last = checks.value_first_and_last(holdout_aa)
    assert first >= 300 and last >= 3 * first


def test_values_recur_across_entities_across_slots_and_across_domains() -> None:
    shared = checks.values_shared_within_a_slot(holdout_aa)
    counts = {"27 teams", "28 teams", "29 teams", "30 teams", "31 teams", "32 teams", "82 games"}
    codes = {"+381", "Czechoslovakia's +42", "020", "four digits", "five digits", "six digits"}
    people = {"Liz Kendall", "Peter Kyle", "Shabana Mahmood", "Steve Reed"}
    departments = {
        "the Department for Business, Energy and Industrial Strategy",
        "the Department for Business, Innovation and Skills",
    }
    rules = {"two points", "three points", "24 seconds"}
    assert counts | codes | people | departments | rules <= shared
    # Germany's capital and seat of government were Bonn, then Berlin, on their own days
    assert checks.slots_of(holdout_aa, "Germany") == {
        "capital": {"Bonn", "Berlin"},
        "seat": {"Bonn", "Berlin"},
        "format": {"four digits", "five digits"},
    }
    many = {m.key: {v for v, _ in m.values} for d in domains() for m in d.many}
    assert {"911", "988"} <= many["three_digit_codes"] and "Nunavut" in many["territories"]
    dehradun = checks.slots_of(holdout_aa, "the state whose capital is Dehradun")
    assert "Uttarakhand" in many["newest_states"] & dehradun["name"]
    winners = {d.name: {w for e in d.events for _, w, _ in e.occasions} for d in domains()}
    # two stadiums that hosted a Champions League final hosted NFL games too
    venues = many["international_venues"] & winners["stadiums"]
    assert {"Wembley Stadium", "Allianz Arena"} <= venues
    # two expansion clubs of MLS have won its cup
    assert {"Atlanta United FC", "Los Angeles FC"} <= many["expansion_teams"] & winners[
        "sports_leagues"
    ]


def test_the_pairs_hold_every_kind_of_negative() -> None:
    other_slot = checks.check_every_kind_of_negative(list(holdout_pairs()), 1000, 60)
    assert other_slot.total() >= 80

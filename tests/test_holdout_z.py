"""What is particular to hold-out set Z (evaluation/holdout_z): real-world facts in eight
domains none of sets G to Y wrote (public holidays, national symbols, legislatures, compulsory
schooling, writing systems, song contests, web records, puzzles and games), the kinds of value
they hold, their questions, ten wording families as tools, agents and people leave records today
(Clojure EDN maps, KDL documents, Android logcat lines, fixed-width records, wiki talk pages,
Hansard extracts, postcards, support call notes, JSX components, an assistant's saved memories)
and the labelled pairs. The checks Z shares with sets D to Y run in test_holdout_common.py;
nothing here judges the change detector or needs the database."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

import holdout_checks as checks

import evaluation.holdout_z as holdout_z
from evaluation.holdout_z import domains, families, holdout_histories, holdout_pairs

PEOPLE = {"director", "crossword_editor", "record_holder", "presenter", "editor"}
PEOPLE |= {"most_followed"}
NAME = re.compile(r"[^\W\d_][\w.'-]*( [^\W\d_][\w.'-]*)*")
MONTH_YEAR = re.compile(rf"\b({checks.MONTHS}) (19|20)\d\d\b")
SILENT = {"edn_map", "kdl_document", "logcat_line", "fixed_width_record", "wiki_talk_page"}
SILENT |= {"hansard_extract", "postcard", "support_call_notes", "jsx_component"}
SILENT |= {"saved_memory"}
DAY_OF_MONTH = rf"\d\d? ({checks.MONTHS})"
NTH_WEEKDAY = r"the (first|second|third|fourth|last|second-to-last) (Monday|Thursday)"
NTH_WEEKDAY += rf" of ({checks.MONTHS})"
SCRIPTS = r"the (Cyrillic|Latin) alphabet|the (Perso-Arabic|traditional Mongolian) script"
SCRIPTS += r"|Cyrillic alongside the traditional script"
TERMS = r"(two|four|five|seven) years|a fixed five-year term|a five-year maximum"
SELECTIONS = r"an internal selection|Eurovision: You Decide|Destination Eurovision"
SELECTIONS += r"|Benidorm Fest|Australia Decides|Melodifestivalen"
SELECTIONS += r"|Eurovision France, c'est vous qui décidez !"


def test_eight_domains_none_of_the_earlier_sets_wrote() -> None:
    checks.check_eight_new_domains(holdout_z, checks.DOMAINS_BEFORE_Z, three_slots=5)
    names = {subject.domain for subject in holdout_histories()}
    assert not names & checks.DOMAINS_Y and {"public_holidays", "legislatures"} <= names


def test_values_are_dates_ages_counts_people_scripts_anthems_and_records() -> None:
    count = checks.value_counter(holdout_z)
    kinds = {
        r"age \d\d?": 9,  # school starting and leaving ages
        r"\d\d? years": 5,  # years of compulsory education
        r"\d{3} seats": 24,
        r"\d\d public holidays": 5,
        r"(\d\d|one|two|three|four) official languages?": 9,
        r"\d\d countries": 4,
        DAY_OF_MONTH: 8,  # a holiday's fixed date
        NTH_WEEKDAY: 6,  # a holiday's weekday in a month
        SCRIPTS: 5,
        r"(CSW|NWL20)\d\d": 7,  # Scrabble's word lists
        TERMS: 6,
        r"the [\w -]+ (flag|Ensign)|the Maple Leaf": 10,
        SELECTIONS: 7,
    }
    assert {pattern: count(pattern) for pattern in kinds} == kinds
    subjects = holdout_histories()
    people = {v for s in subjects if s.slot in PEOPLE for v in checks.values_of(s)}
    assert len(people) >= 35
    assert all(NAME.fullmatch(p) for p in people), people
    anthems = {v for s in subjects if s.slot == "anthem" for v in checks.values_of(s)}
    assert {"God Save the King", "O Canada", "Advance Australia Fair", "Tavisupleba"} <= anthems


def test_three_questions_a_subject() -> None:
    checks.check_questions_three_ways(holdout_z)


def _balanced(text: str, *pairs: str) -> bool:
    return all(text.count(pair[0]) == text.count(pair[1]) for pair in pairs)


def _edn(text: str) -> bool:
    starts = ("{:", ";; ", "user=> ", "#kb/fact {", "(swap! ")
    return text.startswith(starts) and _balanced(text, "()", "[]", "{}")


def _kdl(text: str) -> bool:
    starts = ("fact ", "// ", '"', "value ", "member ")
    return text.startswith(starts) and _balanced(text, "{}")


LOGCAT = re.compile(
    r"(\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} +\d+ +\d+ [VDIWE] \w+ *: |[VDIWE]/\w+ *\( *\d+\): )"
)


def _logcat(text: str) -> bool:
    return "\n" not in text and LOGCAT.match(text) is not None


def _fixed(text: str) -> bool:
    starts = ("FACT  ", "CHG   ", "UPD   ", "ADD   ", "MBR   ", "ENTITY  ", "REC 01 ")
    return text.startswith(starts) or re.match(r"\S.{50}\s\S", text) is not None


def _talk(text: str) -> bool:
    return text.startswith(("== ", ":", "{{Infobox fact\n", "* "))


def _hansard(text: str) -> bool:
    starts = ("Mr Alan Hale", "HC Deb ", "Ms Priya Rao: ", "Written answer (", "Hon. Members: ")
    return text.startswith(starts)


def _postcard(text: str) -> bool:
    starts = ("Dear Gran,\n", "Postmarked ", "Wish you were here! ", "To Ana: ")
    return text.startswith(starts) or re.match(rf"({checks.MONTHS}) \d{{4}}\. ", text) is not None


def _call(text: str) -> bool:
    starts = ("Call summary: ", "Case notes ", "Wrap-up: ", "Agent note (", "Disposition: ")
    return "\n" not in text and text.startswith(starts)


def _jsx(text: str) -> bool:
    return text.startswith(("<", "{/* ")) and text.rstrip().endswith(">")


def _saved(text: str) -> bool:
    starts = ("Memory updated\n", "Saved memory: ", "• Knows ", "Manage memories \u203a ")
    return text.startswith((*starts, "Updated saved memory: "))


SHAPES: dict[str, Callable[[str], bool]] = {
    "edn_map": _edn,
    "kdl_document": _kdl,
    "logcat_line": _logcat,
    "fixed_width_record": _fixed,
    "wiki_talk_page": _talk,
    "hansard_extract": _hansard,
    "postcard": _postcard,
    "support_call_notes": _call,
    "jsx_component": _jsx,
    "saved_memory": _saved,
}


def test_each_family_keeps_its_shape_in_four_wordings_or_more_under_a_new_name() -> None:
    checks.check_family_shapes(holdout_z, SHAPES)
    # the names (only the names) of sets A to Y's families were read, to repeat none
    assert not checks.families_before("z") & set(families())


WHEN = {
    "ISO date": checks.ISO_DATE.pattern,
    "month and year": MONTH_YEAR.pattern,
    "EDN inst": r'#inst "\d{4}-\d\d-\d\d"',
    "EDN year": r":year \d{4}\}$",
    "KDL since": r'^    since "\d{4}-\d\d-\d\d"$',
    "KDL comment": r"^// .+, as of [A-Z][a-z]+ \d{4}$",
    "KDL year": r" year=\d{4}$",
    "logcat day without a year": r"^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} ",
    "fixed-width date": r"^FACT  .{120}\d{4}-\d\d-\d\d$",
    "fixed-width year": r"^FACT  .{120}\d{4}$",
    "talk page signature": r"\d\d:\d\d, \d\d [A-Z][a-z]+ \d{4} \(UTC\)$",
    "talk page infobox": r"^\| as_of = [A-Z][a-z]+ \d{4}$",
    "talk page citation": r"\|date=\d{4}-\d\d-\d\d\}\}",
    "Hansard sitting": r"^HC Deb \d\d [A-Z][a-z]+ \d{4}, vol ",
    "Hansard written answer": r"^Written answer \([A-Z][a-z]+ \d{4}\)$",
    "postmark": r"^Postmarked \d\d [A-Z][a-z]+ \d{4}$",
    "postcard month": r"^[A-Z][a-z]+ \d{4}\. ",
    "case notes day first": r"^Case notes \d\d/\d\d/\d{4}: ",
    "agent note": r"^Agent note \([A-Z][a-z]+ \d{4}\): ",
    "JSX since": r'since="\d{4}-\d\d-\d\d"',
    "JSX comment": r"^\{/\* .+, checked [A-Z][a-z]+ \d{4} \*/\}$",
    "JSX year": r"year=\{\d{4}\}",
}


def test_validity_is_written_in_many_forms_and_often_left_out() -> None:
    texts = [m.text for m in checks.rendered_memories(holdout_z)]
    checks.check_written_forms(texts, WHEN)
    undated = [t for t in texts if not checks.YEAR.search(t) and not MONTH_YEAR.search(t)]
    assert 0.60 * len(texts) <= len(undated) <= 0.75 * len(texts)
    checks.check_undated(holdout_z, "saved_memory")  # an assistant's memory carries no date


WRITTEN_DATES = {
    r'#inst "(\d{4}-\d\d-\d\d)"': "%Y-%m-%d",
    r'^    since "(\d{4}-\d\d-\d\d)"$': "%Y-%m-%d",
    r"^FACT  .{120}(\d{4}-\d\d-\d\d)$": "%Y-%m-%d",
    r"^CHG   .{120}(\d{4}-\d\d-\d\d) WAS ": "%Y-%m-%d",
    r"\d\d:\d\d, (\d\d [A-Z][a-z]+ \d{4}) \(UTC\)$": "%d %B %Y",
    r"\|date=(\d{4}-\d\d-\d\d)\}\}": "%Y-%m-%d",
    r"^HC Deb (\d\d [A-Z][a-z]+ \d{4}), vol ": "%d %B %Y",
    r"^Postmarked (\d\d [A-Z][a-z]+ \d{4})$": "%d %B %Y",
    r"^Case notes (\d\d/\d\d/\d{4}): ": "%d/%m/%Y",
    r'since="(\d{4}-\d\d-\d\d)"': "%Y-%m-%d",
}


def test_a_full_date_written_in_any_form_is_the_memorys_validity() -> None:
    """EDN's #inst, KDL's since, a fixed-width record's date column, a talk page's signature
    and citation, a Hansard sitting, a postmark, a case note's day-first date and a JSX since
    each give back the day the fact took effect; a logcat line's month and day (it writes no
    year) give back the month and day."""
    found = days = 0
    for memory in checks.rendered_memories(holdout_z):
        for pattern, form in WRITTEN_DATES.items():
            for written in re.findall(pattern, memory.text, re.MULTILINE):
                assert datetime.strptime(written, form).date() == memory.valid_from.date()
                found += 1
        for month, day in re.findall(r"^(\d\d)-(\d\d) \d\d:", memory.text, re.MULTILINE):
            assert (int(month), int(day)) == (memory.valid_from.month, memory.valid_from.day)
            days += 1
    assert found >= 500 and days >= 80


def test_a_fixed_width_record_keeps_its_columns() -> None:
    """Entity in columns 7-50, key in 51-74, value from 75 (a value-first record: value in
    1-52, entity in 53-96), each padded with spaces, so a reader can cut the record apart; a
    field longer than its column (one entity of 45 characters, one label of 33, one value of
    58) pushes the rest along, as a careless export would, and is left so."""
    keys = {d.name: {name: slot.key for name, slot in d.slots.items()} for d in domains()}
    header = "ENTITY".ljust(44) + "ATTRIBUTE".ljust(32) + "VALUE"
    cut = 0
    for subject in holdout_histories():
        key = keys[subject.domain][subject.slot]
        if len(subject.entity) >= 44 or len(subject.attribute) >= 32:
            continue
        for memory in holdout_z.render("fixed_width_record", subject):
            first, *rest = memory.text.split("\n")
            if first.startswith(("FACT  ", "CHG   ", "UPD   ")):
                assert first[6:50].rstrip() == subject.entity and first[50:74].rstrip() == key
                assert first[74:].startswith((memory.value, "OLD "))
            elif first == header:
                assert rest[0][:44].rstrip() == subject.entity and rest[0][76:] == memory.value
            elif not first.startswith("REC 01 ") and len(memory.value) < 52:
                assert first[:52].rstrip() == memory.value
                assert first[52:96].rstrip() == subject.entity and first[96:] == key
            else:
                continue
            cut += 1
    assert cut >= 220


WAS = {
    "EDN replaces": r':replaces ".+", :since',
    "EDN comment": r'\) ; was ".+"$',
    "KDL replaces": r' replaces=".+"$',
    "KDL slashdash": r'^    /-".+" ".+"$',
    "logcat arrow": r': "[^"]+" -> "[^"]+"$',
    "logcat old and new": r'\(old=".+", new=".+"\)$',
    "fixed-width WAS": r"^CHG   .+ WAS .+$",
    "fixed-width OLD and NEW": r"^CHG   .+OLD .+NEW .+$",
    "talk page out of date": r"; .+ is out of date\. ",
    "talk page from and to": r"^:I've changed the .+ from .+ to .+; see the article history",
    "Hansard it was": r"; it was .+\.$",
    "Hansard still": r"^Mr Alan Hale: Is the .+ still .+\?$",
    "postcard not": r", not .+! x$",
    "postcard remember": r"^Remember we said .+\? The ",
    "call notes old": r"had the old .+ \(.+\) for ",
    "call notes quoted": r"^Call summary: Customer quoted .+ as the ",
    "JSX previous": r' previous=".+" since=',
    "JSX del": r"^  <del>.+</del> <ins>.+</ins>$",
    "memory no longer": r" is now .+, no longer .+\.$",
    "memory replaces": r"\(replaces .+\)\.$",
}


def test_a_change_names_the_old_value_in_most_wordings_and_in_every_family() -> None:
    # each family writes one change of three without the value it replaces
    checks.check_replaced_values_named(holdout_z, WAS, (0.60, 0.75), SILENT)


def test_the_value_often_comes_before_the_entity() -> None:
    first, last = checks.value_first_and_last(holdout_z)
    assert first >= 240 and last >= 3 * first


def test_values_recur_across_entities_across_slots_and_across_domains() -> None:
    shared = checks.values_shared_within_a_slot(holdout_z)
    holidays = {"the second Monday of October", "God Save the Queen", "an internal selection"}
    seats = {"630 seats", "736 seats", "four years", "9 years", "11 official languages"}
    ages = {"age 6", "age 7", "age 14", "age 15", "age 16", "age 18"}
    scripts = {"the Cyrillic alphabet", "the Latin alphabet", "two official languages"}
    assert holidays | seats | ages | scripts <= shared
    # the most-viewed YouTube video of 2017-2020 is still its most-liked one
    assert checks.slots_of(holdout_z, "YouTube")["most_liked"] <= {"Despacito"}
    many = {m.key: {v for v, _ in m.values} for d in domains() for m in d.many}
    assert {"Wordle", "Connections"} <= many["daily_games"]
    assert "Columbus Day" in many["federal_holidays"] and "Irish" in many["official_languages"]
    winners = {d.name: {w for e in d.events for _, w, _ in e.occasions} for d in domains()}
    # two world champions held the single-solve record too
    cubers = checks.slots_of(holdout_z, "the 3x3x3 single solve")["record_holder"]
    assert {"Feliks Zemdegs", "Max Park"} <= winners["puzzles_and_games"] & cubers
    spotify = checks.slots_of(holdout_z, "Spotify")["most_streamed"]
    assert {"Shape of You", "Blinding Lights"} <= winners["web_records"] & spotify


def test_the_pairs_hold_every_kind_of_negative() -> None:
    other_slot = checks.check_every_kind_of_negative(list(holdout_pairs()), 1000, 60)
    assert other_slot.total() >= 80

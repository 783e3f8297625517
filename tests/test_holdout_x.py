"""What is particular to hold-out set X (evaluation/holdout_x): real-world facts in eight
domains none of sets G to W wrote (tax rates, data protection, nuclear power, epidemics,
laureates, boxing, science advice, meteorology), the kinds of value they hold, their
questions, ten wording families as tools and people leave records today (Windows event logs,
Haskell's ghci shell, smart-speaker voice history, gettext PO files, Nix attribute sets, Apple
property lists, AsciiDoc pages, pino JSON logs, Anki notes, deposition transcripts) and the
labelled pairs. The checks X shares with sets D to W run in test_holdout_common.py; nothing
here judges the change detector or needs the database."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime

import holdout_checks as checks

import evaluation.holdout_x as holdout_x
from evaluation.holdout_x import domains, families, holdout_histories, holdout_pairs

HOLDERS = ("head", "holder", "president", "director_general", "champion", "undisputed")
NAME = re.compile(r"[^\W\d_][\w.'-]*( [^\W\d_][\w.'-]*)*")
MONTH_YEAR = re.compile(rf"\b({checks.MONTHS}) (19|20)\d\d\b")
SILENT = {"windows_event_log", "ghci_session", "smart_speaker", "gettext_po", "nix_attrset"}
SILENT |= {"apple_plist", "asciidoc_page", "pino_log", "anki_note", "deposition_transcript"}


def test_eight_domains_none_of_the_earlier_sets_wrote() -> None:
    checks.check_eight_new_domains(holdout_x, checks.DOMAINS_BEFORE_X, three_slots=2)
    names = {subject.domain for subject in holdout_histories()}
    assert not names & checks.DOMAINS_W and {"tax_rates", "epidemics"} <= names


def test_values_are_rates_people_statuses_fines_and_reports() -> None:
    count = checks.value_counter(holdout_x)
    kinds = {
        r"\d+(\.\d)?%": 29,  # VAT, GST, corporate and income tax rates
        r"[£€][\d,.]+ (million|billion)? ?against [A-Z][\w ]+": 8,  # record fines
        r"under construction|in commercial operation|connected to the grid": 3,
        r"shut down|in cold shutdown|being decommissioned": 3,
        r"a public health emergency of international concern|no longer an emergency": 2,
        r"\d+ endemic countries": 5,
        r"endemic|eradicated": 2,
        r"the (Fourth|Fifth|Sixth) Assessment Report": 3,
        r".*recognised by the IOC|stripped of IOC recognition|suspended by the IOC": 5,
    }
    assert {pattern: count(pattern) for pattern in kinds} == kinds
    subjects = holdout_histories()
    people = {v for s in subjects if s.slot in HOLDERS for v in checks.values_of(s)}
    assert len(people) >= 90
    assert all(NAME.fullmatch(p) for p in people), people


def test_three_questions_a_subject() -> None:
    checks.check_questions_three_ways(holdout_x)


def _windows(text: str) -> bool:
    starts = ("Log Name:      Application\n", "Information\t", "Warning\t", "Event 4")
    return text.startswith((*starts, "<Event>\n", "Level: Information | Source: KBSync"))


def _ghci(text: str) -> bool:
    return text.startswith("ghci> ")


def _speaker(text: str) -> bool:
    lines = text.split("\n")
    return (
        len(lines) == 3
        and lines[0].startswith("Voice history · ")
        and lines[1].startswith('You: "')
        and lines[2].startswith('Speaker: "')
    )


def _po(text: str) -> bool:
    keys = ("#", "msgctxt ", "msgid ", "msgid_plural ", "msgstr ", "msgstr[0] ")
    return all(line.startswith(keys) for line in text.split("\n")) and "\nmsgstr" in text


def _nix(text: str) -> bool:
    return text.startswith(("{", "kb.", "nix-repl> ", "# ")) and text.count("{") == text.count("}")


def _plist(text: str) -> bool:
    return text.startswith(("<?xml", "$ defaults ", "<dict>", "$ plutil -p", "<!-- ", "<key>")) or (
        text.startswith("$ /usr/libexec/PlistBuddy")
    )


def _asciidoc(text: str) -> bool:
    starts = ("= ", "NOTE: ", "[horizontal]\n", "|===\n", ".", "IMPORTANT: ", "TIP: ", "== ")
    return text.startswith(starts)


def _pino(text: str) -> bool:
    if text.startswith("{"):
        record = json.loads(text)
        return record["level"] in (30, 40) and "msg" in record
    return text.startswith(("[", "INFO (kb-sync): "))


def _anki(text: str) -> bool:
    starts = ("#separator:tab\n", "Q: ", "Front: ", "Cloze: ")
    return text.startswith(starts) or text.count("\t") == 2


def _deposition(text: str) -> bool:
    return re.match(r"(\d\d  )?(Q\. |THE WITNESS: |MR\. HALE: )", text) is not None


SHAPES: dict[str, Callable[[str], bool]] = {
    "windows_event_log": _windows,
    "ghci_session": _ghci,
    "smart_speaker": _speaker,
    "gettext_po": _po,
    "nix_attrset": _nix,
    "apple_plist": _plist,
    "asciidoc_page": _asciidoc,
    "pino_log": _pino,
    "anki_note": _anki,
    "deposition_transcript": _deposition,
}


def test_each_family_keeps_its_shape_in_four_wordings_or_more_under_a_new_name() -> None:
    checks.check_family_shapes(holdout_x, SHAPES)
    # the names (only the names) of sets A to W's families were read, to repeat none
    assert not checks.families_before("x") & set(families())


WHEN = {
    "ISO date": checks.ISO_DATE.pattern,
    "month and year": MONTH_YEAR.pattern,
    "event log US date": r"^Date:          \d\d/\d\d/\d{4} 12:00:00 AM$",
    "event log logged": r"^Logged: [A-Z][a-z]+ \d{4}$",
    "event XML field": r'<Data Name="validFrom">\d{4}-\d\d-\d\d</Data>',
    "ghci fromGregorian": r"fromGregorian \d{4} \d\d \d\d",
    "ghci tuple": r'Just \(".+","[A-Z][a-z]+ \d{4}"\)$',
    "PO extracted comment": r"^#\. valid from \d{4}-\d\d-\d\d$",
    "PO as of": r"^# as of [A-Z][a-z]+ \d{4}$",
    "Nix since": r'^  since = "\d{4}-\d\d-\d\d";$',
    "Nix overrides from": r"# overrides .+ from \d{4}$",
    "plist date": r"<date>\d{4}-\d\d-\d\dT00:00:00Z</date>",
    "plutil as_of": r'"as_of" => "[A-Z][a-z]+ \d{4}"',
    "AsciiDoc revdate": r"^:revdate: \d\d [A-Z][a-z]+ \d{4}$",
    "AsciiDoc as of": r"^_As of [A-Z][a-z]+ \d{4}\._$",
    "pino time": r'"time":"\d{4}-\d\d-\d\dT00:00:00\.000Z"',
    "pino-pretty stamp": r"^\[\d{4}-\d\d-\d\d 00:00:00\.000\] ",
    "pino asOf": r'^    asOf: "[A-Z][a-z]+ \d{4}"$',
    "Anki added tag": r"added::\d{4}$",
    "Anki created": r"^Created: \d{4}-\d\d-\d\d$",
    "Anki edited": r"\(card edited \d{4}-\d\d-\d\d; was ",
    "deposition as of": r"^A\. .+, as of [A-Z][a-z]+ \d{4}\.$",
    "deposition since": r"since \d\d [A-Z][a-z]+ \d{4}\.$",
    "deposition on": r" on [A-Z][a-z]+ \d\d, \d{4}\?$",
}


def test_validity_is_written_in_many_forms_and_often_left_out() -> None:
    texts = [m.text for m in checks.rendered_memories(holdout_x)]
    checks.check_written_forms(texts, WHEN)
    undated = [t for t in texts if not checks.YEAR.search(t) and not MONTH_YEAR.search(t)]
    assert 0.50 * len(texts) <= len(undated) <= 0.62 * len(texts)
    checks.check_undated(holdout_x, "smart_speaker")  # a voice history keeps no dates


WRITTEN_DATES = {
    r"^Date:          (\d\d/\d\d/\d{4}) ": "%m/%d/%Y",
    r"fromGregorian (\d{4} \d\d \d\d)": "%Y %m %d",
    r":revdate: (\d\d [A-Z][a-z]+ \d{4})$": "%d %B %Y",
    r"since (\d\d [A-Z][a-z]+ \d{4})\.$": "%d %B %Y",
    r" on ([A-Z][a-z]+ \d\d, \d{4})\?$": "%B %d, %Y",
    r"<date>(\d{4}-\d\d-\d\d)T": "%Y-%m-%d",
    r'"time":"(\d{4}-\d\d-\d\d)T': "%Y-%m-%d",
    r"^Created: (\d{4}-\d\d-\d\d)$": "%Y-%m-%d",
}


def test_a_full_date_written_in_any_form_is_the_memorys_validity() -> None:
    """The event log's month-first date, ghci's fromGregorian, AsciiDoc's revdate, a
    deposition's day-first and month-first dates, the plist's date, pino's time and Anki's
    creation date each give back the day the fact took effect."""
    found = 0
    for memory in checks.rendered_memories(holdout_x):
        for pattern, form in WRITTEN_DATES.items():
            for written in re.findall(pattern, memory.text, re.MULTILINE):
                assert datetime.strptime(written, form).date() == memory.valid_from.date()
                found += 1
    assert found >= 450


def test_a_pino_record_and_a_plist_parse_with_the_value_in_place() -> None:
    import plistlib

    for memory in checks.rendered_memories(holdout_x):
        text = memory.text
        if memory.family == "pino_log" and text.startswith("{"):
            record = json.loads(text)
            assert memory.value in (record.get("value"), record.get("new")) or (
                memory.value in record["msg"]
            ), text
        if memory.family == "apple_plist" and text.startswith(("<?xml", "<dict>\n")):
            body = text if text.startswith("<?xml") else f"<plist>{text}</plist>"
            assert memory.value in plistlib.loads(body.encode()).values(), text


WAS = {
    "event log changed from": r": .+ changed from .+ to .+$",
    "event log stale value": r"\tStale value .+ replaced; ",
    "ghci superseded": r'^\[\(".+",Superseded\),',
    "ghci old and new": r'Replaced \{old = ".+", new = ',
    "smart speaker used to be": r"It used to be .+; now it's ",
    "smart speaker not": r', not .+"$',
    "PO previous msgid": r'^#\| msgid ".+"$',
    "PO was": r'^# updated \d{4}-\d\d-\d\d, was ".+"$',
    "Nix was": r'; # was ".+"$',
    "Nix overrides": r'# overrides ".+" from',
    "plist previous": r"<key>previous</key>",
    "defaults replaces": r'^# replaces ".+"$',
    "AsciiDoc line-through": r"\[\.line-through\]#.+# ",
    "AsciiDoc out of date": r"; .+ is out of date\.$",
    "pino old": r'"old":".+","new":',
    "pino-pretty arrow": r"changed: .+ -> ",
    "Anki was": r"; was .+\)$",
    "Anki old back": r"^# old back: ",
    "deposition still": r"^Q\. Was .+ still the ",
    "deposition previously testified": r"^Q\. You previously testified it was ",
}


def test_a_change_names_the_old_value_in_most_wordings_and_in_every_family() -> None:
    # each family writes one change of three without the value it replaces
    checks.check_replaced_values_named(holdout_x, WAS, (0.60, 0.72), SILENT)


def test_the_value_often_comes_before_the_entity() -> None:
    first, last = checks.value_first_and_last(holdout_x)
    assert first >= 240 and last >= 3 * first


def test_values_recur_across_entities_across_slots_and_across_domains() -> None:
    shared = checks.values_shared_within_a_slot(holdout_x)
    rates = {"5%", "16%", "19%", "20%", "21%"}
    statuses = {"under construction", "in commercial operation", "shut down"}
    emergencies = {"a public health emergency of international concern", "no longer an emergency"}
    boxers = {"Oleksandr Usyk", "Anthony Joshua", "Andy Ruiz Jr."}
    assert rates | statuses | emergencies | boxers | {"Southern Nuclear", "Geneva"} <= shared
    # Geneva houses two meteorological bodies; a country granted adequacy is a taxing state
    many = {m.key: {v for v, _ in m.values} for d in domains() for m in d.many}
    taxing = {s.entity for s in holdout_histories() if s.domain == "tax_rates"}
    assert {"the United Kingdom", "the United States", "Japan"} <= many["adequacy_decisions"]
    assert {"the United Kingdom", "Japan"} <= taxing
    winners = {d.name: {w for e in d.events for _, w, _ in e.occasions} for d in domains()}
    holders = {v for s in holdout_histories() if s.domain == "boxing" for v in checks.values_of(s)}
    assert "Anthony Joshua" in winners["boxing"] & holders


def test_the_pairs_hold_every_kind_of_negative() -> None:
    other_slot = checks.check_every_kind_of_negative(list(holdout_pairs()), 1200, 165)
    assert other_slot.total() >= 60

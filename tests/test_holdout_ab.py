"""What is particular to hold-out set AB (evaluation/holdout_ab): real-world facts in eight
domains none of sets G to AA wrote (software licences, road tolls and charging zones, voice
acting, shop rules, scheduled dates, weekly schedules, sports kit, title sponsors), the kinds of
value they hold (dates and weekdays among them), their questions, ten wording families as tools,
agents and people leave records today (OCaml toplevel sessions, Pulumi previews, Apple
``.strings`` files, jq queries, JSONL eval cases, US court dockets, footnotes, public-address
announcements never dated, RSpec expectations, Q&A-site answers) and the labelled pairs. The
checks AB shares with sets D to AA run in test_holdout_common.py; nothing here judges the change
detector or needs the database."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime

import holdout_checks as checks

import evaluation.holdout_ab as holdout_ab
from evaluation.holdout_ab import domains, families, holdout_histories, holdout_pairs

PEOPLE = {"voice", "performer", "film"}
NAME = re.compile(r"[^\W\d_][\w.'-]*( [^\W\d_][\w.'-]*)*")
MONTH_YEAR = re.compile(rf"\b({checks.MONTHS}) (19|20)\d\d\b")
DAY = rf"\d\d? ({checks.MONTHS}) \d{{4}}"
DAYS_OF_WEEK = rf"({checks.WEEKDAYS})( (and|to) ({checks.WEEKDAYS}))?"
SILENT = {"ocaml_utop", "pulumi_preview", "apple_strings", "jq_query", "eval_case"}
SILENT |= {"court_docket", "footnote", "pa_announcement", "rspec_expectation", "stack_answer"}


def test_eight_domains_none_of_the_earlier_sets_wrote() -> None:
    checks.check_eight_new_domains(holdout_ab, checks.DOMAINS_BEFORE_AB, three_slots=6)
    names = {subject.domain for subject in holdout_histories()}
    assert not names & checks.DOMAINS_AA and {"software_licences", "weekly_schedules"} <= names


def test_values_are_dates_weekdays_amounts_shares_ages_names_and_licences() -> None:
    count = checks.value_counter(holdout_ab)
    kinds = {
        DAY: 15,  # opening, exit, final and transition dates: a date is the value
        r"20[0-9][05]": 2,  # the year new petrol cars stop being sold
        DAYS_OF_WEEK: 10,  # weekends, release, chart and sitting days
        r"[£$]\d+(\.\d\d)?": 8,  # tolls and daily charges
        r"\d\d?p|\d\d (pence|cent)": 5,  # carrier bag charges
        r"\d\d (pence|cent) per (unit|gram)": 3,  # minimum unit prices of alcohol
        r"age \d\d": 4,  # tobacco sale ages
        r"\d\d%": 2,  # a required zero-emission share
        r"(two|four) points|\d\d clubs": 6,
        r"toll(ed|-free)": 2,
        r"a choice of .+": 4,  # licences offered side by side
    }
    assert {pattern: count(pattern) for pattern in kinds} == kinds
    subjects = holdout_histories()
    people = {v for s in subjects if s.slot in PEOPLE for v in checks.values_of(s)}
    assert len(people) >= 25
    assert all(NAME.fullmatch(p) for p in people), people
    licences = {v for s in subjects if s.slot == "licence" for v in checks.values_of(s)}
    assert {"Apache 2.0", "GPLv2", "MIT", "BUSL 1.1", "SSPL", "AGPLv3"} <= licences
    sponsors = {v for s in subjects if s.slot == "sponsor" for v in checks.values_of(s)}
    assert {"Carabao", "EA Sports", "McDonald's", "Gemini", "Guinness"} <= sponsors


def test_three_questions_a_subject() -> None:
    checks.check_questions_three_ways(holdout_ab)


def _quotes_even(text: str) -> bool:
    return text.count('"') % 2 == 0


def _ocaml(text: str) -> bool:
    first = text.split("\n")[0]
    toplevel = first.startswith("utop # ") and ";;" in first
    return (toplevel or (first.startswith("(* ") and first.endswith(" *)"))) and _quotes_even(text)


def _pulumi(text: str) -> bool:
    steps = tuple(f"{lead}kb:index:" for lead in ("    + ", "    = ", "    ~ ", " +  ", " ~  "))
    return text.startswith((*steps, "Outputs:\n", "Diagnostics:\n")) and "kb" in text


STRINGS_LINE = re.compile(r'(/\* .+ \*/|[-+]?"[^"]+" = "[^"]+";( /\* .+ \*/)?)')


def _strings(text: str) -> bool:
    return all(STRINGS_LINE.fullmatch(line) for line in text.split("\n"))


def _jq(text: str) -> bool:
    first = text.split("\n")[0]
    return first.startswith(("$ jq ", "$ diff <(jq ")) and "kb.json" in first


def _eval(text: str) -> bool:
    return "\n" not in text and isinstance(json.loads(text), dict)


US_DAY = re.compile(r"(\d\d)/(\d\d)/(\d{4})")


def _docket(text: str) -> bool:
    starts = ("DOCKET ENTRY ", "Minute entry: ", "ORDER ", "Exhibit ", "AMENDED Exhibit ")
    dated = US_DAY.match(text) is not None
    opens = dated or text.startswith((*starts, "NOTICE of addition ("))
    return "\n" not in text and opens and text.endswith((".", ")"))


def _footnote(text: str) -> bool:
    return "\n" not in text and text[0] in "¹²³⁴⁵⁶⁷⁸⁹" and text.endswith(".")


def _announcement(text: str) -> bool:
    starts = ("Ding-dong. ", "This is a staff announcement. ", "Attention please. ")
    greetings = ("Good afternoon, everybody. ", "Customer announcement: ", "Ladies and gentlemen, ")
    return "\n" not in text and text.startswith((*starts, *greetings, "Staff announcement: "))


def _rspec(text: str) -> bool:
    starts = ("expect(", "it ", "# ", "describe ", "kb.update(")
    balanced = text.count("(") == text.count(")") and text.count("{") == text.count("}")
    return text.startswith(starts) and balanced and _quotes_even(text)


def _answer(text: str) -> bool:
    return text.startswith(("Q: ", "A: ", "It's ", "> ", "Edit: "))


SHAPES: dict[str, Callable[[str], bool]] = {
    "ocaml_utop": _ocaml,
    "pulumi_preview": _pulumi,
    "apple_strings": _strings,
    "jq_query": _jq,
    "eval_case": _eval,
    "court_docket": _docket,
    "footnote": _footnote,
    "pa_announcement": _announcement,
    "rspec_expectation": _rspec,
    "stack_answer": _answer,
}


def test_each_family_keeps_its_shape_in_four_wordings_or_more_under_a_new_name() -> None:
    checks.check_family_shapes(holdout_ab, SHAPES)
    # the names (only the names) of sets A to AA's families were read, to repeat none
    assert not checks.families_before("ab") & set(families())


WHEN = {
    "ISO date": checks.ISO_DATE.pattern,
    "month and year": MONTH_YEAR.pattern,
    "OCaml record since": r'since = "\d{4}-\d\d-\d\d" \}',
    "OCaml comment": r"^\(\* .+, [A-Z][a-z]+ \d{4} \*\)$",
    "OCaml until year": r'was ".+" until \d{4} \*\)$',
    "OCaml since argument": r'~since:"\d{4}-\d\d-\d\d"',
    "OCaml added": r"\(\* added \d{4} \*\)$",
    "Pulumi since": r'^        since : "\d{4}-\d\d-\d\d"$',
    "Pulumi stack comment": r"^# stack kb-facts, .+, previewed [A-Z][a-z]+ \d{4}$",
    "Pulumi resources": r"^    ~ 1 to update \([A-Z][a-z]+ \d{4}\)$",
    "Pulumi added": r'^        added : "\d{4}"$',
    "strings since comment": r"^/\* .+, since \d{4}-\d\d-\d\d \*/$",
    "strings year comment": r"; /\* \d{4} \*/$",
    "strings updated comment": r"^/\* Localizable\.strings, updated [A-Z][a-z]+ \d{4} \*/$",
    "strings changed comment": r", changed \d{4}-\d\d-\d\d \*/$",
    "strings added comment": r", added \d{4} \*/$",
    "jq since": r'^  "since": "\d{4}-\d\d-\d\d"$',
    "jq checked": r'"checked":"[A-Z][a-z]+ \d{4}"\}$',
    "jq change at": r'"at":"\d{4}-\d\d-\d\d"\}$',
    "jq added year": r'"year":\d{4}\}$',
    "eval as_of": r'"as_of": "\d{4}-\d\d-\d\d"\}$',
    "eval source_year": r'"source_year": \d{4}\}$',
    "eval prompt": r'"prompt": "As of [A-Z][a-z]+ \d{4}, ',
    "eval changed_on": r'"changed_on": "\d{4}-\d\d-\d\d"\}$',
    "eval since year": r'"since": \d{4}\}$',
    "docket day first": r"^\d\d/\d\d/\d{4}   \d\d   NOTICE of ",
    "docket entered": r"\(Entered: \d\d/\d\d/\d{4}\)$",
    "docket signed": r"Signed [A-Z][a-z]+ \d{4}\.$",
    "docket addition": r"^NOTICE of addition \(\d{4}\): ",
    "footnote since": r" since \d\d [A-Z][a-z]+ \d{4}; ",
    "footnote became on": r" on \d\d [A-Z][a-z]+ \d{4}, replacing ",
    "footnote reported": r"\(as reported in \d{4}\)\.$",
    "footnote as of": r"^⁵ As of [A-Z][a-z]+ \d{4}, ",
    "footnote added": r", added in \d{4}, ",
    "RSpec travel_to": r'travel_to Time\.zone\.parse\("\d{4}-\d\d-\d\d"\)',
    "RSpec checked": r"^# .+, checked [A-Z][a-z]+ \d{4}$",
    "RSpec added": r"# added \d{4}$",
    "answered": r"^— answered \d{4}-\d\d-\d\d 09:14:07Z$",
    "edited": r"\(edited \d{4}\)$",
    "answer as of": r", as of [A-Z][a-z]+ \d{4}\.$",
    "answer since day": r"^A: No\. Since \d{4}-\d\d-\d\d it is ",
    "answer since year": r"^A: Yes, since \d{4}\.$",
}


def test_validity_is_written_in_many_forms_and_often_left_out() -> None:
    checks.check_written_forms([m.text for m in checks.every_memory(holdout_ab)], WHEN)
    texts = [m.text for m in checks.rendered_memories(holdout_ab)]
    undated = [t for t in texts if not checks.YEAR.search(t) and not MONTH_YEAR.search(t)]
    # a date or a phase-out year that is the value counts as written: half the memories
    assert 0.50 * len(texts) <= len(undated) <= 0.60 * len(texts)
    checks.check_undated(holdout_ab, "pa_announcement")  # an announcement is dated by its hour


WRITTEN_DAYS = {
    r'since = "(\d{4}-\d\d-\d\d)" \}': "%Y-%m-%d",
    r'~since:"(\d{4}-\d\d-\d\d)"': "%Y-%m-%d",
    r'^        since : "(\d{4}-\d\d-\d\d)"$': "%Y-%m-%d",
    r"^/\* .+, since (\d{4}-\d\d-\d\d) \*/$": "%Y-%m-%d",
    r", changed (\d{4}-\d\d-\d\d) \*/$": "%Y-%m-%d",
    r'^  "since": "(\d{4}-\d\d-\d\d)"$': "%Y-%m-%d",
    r'"at":"(\d{4}-\d\d-\d\d)"\}$': "%Y-%m-%d",
    r'"as_of": "(\d{4}-\d\d-\d\d)"\}$': "%Y-%m-%d",
    r'"changed_on": "(\d{4}-\d\d-\d\d)"\}$': "%Y-%m-%d",
    r"^(\d\d/\d\d/\d{4})   \d\d   NOTICE of ": "%m/%d/%Y",
    r"\(Entered: (\d\d/\d\d/\d{4})\)$": "%m/%d/%Y",
    r" since (\d\d [A-Z][a-z]+ \d{4}); ": "%d %B %Y",
    r" on (\d\d [A-Z][a-z]+ \d{4}), replacing ": "%d %B %Y",
    r'travel_to Time\.zone\.parse\("(\d{4}-\d\d-\d\d)"\)': "%Y-%m-%d",
    r"^— answered (\d{4}-\d\d-\d\d) 09:14:07Z$": "%Y-%m-%d",
    r"^A: No\. Since (\d{4}-\d\d-\d\d) it is ": "%Y-%m-%d",
}
WRITTEN_MONTHS = (
    r"^\(\* .+, ([A-Z][a-z]+ \d{4}) \*\)$",
    r"^# stack kb-facts, .+, previewed ([A-Z][a-z]+ \d{4})$",
    r"^    ~ 1 to update \(([A-Z][a-z]+ \d{4})\)$",
    r"^/\* Localizable\.strings, updated ([A-Z][a-z]+ \d{4}) \*/$",
    r'"checked":"([A-Z][a-z]+ \d{4})"\}$',
    r'"prompt": "As of ([A-Z][a-z]+ \d{4}), ',
    r"Signed ([A-Z][a-z]+ \d{4})\.$",
    r"^⁵ As of ([A-Z][a-z]+ \d{4}), ",
    r"^# .+, checked ([A-Z][a-z]+ \d{4})$",
    r", as of ([A-Z][a-z]+ \d{4})\.$",
)
WRITTEN_YEARS = (
    r'was ".+" until (\d{4}) \*\)$',
    r"\(\* added (\d{4}) \*\)$",
    r'^        added : "(\d{4})"$',
    r"; /\* (\d{4}) \*/$",
    r", added (\d{4}) \*/$",
    r'"year":(\d{4})\}$',
    r'"source_year": (\d{4})\}$',
    r'"since": (\d{4})\}$',
    r"^NOTICE of addition \((\d{4})\): ",
    r"\(as reported in (\d{4})\)\.$",
    r", added in (\d{4}), ",
    r"# added (\d{4})$",
    r"\(edited (\d{4})\)$",
    r"^A: Yes, since (\d{4})\.$",
)


def _written(patterns: tuple[str, ...], text: str) -> list[str]:
    return [w for p in patterns for w in re.findall(p, text, re.MULTILINE)]


def test_a_date_month_or_year_written_in_any_form_is_the_memorys_validity() -> None:
    """An OCaml record's or argument's since, a Pulumi since, a .strings comment's since or
    changed, a jq since or change time, an eval case's as-of or changed-on, a docket's US day, a
    footnote's since or became-on, RSpec's travel_to and an answer's timestamp or since each give
    back the day the fact took effect; a comment's, a stack's, a prompt's, a signature's or an
    answer's month gives back its month; an until, an added, a printed year and the like its
    year."""
    days = months = years = 0
    for memory in checks.every_memory(holdout_ab):
        valid, text = memory.valid_from, memory.text
        for pattern, form in WRITTEN_DAYS.items():
            for written in re.findall(pattern, text, re.MULTILINE):
                assert datetime.strptime(written, form).date() == valid.date(), text
                days += 1
        for written in _written(WRITTEN_MONTHS, text):
            month = datetime.strptime(written, "%B %Y")
            assert (month.year, month.month) == (valid.year, valid.month), text
            months += 1
        for written in _written(WRITTEN_YEARS, text):
            assert int(written) == valid.year, text
            years += 1
    assert days >= 600 and months >= 280 and years >= 240


def test_an_eval_case_is_one_json_object_holding_the_value_in_an_answer_field() -> None:
    """Each JSONL case parses, and its answer, expected output, completion or object holds the
    memory's value (a "No, it is …" answer names it in words, a "yes" answers a question that
    names it)."""
    cases = 0
    for memory in checks.every_memory(holdout_ab):
        if memory.family != "eval_case":
            continue
        case = json.loads(memory.text)
        answers = [str(case.get(k, "")) for k in ("answer", "expected_output", "object")]
        answers.append(str(case.get("completion", "")).strip())
        asked = case.get("answer") == "yes" and memory.value in case["question"]
        assert asked or any(a in (memory.value, f"No, it is {memory.value}.") for a in answers)
        cases += 1
    assert cases >= 240


def test_a_jq_answer_prints_the_value_as_jq_would() -> None:
    """jq's raw output is the value on a line of its own (or, for a query by value, the entity
    it names), its JSON output parses and holds the value, and a diff's new line is the value."""
    printed = 0
    for memory in checks.every_memory(holdout_ab):
        if memory.family != "jq_query":
            continue
        output = memory.text.split("\n")[1:]
        if not output:  # an assignment piped to sponge prints nothing
            continue
        if output[0].startswith("{"):
            assert memory.value in json.loads("\n".join(output)).values()
        elif output[0] == "1c1":
            assert output[-1] == f"> {memory.value}"
        elif "select(.value == " in memory.text:
            assert f'"{memory.value}"' in memory.text.split("\n")[0] and " / " in output[0]
        else:
            assert memory.value in output[0]
        printed += 1
    assert printed >= 240


def test_a_docket_day_is_written_month_first() -> None:
    """A US docket writes the day month first (a validity on 2 January reads 01/02): the month
    is never above 12 and the day of the month is the memory's."""
    dated = 0
    for memory in checks.every_memory(holdout_ab):
        if memory.family == "court_docket":
            for month, day, year in US_DAY.findall(memory.text):
                assert int(month) <= 12
                assert (int(year), int(month), int(day)) == memory.valid_from.timetuple()[:3]
                dated += 1
    assert dated >= 90


WAS = {
    "OCaml Replaced": r'^- : Kb\.outcome = Replaced ".+"$',
    "OCaml was until": r'^\(\* .+ was ".+" until \d{4} \*\)$',
    "Pulumi key arrow": r'^      ~ .+: ".+" => ".+"$',
    "Pulumi value arrow": r'^  ~ value: ".+" => ".+"$',
    "strings was": r': was ".+", changed ',
    "strings removed line": r'^-".+" = ".+";$',
    "jq diff old line": r"^< .+$",
    "jq change old": r'"old":".+","new":',
    "eval stale answer": r'"stale_answer": ".+"',
    "eval still": r'"input": "Is the .+ still .+\?"',
    "docket replacing": r"NOTICE of substitution: .+, replacing .+\.$",
    "docket previously listed": r"\(previously listed as .+\)\.$",
    "footnote replacing": r"^⁶ .+ became .+, replacing .+\.$",
    "footnote earlier editions": r"^⁷ Earlier editions give .+ as .+; it is now ",
    "announcement not": r" is now .+, not .+\.$",
    "announcement gone from": r" has gone from .+ to .+\.$",
    "RSpec from and to": r'\.from\(".+"\)\.to\(".+"\)',
    "RSpec no longer": r'# no longer ".+"$',
    "answer still": r"^Q: Is the .+ still .+\?$",
    "answer used to say": r"^Edit: this answer used to say .+; ",
}


def test_a_change_names_the_old_value_in_most_wordings_and_in_every_family() -> None:
    # each family writes one change of three without the value it replaces
    checks.check_replaced_values_named(holdout_ab, WAS, (0.60, 0.75), SILENT)


def test_the_value_often_comes_before_the_entity() -> None:
    first, last = checks.value_first_and_last(holdout_ab)
    assert first >= 200 and last >= 5 * first


def test_values_recur_across_entities_across_slots_and_across_domains() -> None:
    shared = checks.values_shared_within_a_slot(holdout_ab)
    licences = {"Apache 2.0", "GPLv2", "Sun Microsystems", "Oracle"}
    crossings = {"tolled", "toll-free", "£6.70", "£5.60"}
    voices = {"Frank Welker", "Charles Martinet", "Kevin Afghani", "Matt Vogel"}
    shops = {"5p", "10p", "age 16", "age 18", "50 pence per unit"}
    dates = {"12 June 2020", "11 June 2021", "2035"}
    weeks = {"Thursday and Friday", "Friday and Saturday", "Friday"}
    kit = {"Nike", "adidas", "Puma", "Umbro", "Spalding", "Wilson", "Fly Emirates"}
    sponsors = {"Coca-Cola", "Guinness", "NatWest", "20 clubs"}
    assert licences | crossings | voices | shops | dates | weeks | kit | sponsors <= shared
    # Frank Welker voices Scooby-Doo on television and, since Scoob!, in films too
    assert checks.slots_of(holdout_ab, "Scooby-Doo") == {
        "voice": {"Don Messick", "Scott Innes", "Frank Welker"},
        "film": {"Neil Fanning", "Frank Welker"},
    }
    many = {(m.entity, m.key): {v for v, _ in m.values} for d in domains() for m in d.many}
    banned = "banned_single_use_items"
    common = many["England", banned] & many["Scotland", banned]
    assert common == {"plastic cutlery", "disposable vapes"}
    # the World Cup's ball of each tournament since 1990 was first kicked the day its host opened
    cup = next(d for d in domains() if d.name == "sports_kit")
    hosts = {day for _, day in cup.many[0].values}
    assert {day for e in cup.events[:1] for _, _, day in e.occasions} <= hosts
    # Prime Minister's Questions has been held on Wednesdays under seven Prime Ministers
    since = next(s for s in holdout_histories() if s.slot == "sitting_day").facts[-1]
    answered = next(m for d in domains() for m in d.many if m.key == "answering_prime_ministers")
    later = [name for name, day in answered.values if day > since.valid_from.date().isoformat()]
    assert len(later) == 7 and since.value == "Wednesday"


def test_the_pairs_hold_every_kind_of_negative() -> None:
    other_slot = checks.check_every_kind_of_negative(list(holdout_pairs()), 1000, 60)
    assert other_slot.total() >= 80

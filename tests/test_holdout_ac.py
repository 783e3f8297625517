"""What is particular to hold-out set AC (evaluation/holdout_ac): real-world facts in eight
domains none of sets G to AB wrote (consumer prices, cloud computing, Unicode and emoji, product
names, messaging apps, free tiers, software support, app stores), the kinds of value they hold
(dates, a year and weekdays among them), their questions, ten wording families as tools, agents
and people leave records today (kubectl describe output, sqlite3 shell sessions, Subversion
logs, CMake caches, MATLAB sessions, go test output, shift handover notes never dated, an
agent's research briefs, Dependabot pull requests, museum labels) and the labelled pairs. The
checks AC shares with sets D to AB run in test_holdout_common.py; nothing here judges the change
detector or needs the database."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import holdout_checks as checks

import evaluation.holdout_ac as holdout_ac
from evaluation.holdout_ac import domains, families, holdout_histories, holdout_pairs

PEOPLE = {"chief_executive", "head"}
NAME = re.compile(r"[^\W\d_][\w.'-]*( [^\W\d_][\w.'-]*)*")
MONTH_YEAR = re.compile(rf"\b({checks.MONTHS}) (19|20)\d\d\b")
DAY = rf"\d\d? ({checks.MONTHS}) \d{{4}}"
RULE = "-" * 72


def test_eight_domains_none_of_the_earlier_sets_wrote() -> None:
    checks.check_eight_new_domains(holdout_ac, checks.DOMAINS_BEFORE_AC, three_slots=7)
    names = {subject.domain for subject in holdout_histories()}
    assert not names & checks.DOMAINS_AB and {"consumer_prices", "app_stores"} <= names


def test_values_are_dates_weekdays_amounts_shares_counts_versions_and_statuses() -> None:
    count = checks.value_counter(holdout_ac)
    kinds = {
        DAY: 6,  # end-of-support dates: a date is the value
        r"(19|20)\d\d": 1,  # Python 2's first sunset year
        rf"(.+ )?({checks.WEEKDAYS})( .+)?": 3,  # patch days and a free-game day
        r"[£$]\d+(\.\d\d)?": 35,  # fees and prices
        r"[£$][\d.]+ .+": 8,  # prices with their terms
        r"\d\d%": 3,  # store commissions
        r"[\d,]+ (members|characters|code points)": 9,
        r"\d+ (million|billion)": 5,  # monthly active users
        r"Unicode \d\d\.\d|API level \d\d|GPT-.+": 13,  # versions and levels
        r"[\d,]+ MB|(up to )?\d+ GB": 11,
        r"\d+ (seconds|minutes)": 6,
        r"in service|shut down|supported|end of life|retired|long-term support": 6,
        r"every .+|(three|four) releases a year": 6,  # release cadences
    }
    assert {pattern: count(pattern) for pattern in kinds} == kinds
    subjects = holdout_histories()
    people = {v for s in subjects if s.slot in PEOPLE for v in checks.values_of(s)}
    assert len(people) >= 18
    assert all(NAME.fullmatch(p) for p in people), people
    owners = {v for s in subjects if s.slot == "parent_company" for v in checks.values_of(s)}
    assert {"Salesforce", "Microsoft", "Oracle", "Sun Microsystems", "eBay", "Adobe"} <= owners
    names = {v for s in subjects if s.slot == "product_name" for v in checks.values_of(s)}
    assert {"G Suite", "Google Workspace", "Bard", "Gemini", "Copilot", "Meta Platforms"} <= names


def test_three_questions_a_subject() -> None:
    checks.check_questions_three_ways(holdout_ac)


def _kubectl(text: str) -> bool:
    first = text.split("\n")[0]
    described = re.fullmatch(r"Name: +\S.*", first) is not None
    return described or (first == "Events:" and "kb-controller" in text)


def _sqlite(text: str) -> bool:
    prompts = [line for line in text.split("\n") if line.startswith("sqlite> ")]
    return text.startswith("sqlite> ") and all(
        line.endswith(";") or line.startswith("sqlite> .mode ") for line in prompts
    )


SVN_HEADER = re.compile(r"r\d{4} \| \w+ \| \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000 \| \d lines?")


def _svn(text: str) -> bool:
    if text.startswith(RULE):
        return text.endswith(RULE) and SVN_HEADER.fullmatch(text.split("\n")[1]) is not None
    if text.startswith("<logentry "):
        return text.endswith("</logentry>")
    return text.startswith("$ svn ") or SVN_HEADER.fullmatch(text.split("\n")[0]) is not None


def _cmake(text: str) -> bool:
    starts = ("//", "# This is the CMakeCache file.", "-- ", "set(", "$ cmake -D", "list(APPEND ")
    return text.startswith(starts)


def _matlab(text: str) -> bool:
    return text.startswith((">> ", "% ")) and text.count("(") == text.count(")")


GO_LINE = re.compile(r"(=== RUN   |--- (PASS|FAIL): |    kb_test\.go:\d\d: |ok  \t)\S.*|PASS|FAIL")


def _go(text: str) -> bool:
    if text.startswith("{"):
        event = json.loads(text)
        return event["Action"] == "output" and event["Output"].endswith("\n")
    return all(GO_LINE.fullmatch(line) for line in text.split("\n"))


def _handover(text: str) -> bool:
    return text.startswith(("Handover", "HANDOVER\n- ", "Handing over", "Shift handover "))


def _brief(text: str) -> bool:
    starts = ("Finding ", "Key fact: ", "Summary: ", "- ", "Question: ", "Caveat: ", "Update: ")
    return text.startswith(starts)


def _dependabot(text: str) -> bool:
    starts = ("Bumps ", "chore(deps): ", "---\nupdated-dependencies:\n", "| Package |", "Adds ")
    balanced = text.count("<details>") == text.count("</details>")
    return text.startswith(starts) and balanced


def _label(text: str) -> bool:
    return "\n" in text or text.startswith("Case ")


SHAPES: dict[str, Callable[[str], bool]] = {
    "kubectl_describe": _kubectl,
    "sqlite_shell": _sqlite,
    "svn_log": _svn,
    "cmake_cache": _cmake,
    "matlab_session": _matlab,
    "go_test_output": _go,
    "handover_note": _handover,
    "research_brief": _brief,
    "dependabot_pr": _dependabot,
    "museum_label": _label,
}


def test_each_family_keeps_its_shape_in_four_wordings_or_more_under_a_new_name() -> None:
    checks.check_family_shapes(holdout_ac, SHAPES)
    # the names (only the names) of sets A to AB's families were read, to repeat none
    assert not checks.families_before("ac") & set(families())


WHEN = {
    "ISO date": checks.ISO_DATE.pattern,
    "month and year": MONTH_YEAR.pattern,
    "kubectl since": r"^              kb\.example/since: \d{4}-\d\d-\d\d$",
    "kubectl observed": r"^  Observed:        [A-Z][a-z]+ \d{4}$",
    "kubectl creation": r"^CreationTimestamp:  \d{4}-\d\d-\d\dT00:00:00Z$",
    "kubectl event year": r'changed from ".+" to ".+" \(\d{4}\)$',
    "kubectl added": r'^              kb\.example/added: "\d{4}"$',
    "sqlite since": r"^  since = \d{4}-\d\d-\d\d$",
    "sqlite inserted since": r', "\d{4}-\d\d-\d\d"\);$',
    "sqlite set since": r'since = "\d{4}-\d\d-\d\d" WHERE',
    "sqlite year": r"^[^|\n]+\|\d{4}$",
    "sqlite history month": r"\|[A-Z][a-z]+ \d{4}$",
    "sqlite added": r", \d{4}\);$",
    "svn header": r"^r\d{4} \| \w+ \| \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000 \| ",
    "svn xml date": r"^<date>\d{4}-\d\d-\d\dT12:00:00\.000000Z</date>$",
    "svn checked": r"\(checked [A-Z][a-z]+ \d{4}\)$",
    "cmake set month": r"\(set [A-Z][a-z]+ \d{4}\)$",
    "cmake since": r"^//Since \d{4}-\d\d-\d\d$",
    "cmake cache year": r', \d{4}"\)$',
    "cmake until": r"; was .+ until \d{4}-\d\d-\d\d$",
    "cmake added": r"# .+, added \d{4}$",
    "MATLAB since": r"^    since: \d\d-[A-Z][a-z]{2}-\d{4}$",
    "MATLAB checked": r"^% .+, checked [A-Z][a-z]+ \d{4}$",
    "MATLAB datetime": r'datetime\("\d{4}-\d\d-\d\d"\)\)$',
    "MATLAB before": r'was ".+" before \d{4}$',
    "MATLAB added": r"% added \d{4}$",
    "go as of": r", as of \d{4}-\d\d-\d\d$",
    "go logged year": r"^    kb_test\.go:52: .+ \(\d{4}\)$",
    "go json time": r'^\{"Time":"\d{4}-\d\d-\d\dT08:00:00Z"',
    "go changed": r"\(changed \d{4}-\d\d-\d\d\)$",
    "go added": r'contains ".+" \(added \d{4}\)$',
    "brief cited day": r"^\[1\] Official announcement, \d\d [A-Z][a-z]+ \d{4}\.$",
    "brief blog year": r"\(source: company blog, \d{4}\)\.$",
    "brief verified": r"verified against a source dated \d{4}-\d\d-\d\d\)$",
    "brief source month": r"per the primary source of [A-Z][a-z]+ \d{4}\.$",
    "brief changed on": r" on \d\d [A-Z][a-z]+ \d{4} \[4\]\.$",
    "brief added": r"\(added \d{4}\) \[6\]\.$",
    "Dependabot released": r"\(released \d{4}-\d\d-\d\d\)</p></blockquote>$",
    "Dependabot release month": r"\([A-Z][a-z]+ \d{4} release\)\.$",
    "Dependabot changelog": r"^<p>\d{4}-\d\d-\d\d: .+ → .+</p>$",
    "Dependabot adds": r"^Adds .+ \(\d{4}\)\.$",
    "label on display": r"^On display since \d{4}$",
    "label text": r"^Label text, [A-Z][a-z]+ \d{4}$",
    "label acquired": r"^Acquired \d\d\.\d\d\.\d{4}$",
    "label relabelled": r"\(relabelled \d{4}\)$",
    "label earlier reading": r"”, [A-Z][a-z]+ \d{4}$",
    "label added": r"^Added to the display \d{4}$",
}


def test_validity_is_written_in_many_forms_and_often_left_out() -> None:
    checks.check_written_forms([m.text for m in checks.every_memory(holdout_ac)], WHEN)
    texts = [m.text for m in checks.rendered_memories(holdout_ac)]
    undated = [t for t in texts if not checks.YEAR.search(t) and not MONTH_YEAR.search(t)]
    # a date or a year that is the value counts as written: about half the memories
    assert 0.45 * len(texts) <= len(undated) <= 0.55 * len(texts)
    checks.check_undated(holdout_ac, "handover_note")  # a handover is dated by its shift


WRITTEN_DAYS = {
    r"^              kb\.example/since: (\d{4}-\d\d-\d\d)$": "%Y-%m-%d",
    r"^CreationTimestamp:  (\d{4}-\d\d-\d\d)T00:00:00Z$": "%Y-%m-%d",
    r"^  since = (\d{4}-\d\d-\d\d)$": "%Y-%m-%d",
    r', "(\d{4}-\d\d-\d\d)"\);$': "%Y-%m-%d",
    r'since = "(\d{4}-\d\d-\d\d)" WHERE': "%Y-%m-%d",
    r"^r\d{4} \| \w+ \| (\d{4}-\d\d-\d\d) ": "%Y-%m-%d",
    r"^<date>(\d{4}-\d\d-\d\d)T": "%Y-%m-%d",
    r"^//Since (\d{4}-\d\d-\d\d)$": "%Y-%m-%d",
    r"; was .+ until (\d{4}-\d\d-\d\d)$": "%Y-%m-%d",
    r"^    since: (\d\d-[A-Z][a-z]{2}-\d{4})$": "%d-%b-%Y",
    r'datetime\("(\d{4}-\d\d-\d\d)"\)\)$': "%Y-%m-%d",
    r", as of (\d{4}-\d\d-\d\d)$": "%Y-%m-%d",
    r'^\{"Time":"(\d{4}-\d\d-\d\d)T': "%Y-%m-%d",
    r"\(changed (\d{4}-\d\d-\d\d)\)$": "%Y-%m-%d",
    r"^\[1\] Official announcement, (\d\d [A-Z][a-z]+ \d{4})\.$": "%d %B %Y",
    r"verified against a source dated (\d{4}-\d\d-\d\d)\)$": "%Y-%m-%d",
    r" on (\d\d [A-Z][a-z]+ \d{4}) \[4\]\.$": "%d %B %Y",
    r"\(released (\d{4}-\d\d-\d\d)\)": "%Y-%m-%d",
    r"^<p>(\d{4}-\d\d-\d\d): ": "%Y-%m-%d",
    r"^Acquired (\d\d\.\d\d\.\d{4})$": "%d.%m.%Y",
}
WRITTEN_MONTHS = (
    r"^  Observed:        ([A-Z][a-z]+ \d{4})$",
    r"\|([A-Z][a-z]+ \d{4})$",
    r"\(checked ([A-Z][a-z]+ \d{4})\)$",
    r"\(set ([A-Z][a-z]+ \d{4})\)$",
    r"^% .+, checked ([A-Z][a-z]+ \d{4})$",
    r"per the primary source of ([A-Z][a-z]+ \d{4})\.$",
    r"\(([A-Z][a-z]+ \d{4}) release\)\.$",
    r"^Label text, ([A-Z][a-z]+ \d{4})$",
    r"”, ([A-Z][a-z]+ \d{4})$",
)
WRITTEN_YEARS = (
    r'changed from ".+" to ".+" \((\d{4})\)$',
    r'^              kb\.example/added: "(\d{4})"$',
    r"^[^|\n]+\|(\d{4})$",
    r", (\d{4})\);$",
    r', (\d{4})"\)$',
    r"# .+, added (\d{4})$",
    r'was ".+" before (\d{4})$',
    r"% added (\d{4})$",
    r"^    kb_test\.go:52: .+ \((\d{4})\)$",
    r'contains ".+" \(added (\d{4})\)$',
    r"\(source: company blog, (\d{4})\)\.$",
    r"\(added (\d{4})\) \[6\]\.$",
    r"^Adds .+ \((\d{4})\)\.$",
    r"^On display since (\d{4})$",
    r"\(relabelled (\d{4})\)$",
    r"^Added to the display (\d{4})$",
)


def test_a_date_month_or_year_written_in_any_form_is_the_memorys_validity() -> None:
    """A kubectl since or creation time, a sqlite since, an svn revision's date, a CMake since
    or until, MATLAB's day-month-year display and its datetime, go test's as-of, JSON time or
    changed day, a brief's cited day, verified day or changed-on day, a Dependabot release or
    changelog day and a label's dotted day each give back the day the fact took effect; an
    observed, a history row's, a checked, a set, a source's, a release's or a label's month
    gives back its month; an event's year, an added, a before, a printed year and the like its
    year."""
    found = checks.check_written_validity(
        checks.every_memory(holdout_ac), WRITTEN_DAYS, WRITTEN_MONTHS, WRITTEN_YEARS
    )
    days, months, years = found
    assert days >= 800 and months >= 300 and years >= 350


def test_go_test_json_and_sqlite_output_hold_the_value_as_the_tools_would() -> None:
    """A go test -json event parses and its output line ends with the value; sqlite prints the
    value alone under a query for it, a line mode row as ``value = …`` and a list row with the
    value in a column of its own."""
    events = rows = 0
    for memory in checks.every_memory(holdout_ac):
        text = memory.text
        if memory.family == "go_test_output" and text.startswith("{"):
            event = json.loads(text)
            assert event["Output"].endswith(f" = {memory.value}\n") and event["Package"]
            events += 1
        elif memory.family == "sqlite_shell":
            output = [line for line in text.split("\n") if not line.startswith("sqlite> ")]
            if text.startswith("sqlite> SELECT value FROM "):
                assert output == [memory.value]
            elif "\n  value = " in text:
                assert f"  value = {memory.value}" in output
            elif output and "|" in output[0] and "WHERE value = " not in text:
                assert memory.value in output[0].split("|")
            else:
                continue
            rows += 1
    assert events >= 30 and rows >= 140


def test_a_matlab_since_is_written_as_matlab_displays_a_datetime() -> None:
    """MATLAB's datetime shows a day as dd-MMM-yyyy (a validity on 2 January reads
    02-Jan-…): the day is two digits and the month three letters."""
    shown = 0
    for memory in checks.every_memory(holdout_ac):
        if memory.family == "matlab_session":
            for day, month, year in re.findall(
                r"since: (\d\d)-([A-Z][a-z]{2})-(\d{4})", memory.text
            ):
                assert month == f"{memory.valid_from:%b}" and day == f"{memory.valid_from:%d}"
                assert int(year) == memory.valid_from.year
                shown += 1
    assert shown >= 30


WAS = {
    "kubectl previous": r"^              kb\.example/previous: .+$",
    "kubectl event changed from": r'Updated .+ changed from ".+" to ".+" \(\d{4}\)$',
    "sqlite update where old": r'AND value = ".+";$',
    "sqlite history row": r"^.+\|.+\|[A-Z][a-z]+ \d{4}$",
    "svn arrow": r"^\w.*: .+ -> .+\n-{72}$",
    "svn diff": r"^@@ -1 \+1 @@\n-.+\n\+.+$",
    "cmake was until": r"; was .+ until \d{4}-\d\d-\d\d$",
    "cmake changed from": r'^-- .+ changed from ".+" to ".+"$',
    "MATLAB warning": r'^Warning: .+ changed from ".+" to ".+"\.$',
    "MATLAB was before": r'^% .+ was ".+" before \d{4}$',
    "go got want": r'got ".+", want ".+"',
    "go updated arrow": r"kb_test\.go:61: .+ updated: .+ -> .+$",
    "handover no longer": r", no longer .+\. Board updated\.$",
    "handover struck out": r"~~.+~~ .+ \(changed\)$",
    "brief changed from": r"^Finding 3\. .+ changed from .+ to .+ on ",
    "brief older sources": r"^Caveat: older sources still give .+ as ",
    "Dependabot from and to": r"^Bumps the .+ from .+ to .+\.$",
    "Dependabot from-to table": r"^\| Package \| From \| To \|$",
    "label formerly": r"^Formerly: .+ \(relabelled \d{4}\)$",
    "label earlier reading": r"replaces the earlier label reading “.+”",
}
SILENT = {"kubectl_describe", "sqlite_shell", "svn_log", "cmake_cache", "matlab_session"}
SILENT |= {"go_test_output", "handover_note", "research_brief", "dependabot_pr", "museum_label"}


def test_a_change_names_the_old_value_in_most_wordings_and_in_every_family() -> None:
    # each family writes one change of three without the value it replaces
    checks.check_replaced_values_named(holdout_ac, WAS, (0.55, 0.70), SILENT)


def test_the_value_often_comes_before_the_entity() -> None:
    first, last = checks.value_first_and_last(holdout_ac)
    assert first >= 300 and last >= 5 * first


def test_values_recur_across_entities_across_slots_and_across_domains() -> None:
    shared = checks.values_shared_within_a_slot(holdout_ac)
    prices = {"$499.99", "$99.99", "$14.99"}
    stores = {"30%", "15%", "12%"}
    support = {"31 December 2021", "end of life", "supported", "every six months"}
    messaging = {"free", "in service", "shut down"}
    emoji = {"a revolver", "a water pistol"}
    assert prices | stores | support | messaging | emoji | {"40 minutes", "2 GB"} <= shared
    # Microsoft's pistol went the other way first: a ray gun became a revolver before 2018
    assert checks.slots_of(holdout_ac, "Microsoft's pistol emoji") == {
        "depiction": {"a ray gun", "a revolver", "a water pistol"}
    }
    # one script of each Unicode version from 14.0 on was encoded the day its version came out
    unicode = next(d for d in domains() if d.name == "unicode_and_emoji")
    scripts = {day for _, day in unicode.many[0].values}
    version = next(s for s in holdout_histories() if s.slot == "latest_version")
    assert {f.valid_from.date().isoformat() for f in version.facts} - {"2023-09-12"} <= scripts
    # WhatsApp went free two years before it was end-to-end encrypted
    whatsapp = next(m for d in domains() for m in d.many if m.entity == "WhatsApp")
    price = next(
        s for s in holdout_histories() if s.id == "messaging_apps/whatsapp/subscription_price"
    )
    assert price.current_value == "free"
    assert sum(day > "2016-01-18" for _, day in whatsapp.values) == 8


def test_the_pairs_hold_every_kind_of_negative() -> None:
    other_slot = checks.check_every_kind_of_negative(list(holdout_pairs()), 1000, 60)
    assert other_slot.total() >= 80

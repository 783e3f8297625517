"""What is particular to hold-out set Y (evaluation/holdout_y): real-world facts in eight
domains none of sets G to X wrote (labour law, zoos, human records, typefaces, currencies,
electoral law, human spaceflight, diplomatic missions), the kinds of value they hold, their
questions, ten wording families as tools and people leave records today (Emacs Lisp, man
pages, gdb sessions, Lua tables, Perl's Data::Dumper, GeoJSON features, shell history,
Fountain screenplays, push notifications, slide decks) and the labelled pairs. The checks Y
shares with sets D to X run in test_holdout_common.py; nothing here judges the change
detector or needs the database."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime

import holdout_checks as checks

import evaluation.holdout_y as holdout_y
from evaluation.holdout_y import domains, families, holdout_histories, holdout_pairs

PEOPLE = ("oldest", "tallest", "shortest", "youngest", "most_decorated", "most_decorated_winter")
PEOPLE += ("director", "ambassador", "eurogroup_president", "most_time", "oldest_flyer")
PEOPLE += ("longest_flight",)
NAME = re.compile(r"[^\W\d_][\w.'-]*( [^\W\d_][\w.'-]*)*")
MONTH_YEAR = re.compile(rf"\b({checks.MONTHS}) (19|20)\d\d\b")
SILENT = {"emacs_lisp", "man_page", "gdb_session", "lua_table", "perl_dumper"}
SILENT |= {"geojson_feature", "shell_history", "fountain_screenplay", "push_notification"}
SILENT |= {"slide_deck"}
CURRENCIES = r"the (kuna|litas|lats|kroon|euro|sucre|colón|US dollar|RTGS dollar|Zimbabwe Gold)"
CURRENCIES += r"|the (Slovak koruna|Cypriot pound|Deutsche Mark|Zimbabwean dollar)"
CURRENCIES += r"|the bolívar (fuerte|soberano|digital)"


def test_eight_domains_none_of_the_earlier_sets_wrote() -> None:
    checks.check_eight_new_domains(holdout_y, checks.DOMAINS_BEFORE_Y, three_slots=5)
    names = {subject.domain for subject in holdout_histories()}
    assert not names & checks.DOMAINS_X and {"zoos", "typefaces"} <= names


def test_values_are_wages_ages_people_pandas_typefaces_currencies_and_statuses() -> None:
    count = checks.value_counter(holdout_y)
    kinds = {
        r"(£|€|\$|A\$|NZ\$)\d+\.\d\d": 27,  # hourly minimum wages
        r"€[\d,]+ a month": 4,  # Spain's monthly minimum wage
        r"age \d\d( and \d months)?": 11,  # pension and voting ages
        r"\d\d hours": 4,
        r"no statutory minimum wage|no giant pandas": 2,
        r"[A-Z][a-z]+( [A-Z][a-z]+)? and [A-Z][a-z]+( [A-Z][a-z]+)?": 13,  # pairs of pandas
        CURRENCIES: 17,
        r"\d\d members": 5,
        r"through 20\d\d": 3,
        r"in orbit|deorbited|re-entered|under assembly|complete|continuously crewed": 6,
        r"operating normally|suspended|reopened|closed|an interests section|a full embassy": 6,
        r"legal tender|voluntary to accept": 2,
    }
    assert {pattern: count(pattern) for pattern in kinds} == kinds
    subjects = holdout_histories()
    people = {v for s in subjects if s.slot in PEOPLE for v in checks.values_of(s)}
    assert len(people) >= 60
    assert all(NAME.fullmatch(p) for p in people), people
    faces = {v for s in subjects if s.domain == "typefaces" for v in checks.values_of(s)}
    assert {"Chicago", "Calibri", "Aptos", "Roboto", "Noto IKEA"} <= faces


def test_three_questions_a_subject() -> None:
    checks.check_questions_three_ways(holdout_y)


def _balanced(text: str, opening: str, closing: str) -> bool:
    return text.count(opening) == text.count(closing)


def _elisp(text: str) -> bool:
    starts = ("(setq ", "(kb-put ", "ELISP> ", ";; ", '("', "M-x ", "(setf ", "(add-to-list ")
    return text.startswith(starts) and _balanced(text, "(", ")")


def _man(text: str) -> bool:
    starts = (".TH KB 7 ", "KB(7) ", ".SS ", '.\\" ', "       ", "HISTORY\n", "BUGS\n")
    return text.startswith(starts)


def _gdb(text: str) -> bool:
    return text.startswith(("(gdb) ", "Breakpoint ", "Hardware watchpoint "))


def _lua(text: str) -> bool:
    starts = ("return {", "kb[", "> print(kb[", "-- ", "{ value = ", "table.insert(")
    return text.startswith(starts) and _balanced(text, "{", "}")


def _perl(text: str) -> bool:
    return text.startswith(("$VAR1 = ", "  DB<", "# ", "push @{ $kb->"))


def _geojson(text: str) -> bool:
    return json.loads(text)["type"] in ("Feature", "FeatureCollection")


def _history(text: str) -> bool:
    return (
        "\n" not in text and re.match(r"(  \d+  )?(\S+ \S+ )?(kb|echo|grep|sed) ", text) is not None
    )


def _fountain(text: str) -> bool:
    return re.match(r"(INT\. |EXT\. |Title: |SUPER: |> |[A-Z]+\n)", text) is not None


def _notification(text: str) -> bool:
    return text.startswith(("KB Alerts", "Notification · KB Alerts · ", "[KB Alerts] "))


def _slides(text: str) -> bool:
    return text.startswith(("Slide ", "Speaker notes (slide ", "3\t"))


SHAPES: dict[str, Callable[[str], bool]] = {
    "emacs_lisp": _elisp,
    "man_page": _man,
    "gdb_session": _gdb,
    "lua_table": _lua,
    "perl_dumper": _perl,
    "geojson_feature": _geojson,
    "shell_history": _history,
    "fountain_screenplay": _fountain,
    "push_notification": _notification,
    "slide_deck": _slides,
}


def test_each_family_keeps_its_shape_in_four_wordings_or_more_under_a_new_name() -> None:
    checks.check_family_shapes(holdout_y, SHAPES)
    # the names (only the names) of sets A to X's families were read, to repeat none
    assert not checks.families_before("y") & set(families())


WHEN = {
    "ISO date": checks.ISO_DATE.pattern,
    "month and year": MONTH_YEAR.pattern,
    "Emacs since": r':since "\d{4}-\d\d-\d\d"\)$',
    "Emacs encode-time": r"\(encode-time '\(0 0 0 \d\d \d\d \d{4}\)\)",
    "Emacs comment": r"^;; .+, as of [A-Z][a-z]+ \d{4}$",
    "man page TH date": r"^\.TH KB 7 \d{4}-\d\d-\d\d ",
    "man page footer": r"^kb 2\.4 +[A-Z][a-z]+ \d{4} +KB\(7\)$",
    "man page history": r" until [A-Z][a-z]+ \d{4}; it is now ",
    "gdb since": r'since = "\d{4}-\d\d-\d\d"\}',
    "gdb local year": r"^year = \d{4}$",
    "Lua since": r'^  since = "\d{4}-\d\d-\d\d",$',
    "Lua os.time": r"os\.time\{year=\d{4}, month=\d\d, day=\d\d\}",
    "Lua year": r"year = \d{4} \}$",
    "Perl since": r"'since' => '\d{4}-\d\d-\d\d'",
    "Perl comment": r"^# .+ as of [A-Z][a-z]+ \d{4}$",
    "GeoJSON since": r'"since":"\d{4}-\d\d-\d\d"',
    "GeoJSON year": r'"year": \d{4}$',
    "GeoJSON observed": r'"observed":"[A-Z][a-z]+ \d{4}"',
    "history timestamp": r"^  \d+  \d{4}-\d\d-\d\d \d\d:\d\d:\d\d kb set ",
    "history as-of": r"--as-of '[A-Z][a-z]+ \d{4}'",
    "Fountain draft date": r"^Draft date: \d\d [A-Z][a-z]+ \d{4}$",
    "Fountain super": r"^SUPER: (\d\d )?[A-Z][a-z]+ \d{4}$",
    "slides day first": r"(correct as of|updated) \d\d/\d\d/\d{4}\.$",
    "slides footer": r"^Footer: Briefing pack, [A-Z][a-z]+ \d{4}$",
}


def test_validity_is_written_in_many_forms_and_often_left_out() -> None:
    texts = [m.text for m in checks.rendered_memories(holdout_y)]
    checks.check_written_forms(texts, WHEN)
    undated = [t for t in texts if not checks.YEAR.search(t) and not MONTH_YEAR.search(t)]
    assert 0.55 * len(texts) <= len(undated) <= 0.70 * len(texts)
    checks.check_undated(holdout_y, "push_notification")  # a notification says "now", "2h ago"


WRITTEN_DATES = {
    r"\(encode-time '\(0 0 0 (\d\d \d\d \d{4})\)\)": "%d %m %Y",
    r"^\.TH KB 7 (\d{4}-\d\d-\d\d) ": "%Y-%m-%d",
    r"os\.time\{year=(\d{4}, month=\d\d, day=\d\d)\}": "%Y, month=%m, day=%d",
    r"^Draft date: (\d\d [A-Z][a-z]+ \d{4})$": "%d %B %Y",
    r"^SUPER: (\d\d [A-Z][a-z]+ \d{4})$": "%d %B %Y",
    r"(?:correct as of|updated) (\d\d/\d\d/\d{4})\.$": "%d/%m/%Y",
    r"^  \d+  (\d{4}-\d\d-\d\d) \d\d:": "%Y-%m-%d",
    r'"since":"(\d{4}-\d\d-\d\d)"': "%Y-%m-%d",
}


def test_a_full_date_written_in_any_form_is_the_memorys_validity() -> None:
    """Emacs's encode-time, the man page's .TH date, Lua's os.time, the screenplay's draft
    date and SUPER, the slides' day-first dates, shell history's timestamps and GeoJSON's
    since each give back the day the fact took effect."""
    found = 0
    for memory in checks.rendered_memories(holdout_y):
        for pattern, form in WRITTEN_DATES.items():
            for written in re.findall(pattern, memory.text, re.MULTILINE):
                assert datetime.strptime(written, form).date() == memory.valid_from.date()
                found += 1
    assert found >= 400


def _strings(value: object) -> list[str]:
    """Every string inside a parsed JSON value."""
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


def test_a_geojson_feature_parses_with_the_value_among_its_properties() -> None:
    for memory in checks.rendered_memories(holdout_y):
        if memory.family == "geojson_feature":
            feature = json.loads(memory.text)
            strings = _strings(feature.get("properties") or feature["features"])
            assert any(memory.value in s for s in strings), memory.text


WAS = {
    "Emacs replaces": r':replaces ".+" :since',
    "Emacs replaced with": r'^Replaced .+: ".+" with ".+"$',
    "man page formerly": r"^\(formerly$",
    "man page history": r"^       The .+ was .+ until ",
    "gdb watchpoint": r'^Old value = ".+"$',
    "gdb history": r'\$5 = \{\{value = ".+", until = ',
    "Lua was": r'-- was ".+"$',
    "Lua old": r'\{ old = ".+", new = ',
    "Perl replaced": r"'replaced' => '.+'",
    "Perl debugger history": r"^   0  '.+'$",
    "GeoJSON supersedes": r'"supersedes":".+"',
    "GeoJSON was": r'"was": ".+", "now": ',
    "history replace": r"--replace '.+'$",
    "history sed": r"^sed -i 's/.+/.+/' ",
    "Fountain not": r"^Not .+\?$",
    "Fountain strike": r"^Strike .+\. The ",
    "notification was": r"\(was .+\)$",
    "notification replaces": r": .+ replaces .+ as ",
    "slides previously": r"\(previously .+\)$",
    "slides arrow": r"▸ .+: .+ ➜ ",
}


def test_a_change_names_the_old_value_in_most_wordings_and_in_every_family() -> None:
    # each family writes one change of three without the value it replaces
    checks.check_replaced_values_named(holdout_y, WAS, (0.60, 0.75), SILENT)


def test_the_value_often_comes_before_the_entity() -> None:
    first, last = checks.value_first_and_last(holdout_y)
    assert first >= 300 and last >= 3 * first


def test_values_recur_across_entities_across_slots_and_across_domains() -> None:
    shared = checks.values_shared_within_a_slot(holdout_y)
    money = {"the euro", "the US dollar", "the Deutsche Mark", "no statutory minimum wage"}
    ages = {"age 16", "age 18", "age 21", "age 65", "age 66", "40 hours"}
    states = {"no giant pandas", "Da Mao and Er Shun", "in orbit", "suspended"}
    assert money | ages | states | {"operating normally", "first past the post"} <= shared
    # Apple sets its screens and its advertising in one face; euro members pay in euros
    assert checks.slots_of(holdout_y, "Apple")["brand_typeface"] & {"San Francisco"}
    many = {m.key: {v for v, _ in m.values} for d in domains() for m in d.many}
    euro = {s.entity for s in holdout_histories() if "the euro" in checks.values_of(s)}
    assert many["member_states"] - {"Greece", "Slovenia"} <= euro
    assert "the United States" in many["foreign_embassies"]
    winners = {d.name: {w for e in d.events for _, w, _ in e.occasions} for d in domains()}
    pandas = checks.slots_of(holdout_y, "the Smithsonian National Zoo")["giant_pandas"]
    assert {"Tai Shan", "Bao Bao"} <= winners["zoos"] and "Mei Xiang and Tian Tian" in pandas


def test_the_pairs_hold_every_kind_of_negative() -> None:
    other_slot = checks.check_every_kind_of_negative(list(holdout_pairs()), 1100, 150)
    assert other_slot.total() >= 90

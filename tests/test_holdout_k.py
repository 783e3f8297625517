"""What is particular to hold-out set K (evaluation/holdout_k): real-world facts in eight
domains other than sets G's to J's, their value kinds, questions, wording families and
labelled pairs; the checks it shares with sets D to J are in test_holdout_common.py, with
those of the pairs it builds through set G's code. Nothing here judges the change detector
or needs the database."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import holdout_checks as checks

import evaluation.holdout_k as holdout_k
from evaluation.holdout_k import families, holdout_histories, holdout_pairs, render

EARLIER_DOMAINS = checks.DOMAINS_G_TO_J


def test_eight_new_domains_entities_with_several_slots_and_stable_subjects() -> None:
    checks.check_eight_new_domains(holdout_k, EARLIER_DOMAINS)


def test_values_come_in_many_kinds() -> None:
    values = {f.value for s in holdout_histories() for f in s.facts}
    assert sum(bool(re.fullmatch(r"\d{1,2} majors?", v)) for v in values) >= 10  # title counts
    money = r"(£|€|\$|SEK )[\d,.]+( million)?"
    assert sum(bool(re.fullmatch(money, v)) for v in values) >= 12  # fees and prize money
    assert sum(bool(re.fullmatch(r"\d{1,2}\.\d{1,2}", v)) for v in values) >= 25  # versions
    assert sum(bool(re.fullmatch(r"\d\d", v)) for v in values) >= 5  # PostgreSQL majors
    named = r"Fedora \d\d|SQL Server 20\d\d|\d\d(c|ai)"
    assert sum(bool(re.fullmatch(named, v)) for v in values) >= 10  # named releases
    licences = {f.value for s in holdout_histories() if s.slot == "license" for f in s.facts}
    assert len(licences) >= 10
    assert sum(bool(re.fullmatch(r"[A-Z]\w+ [A-Z][\w-]+", v)) for v in values) >= 120  # people


def test_questions_ask_in_the_slots_words_around_them_and_for_the_latest() -> None:
    checks.check_questions_three_ways(holdout_k)


def _syslog(t: str) -> bool:
    return "\n" not in t and bool(re.search(r"kb01 factd(\[2211\]:| 2211 - - )", t))


def _citation(t: str) -> bool:
    markers = ("Press release", "Annual Report", "Retrieved", "Accessed", "cited")
    return "\n" not in t and t.endswith(".") and any(m in t for m in markers)


SHAPES: dict[str, Callable[[str], bool]] = {
    "git_tag": lambda t: t.startswith(("git tag -a ", "git tag -f ", "tag ")),
    "threaded_reply": lambda t: t.startswith(("> ", "↳ ")) and "↳ " in t,
    "latex_row": lambda t: "\n" not in t and " & " in t and t.endswith(" \\\\"),
    "microdata": lambda t: t.startswith("<") and t.endswith(">") and "itemscope" in t,
    "protobuf_text": lambda t: ': "' in t and bool(re.match(r"(# |\w+ \{|\w+: \")", t)),
    "syslog_line": _syslog,
    "citation": _citation,
    "wiki_edit": lambda t: t.startswith(("(cur | prev) ", "Edit summary: /* ", "m ", "rev ")),
    "env_export": lambda t: bool(re.search(r"^(export|env) ", t, re.MULTILINE)),
    "gloss": lambda t: bool(re.match(r"(FR|DE|ES|IT|NL): ", t)) and " | EN gloss: " in t,
}


def test_each_family_keeps_its_shape_and_varies_its_wording() -> None:
    checks.check_family_shapes(holdout_k, SHAPES)


def test_env_exports_carry_no_date() -> None:
    checks.check_undated(holdout_k, "env_export")


def test_validity_is_written_many_ways() -> None:
    texts = [m.text for s in holdout_histories() for f in families() for m in render(f, s)]
    assert any(checks.ISO_DATE.search(t) for t in texts)
    assert any(re.search(rf"({checks.MONTHS}) (19|20)\d\d", t) for t in texts)
    phrases = ("since", "as of", "effective", "until further notice", "a partir del")
    for phrase in (*phrases, "Retrieved", "T00:00:00Z", "datetime="):
        assert any(phrase in t for t in texts), phrase


def test_pairs_include_every_kind_of_negative() -> None:
    kinds = Counter(p.kind for p in holdout_pairs())
    assert set(kinds) >= {"positive", "restatement", "cross_subject", "other_slot"}
    assert {"multi_valued", "recurring_event", "addition"} <= set(kinds)
    assert kinds.total() >= 900

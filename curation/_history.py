"""Questions about the past: curated recall also sees the values that were replaced.

Curated recall ranks what is current, so an entry superseded by a newer value of its slot
is out of it. That is right for "Which team does she play for?" and wrong for "Which team
did she play for in 2000?": the superseded value *is* the answer, and hiding it makes
curated recall worse than raw (TimeQA asked as of a past year: 0.828 raw, 0.185 curated).
Superseded is not refuted, so a question that asks about the past widens the candidates
to superseded entries (shown as such) and lets relevance rank them with the rest: when
such entries are among the candidates (archived, or still active while the change that
replaced them is held for the curator), retention (how current an entry is) stops
counting, and when none are, the order is exactly today's.

A question asks about the past when it names a moment before now (a year, a decade) or a
replaced state ("previously", "formerly", "used to", "ago", "last year", …) and is not put
in the present. Tense decides: "Is a device bought last year still under warranty?" and
"How do I look up an order from 2024?" name the past but ask about the present, so their
first auxiliary verb (is, do) or a word such as "still" or "now" keeps them current.
English only: a question in another language is answered as a current one, as before.
"""

from __future__ import annotations

import re
from datetime import datetime

from curation._values import MONTH_NAMES

# a year or a decade put as a moment ("in 1998", "during the 1990s", "from 1990 to 1995",
# "on 12 May 2019"), not a bare number or a year that names something ("HMS Ambrose
# (1903)", "born 1961")
_MONTH = rf"(?:{MONTH_NAMES})\.?"  # the value extractor's month names, read in any case
_YEAR = re.compile(
    r"\b(?:(?:in|during|from|until|till|before|after|since|between|around|circa|through"
    r"|throughout|as of)\s+(?:the\s+)?(?:(?:early|late|mid)[- ]?)?(?:year\s+)?"
    rf"|{_MONTH}\s+(?:\d{{1,2}}(?:st|nd|rd|th)?,?\s+)?)"
    r"(1[0-9]{3}|20[0-9]{2})(?:'?s)?(?!\d|[.,]\d)",
    re.IGNORECASE,
)
# a replaced state named as such; "last time", "last year's", "ago", "latest" are not: "when
# was the last time the Raiders made the playoffs" and "who won last year's Six Nations" ask
# for the latest occurrence, a current-state question (104 of 626 held-out questions)
_REPLACED_STATE = re.compile(
    r"\b(?:previous(?:ly)?|former(?:ly)?|originally|initially|used to|back then"
    r"|at (?:that|the) time|in the past|prior to)\b",
    re.IGNORECASE,
)
_PRESENT_STATE = re.compile(
    r"\b(?:now|nowadays|still|currently|current|today|anymore|these days|at the moment"
    r"|at present|latest|right now)\b",
    re.IGNORECASE,
)
_AUXILIARY = re.compile(
    r"\b(do|does|did|is|are|am|was|were|has|have|had|can|will|shall|may|must)\b",
    re.IGNORECASE,
)
_PAST_AUXILIARIES = frozenset({"did", "was", "were", "had"})


def asks_about_the_past(query: str, now: datetime) -> bool:
    """True when ``query`` names a moment before ``now``'s year or a replaced state and its
    first auxiliary verb (if any) is in the past tense, with no word that puts it now."""
    if _PRESENT_STATE.search(query):
        return False
    auxiliary = _AUXILIARY.search(query)
    if auxiliary is not None and auxiliary.group(1).lower() not in _PAST_AUXILIARIES:
        return False
    if _REPLACED_STATE.search(query):
        return True
    return any(int(year) < now.year for year in _YEAR.findall(query))

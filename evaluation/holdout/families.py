"""Wording families: the same facts written the ways agents and people write them.

A family is a few templates; fact ``i`` of a subject uses template ``i mod n`` (or a
``first`` template for a subject's first value, where the wording says "recorded" rather
than "updated"). Families differ in where the value sits (first, middle, last), how the
validity shows (bracketed ISO date, written-out date, month, year, ``'yy``, a parenthetical,
none at all), in form (log line, key: value card, table row, chat, reminder, question and
answer, narrative) and in case. Placeholders: ``{e}`` entity, ``{v}`` value, ``{a}``
attribute, ``{poss}`` "<entity>'s <attribute>", ``{state}``/``{passive}``/``{became}`` the
slot's clauses, ``{question}`` one of the slot's questions, ``{prev}`` the previous value,
``{tag}`` the domain, and dates ``{iso}`` ``{long}`` ``{us}`` ``{month}`` ``{year}``
``{short}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from evaluation.holdout.histories import possessive, slot_frames
from evaluation.holdout.model import Memory, Subject, family_entry


@dataclass(frozen=True)
class WordingFamily:
    """Templates of one family; ``lowercase`` lower-cases the whole text, ``capitalize``
    upper-cases its first letter (off where the value may open the text: "master", "en-GB")."""

    name: str
    templates: tuple[str, ...]
    first: str | None = None
    lowercase: bool = False
    capitalize: bool = True

    def template(self, index: int) -> str:
        if index == 0 and self.first is not None:
            return self.first
        return self.templates[index % len(self.templates)]


FAMILIES: tuple[WordingFamily, ...] = (
    WordingFamily(
        "log_line",
        ("[{iso}] {tag}: {poss} updated to {v}",),
        first="[{iso}] {tag}: {poss} set to {v}",
    ),
    WordingFamily(
        "key_value_card",
        ("{e} | {a}: {v} | effective: {iso}", "{a}: {v}; subject: {e}; valid from {iso}"),
    ),
    WordingFamily(
        "chat_fyi",
        ("fyi {state} now", "heads up, {became}", "btw {poss} is {v} these days"),
        lowercase=True,
    ),
    WordingFamily(
        "passive_effective",
        ("{passive}, effective {long}.", "With effect from {long}, {passive}."),
    ),
    WordingFamily(
        "value_headline",
        ("{v} — {poss} [{iso}]", "{v} = {poss} [{iso}]"),
        capitalize=False,
    ),
    WordingFamily(
        "reminder",
        (
            "Remember: {state} (from {month} on).",
            "Don't forget that {poss} is {v}.",
            "Use {v} as {poss} from now on.",
        ),
    ),
    WordingFamily(
        "agent_action",
        ("Updated {poss} to {v} on {us}.",),
        first="Recorded {poss} as {v} on {us}.",
    ),
    WordingFamily(
        "faq_checked",
        ("{question} → {v}. Last checked {month}.", "{question} {v} (verified {long})"),
    ),
    WordingFamily("table_row", ("| {e} | {a} | {v} | {iso} |",)),
    WordingFamily("narrative_month", ("In {month}, {became}.", "{became} in {month}.")),
    WordingFamily("terse_lower", ("{e}: {a} now {v}, {short}",), lowercase=True),
    WordingFamily(
        "from_to",
        ("{poss} changed from {prev} to {v} in {year}.",),
        first="{poss} is {v} ({year}).",
    ),
)

_BY_NAME = {family.name: family for family in FAMILIES}


def families() -> list[str]:
    """Names of the hold-out wording families, in a fixed order."""
    return [family.name for family in FAMILIES]


def render(family: str, subject: Subject) -> list[Memory]:
    """Every fact of ``subject`` written in ``family``; only the latest is current."""
    return [render_fact(family, subject, index) for index in range(len(subject.facts))]


def render_fact(
    family: str, subject: Subject, index: int, valid_from: datetime | None = None
) -> Memory:
    """Fact ``index`` of ``subject`` in ``family``; ``valid_from`` restates it at a later time
    (same value, later date in the text), which stays current only if the fact is."""
    wording = family_entry(_BY_NAME, family)
    fact = subject.facts[index]
    when = valid_from or fact.valid_from
    text = wording.template(index).format_map(_placeholders(subject, index, when))
    if wording.lowercase:
        text = text.lower()
    elif wording.capitalize:
        text = text[:1].upper() + text[1:]
    return Memory(
        text=text,
        valid_from=when,
        subject_id=subject.id,
        value=fact.value,
        is_current=index == len(subject.facts) - 1,
        family=family,
    )


def _placeholders(subject: Subject, index: int, when: datetime) -> dict[str, str]:
    frames = slot_frames(subject.slot)
    entity, value = subject.entity, subject.facts[index].value
    prev = subject.facts[index - 1].value if index else ""
    return {
        "e": entity,
        "v": value,
        "a": subject.attribute,
        "poss": possessive(entity, subject.attribute),
        "state": frames.state.format(e=entity, v=value),
        "passive": frames.passive.format(e=entity, v=value),
        "became": frames.became.format(e=entity, v=value),
        "question": frames.questions[index % len(frames.questions)].format(e=entity),
        "prev": prev,
        "tag": subject.domain,
        **date_forms(when),
    }


def date_forms(when: datetime) -> dict[str, str]:
    """One moment in the date styles the families use."""
    return {
        "iso": when.strftime("%Y-%m-%d"),
        "long": f"{when.day} {when:%B %Y}",
        "us": f"{when:%B} {when.day}, {when.year}",
        "month": f"{when:%B %Y}",
        "year": str(when.year),
        "short": f"{when:%b} '{when:%y}",
        "weekday": f"{when:%A}",
    }

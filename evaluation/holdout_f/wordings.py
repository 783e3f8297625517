"""How set F's memories are worded: twelve families, the way agents and people write.

Every family writes one ``Statement`` (a slot's value, or a relation's or an event's) in
one of a few templates, picked by the statement's ``variant``; a first value, a new value,
the same value again and a relation or event each have their own templates. Speakers,
@mentions and relative time words are picked by ``variant`` too, so two statements with the
same variant share every word but their names, values and dates.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from evaluation.holdout_f.domains import Domain
from evaluation.holdout_f.seed import slug

Kind = Literal["fact", "relation", "event"]
SPEAKERS = ("Ayesha", "Tomasz", "Keiko", "Olu", "Marta", "Devin")
HANDLES = ("ayesha.k", "tomasz", "keiko.n", "olu", "marta.r", "devin")


@dataclass(frozen=True)
class Statement:
    """One thing a memory says: ``value`` of ``label`` for ``entity`` at ``at``.

    For a slot, ``phrase`` names it in a sentence ("the Django pin in orbit-web") and
    ``previous`` is the value it replaces (the same value when restated, ``None`` at
    first). For a relation or an event, ``clause`` is the whole statement and ``label``
    the relation or the occasion.
    """

    domain: Domain
    kind: Kind
    entity: str
    key: str
    label: str
    attribute: str
    phrase: str
    value: str
    previous: str | None
    at: datetime
    variant: int
    clause: str = ""

    @property
    def mode(self) -> str:
        if self.kind != "fact":
            return "clause"
        if self.previous is None:
            return "first"
        return "still" if self.previous == self.value else "change"


Templates = dict[str, tuple[str, ...]]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _relative(at: datetime, variant: int) -> str:
    """A time word relative to the write time, as a person writes it on the day."""
    weekday = f"last {(at - timedelta(days=3 + variant % 4)):%A}"
    return ("this morning", "yesterday", weekday, "earlier this week")[variant % 4]


def _fill(templates: Templates, s: Statement) -> str:
    options = templates[s.mode]
    return options[s.variant % len(options)].format(
        e=s.entity,
        v=s.value,
        p=s.previous,
        ph=s.phrase,
        Ph=_cap(s.phrase),
        c=s.clause,
        C=s.clause if s.clause.startswith(s.value) else _cap(s.clause),
        label=s.label,
        attr=s.attribute,
        Attr=_cap(s.attribute),
        key=s.key,
        scope=s.domain.commit_scope,
        slug=slug(s.entity),
        channel=s.domain.channel,
        meeting=s.domain.meeting,
        who=SPEAKERS[s.variant % len(SPEAKERS)],
        handle=HANDLES[(s.variant + 1) % len(HANDLES)],
        rel=_relative(s.at, s.variant),
        iso=f"{s.at:%Y-%m-%d}",
        long=f"{s.at.day} {s.at:%B %Y}",
        short=f"{s.at.day} {s.at:%b %Y}",
        dm=f"{s.at:%d.%m}",
    )


CHAT: Templates = {
    "first": (
        "user: for the record, {ph} is {v}\nagent: noted: {v}.",
        "user: please remember {ph}: {v}\nagent: saved that for {e}.",
        "user: {ph}? it's {v}\nagent: got it, I'll use {v}.",
    ),
    "change": (
        "user: {ph} changed, it's {v} now\nagent: updated, {v} from now on.",
        "user: update your notes, {ph} is no longer {p}; it's {v}\nagent: done.",
        "user: heads up, {ph} switched to {v}\nagent: noted, replacing {p} with {v}.",
    ),
    "still": (
        "user: is {ph} still {v}?\nagent: yes, still {v}; nothing has changed.",
        "user: just confirming {ph} hasn't moved, still {v}\nagent: noted, no change.",
    ),
    "clause": (
        "user: also, {c}\nagent: noted, I'll keep that alongside what I have for {e}.",
        "user: one more thing: {c}.\nagent: thanks, saved.",
    ),
}

SLACK: Templates = {
    "first": (
        ":pushpin: {ph} is {v}, pinning this in {channel}",
        "@here quick one: {ph} = {v} :+1:",
    ),
    "change": (
        "@here :rotating_light: {ph} is now {v} (was {p})",
        "heads up {channel}: {ph} moved to {v} :arrows_counterclockwise: cc @{handle}",
        ":tada: {ph} switched from {p} to {v}, thanks @{handle}!",
    ),
    "still": (
        ":white_check_mark: double-checked, {ph} is still {v}",
        "no change :thumbsup: {ph} stays {v}",
    ),
    "clause": (":information_source: {c} cc @{handle}", "fyi {c} :eyes:"),
}

COMMIT: Templates = {
    "first": (
        "{scope}: record {label} for {e}\n\n{Ph} is {v}.",
        "{scope}({slug}): add {key}\n\n{Ph} is {v}.",
    ),
    "change": (
        "{scope}: set {label} of {e} to {v}\n\nWas {p}.",
        "{scope}({slug}): {key} {p} -> {v}\n\n{Ph} changes to {v}.",
        "{scope}: switch {e} {label} to {v}",
    ),
    "still": (
        "{scope}: re-confirm {label} for {e} ({v})\n\nNo functional change.",
        "{scope}({slug}): touch {key}, still {v}\n\n{Ph} is unchanged.",
    ),
    "clause": ("{scope}: note that {c}", "{scope}({slug}): document {label}\n\n{C}."),
}

EMAIL: Templates = {
    "first": (
        "Subject: {Attr} for {e}\n\nHi all, {ph} is {v}.",
        "Subject: FYI: {e}\n\nJust so everyone has it: {ph} is {v}.",
    ),
    "change": (
        "Subject: Change to the {attr} for {e}\n\nHi all, from today {ph} is {v} instead of {p}.",
        "Subject: {e}: new {attr}\n\nQuick note that {ph} is now {v}.",
        "Subject: Updated {attr} ({e})\n\nPlease note {ph} moves from {p} to {v}. Thanks!",
    ),
    "still": (
        "Subject: Re: {attr} for {e}\n\nNo change here, {ph} stays {v}.",
        "Subject: {e}, checked\n\nConfirmed again today: {ph} is {v}.",
    ),
    "clause": (
        "Subject: {e}\n\nFor your records: {c}.",
        "Subject: A note about {e}\n\nHi, {c}. Nothing else changes.",
    ),
}

CORRECTION: Templates = {
    "first": (
        "Correction to the shared sheet: {ph} is {v}.",
        "To correct the record: {ph} is {v}.",
    ),
    "change": (
        "Correction: {ph} is not {p} but {v}.",
        "Correcting my earlier note: {ph} should read {v}, not {p}.",
        "Erratum: {ph} is {v} (previously noted as {p}).",
    ),
    "still": (
        "Not a correction, just confirming: {ph} remains {v}.",
        "Checked again, no correction needed: {ph} is {v}.",
    ),
    "clause": ("Addendum, not a correction: {c}.", "One addition (the rest stands): {c}."),
}

RELATIVE: Templates = {
    "first": ("As of {rel}, {ph} is {v}.", "Starting {rel}, {ph} is {v}."),
    "change": (
        "Since {rel}, {ph} has been {v} (before that it was {p}).",
        "As of {rel}, {ph} is {v}; it used to be {p}.",
        "{Ph} became {v} {rel}.",
    ),
    "still": ("Checked {rel}: {ph} is still {v}.", "Still the case as of {rel}: {ph} is {v}."),
    "clause": ("Noted {rel}: {c}.", "Learned {rel} that {c}."),
}

REPORTED: Templates = {
    "first": (
        "{who} said {ph} is {v}.",
        "According to {who}, {ph} is {v}.",
        "On {long} {who} told me that {ph} is {v}.",
    ),
    "change": (
        "{who} said {ph} changed from {p} to {v}.",
        "According to {who}, {ph} is now {v}.",
        "{who} mentioned at the {meeting} that {ph} is {v} these days, not {p}.",
    ),
    "still": ("{who} confirmed {ph} is still {v}.", "{who} says nothing changed: {ph} is {v}."),
    "clause": ("{who} said {c}.", "According to {who}, {c}."),
}

TELEGRAPHIC: Templates = {
    "first": ("{e} → {label} {v}", "{e} / {label} = {v}", "{e}: {label} {v} ({dm})"),
    "change": ("{e} — {label}: {p} → {v}", "{e}: {label} now {v} (was {p})", "{e} {label} ⇒ {v}"),
    "still": ("{e}: {label} {v} (unchanged)", "{e} {label} = {v}, still"),
    "clause": ("{e}: + {label} {v}", "{e} / {label} += {v}"),
}

LOWERCASE: Templates = {
    "first": ("fyi {ph} is {v}", "note to self: {ph} = {v}", "ok so {ph} is {v}"),
    "change": (
        "ok so {ph} switched to {v}, not {p} anymore",
        "{ph} is {v} now btw",
        "fyi {ph} changed to {v}",
    ),
    "still": ("still {v} for {ph} btw", "{ph} hasn't changed, still {v}"),
    "clause": ("btw {c}", "also {c}, fwiw"),
}

MINUTES: Templates = {
    "first": (
        "- {meeting}, {short}: agreed {ph} is {v}.",
        "- {meeting} ({short}): {ph}: {v}. Owner: {who}.",
    ),
    "change": (
        "- {meeting}, {short}: {ph} moves to {v} (from {p}). Action: {who} to update the wiki.",
        "- {meeting} ({short}): decided, {ph} is {v} going forward.",
        "- {meeting}, {short}: {ph} changed to {v}; {who} to tell the team.",
    ),
    "still": (
        "- {meeting}, {short}: {ph} stays at {v}, no action.",
        "- {meeting} ({short}): reviewed {ph}, still {v}.",
    ),
    "clause": ("- {meeting}, {short}: noted that {c}.", "- {meeting} ({short}): FYI, {c}."),
}


def _yaml_scalar(value: str) -> str:
    plain = re.fullmatch(r"[A-Za-z][\w ./&-]*", value) and not value.endswith(" ")
    return value if plain else json.dumps(value, ensure_ascii=False)


def tool_json(s: Statement) -> str:
    """A domain's tool answers in one format: the field, and what it replaced if it knows."""
    record: dict[str, str] = {"tool": s.domain.tool, s.domain.entity_key: s.entity}
    if s.kind == "fact":
        record[s.key] = s.value
        if s.mode == "change" and s.previous is not None:
            record["previous"] = s.previous
    elif s.kind == "relation":
        record["op"] = "add"
        record[s.key] = s.value
    else:
        record["occasion"] = s.label
        record["result"] = s.value
    record["as_of"] = f"{s.at:%Y-%m-%d}"
    return json.dumps(record, ensure_ascii=False)


def yaml_config(s: Statement) -> str:
    """An excerpt of the domain's config file, dated in its header comment."""
    value = _yaml_scalar(s.value)
    if s.variant % 2:
        head = f"# {s.entity} ({s.domain.config}, {s.at:%Y-%m-%d})\n{slug(s.entity)}:\n  "
    else:
        head = f"# {s.domain.config} (updated {s.at:%Y-%m-%d})\n{s.domain.entity_key}: {s.entity}\n"
    if s.kind == "relation":
        return f"{head}{s.key}:\n{'    ' if s.variant % 2 else '  '}- {value}  # added"
    if s.kind == "event":
        return f"{head}occasion: {s.label}\n{'  ' if s.variant % 2 else ''}result: {value}"
    notes = {"change": f"  # was {s.previous}", "still": "  # confirmed, unchanged"}
    return f"{head}{s.key}: {value}{notes.get(s.mode, '')}"


def _templated(templates: Templates, lower: bool = False) -> Callable[[Statement], str]:
    def write(s: Statement) -> str:
        text = _fill(templates, s)
        if lower:  # everything but the value itself, which a lower-case writer pastes
            text = s.value.join(part.lower() for part in text.split(s.value))
        return text

    return write


WRITERS: dict[str, Callable[[Statement], str]] = {
    "chat_turn": _templated(CHAT),
    "tool_json": tool_json,
    "yaml_config": yaml_config,
    "slack": _templated(SLACK),
    "commit": _templated(COMMIT),
    "email": _templated(EMAIL),
    "correction": _templated(CORRECTION),
    "relative_time": _templated(RELATIVE),
    "reported_speech": _templated(REPORTED),
    "telegraphic": _templated(TELEGRAPHIC),
    "casual_lowercase": _templated(LOWERCASE, lower=True),
    "minutes_bullet": _templated(MINUTES),
}

"""How set F's memories are worded: twelve families, the way agents and people write.

Every family writes one ``Statement`` (a slot's value, or a relation's or an event's) in
one of a few templates, picked by the statement's ``variant``; a first value, a new value,
the same value again and a relation or event each have their own templates. Speakers,
@mentions and relative time words are picked by ``variant`` too, so two statements with the
same variant share every word but their names, values and dates. The families, and the
templates of all but the two written by code (tool JSON, YAML config), are a table in
``wordings.json``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Literal

from evaluation.holdout_f.domains import Domain
from evaluation.holdout_f.seed import slug
from evaluation.tables import read_table

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
DATA = Path(__file__).with_name("wordings.json")
TEMPLATES: dict[str, Templates] = read_table(DATA, "templates", dict[str, Templates])


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


_CODED: dict[str, Callable[[Statement], str]] = {"tool_json": tool_json, "yaml_config": yaml_config}
WRITERS: dict[str, Callable[[Statement], str]] = {
    family: _CODED.get(family) or _templated(TEMPLATES[family], family == "casual_lowercase")
    for family in read_table(DATA, "families", tuple[str, ...])
}

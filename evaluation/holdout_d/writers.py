"""The nine ways set D writes a statement, one function per wording family.

Each writer takes the statement, a ``variant`` (which template, which habit) and a random
stream drawn from that variant alone, so two statements written with one variant differ
only in their entity, value and dates: the near-identical twins of the negatives. The
relative-time and correction writers' templates are in ``writers.json``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from random import Random

from evaluation.holdout.model import family_writer
from evaluation.holdout_d.statement import Statement
from evaluation.tables import read_table

Writer = Callable[[Statement, int, Random], str]
WRITERS: dict[str, Writer] = {}
DATA = Path(__file__).with_name("writers.json")
_SHAPES = read_table(DATA, "shapes", dict[str, tuple[str, ...]])  # relative time, correction

_TYPOS = {
    "the": "teh",
    "now": "nw",
    "please": "pls",
    "with": "w/",
    "from": "frm",
    "going": "goin",
    "today": "2day",
    "thanks": "thx",
    "new": "nwe",
    "and": "&",
}


def _pick(options: tuple[str, ...], variant: int) -> str:
    return options[variant % len(options)]


def _iso(at: datetime) -> str:
    return at.isoformat().replace("+00:00", "Z")


def _day(at: datetime) -> str:
    return f"{at.day} {at:%B %Y}"


@family_writer(WRITERS, "chat_lower")
def chat_lower(statement: Statement, variant: int, draw: Random) -> str:
    """A lower-case chat message with abbreviations and the odd typo."""
    frame = statement.frame
    own = frame.chat or tuple(
        lead + clause for clause in frame.clauses for lead in ("fyi ", "btw ", "heads up, ")
    )
    words = _pick(own, variant).lower().split(" ")
    words = [_TYPOS.get(w, w) if draw.random() < 0.35 else w for w in words]
    template = " ".join(words)
    if draw.random() < 0.5:
        template = template.replace("{e}", statement.entity.lower())
    text = statement.fill(template, draw.randint(100, 9999))
    if statement.previous and statement.previous != statement.value and draw.random() < 0.3:
        text += f" (was {statement.previous})"
    return draw.choice(("", "", "ok ", "quick one - ")) + text + draw.choice(("", " ty", " 👍"))


@family_writer(WRITERS, "tool_json")
def tool_json(statement: Statement, variant: int, draw: Random) -> str:
    """A tool's JSON output: a record, a set operation, or a lookup's result."""
    frame, key = statement.frame, statement.entity_key
    record: dict[str, object]
    shape = variant % 3
    if shape == 0:
        record = {key: statement.entity, frame.key: statement.value, "updated_at": ""}
    elif shape == 1:
        record = {"op": "set", key: statement.entity, "field": frame.key, "value": statement.value}
        if statement.previous and statement.previous != statement.value:
            record["previous"] = statement.previous
        record["ts"] = ""
    else:
        record = {
            "tool": f"{key}_lookup",
            "result": {"name": statement.entity, frame.key: statement.value},
            "fetched_at": "",
        }
    stamp = next(k for k, v in record.items() if v == "")
    record[stamp] = _iso(statement.at)
    if statement.occasion:
        record["occasion"] = statement.occasion
    return json.dumps(record, ensure_ascii=False)


def _quoted(text: str) -> str:
    return f'"{text}"' if any(c in text for c in ' =:"#') else text


@family_writer(WRITERS, "kv_log")
def kv_log(statement: Statement, variant: int, draw: Random) -> str:
    """Key=value log lines or a YAML block."""
    key, field = statement.entity_key, statement.frame.key
    event = f" occasion={_quoted(statement.occasion)}" if statement.occasion else ""
    shape = variant % 3
    if shape == 0:
        return (
            f'ts={_iso(statement.at)} level=info msg="{key} updated" '
            f"{key}={_quoted(statement.entity)} {field}={_quoted(statement.value)}{event}"
        )
    if shape == 1:
        lines = [f"{key}: {_quoted(statement.entity)}", f"{field}: {_quoted(statement.value)}"]
        if statement.occasion:
            lines.append(f"occasion: {_quoted(statement.occasion)}")
        return "\n".join([*lines, f"updated: {statement.at:%Y-%m-%d}"])
    return (
        f"{key}={statement.entity} | {field}={statement.value}{event.replace(' ', ' | ', 1)}"
        f" | as_of={statement.at:%Y-%m-%d}"
    )


@family_writer(WRITERS, "commit_line")
def commit_line(statement: Statement, variant: int, draw: Random) -> str:
    """A commit subject, ticket title or changelog line."""
    frame = statement.frame
    own = frame.commits or tuple(
        lead + clause
        for clause in frame.clauses
        for lead in (f"update({frame.key}): ", "docs: note that ", f"{frame.key.upper()}-{{n}}: ")
    )
    text = statement.fill(_pick(own, variant), draw.randint(100, 9999))
    sha = "".join(draw.choice("0123456789abcdef") for _ in range(7))
    lead = (
        "",
        f"{sha} ",
        f"[{statement.at:%Y-%m-%d}] ",
        "* ",
        f"v{draw.randint(1, 4)}.{draw.randint(0, 30)}.0: ",
    )
    return _pick(lead, variant // len(own)) + text


@family_writer(WRITERS, "bullets")
def bullets(statement: Statement, variant: int, draw: Random) -> str:
    """A note of several bullets: this statement's and other facts of the same entity."""
    at, entity = statement.at, statement.entity
    header = (
        f"{entity} — notes {at.day} {at:%b %Y}",
        f"Sync {at:%d/%m}: {entity}",
        f"## {entity} ({at:%Y-%m-%d})",
        f"{entity}, status as of {at:%A} {at.day} {at:%B}",
    )
    label = statement.frame.label
    if statement.occasion:
        label += f" ({statement.occasion})"
    lines = [(label, statement.value), *statement.extras]
    draw.shuffle(lines)
    mark = _pick(("- ", "* ", "• "), variant // 4)
    body = [f"{mark}{name}: {value}" for name, value in lines]
    return "\n".join([_pick(header, variant) + ":", *body])


@family_writer(WRITERS, "value_first")
def value_first(statement: Statement, variant: int, draw: Random) -> str:
    """The value opens the sentence, often in the passive."""
    frame = statement.frame
    text = statement.sentence(_pick(frame.value_first, variant))
    at = statement.at
    tail = ("", f" (since {at.day} {at:%B})", f" — updated {at:%Y-%m-%d}", ".")
    return text + _pick(tail, variant // len(frame.value_first))


@family_writer(WRITERS, "relative_time")
def relative_time(statement: Statement, variant: int, draw: Random) -> str:
    """A relative time word (last week, starting Monday, since yesterday) beside a date."""
    at = statement.at
    clause = _pick(statement.frame.clauses, variant // 6)
    return _pick(_SHAPES["relative_time"], variant).format(
        clause=statement.fill(clause),
        Clause=statement.sentence(clause),
        monday=_day(at - timedelta(days=at.weekday())),
        weekday=f"{at:%A}",
        day=_day(at),
        iso=f"{at:%Y-%m-%d}",
        month=f"{at:%B}",
        ordinal=_ordinal(at.day),
        year=at.year,
        dmy=f"{at:%d.%m.%Y}",
    )


def _ordinal(day: int) -> str:
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


@family_writer(WRITERS, "correction")
def correction(statement: Statement, variant: int, draw: Random) -> str:
    """A correction or negation naming the value it replaces; a first statement is a plain
    note and a restatement a confirmation."""
    frame = statement.frame
    clause = _pick(frame.clauses, variant // 5)
    if statement.previous is None:
        lead = _pick(("Noted: ", "For the record, ", "Logging this: "), variant)
        return f"{lead}{statement.fill(clause)}."
    if statement.previous == statement.value:
        shapes = ("Confirmed again: {c} (unchanged).", "Still true: {c}.", "Double-checked — {c}.")
        return _pick(shapes, variant).format(c=statement.fill(clause))
    negations = frame.negations or (f"{{e}}'s {frame.label} is no longer {{old}}",)
    negation = _pick(negations, variant // 5)
    return _pick(_SHAPES["correction"], variant).format(
        clause=statement.fill(clause),
        Clause=statement.sentence(clause),
        negation=statement.fill(negation),
        Negation=statement.sentence(negation),
        previous=statement.previous,
    )


@family_writer(WRITERS, "qa_pair")
def qa_pair(statement: Statement, variant: int, draw: Random) -> str:
    """A question and its answer, as a support log, a chat turn or a quoted thread."""
    frame = statement.frame
    question = _pick(frame.questions, variant // 4)
    asked = statement.sentence(question)
    at = statement.at
    shape = variant % 4
    if shape == 0:
        return f"Q: {asked}\nA: {statement.value} (as of {at:%Y-%m-%d})"
    if shape == 1:
        answer = statement.sentence(_pick(frame.clauses, variant // 4))
        return f"user: {statement.fill(question)}\nassistant: {answer}."
    if shape == 2:
        return f"> {statement.fill(question)}\n{statement.value} — checked {at.day} {at:%b %Y}"
    return f'Asked in #help on {at.day} {at:%b}: "{asked}" Answer: {statement.value}.'

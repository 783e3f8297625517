"""Nine wording families of set C, as people and agents write facts down.

Each family keeps one shape (a JSON line, a dated changelog entry, an email, ...) but has
several habits inside it, picked per statement by a checksum, and names the slot with the
domain's synonyms, so no two statements of a family are built the same way. A family's
shapes are templates in ``families.json``; its function works out what fills them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from evaluation.holdout.model import Memory, Subject, family_entry, family_writer
from evaluation.holdout_c.histories import domain_of, entity_of
from evaluation.holdout_c.phrasing import Statement, checksum
from evaluation.tables import read_table

DATA = Path(__file__).with_name("families.json")
_SHAPES = read_table(DATA, "shapes", dict[str, tuple[str, ...]])

_HOLE = "\x00"  # where the value goes in a clause whose other words change case
_FAMILIES: dict[str, Callable[[Statement], str]] = {}


def _sentence(text: str, st: Statement) -> str:
    """``text`` with a capital first letter, unless it starts with a name or value written in
    lower case (``billing-api``, ``legal``), which people leave as it is."""
    return text if text.startswith((st.entity, st.value)) else text[:1].upper() + text[1:]


def _day(statement: Statement) -> str:
    return f"{statement.at.day} {statement.at:%B %Y}"


def _shaped(st: Statement, shapes: str, **fields: object) -> str:
    """One of the templates ``shapes`` names in ``families.json``, picked for ``st`` and
    filled with its clause, label, key, value and date and the family's own ``fields``."""
    clause = st.clause()
    words: dict[str, object] = {
        "value": st.value,
        "entity": st.entity,
        "clause": clause,
        "Clause": _sentence(clause, st),
        "label": st.label(),
        "key": st.key(),
        "abbr": st.book.abbr,
        "iso": f"{st.at:%Y-%m-%d}",
    }
    return st.pick(_SHAPES[shapes], "shape").format_map(words | fields)


@family_writer(_FAMILIES, "tool_json")
def tool_json(st: Statement) -> str:
    """A tool's output line: ``{"service":"billing-api","region":"eu-west-1",...}``."""
    date_key = st.pick(("checked", "as_of", "observed_at", "ts"), "date key")
    stamp = f"{st.at:%Y-%m-%dT%H:%M:%SZ}" if date_key == "ts" else f"{st.at:%Y-%m-%d}"
    record: dict[str, str] = {st.book.entity_key: st.entity}
    if st.detail and st.book.detail_key:
        record[st.book.detail_key] = st.detail
    if st.occasion:
        record["occasion"] = st.occasion
    record[st.key()] = st.value
    if st.mode == "update" and st.pick(("flag", "plain"), "flag") == "flag":
        record["status"] = "changed"
    if st.mode == "add":
        record["op"] = "append"
    if st.pick(("first", "last"), "order") == "first":
        record = {date_key: stamp, **record}
    else:
        record[date_key] = stamp
    spaced = st.pick(("tight", "spaced"), "spacing") == "spaced"
    separators = (", ", ": ") if spaced else (",", ":")
    return json.dumps(record, ensure_ascii=False, separators=separators)


@family_writer(_FAMILIES, "changelog")
def changelog(st: Statement) -> str:
    """A changelog entry that opens with the ISO date: ``2023-04-02 — billing-api moved ...``."""
    suffix = (
        st.pick((" (no change)", " (verified)", ""), "restated") if st.mode == "restate" else ""
    )
    return _shaped(st, "changelog", suffix=suffix)


@family_writer(_FAMILIES, "email")
def email(st: Statement) -> str:
    """An email sentence with the date in a subordinate clause and a sign-off."""
    greeting = st.pick(("Hi team", "Hello Sam", "Dear all", "Hi Priya"), "greeting")
    when: tuple[str, ...]
    if st.mode == "update":
        when = ("since the change on {}", "after the switch went through on {}")
    else:
        when = (
            "as discussed on {}",
            "as confirmed in the call on {}",
            "following the review on {}",
        )
    subordinate = st.pick(when, "when").format(_day(st))
    sign_off = st.pick(("Thanks, Jo", "Best, Marta", "Cheers, Dev", "Regards, Ops"), "sign")
    return _shaped(st, "email", greeting=greeting, subordinate=subordinate, sign_off=sign_off)


@family_writer(_FAMILIES, "crm_note")
def crm_note(st: Statement) -> str:
    """A terse CRM-style note full of abbreviations and a US short date."""
    date = f"{st.at:%m/%d/%y}"
    source = st.pick(("per call", "per AM", "per email", "via chat", "per cust"), "source")
    verb = {"state": "is", "update": "upd", "restate": "conf'd", "add": "add'l"}[st.mode]
    return _shaped(st, "crm_note", date=date, source=source, verb=verb)


@family_writer(_FAMILIES, "second_person")
def second_person(st: Statement) -> str:
    """What an agent writes back to its user: ``You told me billing-api runs out of ...``."""
    tail = {"update": " now", "restate": " still", "state": "", "add": ""}[st.mode]
    if " now " in f" {st.clause()} ":
        tail = ""
    if st.book.you and st.mode != "add":
        you = st.fill(st.pick(st.book.you, "you"))
        return _shaped(st, "second_person_you", you=you, tail=tail)
    return _shaped(st, "second_person", tail=tail)


@family_writer(_FAMILIES, "status_bullet")
def status_bullet(st: Statement) -> str:
    """A bullet of a weekly status report."""
    week, when = st.at.isocalendar().week, f"{st.at:%b} {st.at.day}"
    return _shaped(st, "status_bullet", week=week, key_words=st.key().replace("_", " "), when=when)


@family_writer(_FAMILIES, "support_qa")
def support_qa(st: Statement) -> str:
    """A question and its answer from a support transcript."""
    ask = st.fill(st.pick(st.book.asks, "ask"))
    answer = {
        "update": f"{st.value} (it changed recently)",
        "restate": f"still {st.value}",
    }.get(st.mode, st.value)
    record = st.pick(("per the admin console", "per our records", "per the dashboard"), "src")
    return _shaped(st, "support_qa", ask=ask, Ask=_sentence(ask, st), answer=answer, record=record)


@family_writer(_FAMILIES, "value_mid")
def value_mid(st: Statement) -> str:
    """A sentence with the value in its middle and no date (only the write time)."""
    if st.occasion or st.mode == "add":
        tails = (", as noted in the wiki", ", for the record", ", which matters for planning")
    elif st.mode == "update":
        tails = (" recently", " not long ago", " after the last review")
    else:
        tails = (" these days", " for now, until someone says otherwise", " at the moment")
    lead = st.pick(("From what I gather, ", "Worth knowing: ", "So ", "Quick context — "), "lead")
    end = st.pick(
        (", so plan around that.", " — keep it in mind.", "; check before quoting it."), "end"
    )
    return f"{lead}{st.clause()}{st.pick(tails, 'tail')}{end}"


@family_writer(_FAMILIES, "lower_chat")
def lower_chat(st: Statement) -> str:
    """Chat in lower case, the value in its own case; some messages keep the name's case or
    open with a shouted tag (``FYI``): ``ok so billing-api is hosted in eu-west-1 now``."""
    clause = st.clause(value=_HOLE).lower()
    if st.pick(("lower", "keep"), "name case") == "keep":
        clause = clause.replace(st.entity.lower(), st.entity, 1)
    now = " now" if st.mode == "update" and " now " not in f" {clause} " else ""
    return _shaped(st, "lower_chat", clause=clause, now=now).replace(_HOLE, st.value)


def families() -> tuple[str, ...]:
    return tuple(_FAMILIES)


def write(family: str, statement: Statement) -> str:
    """``statement`` worded in ``family``."""
    return family_entry(_FAMILIES, family)(statement)


def fact_statements(family: str, subject: Subject) -> list[Statement]:
    """Each fact of ``subject`` as a statement: the first states the slot, later ones are
    news of a change, said as a change or just stated anew (a checksum decides)."""
    domain, entity = domain_of(subject), entity_of(subject)
    statements = []
    for n, fact in enumerate(subject.facts):
        seed = f"{family}|{subject.id}|{n}"
        news = n > 0 and checksum(seed + "|news") % 3 != 0
        statements.append(
            Statement(
                book=domain.book,
                entity=subject.entity,
                value=fact.value,
                at=fact.valid_from,
                mode="update" if news else "state",
                seed=seed,
                detail=entity.detail,
            )
        )
    return statements


def render(family: str, subject: Subject) -> list[Memory]:
    """``subject``'s facts written in ``family``, in time order; the last is current."""
    family_entry(_FAMILIES, family)  # an unknown family raises before anything is written
    statements = fact_statements(family, subject)
    return [
        Memory(
            text=write(family, st),
            valid_from=st.at,
            subject_id=subject.id,
            value=st.value,
            is_current=n == len(statements) - 1,
            family=family,
        )
        for n, st in enumerate(statements)
    ]

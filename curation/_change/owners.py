"""Whose a statement is and what it asks, read from its grammar.

A possessive, a noun's "of" or "for", a subject field or a name heading its line marks the
owner; a question and its answer, a key and its value on a line, mark what is asked and what
answered. The content words these yield are what the alignment compares."""

from __future__ import annotations

import re
from dataclasses import dataclass

from curation._change.words import _name_like, _norm, _surfaces, _words

_PHRASE_BREAK = re.compile(r"[,;:=|()\[\]?!\u2014\u2013]|\.(?:\s|$)|\s-\s")


# "to be" between two words ends a phrase as punctuation does: what it joins is what the
# statement is about and what it says of it ("the chief executive of Pfizer is Jeff
# Kindler"); before a participle or another of its forms it is an auxiliary ("was named",
# "has been recorded") and divides nothing
_COPULA = frozenset({"is", "are", "was", "were", "be", "been", "being"})


def _after_a_genitive_of(text: str, written: list[tuple[str, int, int, bool]], n: int) -> bool:
    """Whether ``written[n]`` opens what a statement says is whose: after a common noun's
    "of" (or, after "the", its "for") in one phrase, or after a leading "For" ("the team of
    Guy Whittingham", "the owner for payments", "For payments, the owner is …" say whose
    it is, as "Guy Whittingham's team" does). After a capitalised word the "of" is inside a
    name ("University of Glasgow"); "works for Acme" has no noun before its "for"."""
    if n < 1 or written[n - 1][0].lower() not in ("of", "for"):
        return False
    if n == 1:
        return written[0][0].lower() == "for"
    if written[n - 1][0].lower() == "for" and not _definite_noun_before(text, written, n - 1):
        return False
    noun, _, noun_end, _ = written[n - 2]
    return (
        noun.islower()
        and bool(_norm(noun))
        and not _PHRASE_BREAK.search(text[noun_end : written[n][1]])
    )


def _definite_noun_before(text: str, written: list[tuple[str, int, int, bool]], n: int) -> bool:
    """Whether ``written[n]`` follows a noun phrase opened by "the" in one phrase: its
    words lower-case content words or "of" ("the team for", "the heritage designation
    for", "the title of chess person for"); a function word, a copula or punctuation ends
    the search ("the meeting is scheduled for", "signed up for")."""
    end = written[n][1]
    for k in range(n - 1, -1, -1):
        word, _, word_end, _ = written[k]
        if _PHRASE_BREAK.search(text[word_end:end]):
            return False
        end = written[k][1]
        lower = word.lower()
        if lower == "the":
            return k < n - 1
        if lower != "of" and not (word.islower() and _norm(lower)):
            return False
    return False


def _divides(written: list[tuple[str, int, int, bool]], n: int) -> bool:
    """Whether ``written[n]``, a word of the text, is "to be" used as a copula."""
    if written[n][0].lower() not in _COPULA:
        return False
    following = written[n + 1][0].lower() if n + 1 < len(written) else ""
    return not (following.endswith("ed") or following in _COPULA)


@dataclass(frozen=True)
class _Content:
    words: tuple[str, ...]
    written: tuple[str, ...]
    phrases: tuple[int, ...]
    owners: frozenset[int]
    asked: frozenset[int]
    answered: frozenset[int]
    owned_by: frozenset[int]


# an owner's "'s" after a closing bracket or a number: "Air Staff (Sweden)'s", "Pelican
# (Fabergé egg)'s" (the bracket qualifies the name before it), "LCS(L)(3)-102's"
_OWNED_AFTER = re.compile(r"(?:\s*\([^()\n]*\)|\))?['\u2019]s\b")


# a record's field that says what the record is about, quoted or set with "=":
# `"subject": "…"`, "entity=…" (a mail's "Subject: Re: …" line is not a record's field)
_SUBJECT_FIELD = re.compile(
    r"""(?:(["'])(?:subject|entity|about|topic)\1\s*[:=]|\b(?:subject|entity|about|topic)\s*=)"""
    r"""\s*["']?$""",
    re.IGNORECASE,
)


# a heading set off by a spaced dash: "Steve Sidwell - team is …", "Line 2 — terminus: …"
_HEADING_DASH = re.compile(r"\s[-\u2013\u2014]\s")


_BRACKETED = re.compile(r"\([^()]*\)")


def _in_a_named_heading(text: str, start: int) -> bool:
    """Whether the word at ``start`` lies in a name that opens ``text`` as its heading, set
    off by a spaced dash: every word before the dash (outside brackets) written as a name
    ("Steve Sidwell - team is …", as "Steve Sidwell: team is …" keys a line; not "Reminder
    - Monday is …", whose first content word is after it). Where nothing after it is
    written as an owner, such a heading names whose the statement is."""
    dash = _HEADING_DASH.search(text)
    if dash is None or not 0 <= start < dash.start():
        return False
    head = [word for word, _, _, _ in _words(_BRACKETED.sub(" ", text[: dash.start()]))]
    return bool(head) and all(_name_like(word) or word.isdigit() for word in head)


def _opens_a_subject_field(text: str, start: int) -> bool:
    """Whether the word at ``start`` opens the value of a field naming what a record is
    about (``_SUBJECT_FIELD``): the record's owner, as "the team of X" names X."""
    return bool(_SUBJECT_FIELD.search(text, max(0, start - 40), start))


def _content(text: str) -> _Content:
    """The stemmed content words of ``text`` in order, the same words as written, the
    phrase each belongs to (punctuation or a copula between two words starts a new
    phrase), the positions of the words written as owners ("Priya Raman's", "the
    account's"), and those written before and after a line's key separator
    (``_key_and_answer``)."""
    words: list[str] = []
    written: list[str] = []
    phrases: list[int] = []
    owners: set[int] = set()
    asked: set[int] = set()
    answered: set[int] = set()
    owned_by: set[int] = set()
    phrase, last_end = 0, 0
    written_words = _words(text)
    asks, answers = _key_and_answer(text)
    first_start = -1
    for n, (raw, start, end, _) in enumerate(written_words):
        if _PHRASE_BREAK.search(text[last_end:start]) or _divides(written_words, n):
            phrase += 1
        last_end = end
        norm = _norm(raw.lower())
        if norm:
            first_start = start if first_start < 0 else first_start
            token = text[start:end].replace("\u2019", "'").strip(".'")
            possessive = token.endswith("'s") and token[:-2].endswith(raw)
            if (possessive or _OWNED_AFTER.match(text, end)) and norm != "let":
                owners.add(len(words))
            if _after_a_genitive_of(text, written_words, n) or _opens_a_subject_field(text, start):
                owned_by.add(len(words))
            if any(a <= start < b for a, b in asks):
                asked.add(len(words))
            elif any(a <= start < b for a, b in answers):
                answered.add(len(words))
            words.append(norm)
            written.append(raw)
            phrases.append(phrase)
    if words and not (owners or owned_by) and _in_a_named_heading(text, first_start):
        owned_by.add(0)  # "Steve Sidwell - team is …"; not "Lagos — Amara Okafor's home city"
    return _Content(
        tuple(words),
        tuple(written),
        tuple(phrases),
        frozenset(owners),
        frozenset(asked),
        frozenset(answered),
        frozenset(owned_by),
    )


# what parts a question from its answer, or a key from its value, on a line: "Which team
# did he play for? Aston Villa", "Steve Sidwell / team: Aston Villa" (a colon before a space
# or the line's end, not a time's "15:30"); "=" is left out: it is written both ways ("team
# of X = Aston Villa", "Aston Villa = X's team")
_QUESTION_END = re.compile(r"\?")


_KEY_COLON = re.compile(r":(?=\s|$)")


_LINE = re.compile(r"[^\n]+")


_WORD_CHAR = re.compile(r"\w")


def _key_and_answer(text: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Where each line's question (or key) and its answer (or value) are written: around the
    line's last question mark with a word after it ("Q: Which team …? A: Aston Villa"), else
    around its one key colon; a line ending in that colon is a heading, a key of the lines
    below it ("Guy Whittingham:"). A line with several colons ("Employer: X; subject: Y")
    or none is neither: which side is the value is not written there."""
    asks: list[tuple[int, int]] = []
    answers: list[tuple[int, int]] = []
    for line in _LINE.finditer(text):
        written = line.group()
        questions = [
            m for m in _QUESTION_END.finditer(written) if _WORD_CHAR.search(written, m.end())
        ]
        colons = list(_KEY_COLON.finditer(written))
        if questions:
            split = questions[-1]
        elif len(colons) == 1:
            split = colons[0]
        else:
            continue
        if _WORD_CHAR.search(written, split.end()):
            asks.append((line.start(), line.start() + split.start()))
            answers.append((line.start() + split.end(), line.end()))
        elif "\n" in text:
            asks.append((line.start(), line.end()))  # a heading
    return asks, answers


def content_words(text: str) -> tuple[str, ...]:
    """The stemmed content words of ``text`` in order (no function words, no form markers)."""
    return tuple(n for n in (_norm(s) for s in _surfaces(text)) if n)

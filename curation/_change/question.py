"""What a recall question asks, read against the hits near the top: the subject it names, the
slot words and their weights, its names, and which statements answer that subject and slot.

Recall knows the question; a pair's verdict alone cannot tell the subject from the value."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from curation._change.compare import ANOTHER_SLOT, SlotVerdict, compare_statements
from curation._change.statement import Statement
from curation._change.words import (
    _CALENDAR,
    _connected,
    _names,
    _norm,
    _opens_with_a_name,
    _parts,
    _surfaces,
    _words,
    identifiers,
    twins,
)

MIN_SLOT_COVER = 0.5  # a hit answers the question's slot when it has this share of its words


NEAR_TOP = 0.10  # hits this close to the best are one slot unless the subject words differ


SLOT_CLIQUE_MARGIN = 0.03  # cosine; a clique this close to the closest one's mean stays


# times the frame band: the closest hit left alone by the frame test keeps the others as its
# versions in other words unless every one of them is this far below it in the frame
ALONE_APART = 1.5


# a word at most this share of the hits hold (the subject's aside) ties two statements to
# one slot: a value named as replaced, the slot's own label
RARE_WORD_SHARE = 0.15


_ASKS_WHO = re.compile(r"^\W*(?:who|whom)\b", re.IGNORECASE)


@dataclass(frozen=True)
class _Question:
    """What the question names, read against its candidates.

    - ``subject``: its words that are rare in the language (a name, an identifier) and
      held by at least half of the hits near the top (a rare verb of one phrasing,
      "rotates", is not: the best hits say it otherwise);
    - ``slot``: its other words held by some candidate, each weighted by how much it tells
      the candidates apart (log N / df: "service" in every hit weighs nothing, "hosted"
      much). Weighed among the subject's statements alone, one slot phrased two ways
      ("was a member of" / "belong to") read as two slots: TimeQA lost 0.022."""

    words: frozenset[str]
    subject: frozenset[str]
    slot_weights: dict[str, float]
    named_whole: frozenset[str] = frozenset()  # its identifiers a hit near the top writes
    asks_who: bool = False  # "Who …?": its answer names someone or something
    # the subject's statements in words of their own while it shows one slot only
    paraphrases: frozenset[Statement] = frozenset()

    def covers_slot(self, statement: Statement) -> bool:
        if statement in self.paraphrases:
            return True
        total = sum(self.slot_weights.values())
        held = sum(w for word, w in self.slot_weights.items() if word in statement.words)
        return total == 0 or held >= MIN_SLOT_COVER * total

    def names_subject(self, statement: Statement) -> bool:
        return self.subject <= set(statement.words) and self.named_whole <= identifiers(
            statement.text
        )

    def may_answer(self, statement: Statement) -> bool:
        """Whether ``statement`` states an answer of the kind asked: to "who", a name
        besides the subject's (``_name_phrases`` with its opening; a month or a weekday
        aside) or the subject's name written twice. "Waymo — paid rides a week: 200,000"
        or "Thursday — new office day for Sam Patel" names nobody, so it answers another
        question of the subject."""
        if not self.asks_who:
            return True
        names = [phrase - _CALENDAR for phrase, _ in _name_phrases(statement.text, opening=True)]
        # the subject's name twice: once as the subject, once as the value ("Andrew Mellon
        # Building's occupant has been Andrew Mellon")
        return any(name - self.subject for name in names) or sum(map(bool, names)) > 1


def _read_question(
    query: str, statements: Sequence[Statement], relevance: Sequence[float], near: float
) -> _Question:
    surfaces = {_norm(s): s for s in _surfaces(query)}
    words = frozenset(w for w in surfaces if w)
    top = max(relevance) - near
    near_top = [s for s, r in zip(statements, relevance, strict=True) if r >= top]
    named = _names(query)
    subject = frozenset(
        w
        for w in words
        if w in named and 2 * sum(1 for s in near_top if w in s.words) >= len(near_top)
    )
    # sorted: the slot weights are summed in one order in every process (a set's order
    # follows the hash seed, and a float sum at exactly half the total could flip)
    held = {w: sum(1 for s in statements if w in s.words) for w in sorted(words - subject)}
    nothing_rare = not subject
    for name in _read_names(query, statements):
        # a name's common words tell it from a near-twin ("Northwind Travel" / "Northwind
        # Traders"): they join the subject when a hit near the top writes the whole name.
        # They still weigh as slot words while the question has no telling slot word of
        # its own: one slot written with other labels ("employer", "company") is covered
        # by the name; TimeQA-like sets lost 0.02 without that.
        # A name of common words only ("Marcus Bell") names the subject as well when most
        # hits near the top write it whole, as a rare word does, or when it tells apart
        # the hits near the top that hold the subject read so far ("England" of "the ODI
        # captain of the England cricket team?", beside "India cricket team: ODI captain").
        # When the question holds no rare word, its name is its subject whoever else the
        # hits near the top are about: "United States Navy", each word in other forces'
        # names ("United States Army", "Royal Navy"), or "England" among other teams'
        # coaches, was no subject, so the newest of every near-equal statement went first
        writers = sum(1 for s in near_top if name.words <= set(s.words))
        if writers and (
            name.joined
            or name.words & named
            or 2 * writers >= len(near_top)
            or _tells_apart(name.words, subject, near_top)
            or nothing_rare
        ):
            subject |= name.words
    # an identifier with a near-twin among the hits near the top is matched whole:
    # "billing-api" asked is not "billing-api-v2" written
    written = [identifiers(s.text) for s in near_top]
    whole = frozenset(
        i
        for i in identifiers(query)
        if any(i in held for held in written)
        and (not subject or any(twins(frozenset({i}), held) for held in written))
    )
    # an identifier the question writes whole names its subject when nothing else does,
    # however many other things' statements near the top share its frame ("web-frontend"
    # among every account's budget notes); a name matched whole is the subject's words,
    # not the slot's ("eu" of "analytics-prod-eu" asked beside "analytics-prod")
    named_parts = frozenset(_norm(part) for i in whole for part in _parts(i)) & words
    subject |= named_parts
    held = {w: n for w, n in held.items() if w not in named_parts}
    if subject:
        # a slot word none of the subject's own statements holds tells none of them
        # apart: "club" asked of "X is a Malmö FF player" / "X transferred to Feyenoord"
        own = set().union(*(s.words for s in statements if subject <= set(s.words)))
        held = {w: n for w, n in held.items() if w in own}
    weights = {w: math.log(len(statements) / n) for w, n in held.items() if n}
    own_slot = {w: weight for w, weight in weights.items() if w not in subject}
    if any(own_slot.values()):
        # the question's own slot words tell the subject's statements apart ("report" of
        # "Who does Samir Patel report to now?"): the name's words, which every statement
        # of the subject holds, would let another slot of it ("Samir Patel comes into the
        # office on Friday") cover the slot asked and go first as its newest version
        weights = own_slot
    question = _Question(words, subject, weights, whole, bool(_ASKS_WHO.match(query)))
    # a subject written as a name (capitalised, an identifier): a rare common noun taken
    # for one ("refund" asked of refund lessons) names a topic, whose statements in other
    # words are other lessons, not one slot restated
    as_names = {_norm(w.lower()) for w, _, _, part in _words(query) if part or w[:1].isupper()}
    if not subject <= as_names:
        return question
    return replace(question, paraphrases=_paraphrases(question, statements))


def _tells_apart(
    name: frozenset[str], subject: frozenset[str], near_top: Sequence[Statement]
) -> bool:
    """Some hit near the top holds the subject read so far but not ``name``."""
    return bool(subject) and any(
        subject <= set(s.words) and not name <= set(s.words) for s in near_top
    )


def _paraphrases(question: _Question, statements: Sequence[Statement]) -> frozenset[Statement]:
    """The subject's statements that miss the question's slot words, when none of them
    shares a word of its own (besides the subject's and the covering statements' words)
    with another: the subject shows no second slot, so each is the asked slot in other
    words ("Amara Okafor works at Canva" beside "… 's employer is Deloitte", asked "her
    employer?"). Two that share a word of their own ("employed by …" twice, asked "home
    city?") are a second slot, and then none is taken for a paraphrase."""
    if not question.subject:
        return frozenset()
    own = [s for s in statements if question.names_subject(s)]
    covering = [s for s in own if question.covers_slot(s)]
    if not covering:
        return frozenset()
    asked = question.subject.union(*(s.words for s in covering))
    others = [s for s in own if not question.covers_slot(s)]
    return frozenset() if _a_second_slot_shown(others, asked) else frozenset(others)


def _a_second_slot_shown(others: Sequence[Statement], asked: frozenset[str]) -> bool:
    """Two of ``others`` (a subject's statements missing the words asked) share a word of
    their own, besides ``asked``: a label of another slot ("secretary_of_state" twice
    beside "official_name"). Each sharing none is the asked slot in other words."""
    for n, statement in enumerate(others):
        mine = set(statement.words) - asked
        if any(
            mine & set(other.words) for other in others[n + 1 :] if other.words != statement.words
        ):
            return True
    return False


def _name_phrases(
    text: str, *, opening: bool = False
) -> list[tuple[frozenset[str], frozenset[str]]]:
    """The stems of each run of capitalised content words after the first word ("Sam
    Patel", "Northwind Travel", "Microsoft"): one name, whichever of its words are common
    in the language ("Apple", "Arsenal" are). The first word is capitalised as a sentence
    starts, name or not; with ``opening``, it starts a name when it reads as one: before
    another capitalised word ("Patrice Louvet is …", "Kim So-yeon is …") or rare in the
    language ("Benfica is the employer of …"). Runs with only lower-case connectors
    between them ("Reserve Bank of Australia", "Department of the Treasury") are one
    phrase; each phrase comes with the stems of its last run when it joins two (else
    none)."""
    words = _words(text)
    first = 1 - (opening and _opens_with_a_name(text, words))
    runs: list[tuple[int, int, list[str]]] = []  # first word, last word, stems
    for n, (written, start, _, _) in enumerate(words):
        norm = _norm(written.lower()) if n >= first and written[:1].isupper() else ""
        if not norm:
            continue
        if runs and runs[-1][1] == n - 1 and not text[words[n - 1][2] : start].strip():
            runs[-1] = (runs[-1][0], n, [*runs[-1][2], norm])
        else:
            runs.append((n, n, [norm]))
    phrases: list[tuple[frozenset[str], frozenset[str]]] = []
    for n, (first, _, stems) in enumerate(runs):
        if n and _connected(words, text, runs[n - 1][1], first):
            joined, _ = phrases[-1]
            phrases[-1] = (joined | frozenset(stems), frozenset(stems))
        else:
            phrases.append((frozenset(stems), frozenset()))
    return phrases


@dataclass(frozen=True)
class _Name:
    words: frozenset[str]
    joined: bool  # two capitalised runs joined by a connector, written whole


def _read_names(query: str, statements: Sequence[Statement]) -> list[_Name]:
    """The question's names (``_name_phrases``). A name joined by a connector ("Reserve
    Bank of Australia") is one name when the statements writing its last part mostly
    write it whole; else its two runs are two names ("CEO of United Airlines": "United
    Airlines" is written without "CEO")."""
    names: list[_Name] = []
    for phrase, tail in _name_phrases(query):
        if not tail:
            names.append(_Name(phrase, False))
            continue
        whole = sum(1 for s in statements if phrase <= set(s.words))
        tails = sum(1 for s in statements if tail <= set(s.words))
        if whole and 2 * whole >= tails:
            names.append(_Name(phrase, True))
        else:
            names.extend(_Name(part, False) for part in (phrase - tail, tail) if part)
    return names


def _linked(question: _Question, older: Statement, newer: Statement) -> bool:
    """Two statements answer the question's subject and slot: both name the subject and
    cover the slot, and — when the question names no subject — they differ by one
    substitution (or not at all) and no word that tells them apart is the question's."""
    if not (question.names_subject(older) and question.names_subject(newer)):
        return False
    if not (question.covers_slot(older) and question.covers_slot(newer)):
        return False  # one of them is about another slot ("hosted in" beside "runs version")
    verdict = compare_statements(older, newer)
    if question.subject:
        return verdict.reason != ANOTHER_SLOT
    if verdict.verdict is SlotVerdict.RESTATED:
        return True
    return verdict.verdict is SlotVerdict.CHANGE and not (verdict.differing_words & question.words)


def _groups(
    question: _Question, statements: Sequence[Statement], keys: Sequence[str | None]
) -> list[list[int]]:
    """Statements of one slot, best first: each joins the first group it is linked to as
    a whole (a chain of links, "start time" ~ "room" ~ "meeting day", is no slot), and
    never one holding another supersession key (``filed_apart``)."""
    groups: list[list[int]] = []
    for i in range(len(statements)):
        for group in groups:
            if all(
                _linked(question, statements[j], statements[i])
                and not filed_apart(keys[i], keys[j])
                for j in group
            ):
                group.append(i)
                break
        else:
            groups.append([i])
    return [g for g in groups if len(g) > 1]


def filed_apart(a: str | None, b: str | None) -> bool:
    """Two entries their writers filed under different supersession keys: two slots by the
    writers' word, whatever their texts share (keys win over inference). Neither is a
    version, a duplicate, a conflict or a cover of the other: recall never reorders them,
    the plan and the write hooks never pair them."""
    return a is not None and b is not None and a != b


def _one_key(
    members: list[int], keys: Sequence[str | None], relevance: Sequence[float]
) -> list[int]:
    """``members`` without the keyed ones filed apart from the most relevant keyed
    member: unkeyed members stay, they may restate any slot."""
    keyed = [i for i in members if keys[i] is not None]
    lead = keys[max(keyed, key=lambda i: (relevance[i], -i))] if keyed else None
    return [i for i in members if not filed_apart(keys[i], lead)]

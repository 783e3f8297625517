"""``newest_of_slot_first``: recall's reorder that puts the newest statement of the asked slot
at the best place its group holds, every other hit keeping its place, and the steps that
decide which hits are versions of that slot."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from curation._change.compare import REPLACED_AS_NAMED, SlotVerdict, _measured, compare_statements
from curation._change.frames import (
    FrameRelevance,
    _Alike,
    _closest_frame_first,
    _frame_weights,
    _frames,
    _in_the_questions_frame,
    _near_in_the_questions_frame,
    _one_frame_two_slots,
    _subject_first,
    _written_alike,
)
from curation._change.question import (
    NEAR_TOP,
    _a_second_slot_shown,
    _groups,
    _one_key,
    _Question,
    _read_question,
    filed_apart,
)
from curation._change.statement import MEASURES, Statement, read_statement


@dataclass(frozen=True)
class SlotOrder:
    order: list[int]  # positions of the hits, best first
    newest: dict[int, int]  # an older statement of a slot -> the newest one shown above it


def newest_of_slot_first(
    query: str,
    texts: Sequence[str],
    written_at: Sequence[datetime],
    relevance: Sequence[float],
    *,
    band: float,
    near: float = NEAR_TOP,
    frame_relevance: FrameRelevance | None = None,
    frame_band: float = 1.0,
    frame_weight: float = 0.0,
    unkeyed_frame_weight: float = 0.0,
    keys: Sequence[str | None] | None = None,
    text_relevance: FrameRelevance | None = None,
    alike_cosine: float = 0.0,
    doubted: Sequence[bool] | None = None,
) -> SlotOrder:
    """An order of the hits (given best first) in two steps, each putting the newest
    statement (its validity note, else its write time) at the best position its group
    holds while every other hit keeps its place, after one step of relevance:
    0. with ``frame_relevance``, the hits naming the question's subject exchange places
       by relevance plus a weight times their frame's closeness to the question's
       (``_closest_frame_first``): which of the subject's slots is asked. Each filed
       under a key of its own weighs ``frame_weight``, each filed under none
       ``unkeyed_frame_weight`` (it may be one version of several: the steps after put
       the newest of its slot back on top); hits sharing a key take no part, and neither
       do hits held in doubt (``doubted``);
    1. each group of statements of the question's slot (``_linked``), its members
       within ``band`` of the group's best relevance;
    2. when the question names a subject, the hits within ``near`` of the best relevance
       that name it: the "newest of the near-equal top hits" any user could write, without
       its blind spot (another subject's newer fact on top). A question that names nothing
       rare ("What should I check before changing a plan?") gets no such reorder: its
       near-equal hits are as likely different lessons as versions of one;
    3. then, among those near-equal hits, the ones naming the question's whole subject
       above the ones that do not (``_subject_first``);
    4. last, the hit on top gives its place to the newest of its named successors (later
       hits of the subject saying they replaced its value: ``_named_successor_first``).

    With a named subject, a slot group of step 1 loses the members that are another slot
    of the subject: a second slot filled in the same frame under its own label
    (``_one_frame_two_slots``) and, with ``frame_relevance``, statements far from the
    question's frame (the texts without the subject's words) holding a frame of their own
    (``_in_the_questions_frame``). The near-equal hits of step 2 lose the latter too
    (``_near_in_the_questions_frame``: unless only the closest would be left and the others
    are not far below even that) and, when the best hit's group holds the question's slot
    words, the ungrouped hits that lack them (``_of_the_best_slot``). In both steps, a
    statement measuring another kind of thing than the most relevant one (an amount beside
    a name: ``_one_measure``) is another slot, and so is one lacking the question's words
    the most relevant one holds when they are the slot's label and another label of the
    subject is in evidence (``_under_the_asked_label``). With ``text_relevance`` (the
    cosine of one text to others) and an ``alike_cosine``, a slot group keeps only the
    members written alike to its most relevant one (``_written_alike``).

    ``keys``: each hit's supersession key, if its writer gave one. Hits filed under two
    keys are two slots in steps 1 and 2: a keyed store holds one active statement per key,
    so any reorder among them could only put another slot first."""
    order = list(range(len(texts)))
    slot_keys: Sequence[str | None] = keys if keys is not None else [None] * len(texts)
    newest: dict[int, int] = {}
    if len(texts) < 2:
        return SlotOrder(order, newest)
    statements = [read_statement(t) for t in texts]
    question = _read_question(query, statements, relevance, near)
    held = list(doubted) if doubted is not None else [False] * len(texts)
    weight = _frame_weights(slot_keys, frame_weight, unkeyed_frame_weight, held)
    # the frames of every hit naming the subject, embedded only when a step uses them
    wanted = sum(w > 0 for w in weight) > 1
    frame = _frames(query, texts, statements, question, frame_relevance, wanted)
    weighed = {i: weight[i] for i in frame if weight[i] > 0}
    order, relevance = _closest_frame_first(relevance, frame, weighed)

    def moment(i: int) -> tuple[datetime, datetime]:
        """When the statement was the word on its slot: its validity note, unless the note
        lies after the moment it was written (a date in the writer's future is what the
        statement says, "the next review is 12 February 2024", not when it held), else its
        write time."""
        said = written_at[i]
        valid = statements[i].held_from(said)
        return (said if valid is None or valid > said else valid, said)

    def newest_on_top(members: list[int], below: Sequence[int] = ()) -> None:
        """``members``: original hit numbers; their current positions get them newest
        first, but for those no moment places (``_undated_in_a_batch``): they keep theirs.
        The hits ``below`` (statements of the slot's group that cannot answer the kind of
        question asked) give up their positions to them and take the ones left."""
        unplaced = _undated_in_a_batch([*members, *below], statements, written_at)
        members = [m for m in members if m not in unplaced]
        under = sorted((m for m in below if m not in unplaced), key=order.index)
        positions = sorted(order.index(m) for m in (*members, *under))
        newest_first = _newest_first(members, statements, moment) if members else []
        for position, member in zip(positions, [*newest_first, *under], strict=True):
            order[position] = member
        newest.update({older: newest_first[0] for older in newest_first[1:]})

    alike = _Alike(text_relevance, alike_cosine)
    slot_of = list(range(len(texts)))  # each hit its own slot unless grouped
    # linked by the statements alone (the question names nothing rare), a group is
    # reordered only among near-equal hits: far below, it is likely another slot
    width = band if question.subject else min(band, near)
    reordered: list[list[int]] = []
    for group in _groups(question, statements, slot_keys):
        slot_of = [group[0] if i in group else s for i, s in enumerate(slot_of)]
        best = max(relevance[i] for i in group)
        reordered.append([i for i in group if relevance[i] >= best - width])
    if not frame and any(len(members) > 1 for members in reordered):
        # a far member's second slot is as often in evidence below the band as within it
        frame = _frames(query, texts, statements, question, frame_relevance, True)
    for members in reordered:
        # the statements' own structure first, then the embedding's far members
        members = _one_frame_two_slots(members, relevance, statements, question, moment)
        members = _in_the_questions_frame(members, frame, frame_band, statements, question)
        members = _written_alike(members, relevance, texts, statements, question, alike)
        members = _under_the_asked_label(members, relevance, statements, question)
        unanswering: list[int] = []
        if len(members) > 1 and question.subject:
            answering = _of_the_asked_kind(members, statements, question, held)
            unanswering = [m for m in members if m not in answering]
            members = _one_measure(answering, relevance, statements)
        if len(members) > 1 or (members and unanswering):
            newest_on_top(members, unanswering)
    top = max(relevance) - near
    members = [
        i
        for i, statement in enumerate(statements)
        if relevance[i] >= top
        and question.names_subject(statement)
        and (question.subject or question.covers_slot(statement))
    ]
    members = _one_key(members, slot_keys, relevance)
    if members:
        members = _of_the_best_slot(members, slot_of, relevance, statements, question)
        members = _under_the_asked_label(members, relevance, statements, question)
    unanswering = []
    if near > 0 and len(members) > 1 and question.subject:
        if not frame:
            frame = _frames(query, texts, statements, question, frame_relevance, True)
        members = _near_in_the_questions_frame(members, frame, frame_band, statements, question)
        answering = _of_the_asked_kind(members, statements, question, held)
        unanswering = [m for m in members if m not in answering]
        members = _one_measure(answering, relevance, statements)
    if near > 0 and (len(members) > 1 or (members and unanswering)):
        newest_on_top(members, unanswering)
    if near > 0 and question.subject:
        _subject_first(order, [question.names_subject(s) for s in statements], relevance, top)
        # then, of those, the ones stating an answer of the kind asked (``may_answer``)
        answers = [
            question.names_subject(s) and _answers_asked(question, s, held[i])
            for i, s in enumerate(statements)
        ]
        if any(answers):
            _subject_first(order, answers, relevance, top)
    if question.subject:
        _named_successor_first(order, newest, statements, question, slot_keys, moment)
    return SlotOrder(order, newest)


def _named_successor_first(
    order: list[int],
    newest: dict[int, int],
    statements: Sequence[Statement],
    question: _Question,
    keys: Sequence[str | None],
    moment: Callable[[int], tuple[datetime, datetime]],
) -> None:
    """The hit on top, when it names the question's subject, gives its place to the newest
    of its named successors: a later hit of the subject saying it replaced the value the top
    one states ("formerValue: 2M Alliance", "# was 'Søren Skou'"), then the one that replaced
    that, and so on. A change record is often written unlike the fact it changes (an LDIF
    modify, a pandas assignment under a table's row) and sits far below it in similarity,
    out of every band; that it names the value it replaced is the writer's own link.
    Hits filed under two keys are two slots, and a hit restating the value it names as
    replaced replaced nothing."""
    top = order[0]
    if not question.names_subject(statements[top]):
        return
    subject_hits = [i for i, s in enumerate(statements) if question.names_subject(s)]
    chain = [top]

    def succeeds(later: int, earlier: int) -> bool:
        return (
            later not in chain
            and moment(later) > moment(earlier)
            and _names_a_value_of(statements[later], statements[earlier])
            and not set(statements[later].former) <= set(statements[later].words)
            and not filed_apart(keys[later], keys[earlier])
        )

    while successors := [i for i in subject_hits if succeeds(i, chain[-1])]:
        chain.append(max(successors, key=lambda i: (*moment(i), -i)))
    if len(chain) > 1:
        order.remove(chain[-1])
        order.insert(0, chain[-1])
        # the writer's link outranks a band step's guess that another hit came after it
        newest.pop(chain[-1], None)
        newest.update({older: chain[-1] for older in chain[:-1]})


def _names_a_value_of(newer: Statement, older: Statement) -> bool:
    """``newer`` names, as the value it replaced, words all of which ``older`` holds: the
    writer's own link between the two, whatever their wording."""
    former = set(newer.former)
    return bool(former) and former <= set(older.words)


def _of_the_best_slot(
    members: list[int],
    slot_of: Sequence[int],
    relevance: Sequence[float],
    statements: Sequence[Statement],
    question: _Question,
) -> list[int]:
    """The near-equal hits without those another slot than the best one's: a hit grouped
    with others of another slot is not a version, and when the best hit's group holds the
    question's slot words, neither is an ungrouped hit lacking them ("Who is the menswear
    designer of Maison Arlo?": "… creative director changed: … -> Jonathan Anderson",
    newer, stays below the menswear designer's group)."""
    best_slot = slot_of[max(members, key=lambda i: relevance[i])]
    if slot_of.count(best_slot) < 2:
        return members
    covered = any(question.covers_slot(statements[i]) for i in members if slot_of[i] == best_slot)
    return [
        i
        for i in members
        if slot_of[i] == best_slot
        or (slot_of[i] == i and (not covered or question.covers_slot(statements[i])))
    ]


def _under_the_asked_label(
    members: list[int],
    relevance: Sequence[float],
    statements: Sequence[Statement],
    question: _Question,
) -> list[int]:
    """A subject's statements about to be put newest first, without those lacking words of
    the question that the most relevant one holds, when those words are the label the
    store writes the slot under and another label is in evidence: two or more of the
    subject's statements hold every one of them, and two of those lacking some share a word
    of their own (``_a_second_slot_shown``). "What is the official name of the UK's housing
    department?": the newer "secretary_of_state" = "Steve Reed" no longer goes above the
    "official_name" change. A member naming the best one's value as replaced, or one
    substitution away from it, stays. Under a label written once ("tier" once beside
    "plan" and "subscription" for one account), the others are the slot in other words."""
    if len(members) < 2 or not question.subject:
        return members
    best = max(members, key=lambda i: (relevance[i], -i))
    label = [w for w, weight in question.slot_weights.items() if weight > 0]

    def held(i: int) -> frozenset[str]:
        return frozenset(w for w in label if w in statements[i].words)

    asked = held(best)
    own = [i for i, statement in enumerate(statements) if question.names_subject(statement)]
    lacking = [i for i in own if not asked <= held(i)]
    labelled = question.subject.union(*(statements[i].words for i in own if i not in lacking))
    if len(own) - len(lacking) < 2 or not _a_second_slot_shown(
        [statements[i] for i in lacking], labelled
    ):
        return members

    def stays(i: int) -> bool:
        if not held(i) < asked:
            return True
        if _names_a_value_of(statements[i], statements[best]):
            return True
        return compare_statements(statements[best], statements[i]).verdict is SlotVerdict.CHANGE

    return [i for i in members if stays(i)]


def _undated_in_a_batch(
    members: list[int], statements: Sequence[Statement], written_at: Sequence[datetime]
) -> set[int]:
    """The members with no note of their own written at the same moment as one with a
    note (a store imported in one batch): their write time is the import's, not when they
    held, so they are neither newer nor older than the dated ones (taken as the newest,
    every undated version of a changelog went above the dated current one)."""
    dated = {i for i in members if statements[i].held_from(written_at[i]) is not None}
    batches = {written_at[i] for i in dated}
    return {i for i in members if i not in dated and written_at[i] in batches}


def _names_as_replaced(newer: Statement, older: Statement) -> bool:
    """``newer`` says it replaced the value ``older`` states ("previous: Ben Okafor"), the
    two lined up as one frame: the same name said of another slot ("Ruth Mensah mentors
    Sam Patel now, no longer Omar Haddad" beside "Omar Haddad replaces Grace Liu as Sam
    Patel's manager") replaced nothing there."""
    return bool(newer.former) and compare_statements(older, newer).reason == REPLACED_AS_NAMED


def _newest_first(
    members: list[int],
    statements: Sequence[Statement],
    moment: Callable[[int], tuple[datetime, datetime]],
) -> list[int]:
    """``members`` newest first by their moments; among members of one moment (a changelog
    imported in one batch), one another says it replaced ("previous: Richard Anderson") and
    that does not replace it in turn comes after it. Moments that differ decide: a value
    can come back (A, then B naming A, then A again), and a version naming "A" as replaced
    then names the first A, not the newest. Each place goes to the newest member no
    remaining member of its moment says it replaced (all remaining ones, in a cycle)."""
    replaced_by = {
        i: {
            j
            for j in members
            if moment(j) == moment(i)
            and _names_as_replaced(statements[j], statements[i])
            and not _names_as_replaced(statements[i], statements[j])
        }
        for i in members
    }
    remaining, ordered = list(members), []
    while remaining:
        left = set(remaining)
        free = [i for i in remaining if not replaced_by[i] & left] or remaining
        newest = max(free, key=lambda i: (*moment(i), -i))
        ordered.append(newest)
        remaining.remove(newest)
    return ordered


def _of_the_asked_kind(
    members: list[int], statements: Sequence[Statement], question: _Question, held: Sequence[bool]
) -> list[int]:
    """A subject's statements about to be put newest first, without those that cannot
    answer the kind of question asked (``_Question.may_answer``): another slot of the
    subject, whatever its date ("Who most recently took the top job at Waymo?" went to a
    newer weekly-rides count). Nor, for "who", one held in doubt (an open conflict): it
    answers, but must not climb above the hits that name nobody by it ("billing-service is
    owned by the Search team", refuted by the catalog). When none can, the question's
    kind was misread: all stay."""
    answering = [i for i in members if _answers_asked(question, statements[i], held[i])]
    return answering or members


def _answers_asked(question: _Question, statement: Statement, held: bool) -> bool:
    """Whether ``statement`` answers the kind of question asked and may climb for it:
    ``_Question.may_answer``, and to "who" not held in doubt."""
    return question.may_answer(statement) and not (question.asks_who and held)


def _one_measure(
    members: list[int], relevance: Sequence[float], statements: Sequence[Statement]
) -> list[int]:
    """A subject's statements about to be put newest first, without those that measure
    something else than the most relevant one: a statement stating an amount or a share
    (``MEASURES``) and one stating none of that kind are two slots ("Universal Music Group
    | chief executive | Lucian Grainge" / "… | annual revenue | €10.34 billion"), whatever
    the newer one's date. Only these kinds: the value reader also reads dates and plain
    numbers off validity notes ("May 21, 2021" → 21), versions off names and addresses
    ("Volvo V60", ".../v3") and its named kinds (a plan tier) off some phrasings of a slot
    and not others; set D lost 0.03 with versions counted."""
    lead = max(members, key=lambda i: (relevance[i], -i))
    measures = {
        i: frozenset(kind for kind, _ in _measured(statements[i]) if kind in MEASURES)
        for i in members
    }
    kind = measures[lead]
    return [i for i in members if i == lead or measures[i] & kind or not (measures[i] or kind)]

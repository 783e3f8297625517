"""Who of a slot group is the slot asked: the members read against the question's frame (the
statement and the question embedded without the subject's words) and against one another
(written alike, one frame under two labels, the whole subject named).

A near word shared with another slot or another subject must not make it a version."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from curation._change.compare import SlotVerdict, _align, compare_statements
from curation._change.question import ALONE_APART, RARE_WORD_SHARE, SLOT_CLIQUE_MARGIN, _Question
from curation._change.statement import Statement
from curation._change.words import _norm, _words
from curation._unionfind import UnionFind

# the similarity of the question's frame to each hit's, both without the subject's words
FrameRelevance = Callable[[str, Sequence[str]], Sequence[float]]


def without_words(text: str, words: frozenset[str]) -> str:
    """``text`` with every word whose stem is in ``words`` taken out (for an identifier,
    the whole identifier when one of its parts is)."""
    kept: list[str] = []
    last = 0
    for written, start, end, _ in _words(text):
        if start >= last and _norm(written.lower()) in words:
            kept.append(text[last:start])
            last = end
    kept.append(text[last:])
    return "".join(kept)


def _frames(
    query: str,
    texts: Sequence[str],
    statements: Sequence[Statement],
    question: _Question,
    frame_relevance: FrameRelevance | None,
    wanted: bool,
) -> dict[int, float]:
    """How close each hit naming the question's subject is to what the question asks of
    it (embedded only when a slot group may reorder): the two texts compared without the
    subject's words, so that the name both share does not make another slot of the
    subject look like an answer ("Where does Priya Raman live?" / "Priya Raman is
    employed as head of data")."""
    if frame_relevance is None or not question.subject or not wanted:
        return {}
    own = [i for i, statement in enumerate(statements) if question.names_subject(statement)]
    if len(own) < 2:
        return {}
    scores = frame_relevance(
        without_words(query, question.subject),
        [without_words(texts[i], question.subject) for i in own],
    )
    return dict(zip(own, (float(x) for x in scores), strict=True))


def _frame_weights(
    keys: Sequence[str | None],
    keyed: float,
    unkeyed: float,
    held: Sequence[bool],
) -> list[float]:
    """Each hit's weight in the frame step: a hit alone under its key is one slot, its only
    statement here, so placing it by the slot asked orders no versions (``keyed``); an
    unkeyed hit may be one version of several (``unkeyed``); hits sharing a key, none, and
    neither do hits held in doubt (``held``: an open conflict): the blend demoted them on
    the evidence's word, and a refuted claim written like the question ("Umbrella's account
    manager is Dana Whitfield") would rise back above its correction ("Correction: Marcus
    Lee owns the Umbrella account")."""
    filed = Counter(keys)
    return [
        0.0 if doubt else unkeyed if key is None else keyed if filed[key] == 1 else 0.0
        for key, doubt in zip(keys, held, strict=True)
    ]


def _closest_frame_first(
    relevance: Sequence[float], frame: Mapping[int, float], weight: Mapping[int, float]
) -> tuple[list[int], list[float]]:
    """The hits ``weight`` names (the subject's), in their places, reordered by relevance
    plus their weight times their closeness to what the question asks of the subject
    (``frame``, from ``_frames``): the subject's name, shared by all of them, outweighs the
    slot words in a small model's cosine ("Who is in charge of Harrowgate Books?" was
    closer to the year it was founded than to its director). Each takes the place and
    relevance of the one it displaces: other hits keep theirs, and the bands of the steps
    after are unchanged. Among unkeyed versions of one slot the frame closer to the
    question is the one whose value happens to be, and the band steps after do not always
    put the newest back on top: set C, written as one slot, loses 0.004 for Q's +0.024."""
    order = list(range(len(relevance)))  # the hits' places, best first
    adjusted = list(relevance)
    if len(weight) < 2:
        return order, adjusted
    closest = sorted(weight, key=lambda i: (-(relevance[i] + weight[i] * frame[i]), i))
    for place, hit in zip(sorted(weight), closest, strict=True):
        order[place] = hit
        adjusted[hit] = relevance[place]
    return order, adjusted


def _in_the_questions_frame(
    members: list[int],
    frame: Mapping[int, float],
    frame_band: float,
    statements: Sequence[Statement],
    question: _Question,
) -> list[int]:
    """A slot group without the members that are another slot of the subject: those far
    from the question's frame (below the closest member's by more than ``frame_band``)
    that share no word the question asks about with the closest one, *and* share a word
    of their own with another such hit of the subject, in the group or not — a second
    slot in evidence ("home city?" of "moved to London" beside "works as head of data" /
    "works as data analyst"; "capital of Brazil?" of "Brazil names Dilma Rousseff as
    president" beside "… Jair Bolsonaro as president" below the band). A far member
    alone keeps its place: one slot is often written in words of its own ("org →
    Maersk" among "employer: Airbus" notes), and its values can be far apart in
    embedding space ("school is Harvard College" / "Harvard Business School has been the
    school" asked "which school?")."""
    scored = [i for i in members if i in frame]
    if len(scored) < 2:
        return members
    lead = max(scored, key=lambda i: (frame[i], -i))
    asked = set(statements[lead].words) & question.words - question.subject
    # the question's most telling word the closest member holds ("plan" of "Which plan is
    # the Pinecrest Dental account on?", not "account", which every statement of the
    # subject's name holds)
    telling = max(asked, key=lambda w: (question.slot_weights.get(w, 0.0), w), default=None)
    far = [
        i
        for i in frame
        if frame[i] < frame[lead] - frame_band
        and (telling is None or telling not in statements[i].words)
    ]

    def another_slot(i: int) -> bool:
        own = set(statements[i].words) - question.subject
        return i in far and any(
            own & set(statements[j].words) and set(statements[j].words) != set(statements[i].words)
            for j in far
            if j != i
        )

    return [i for i in members if not another_slot(i)]


def _near_in_the_questions_frame(
    members: list[int],
    frame: Mapping[int, float],
    frame_band: float,
    statements: Sequence[Statement],
    question: _Question,
) -> list[int]:
    """The near-equal hits of the subject without another slot far from the question's
    frame, as a slot group loses it (``_in_the_questions_frame``: "Who handles the
    Larkspur Farms account now?" of "| Larkspur Farms | account_manager | …" rows beside
    newer "| … | preferred contact channel | …" rows) — unless only the closest hit would
    be left while some other one lies within ``ALONE_APART`` bands of it: then they are as
    likely its versions, each worded its own way ("plays for Brentford" / "turns out for
    Ajax"), as a second slot. Further below, they are another slot even so ("How does
    Bluewater Marine prefer to be contacted?" of one channel note beside newer "loop in
    Marcus Webb" notes)."""
    kept = _in_the_questions_frame(members, frame, frame_band, statements, question)
    if len(kept) > 1:
        return kept
    floor = frame[kept[0]] - ALONE_APART * frame_band
    return kept if all(frame[i] < floor for i in members if i not in kept) else members


@dataclass(frozen=True)
class _Alike:
    text_relevance: FrameRelevance | None
    cosine: float


def _written_alike(
    members: list[int],
    relevance: Sequence[float],
    texts: Sequence[str],
    statements: Sequence[Statement],
    question: _Question,
    alike: _Alike,
) -> list[int]:
    """A slot group without the members written unlike its most relevant one: a member
    stays when it is within ``alike.cosine`` of the lead or of a member already kept, or
    shares with one a word few hits hold (``RARE_WORD_SHARE``, the subject's words aside:
    a value named as replaced, the slot's label). Versions of one slot are written alike
    or name each other's values; another slot of the subject, newer, is neither ("TIL that
    Valve has Steam Deck as its handheld" beside "TIL: the head of gaming at Valve is Gabe
    Newell", asked "Who is the head of Valve?"), and no longer goes first. Members left
    out keep their places."""
    if alike.text_relevance is None or alike.cosine <= 0 or len(members) < 2:
        return members
    held = Counter(w for statement in statements for w in set(statement.words))
    rare = {w for w, n in held.items() if n <= RARE_WORD_SHARE * len(statements)}
    own = {i: (set(statements[i].words) - question.subject) & rare for i in members}
    others = [texts[m] for m in members]
    cosine = {
        i: dict(zip(members, alike.text_relevance(texts[i], others), strict=True)) for i in members
    }
    kept = [max(members, key=lambda i: (relevance[i], -i))]
    waiting = [i for i in members if i not in kept]
    while joining := [
        i for i in waiting if any(cosine[k][i] >= alike.cosine or own[i] & own[k] for k in kept)
    ]:
        kept += joining
        waiting = [i for i in waiting if i not in joining]
    return [i for i in members if i in kept]


def _one_frame_two_slots(
    members: list[int],
    relevance: Sequence[float],
    statements: Sequence[Statement],
    question: _Question,
    moment: Callable[[int], tuple[datetime, datetime]],
) -> list[int]:
    """A slot group without a second slot written in the same frame under a label of its
    own ("Amara Okafor is based in Manchester" / "… is employed by Meridian Maps").

    Members that restate or change one another's value while sharing a word besides the
    subject's ("based") form a clique, each clique a slot as its writer labels it. Two
    cliques whose statements line up as one replaced stretch (the label with the value)
    are one frame filled with two slots: the clique the question is less close to (its
    mean relevance lower by more than ``SLOT_CLIQUE_MARGIN``) leaves. One slot written in
    two shapes ("X's employer: Y" / "Z now employs X") does not line up so and stays
    whole, and a member in no clique keeps its place."""
    if not question.subject or len(members) < 4:
        return members
    cliques = _cliques(members, statements, question.subject, moment)
    if len(cliques) < 2:
        return members

    def mean_relevance(clique: list[int]) -> float:
        return sum(relevance[i] for i in clique) / len(clique)

    closest = max(cliques, key=mean_relevance)

    def one_frame(clique: list[int]) -> bool:
        pairs = [(a, b) for a in closest for b in clique]
        lined_up = sum(_one_stretch_apart(statements[a], statements[b]) for a, b in pairs)
        return 2 * lined_up > len(pairs)

    floor = mean_relevance(closest) - SLOT_CLIQUE_MARGIN
    leaving = {
        i
        for clique in cliques
        if clique is not closest and mean_relevance(clique) < floor and one_frame(clique)
        for i in clique
    }
    return [i for i in members if i not in leaving]


def _cliques(
    members: list[int],
    statements: Sequence[Statement],
    subject: frozenset[str],
    moment: Callable[[int], tuple[datetime, datetime]],
) -> list[list[int]]:
    """The members joined (transitively) by a restatement or a change of value that keeps
    a word besides the subject's; only cliques of two or more."""
    joined = UnionFind(len(members))
    for n, a in enumerate(members):
        for m in range(n + 1, len(members)):
            b = members[m]
            older, newer = sorted((a, b), key=moment)
            kept = set(statements[a].words) & set(statements[b].words) - subject
            if kept and (
                compare_statements(statements[older], statements[newer]).verdict
                is not SlotVerdict.DIFFERENT
            ):
                joined.union(n, m)
    return [[members[n] for n in clique] for clique in joined.groups(min_size=2)]


def _one_stretch_apart(a: Statement, b: Statement) -> bool:
    found = _align(a.words, b.words)
    return found.substitutions == 1 and found.inserted == 0


def _subject_first(
    order: list[int], names_subject: Sequence[bool], relevance: Sequence[float], top: float
) -> None:
    """Among the hits near the top, those that name the question's whole subject go above
    those that do not (a near-twin, "billing-api" asked of "billing-web", another name
    sharing a surname), each side keeping its order: embeddings barely tell twins apart."""
    positions = [p for p, i in enumerate(order) if relevance[i] >= top]
    hits = [order[p] for p in positions]
    ranked = [i for i in hits if names_subject[i]] + [i for i in hits if not names_subject[i]]
    for position, hit in zip(positions, ranked, strict=True):
        order[position] = hit

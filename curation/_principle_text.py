"""A principle's text: what its members share, with what differs between them listed.

DESIGN.md mechanic 6 wants "the members' shared statement with what differs generalised
(never one member copied)". A member copied verbatim is how "Before restarting the
shipping service, drain its queue" became the principle of ten services. The text here
is derived, deterministically and without a model:

- The backbone is the medoid's wording (the member closest to all the others).
- A content word of the backbone stays as it is only when *every* member carries its
  token (anywhere, so a reordered paraphrase still counts). A word most but not all
  members carry is not shared: with two "shipping" notes and one "billing" note,
  "shipping" is a value, not the lesson.
- The backbone's other content words, with the function words between them, are slots.
  Each member is aligned to the backbone (difflib on normalised words); a slot's value
  in a member is the member's words between the slot's nearest shared neighbours.
- A slot whose members give different values becomes the list of those values, most
  frequent first: "Before restarting the [shipping | billing | catalog | and 7 more]
  service, drain its queue". A slot that some members simply leave out is dropped,
  unless it negates ("never"): dropping that would flip the statement, so it is listed
  with the omission.

Members that differ only in wording therefore read as their alternatives listed; the
curator may edit the text when approving (``curator.approve``).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from curation._tokens import _WORD, _normalize, _token_of, token_set
from curation._values import NEGATION_WORDS

MAX_LISTED = 5  # values shown per slot; the rest are counted
MAX_VALUE_WORDS = 8  # a longer "value" is an alignment gone astray, not a value
MAX_ALIGNED = 256  # members aligned for a slot's values (the first ones, deterministic)
OMITTED = "(none)"
_SPACE_BEFORE = re.compile(r"\s+$")


class _Word(NamedTuple):
    start: int
    end: int
    key: str  # the word as aligned: NFKC, casefolded, possessive and plural folded
    token: str | None  # its token, or None for a function word


@lru_cache(maxsize=1 << 16)
def _word_of(raw: str) -> tuple[str, str | None]:
    folded = unicodedata.normalize("NFKC", raw).casefold()
    return _normalize(folded), _token_of(folded)


def _words(text: str) -> list[_Word]:
    return [_Word(m.start(), m.end(), *_word_of(m.group())) for m in _WORD.finditer(text)]


def _slots(words: Sequence[_Word], shared: set[str]) -> list[tuple[int, int]]:
    """Runs (first, last word index) of non-shared content words, with the function words
    between them."""
    runs: list[tuple[int, int]] = []
    for i, word in enumerate(words):
        if word.token is None or word.token in shared:
            continue
        if runs and all(w.token is None for w in words[runs[-1][1] + 1 : i]):
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


def _span(mapped: dict[int, int], slot: tuple[int, int], size: int) -> tuple[int, int]:
    """The member's word range between the slot's nearest aligned neighbours in the
    backbone (empty when the member leaves the slot out)."""
    left = max((i for i in mapped if i < slot[0]), default=None)
    right = min((i for i in mapped if i > slot[1]), default=None)
    return (0 if left is None else mapped[left] + 1), (size if right is None else mapped[right])


def _own_span(words: Sequence[_Word], shared: set[str]) -> tuple[int, int]:
    """The member's words that are not shared (first to last): its value for the only
    slot when alignment cannot place it (a reordered paraphrase)."""
    own = [i for i, w in enumerate(words) if w.token is not None and w.token not in shared]
    return (own[0], own[-1] + 1) if own else (0, 0)


def _is_value(words: Sequence[_Word], shared: set[str]) -> bool:
    """A slot's value carries content of its own and none of the shared statement."""
    tokens = {w.token for w in words if w.token is not None}
    return bool(tokens) and not tokens & shared and len(words) <= MAX_VALUE_WORDS


def _aligned(backbone: Sequence[_Word], member: Sequence[_Word], slots: set[int]) -> dict[int, int]:
    """Backbone word index -> member word index, for equal words outside the slots."""
    matcher = difflib.SequenceMatcher(
        None, [w.key for w in backbone], [w.key for w in member], autojunk=False
    )
    mapped: dict[int, int] = {}
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            if block.a + k not in slots:
                mapped[block.a + k] = block.b + k
    return mapped


def _listed(values: Counter[str], shown: dict[str, str], omitted: bool) -> str:
    first_seen = {v: k for k, v in enumerate(shown)}
    ranked = sorted(values, key=lambda v: (-values[v], first_seen[v]))
    parts = [shown[v] for v in ranked[:MAX_LISTED]]
    if len(ranked) > MAX_LISTED:
        parts.append(f"and {len(ranked) - MAX_LISTED} more")
    if omitted:
        parts.append(OMITTED)
    return "[" + " | ".join(parts) + "]"


def negations(text: str) -> int:
    """How many negating words the text holds ("not", "never", "don't", ...)."""
    words = _WORD.findall(unicodedata.normalize("NFKC", text).casefold())
    return sum(w in NEGATION_WORDS or w.endswith(("n't", "n\u2019t")) for w in words)


def shared_statement(
    texts: Sequence[str], medoid: int = 0, sets: Sequence[frozenset[str]] | None = None
) -> str:
    """The members' shared statement, on the wording of the member with the fewest words
    of its own (the fewest slots; ties to the medoid, then the first). ``sets``: the
    texts' token sets, when the caller has them."""
    if len({t.strip() for t in texts}) <= 1:
        return texts[0]  # identical members: nothing differs
    if sets is None:
        sets = [token_set(t) for t in texts]
    shared = set(sets[0]).intersection(*sets[1:])
    backbone_index = min(range(len(texts)), key=lambda k: (len(sets[k] - shared), k != medoid, k))
    backbone = texts[backbone_index]
    words = _words(backbone)
    slots = _slots(words, shared)
    if not slots:
        return backbone
    in_slot = {i for a, b in slots for i in range(a, b + 1)}
    values: list[Counter[str]] = [Counter() for _ in slots]
    shown: list[dict[str, str]] = [{} for _ in slots]
    omitted = [False] * len(slots)
    copies = Counter(texts)  # each distinct text aligned once, counted as often as written
    order = [backbone] + [t for t in copies if t != backbone]
    for member in order[:MAX_ALIGNED]:
        member_words = _words(member)
        mapped = _aligned(words, member_words, in_slot)
        for s, slot in enumerate(slots):
            lo, hi = _span(mapped, slot, len(member_words))
            if hi <= lo:
                omitted[s] = True
                continue
            if not _is_value(member_words[lo:hi], shared) and len(slots) == 1:
                lo, hi = _own_span(member_words, shared)
            if hi <= lo or not _is_value(member_words[lo:hi], shared):
                continue  # a reordered member: its words here are not this slot's value
            key = " ".join(w.key for w in member_words[lo:hi])
            values[s][key] += copies[member]
            shown[s].setdefault(key, member[member_words[lo].start : member_words[hi - 1].end])
    out: list[str] = []
    cursor = 0
    for s, (a, b) in enumerate(slots):
        start, end = words[a].start, words[b].end
        if len(values[s]) <= 1 and not negations(" ".join(shown[s].values())):
            # one value that some members leave out: not shared, so not stated
            head = backbone[cursor:start]
            out.append(_SPACE_BEFORE.sub("", head) if end < len(backbone) else head)
            cursor = end
            if start == 0:  # the text opened with it: the next word opens it now
                cursor = len(backbone) - len(backbone[end:].lstrip())
            continue
        out.append(backbone[cursor:start])
        out.append(_listed(values[s], shown[s], omitted[s]))
        cursor = end
    out.append(backbone[cursor:])
    text = "".join(out).strip()
    if not token_set(text):  # nothing survived (a chain of overlaps): the members, listed
        return _listed(Counter(texts), {t: t for t in texts}, omitted=False)
    return text[:1].upper() + text[1:] if backbone[:1].isupper() else text

"""The pair verdicts the mechanics act on: whether one text restates another (a duplicate merge
may fold it), whether two name the same people and things, and whether a newer statement
supersedes an older one without a key (held for the curator unless the tenant earned
automatic apply)."""

from __future__ import annotations

from difflib import SequenceMatcher

from curation._change.compare import (
    ANOTHER_OWNER,
    SlotComparison,
    SlotVerdict,
    _align,
    _asked_apart,
    _name_other_things,
    _same_values_elsewhere,
    compare_statements,
)
from curation._change.statement import Statement, _stated, read_statement
from curation._change.words import _capitalised_inside, _names

MIN_TEMPLATE_SHARE = 0.5  # two texts are one frame filled twice when this share lines up


def may_restate(a: str, b: str) -> bool:
    """Whether two similar texts may be one statement said twice (and so may be merged).

    Not when they are one value apart ("the staging password rotates every Monday" /
    "… every Friday", written the same day): that stretch is the fact.
    Not when they share one frame (half the shorter one's words line up) and fill it with
    another value ("Mirabel's plan: Growth" / "Mirabel's renewal date: 3 February 2021";
    a vaguer one, "the user's plan" / "the user's plan is Basic", may go: nothing is lost)
    or each with something the other does not name (a word rare in the language: a name,
    an identifier): "the nightly export job's log level is info" / "the thumbnail worker's
    log level is info" agree on every value and are still two facts. Paraphrases say one
    thing in other words, so little of their wording lines up: they may leave a detail
    out, but not state another value each ("meeting day: Monday" / "start time: 9:00").
    Nor when each names someone or something the other does not (a capitalised word where
    no sentence opens, however common: "New START status: …" / "Russia CFE Treaty status:
    …" inside one alert's header and footer)."""
    first, second = read_statement(a), read_statement(b)
    if _replaced_what_the_other_states(first, second) or _replaced_what_the_other_states(
        second, first
    ):
        return False  # "… = \"the euro\" -- was \"the kroon\"" / "… = \"the kroon\""
    if _name_other_replaced_values(first, second):
        return False  # "the team replaced the roof" / "the team replaced the boiler"
    if _name_other_things(first, second):
        return False  # "payments-core … Ben Okafor" / "payments-core-eu … Ben Okafor"
    if _names_only(first, second) and _names_only(second, first):
        return False  # "New START status: …" / "Russia CFE Treaty status: …"
    compared = compare_statements(first, second)
    if compared.verdict is SlotVerdict.CHANGE or compared.reason == ANOTHER_OWNER:
        return False  # another value, or the same value of another owner
    values_first, values_second = _stated(first).values, _stated(second).values
    found = _align(first.words, second.words)
    if found.substitutions > 1 and _one_stretch_swapped_throughout(first.words, second.words):
        return False  # "… Lisbon annex … Lisbon annex" / "… Lisbon office … Lisbon office"
    if found.substitutions == 1 and (
        _same_values_elsewhere(first, second, found) or _asked_apart(first, second, found)
    ):
        return False  # one value said of two subjects ("catalog … 8121" / "search … 8121")
    if _another_of_a_kind_stated(first, second) or _another_of_a_kind_stated(second, first):
        return False  # "… = 736 seats" / "… quoted 736 seats … it is now 751 seats"
    if found.shared < MIN_TEMPLATE_SHARE * min(len(first.words), len(second.words)):
        # a paraphrase may leave a detail out; it may not say another value instead
        return not (values_first - values_second and values_second - values_first)
    if values_first != values_second and not (
        _only_adds_values(first, second) or _only_adds_values(second, first)
    ):
        return False  # one frame, and what fills it states another value
    named_first = {w for w in _named(first) if w in found.differing}
    named_second = {w for w in _named(second) if w in found.differing}
    return not (named_first - set(second.words) and named_second - set(first.words))


def _name_other_replaced_values(first: Statement, second: Statement) -> bool:
    """Each names a value it replaced, and neither's is all in the other's: what each
    says it replaced is part of what it says, so they say two things."""
    one, other = set(first.former), set(second.former)
    return bool(one and other) and not (one <= other or other <= one)


def _replaced_what_the_other_states(newer: Statement, older: Statement) -> bool:
    """``newer`` names as replaced ("-- was \"the kroon\"", ":replaces \"Ya Ya\"") a value
    ``older`` states and it does not: whatever else they share, they are two values, never
    one statement to merge."""
    replaced = set(newer.former)
    return bool(replaced) and replaced <= set(older.words) and not replaced <= set(newer.words)


def may_fold(kept: str, folded: str) -> bool:
    """Whether ``folded`` may be archived as a restatement of ``kept``: ``may_restate``,
    and the two name the same people and things (``names_alike``)."""
    return may_restate(kept, folded) and names_alike(kept, folded)


def names_alike(a: str, b: str) -> bool:
    """Whether neither of two near-twins names someone or something the other does not
    (``_capitalised_inside``), so that either may stand for the other. One naming more is
    another value, not the same said twice: "the owner is Gertrude Stein" / "… is Gertrude
    Stein and Leo Stein", "Patrol Squadron 14" / "Patrol Squadron 14-F", "Ana Souza
    recorded as on-call owner" / "Ana Souza replaced by Ben Okafor": neither goes for the
    other, by a merge or by decay."""
    first, second = read_statement(a), read_statement(b)
    return not (_names_only(first, second) or _names_only(second, first))


def _names_only(statement: Statement, other: Statement) -> frozenset[str]:
    """The names (``_capitalised_inside``) among what ``statement`` states that ``other``
    does not write."""
    return (_capitalised_inside(statement.text) & set(statement.words)) - set(other.words)


def _one_stretch_swapped_throughout(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether ``b`` is ``a`` with one stretch replaced by another wherever it occurs and
    nothing else changed: a name (or a value) written twice and swapped twice names another
    thing or states another value; a statement said again does not swap a word throughout."""
    changed = [
        (a[i1:i2], b[j1:j2])
        for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
        if tag != "equal"
    ]
    return len(changed) > 1 and all(old and new for old, new in changed) and len(set(changed)) == 1


def _another_of_a_kind_stated(one: Statement, other: Statement) -> bool:
    """Whether ``other`` states a value ``one`` does not, of a kind ``one`` states (a
    second count, amount or date beside the one they share): a statement that adds such a
    value records another value ("now 751 seats", "corrected to 475 seats"), not a detail."""
    kinds = {kind for kind, _ in _stated(one).values}
    return any(kind in kinds for kind, _ in _stated(other).values - _stated(one).values)


def _only_adds_values(vaguer: Statement, fuller: Statement) -> bool:
    """Whether ``fuller`` is ``vaguer`` with values filled in and nothing else: every word
    of the vaguer is in the fuller, and each word only the fuller has belongs to a value."""
    extra = set(fuller.words) - set(vaguer.words)
    return set(vaguer.words) <= set(fuller.words) and extra <= _stated(fuller).value_words


def _named(statement: Statement) -> frozenset[str]:
    return _names(statement.text)


def infers_supersession(
    slot: SlotComparison,
    *,
    keyed: bool,
    older_pinned: bool,
    older_generality: int,
    newer_generality: int,
) -> bool:
    """A change that may supersede without a key (held for the curator unless the tenant
    earned automatic apply): neither side keyed (keys win), the older not pinned and not
    broader than the newer (a narrower statement never replaces a principle)."""
    return (
        slot.verdict is SlotVerdict.CHANGE
        and not keyed
        and not older_pinned
        and older_generality <= newer_generality
    )

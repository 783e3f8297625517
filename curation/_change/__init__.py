"""The change detector: does a newer memory state another value for the same subject and slot?

One component for every place that asks: the write-time hooks, the nightly plan and recall.

Why it reads statements this way. A detector fitted to one dataset's phrasing (the value
comes last, a capital marks a name, any "in <year>" is an event) fails as soon as the same
facts are written otherwise, and it fails by crossing subjects: "the catalog service runs
on port 8121" archived by "the search service now runs on port 9011". So the test rests on
what survives a change of wording:

1. **The validity time is metadata, not content.** A time expression introduced as a note
   ("as of 1999", "since 2001", "(noted in 2018)", "updated 2021-03-04", a leading
   "[2021-03-04]", a trailing ", 1999" or "| 2021-03-04 |", "effective: …", "apr '22", a
   record's field: "valid_from: …", `"as_of": "…"`, "effective_date = …")
   says *when* the statement held; it is set apart (``Statement.valid_from``) and compared
   by no one. So is the value a statement says it replaced ("previous: Ana Souza", "(was
   09:15)", "; formerly Facebook": ``Statement.former``): a change is then told by what
   the newer replaced being what the older states. A time that is not such a note ("every
   Monday", "A: November 23, 2017", "rotates on Fridays") stays in the content: a date, a
   weekday or an amount can be the value.
2. **Form is not content.** Case, punctuation, function words and the markers of a form
   ("Q:", "A:", "fyi", "now", "updated", "changed to") are dropped; words are lightly stemmed.
3. **A change is one substitution.** The two content sequences are aligned. Exactly one
   stretch of one side replaced by a stretch of the other is a change of value; two or more
   substitutions are another subject or another slot ("catalog … 8121" / "search … 9011"),
   and so is one stretch that crosses punctuation on both sides (a value is one phrase:
   "Oslo = Ingrid Solberg's home city" / "Cardiff = Marcus Bell's home city");
   words only one side has (inserted, not replaced) are wording or detail. The shared words
   must carry the statement (its frame), and inserted words stay a minority.
4. **Which stretch is the value needs the question.** "Ana plays for Porto" / "Bo plays for
   Porto" is one substitution too, and without knowing what is asked nobody can tell the
   subject from the value. So a pair's verdict alone never archives anything (the curator's
   review gate decides, see ``_store/change_review``), and recall \u2014 which knows the question
   \u2014 only groups statements whose changed stretch the question does not name
   (``newest_of_slot_first``). Where the form itself says which side is asked \u2014 a
   question and its answer, one key and its value on a line \u2014 a stretch replaced in the
   question with the answer kept whole is another question ("Which team did Guy
   Whittingham play for? Aston Villa" / "\u2026 Steve Sidwell \u2026? Aston Villa"), and so is
   one that swaps a name there with the answer only narrowed or widened ("\u2026 Ana Souza
   join? FC Porto B" / "\u2026 Bo Lima join? FC Porto").
   Where the grammar says whose the slot is, it says which stretch is the subject: a
   possessive ("Priya Raman's", "Blue Vase (Ming dynasty)'s", "Line 3's"), a noun's
   "of" or "for" ("the team of Guy Whittingham", "the support plan for globex"), a record's
   field naming what it is about (`"subject": "Kestrel"`), a name heading its line
   ("Kestrel - owner is \u2026"). One stretch replaced there on both sides \u2014 all of the
   owner's name, its last words, or the owner running on into the value \u2014 is another
   subject. So is a pair where, besides the replaced stretch, each side names a thing the
   other does not.
5. **Events and additions are not replacements.** Two statements both anchored at a point
   ("in 2019", "on 3 May") with no state cue report events; a newer statement marked as an
   addition ("also", "another") adds a value to a multi-valued relation.
6. **A change changes a value.** When both state the same values (a date, an amount, a
   weekday, a version) outside the replaced stretch, the stretch named what the statement
   is about: "crawler: 256 MiB" / "email-digest: 256 MiB" are two subjects.

English function words are the only language knowledge here; no template of any dataset.

The parts, each a module of its own, lower ones first: ``words`` (tokens, stems, names),
``owners`` (whose a statement is, what it asks), ``notes`` (validity notes and replaced values
set apart), ``statement`` (a text read once), ``compare`` (one pair's verdict), ``restating``
(the verdicts the mechanics act on), ``question`` (what a recall question asks), ``frames``
(who of a slot group is the slot asked) and ``slot_order`` (recall's reorder). A name with a
leading underscore is shared among these modules and used by no one outside the package.
"""

from __future__ import annotations

from curation._change.compare import (
    REPLACED_AS_NAMED,
    SlotComparison,
    SlotVerdict,
    compare_slots,
    compare_statements,
)
from curation._change.frames import FrameRelevance, without_words
from curation._change.owners import content_words
from curation._change.question import filed_apart
from curation._change.restating import infers_supersession, may_fold, may_restate, names_alike
from curation._change.slot_order import SlotOrder, newest_of_slot_first
from curation._change.statement import Statement, read_statement

__all__ = [
    "REPLACED_AS_NAMED",
    "FrameRelevance",
    "SlotComparison",
    "SlotOrder",
    "SlotVerdict",
    "Statement",
    "compare_slots",
    "compare_statements",
    "content_words",
    "filed_apart",
    "infers_supersession",
    "may_fold",
    "may_restate",
    "names_alike",
    "newest_of_slot_first",
    "read_statement",
    "without_words",
]

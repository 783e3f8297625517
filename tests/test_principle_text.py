"""A principle generalises: its text is what the members share with what differs listed
(never one member copied), and a cluster is about one thing (not a shared template)."""

from __future__ import annotations

from services_store import RESTARTED, meeting_notes, restart_note, services_notes
from snapshot_factory import make_snapshot, only

from curation._principle_text import shared_statement
from curation._token_batch import text_jaccard_pairs
from curation._unionfind import components
from curation.mechanics.principles import SharedStatementSummarizer, propose_principles

POLICY = only("compression")


def facts(texts: list[str]) -> list[dict[str, object]]:
    return [{"content": t, "kind": "fact", "age_hours": 2} for t in texts]


def test_the_services_store_gives_one_restart_principle_that_names_every_service() -> None:
    notes = services_notes()
    snap = make_snapshot(facts(notes))

    proposals = propose_principles(snap, POLICY)

    restart = [p for p in proposals if "restarting" in p.text]
    assert len(restart) == 1
    [proposal] = restart
    members = {notes[int(m[1:])] for m in proposal.member_ids}
    assert members == {restart_note(s) for s in RESTARTED}
    assert proposal.text not in notes
    assert proposal.text == (
        "Before restarting the [shipping | billing | inventory | auth | notifications"
        " | and 5 more] service, drain its queue"
    )
    for proposal in proposals:  # every proposal generalises: none copies a member
        assert proposal.text not in notes


def test_meeting_notes_that_share_only_a_header_are_not_one_principle() -> None:
    notes = meeting_notes()
    li, lj, _ = text_jaccard_pairs(notes, POLICY.jaccard_threshold)
    groups, _ = components(len(notes), li, lj, min_size=3)
    assert groups == [list(range(len(notes)))]  # the header alone links all nineteen

    assert propose_principles(make_snapshot(facts(notes)), POLICY) == []
    in_store = services_notes()
    proposals = propose_principles(make_snapshot(facts(in_store)), POLICY)
    assert not any("Meeting" in in_store[int(m[1:])] for p in proposals for m in p.member_ids)


def test_a_value_most_members_share_is_still_a_value() -> None:
    texts = [restart_note("shipping"), restart_note("shipping"), restart_note("billing")]
    text = SharedStatementSummarizer().summarize("fact", texts)
    assert text == "Before restarting the [shipping | billing] service, drain its queue"


def test_a_reordered_member_still_names_its_value() -> None:
    texts = [
        restart_note("shipping"),
        "Drain the billing service's queue before restarting it",
        "Before restarting the catalog service, always drain its queue",
    ]
    assert shared_statement(texts) == (
        "Before restarting the [shipping | billing | catalog] service, drain its queue"
    )


def test_a_word_some_members_leave_out_is_not_stated() -> None:
    texts = ["Always run the tests first", "Run the tests first", "Always run the tests first"]
    assert shared_statement(texts) == "Run the tests first"
    # but dropping a negation would flip the statement: it is listed with the omission
    texts = ["Never flush the cache", "Never flush the cache", "Flush the cache please now"]
    assert shared_statement(texts) == "[Never | (none)] flush the cache"


def test_a_chain_that_shares_nothing_lists_its_members_rather_than_nothing() -> None:
    # each text overlaps the next, but no word is in all four, and each is too long a value
    words = [f"w{k:02d}" for k in range(18)]
    texts = [" ".join(words[k : k + 9]) for k in range(0, 12, 3)]
    text = shared_statement(texts)
    assert text == "[" + " | ".join(texts) + "]"


def test_identical_members_are_their_own_statement() -> None:
    assert shared_statement(["Rotate keys yearly"] * 3) == "Rotate keys yearly"


def test_a_member_that_negates_the_others_leaves_the_cluster() -> None:
    texts = [
        "Restart the cache service during business hours",
        "Restart the cache service during business hours only",
        "Never restart the cache service during business hours",
        "Restart the cache service during business hours, it is safe",
    ]
    [proposal] = propose_principles(make_snapshot(facts(texts)), POLICY)
    assert proposal.member_ids == ("m000", "m001", "m003")
    assert proposal.text == "Restart the cache service during business hours"
    assert propose_principles(make_snapshot(facts(texts[1:3] + texts[:1])), POLICY) == []


def test_a_member_with_a_statement_of_its_own_leaves_and_the_rest_stay() -> None:
    header = "Weekly platform sync with Ana Bruno Chen Dara Emil covering status risks actions: "
    texts = [
        header + "nothing new",
        header + "nothing new",
        header + "nothing new",
        header + "move the catalog database to Postgres sixteen",
    ]
    [proposal] = propose_principles(make_snapshot(facts(texts)), POLICY)
    assert proposal.member_ids == ("m000", "m001", "m002")

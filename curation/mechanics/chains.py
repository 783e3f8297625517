"""Chains: every archive of a plan points at an entry that stays active under it.

Phases archive in turn, so an entry's successor may itself be archived later in the same
plan (a key's winner folded as a duplicate, a canonical superseded by inference). These
two rules move the pointer on to the end of the chain.
"""

from __future__ import annotations

from dataclasses import replace

from curation.mechanics.work import PlanWork


def retarget(work: PlanWork, folded_id: str, canonical_id: str) -> None:
    """Entries superseded by an entry just folded as a duplicate now point at its canonical."""
    for k in work.superseded_by.pop(folded_id, []):
        action = work.archives[k]
        detail = f"{action.detail}; winner merged into {canonical_id}"
        work.archives[k] = replace(action, target_id=canonical_id, detail=detail)


def follow_chains(work: PlanWork) -> None:
    """An entry archived for one that this plan archives too points at the end of that
    chain: a key's loser whose winner was folded into a canonical that a newer statement
    then superseded would otherwise point at an archived entry."""
    position = {a.memory_id: k for k, a in enumerate(work.archives)}
    for k, action in enumerate(work.archives):
        target, hops = action.target_id, 0
        while target in position and hops < len(position):
            successor = work.archives[position[target]].target_id
            if successor is None:
                break
            target, hops = successor, hops + 1
        if target != action.target_id:
            detail = f"{action.detail}; that entry was superseded in turn, by {target}"
            work.archives[k] = replace(action, target_id=target, detail=detail)

// An example agent: it remembers what it learns, recalls with its agent id before acting,
// reports how the task went, and contests an entry the evidence has made stale.
// Run: MEMGOV_URL=http://127.0.0.1:8787 MEMGOV_API_KEY=mgk_... node examples/agent.mjs
import { randomUUID } from "node:crypto";
import { createMemgovClient } from "../src/client.mjs";

const agentId = process.env.AGENT_ID ?? "node-agent-1";
const memgov = createMemgovClient();

// 1. remember (client ids make a retried write harmless)
const facts = [
  "The payments service deploys from the release branch every Tuesday.",
  "The payments service runs on Node 18.",
  "Incidents are announced in the #ops-status channel.",
];
const topics = [undefined, undefined, "ops"];
const written = await memgov.rememberMany(
  facts.map((content, n) => ({ content, id: randomUUID(), topic: topics[n] })),
);
const retried = await memgov.rememberMany(
  facts.map((content, n) => ({ content, id: written[n].id })),
);
if (!retried.every((r) => r.duplicate)) throw new Error("a retried write was stored twice");

// 2. recall as this agent: served by its cohort, logged for outcomes
const recalled = await memgov.recall("which Node version does payments run on", {
  k: 3,
  agent_id: agentId,
});
const stale = recalled.hits.find((hit) => hit.content.includes("Node 18"));
if (!stale) throw new Error("the Node 18 entry was not recalled");

// only what a filter admits: the search itself is narrowed, so k matches come back
const opsOnly = await memgov.recall("which Node version does payments run on", {
  k: 3,
  filters: { topic: "ops" },
});

// 3. the task went fine with the recalled context
await memgov.outcome(recalled.recall_id, { success: true });
await memgov.feedback(recalled.hits[0].id, true, recalled.recall_id);

// 4. new evidence contradicts the stale entry: contest it (curation holds it in doubt)
const conflict = await memgov.contest(
  stale.id,
  "The payments service runs on Node 20 since the November upgrade.",
  "package.json engines field and the deploy log of 2026-11-20",
);
const explained = await memgov.explain(stale.id);

console.log(JSON.stringify({
  agent_id: agentId,
  written: written.map((w) => w.id),
  recall_id: recalled.recall_id,
  cohort: recalled.cohort,
  stale_id: stale.id,
  conflict_id: conflict.id,
  open_conflicts: explained.conflicts.filter((c) => c.status === "open").length,
  filtered: opsOnly.hits.map((hit) => hit.id),
}));

// Memgov's HTTP API for Node: openapi-fetch over the types generated from /openapi.json
// (src/schema.d.ts, `make node`). Errors arrive as MemgovError with the server's
// {type, field, value, message}.
import createClient from "openapi-fetch";

/** @typedef {import("./schema").paths} paths */
/** @typedef {import("./schema").components["schemas"]} schemas */

export class MemgovError extends Error {
  /** @param {number} status @param {{type?: string, field?: string|null, value?: unknown, message?: string}} detail */
  constructor(status, detail) {
    super(`${status} ${detail.type ?? "error"}: ${detail.message ?? ""}`);
    this.status = status;
    this.type = detail.type;
    this.field = detail.field;
    this.value = detail.value;
  }
}

async function unwrap(pending) {
  const { data, error, response } = await pending;
  if (error !== undefined || !response.ok) {
    throw new MemgovError(response.status, error?.error ?? { message: response.statusText });
  }
  return data;
}

/**
 * @param {{baseUrl?: string, apiKey?: string, fetch?: typeof fetch}} [options]
 */
export function createMemgovClient(options = {}) {
  const baseUrl = options.baseUrl ?? process.env.MEMGOV_URL ?? "http://127.0.0.1:8787";
  const apiKey = options.apiKey ?? process.env.MEMGOV_API_KEY;
  if (!apiKey) throw new Error("no API key: pass apiKey or set MEMGOV_API_KEY");
  /** @type {import("openapi-fetch").Client<paths>} */
  const http = createClient({
    baseUrl,
    headers: { Authorization: `Bearer ${apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const memory = (id) => ({ params: { path: { memory_id: id } } });
  return {
    http,
    health: () => unwrap(http.GET("/v1/health")),
    /** @param {schemas["MemoryIn"]} item @returns {Promise<schemas["WriteOut"]>} */
    remember: async (item) => (await unwrap(http.POST("/v1/memories", { body: item }))).results[0],
    /** @param {schemas["MemoryIn"][]} memories */
    rememberMany: async (memories) =>
      (await unwrap(http.POST("/v1/memories", { body: { memories } }))).results,
    /** @param {string} query @param {Omit<schemas["RecallIn"], "query">} [opts] filters included */
    recall: (query, opts = {}) => unwrap(http.POST("/v1/recall", { body: { query, ...opts } })),
    /** @param {string} recallId @param {{success?: boolean, score?: number}} result */
    outcome: (recallId, result) =>
      unwrap(http.POST("/v1/outcomes", { body: { recall_id: recallId, ...result } })),
    feedback: (id, useful = true, recallId = undefined) =>
      unwrap(http.POST("/v1/memories/{memory_id}/feedback", {
        ...memory(id), body: { useful, recall_id: recallId },
      })),
    contest: (id, claim, evidence, source = "node-agent") =>
      unwrap(http.POST("/v1/memories/{memory_id}/contest", {
        ...memory(id), body: { claim, evidence, source },
      })),
    explain: (id) => unwrap(http.GET("/v1/memories/{memory_id}", memory(id))),
  };
}

// Types for src/ai.mjs (the Vercel AI SDK tools and middleware), written by hand.
import type { LanguageModelMiddleware, Tool } from "ai";
import type { components } from "./schema.js";

type schemas = components["schemas"];
type MemgovClient = {
  remember(item: schemas["MemoryIn"]): Promise<schemas["WriteOut"]>;
  recall(query: string, opts?: Omit<schemas["RecallIn"], "query" | "k"> & { k?: number }): Promise<schemas["RecallOut"]>;
  outcome(recallId: string, result: { success?: boolean; score?: number }): Promise<unknown>;
};

export type Kind = "fact" | "preference" | "conversation" | "tool_output";

/** Recall filters in the client's names; `kind` and `kinds` both take one kind or a list. */
export interface MemgovFilters {
  kind?: Kind | Kind[];
  kinds?: Kind | Kind[];
  topic?: string;
  source?: string;
  metadata?: Record<string, string | number | boolean>;
  writtenAfter?: string | Date;
  writtenBefore?: string | Date;
}

export interface ToolRefusal {
  error: { status: number; type?: string; field?: string | null; value?: unknown; message: string };
}

export interface RememberInput {
  content: string;
  kind?: Kind;
  topic?: string;
}
export type RememberOutput =
  | Pick<schemas["WriteOut"], "id" | "created" | "duplicate" | "superseded_ids" | "conflict_ids">
  | ToolRefusal;

export interface RecallInput {
  query: string;
  k?: number;
  kinds?: Kind[];
  topic?: string;
  source?: string;
  metadata?: Record<string, string | number | boolean>;
  writtenAfter?: string;
  writtenBefore?: string;
}
export type RecallOutput =
  | {
      recall_id: string | null;
      memories: { id: string; kind: string; written: string; content: string }[];
    }
  | ToolRefusal;

export interface MemgovToolsOptions {
  k?: number;
  agentId?: string;
  filters?: MemgovFilters;
  topic?: string;
  source?: string;
  metadata?: Record<string, string | number | boolean>;
}

export function memgovTools(
  client: MemgovClient,
  options?: MemgovToolsOptions,
): { remember: Tool<RememberInput, RememberOutput>; recall: Tool<RecallInput, RecallOutput> };

export interface MemgovMiddlewareOptions {
  k?: number;
  agentId?: string;
  mode?: "curated" | "raw";
  filters?: MemgovFilters;
  format?: (hits: schemas["HitOut"][]) => string;
  onRecall?: (recalled: schemas["RecallOut"]) => void;
}

export type MemgovMiddleware = LanguageModelMiddleware & {
  readonly lastRecall: schemas["RecallOut"] | undefined;
  reportOutcome(result: { success?: boolean; score?: number }): Promise<unknown>;
};

export function memgovMiddleware(client: MemgovClient, options?: MemgovMiddlewareOptions): MemgovMiddleware;

export function recallFilters(filters?: MemgovFilters): schemas["RecallFiltersIn"] | undefined;
export function formatMemories(hits: Pick<schemas["HitOut"], "id" | "kind" | "created_at" | "content">[]): string;
export function escapeText(text: unknown): string;
export function lastUserText(prompt: { role: string; content: unknown }[]): string;
export const MEMORY_NOTE: string;

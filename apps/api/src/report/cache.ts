/**
 * The last reports written, by what they were written from: a PDF costs ~70 ms of CPU, and a user
 * who downloads the same report twice (or a script that asks a hundred times) gets the first bytes.
 * Per process and bounded in bytes; the least recently used report leaves first.
 */
import { createHash } from 'node:crypto';

/** 8 MB: about two hundred PDFs. */
export const REPORT_CACHE_BYTES = 8 * 1024 * 1024;

export interface ReportCache {
  /** The bytes written for `key`, or those `write()` gives (then kept). */
  get(key: string, write: () => Promise<Buffer>): Promise<{ body: Buffer; hit: boolean }>;
}

/** The key of one report: everything its bytes depend on. */
export function reportKey(parts: {
  format: string;
  analysis: unknown;
  /** the scenario whose figures the report shows; null for the base case */
  scenarioId: string | null;
  analysedAt: Date;
  /** the report prints the day it was generated */
  generatedOn: string;
}): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        parts.format,
        parts.scenarioId,
        parts.analysedAt.toISOString(),
        parts.generatedOn,
        parts.analysis,
      ]),
    )
    .digest('base64url');
}

export function reportCache(maxBytes = REPORT_CACHE_BYTES): ReportCache {
  // a Map iterates in insertion order: re-inserting on use makes the first entry the least recent
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  return {
    async get(key, write) {
      const kept = entries.get(key);
      if (kept) {
        entries.delete(key);
        entries.set(key, kept);
        return { body: kept, hit: true };
      }
      const body = await write();
      if (body.length > maxBytes) return { body, hit: false };
      entries.set(key, body);
      bytes += body.length;
      for (const [oldest, old] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= old.length;
      }
      return { body, hit: false };
    },
  };
}

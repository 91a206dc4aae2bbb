/**
 * Freddie Mac's 30-year fixed rate from FRED's API (fred.stlouisfed.org/docs/api/fred/
 * series_observations.html), series MORTGAGE30US:
 *
 *   GET {base}/series/observations?series_id=MORTGAGE30US&api_key=…&file_type=json
 *       [&sort_order=desc&limit=1 | &observation_start=YYYY-MM-DD]
 *
 * The answer is `{ realtime_start, realtime_end, observation_start, …, count, observations: [{
 * realtime_start, realtime_end, date, value }] }`, `value` a string in percent ("6.30") or "." for a
 * missing week. Errors are non-2xx with `{ error_code, error_message }` (400 bad request or key,
 * 404, 429, 500). A key is free (fred.stlouisfed.org/docs/api/api_key.html).
 */
import { z } from 'zod';
import { getJson, ProviderError, parseWith } from '../../outbound/client.js';
import type { MortgageRateRow } from '../tables/mortgage.js';

const PROVIDER = 'fred';
export const FRED_SERIES = 'MORTGAGE30US';
export const FRED_SOURCE =
  'Source: Freddie Mac, Primary Mortgage Market Survey®, via FRED (Federal Reserve Bank of St. Louis)';

const answerSchema = z.object({
  observations: z.array(z.object({ date: z.string(), value: z.string() }).loose()),
});

export interface FredOptions {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
}

export interface FredProvider {
  /** The latest published week: its date and rate in percent. */
  latest(): Promise<MortgageRateRow>;
  /** Every week from `start` (YYYY-MM-DD) on, oldest first; missing weeks skipped. */
  since(start: string): Promise<MortgageRateRow[]>;
}

export function fredProvider(options: FredOptions): FredProvider {
  const { apiKey, baseUrl = 'https://api.stlouisfed.org/fred', timeoutMs = 4_000 } = options;
  const observations = async (params: Record<string, string>): Promise<MortgageRateRow[]> => {
    const url = new URL(`${baseUrl.replace(/\/+$/, '')}/series/observations`);
    url.searchParams.set('series_id', FRED_SERIES);
    url.searchParams.set('api_key', apiKey);
    url.searchParams.set('file_type', 'json');
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const body = parseWith(PROVIDER, answerSchema, await getJson(url, { provider: PROVIDER, timeoutMs }));
    const rows: MortgageRateRow[] = [];
    for (const o of body.observations) {
      if (o.value.trim() === '.') continue;
      const rate = Number(o.value);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(o.date) || !(rate > 0 && rate < 30)) {
        throw new ProviderError(PROVIDER, `"${o.date}, ${o.value}" is not a week's rate`, undefined, {
          kind: 'schema',
        });
      }
      rows.push({ date: o.date, rate_30y: rate });
    }
    return rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  };
  return {
    async latest() {
      const rows = await observations({ sort_order: 'desc', limit: '5' });
      const last = rows[rows.length - 1];
      if (last === undefined)
        throw new ProviderError(PROVIDER, 'no published week', undefined, { kind: 'schema' });
      return last;
    },
    since(start) {
      return observations({ observation_start: start });
    },
  };
}

/**
 * The URL's choice of 2 to 4 saved properties or analyses for /compare, checked with zod. Its own
 * small module: the route's search validation runs in the first page's JavaScript, the rest of
 * /compare loads with the page.
 */
import { recordIdSchema } from '@sfr/contracts';
import { z } from 'zod/mini';

export const MIN_COMPARED = 2;
export const MAX_COMPARED = 4;

/** The ids of a comma-separated list. */
export const idsOf = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');

const isId = (id: string) => recordIdSchema.safeParse(id).success;

/** A deal's id and the scenario it shows, as one entry of `?scenarios=`: `<deal id>.<scenario id>`. */
export const isScenarioPick = (entry: string) => {
  const [deal, scenario, ...rest] = entry.split('.');
  return rest.length === 0 && isId(deal ?? '') && isId(scenario ?? '');
};

/**
 * A comma-separated list of up to four entries in the URL, each checked. The parsed search stays a
 * string: the router writes the validated search back into the URL, so its output must read as its
 * input.
 */
const listOf = (valid: (entry: string) => boolean) =>
  z.string().check(
    z.refine((text) => {
      const entries = idsOf(text);
      return entries.length <= MAX_COMPARED && entries.every(valid);
    }, 'Not a list of up to four ids.'),
  );

/**
 * Ids in the URL as one comma-separated list per kind (`?saved=a,b&analyses=c&scenarios=a.s`). A
 * malformed list is dropped rather than failing the page: the user picks again. `scenarios` names the
 * scenario a deal shows instead of its base case, by the deal's id too: a saved property and its own
 * analysis share their scenarios, and each column keeps its own pick.
 */
export const compareSearchSchema = z.object({
  saved: z.catch(z.optional(listOf(isId)), undefined),
  analyses: z.catch(z.optional(listOf(isId)), undefined),
  scenarios: z.catch(z.optional(z.pipe(z.string(), z.transform(validPicks))), undefined),
});

/**
 * The well-formed picks of a `scenarios` list, the first for each deal, at most four: a bad entry
 * costs only itself (QA: one typo, or a fifth entry, dropped every pick). Reads as its own input.
 */
function validPicks(text: string): string | undefined {
  const deals = new Set<string>();
  const kept = idsOf(text).filter((entry) => {
    const deal = entry.split('.')[0] ?? '';
    if (!isScenarioPick(entry) || deals.has(deal)) return false;
    deals.add(deal);
    return true;
  });
  return kept.length > 0 ? kept.slice(0, MAX_COMPARED).join(',') : undefined;
}
export type CompareSearch = z.output<typeof compareSearchSchema>;

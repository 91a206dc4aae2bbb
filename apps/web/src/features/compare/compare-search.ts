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

/**
 * Ids in the URL as one comma-separated list per kind (`?saved=a,b&analyses=c&scenarios=d`). The parsed search
 * stays a string: the router writes the validated search back into the URL, so its output must read
 * as its input.
 */
const idList = z.string().check(
  z.refine((text) => {
    const ids = idsOf(text);
    return ids.length <= MAX_COMPARED && ids.every((id) => recordIdSchema.safeParse(id).success);
  }, 'Not a list of up to four ids.'),
);

/**
 * A malformed list is dropped rather than failing the page: the user picks again. `scenarios` names
 * the scenario each deal shows instead of its base case (a scenario's id is unique across deals).
 */
export const compareSearchSchema = z.object({
  saved: z.catch(z.optional(idList), undefined),
  analyses: z.catch(z.optional(idList), undefined),
  scenarios: z.catch(z.optional(idList), undefined),
});
export type CompareSearch = z.output<typeof compareSearchSchema>;

/**
 * Scenarios on one deal (issue 28 §6): named sets of metrics on the same property and market facts
 * (Section 8, BRRRR, a lower offer…), kept beside the analysis's own metrics, its base case. A
 * scenario stores whole metrics, the same shape the analysis stores, so every screen computes it
 * with the one assembler (`assembleScenario` in assemble.ts).
 */
import { assumptionsSchema, rangeWidthsSchema, storedAssumptionsSchema } from './assumptions.js';
import { z } from './zod.js';

/** What the analysis's own metrics are called beside its scenarios. */
export const BASE_SCENARIO_NAME = 'Base case';

/** A deal holds at most this many scenarios besides its base case: enough to compare, few enough to read side by side. */
export const MAX_SCENARIOS = 6;

export const SCENARIO_NAME_MAX = 40;

export const SCENARIO_MESSAGES = {
  nameRequired: 'Name the scenario.',
  nameTooLong: `A scenario name is at most ${SCENARIO_NAME_MAX} characters.`,
  nameTaken: 'This deal already has a scenario with that name.',
  baseName: `“${BASE_SCENARIO_NAME}” is the deal's own metrics; name the scenario something else.`,
  tooMany: `A deal holds at most ${MAX_SCENARIOS} scenarios besides its base case; delete one first.`,
  notFound: 'Scenario not found.',
} as const;

export const scenarioNameSchema = z.string({ error: SCENARIO_MESSAGES.nameRequired }).check(
  z.trim(),
  z.minLength(1, SCENARIO_MESSAGES.nameRequired),
  z.maxLength(SCENARIO_NAME_MAX, SCENARIO_MESSAGES.nameTooLong),
  z.refine((name) => !sameName(name, BASE_SCENARIO_NAME), SCENARIO_MESSAGES.baseName),
);

/** One scenario as stored and sent: its id, its name and its whole metrics. */
export const scenarioSchema = z.object({
  /** 24 lower-case base32 characters, like every record id */
  id: z.string(),
  name: z.string(),
  metrics: storedAssumptionsSchema,
  /**
   * the scenario's own "±" (a Section 8 rent's payment-standard band); left out, the deal's. Each
   * case keeps its own: a voucher's rent is not the market's (QA: the scenario held it exact)
   */
  range_widths: z.optional(rangeWidthsSchema),
});

/** POST /api/analyses/:id/scenarios and PUT …/scenarios/:scenarioId: a name and the metrics. */
export const scenarioRequestSchema = z.object({
  name: scenarioNameSchema,
  metrics: assumptionsSchema,
  /** the scenario's own "±"; left out, it takes the deal's */
  range_widths: z.optional(rangeWidthsSchema),
  /**
   * the analysis's `revision` the change starts from (the web sends it with an edit); a deal changed since is a 409
   * ANALYSIS_CHANGED, not overwritten (QA: two tabs' edits to one scenario, the later won unseen)
   */
  revision: z.optional(z.string().check(z.maxLength(40))),
});

/**
 * Whether two scenario names are the same to a person: case and surrounding or repeated spaces
 * aside ('Section 8' and ' section  8').
 */
export function sameName(a: string, b: string): boolean {
  const plain = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
  return plain(a) === plain(b);
}

export type Scenario = z.output<typeof scenarioSchema>;
export type ScenarioRequest = z.output<typeof scenarioRequestSchema>;

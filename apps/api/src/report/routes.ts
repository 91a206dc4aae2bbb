/**
 * The deal report as a download (issue 14 §4): the PDF and the CSV of one of the user's analyses or
 * saved properties, owner only (anyone else's id is the same 404 as an unknown one). Writing a PDF
 * costs ~70 ms of CPU: downloads are rate-limited per user and address, and a repeat of the same
 * report is served from the cache (`x-report-cache: hit`).
 */
import {
  addressLine,
  apiErrorSchema,
  assembleScenario,
  type SharedAnalysis,
  simulateAnalysis,
} from '@sfr/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AnalysisRepository, computedAnalysis } from '../analysis/repository.js';
import { analysisIdParams } from '../analysis/routes.js';
import { requireUser } from '../auth/plugin.js';
import { type Budget, type Charge, clientKey, limitHandler, MINUTE } from '../http/rate-limit.js';
import type { SavedProperties } from '../saved/repository.js';
import { savedIdParams } from '../saved/routes.js';
import { type ReportCache, reportCache, reportKey } from './cache.js';
import { reportCsv } from './csv.js';
import { dealReport } from './figures.js';
import { reportPdf } from './pdf.js';
import { scenarioOf, scheduleCsvOf } from './schedule.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

/** Reports a user may download a minute (an address twice that): a person never meets it. */
export const REPORT_RATE_LIMIT = {
  perUser: { max: 20, windowMs: MINUTE },
  perIp: { max: 40, windowMs: MINUTE },
} as const satisfies Record<string, Budget>;
export const REPORT_RATE_LIMIT_MESSAGE =
  'Too many reports in a short time. Please wait a minute and try again.';

/**
 * The download's file name from the address: lower-case ASCII words joined by hyphens.
 *
 * @example addressSlug('1100 Congress Ave, Austin, TX 78701') // '1100-congress-ave-austin-tx-78701'
 */
export function addressSlug(address: string): string {
  const slug = address
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'deal-report';
}

type Format = 'pdf' | 'csv';

const scenarioQuery = z.object({
  /** one of the analysis's scenarios; without it, the base case */
  scenario: z
    .string()
    .regex(/^[a-z2-7]{24}$/, 'Not a valid scenario id.')
    .optional(),
});

/** The month-by-month schedule as a CSV download named after the address (and the scenario). */
function sendSchedule(reply: FastifyReply, analysis: SharedAnalysis, scenarioId: string | undefined) {
  const { csv, scenario } = scheduleCsvOf(analysis, scenarioId);
  const name = addressSlug(
    [addressLine(analysis.property), 'monthly schedule', scenario].filter(Boolean).join(' '),
  );
  return reply
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .header('cache-control', 'private, no-store')
    .type('text/csv; charset=utf-8')
    .send(csv);
}

async function sendReport(
  reply: FastifyReply,
  cache: ReportCache,
  format: Format,
  analysis: SharedAnalysis,
  analysedAt: Date,
  scenarioId: string | undefined,
): Promise<FastifyReply> {
  const generatedAt = new Date();
  const scenario = scenarioOf(analysis, scenarioId);
  const name = `${addressSlug([addressLine(analysis.property), scenario?.name].filter(Boolean).join(' '))}.${format}`;
  const key = reportKey({
    format,
    analysis,
    scenarioId: scenario?.id ?? null,
    analysedAt,
    generatedOn: generatedAt.toISOString().slice(0, 10),
  });
  // the ranges' 10,000 draws cost about as much as the PDF itself: a repeat reads both from the cache
  const { body, hit } = await cache.get(key, async () => {
    const shown = scenario
      ? { name: scenario.name, analysis: assembleScenario(analysis, scenario) }
      : undefined;
    const report = dealReport(analysis, simulateAnalysis(shown?.analysis ?? analysis), shown);
    return format === 'pdf'
      ? reportPdf(report, { generatedAt, analysedAt })
      : Buffer.from(reportCsv(report, { generatedAt }), 'utf8');
  });
  return reply
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .header('x-report-cache', hit ? 'hit' : 'miss')
    .type(format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
    .send(body);
}

export const reportRoutes: FastifyPluginAsyncZod<{
  analyses: AnalysisRepository;
  saved: SavedProperties;
}> = async (app, { analyses, saved }) => {
  const cache = reportCache();
  const limited = limitHandler(
    app,
    (request) => {
      const charges: Charge[] = [
        { bucket: 'report:ip', key: clientKey(request.ip), budget: REPORT_RATE_LIMIT.perIp },
      ];
      if (request.user)
        charges.push({ bucket: 'report:user', key: request.user.id, budget: REPORT_RATE_LIMIT.perUser });
      return charges;
    },
    REPORT_RATE_LIMIT_MESSAGE,
  );
  app.get(
    '/analyses/:id/schedule.csv',
    {
      preHandler: limited,
      schema: {
        tags: ['reports'],
        summary:
          "The month-by-month schedule of one of the user's analyses (or of one of its scenarios), as CSV",
        params: analysisIdParams,
        querystring: scenarioQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const stored = await analyses.find(requireUser(request).id, request.params.id);
      return sendSchedule(reply, computedAnalysis(stored), request.query.scenario);
    },
  );

  app.get(
    '/saved_properties/:id/schedule.csv',
    {
      preHandler: limited,
      schema: {
        tags: ['reports'],
        summary: 'The month-by-month schedule of one saved property (or of one of its scenarios), as CSV',
        params: savedIdParams,
        querystring: scenarioQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const property = await saved.get(requireUser(request).id, request.params.id);
      return sendSchedule(reply, property, request.query.scenario);
    },
  );

  for (const format of ['pdf', 'csv'] as const) {
    const produces = format === 'pdf' ? 'a PDF a lender can read' : 'CSV for spreadsheets';
    // the body is the file: no JSON schema for the 200
    const response = { 200: z.any(), ...errors };

    app.get(
      `/analyses/:id/report.${format}`,
      {
        preHandler: limited,
        schema: {
          tags: ['reports'],
          summary: `The report of one of the user's analyses (or of one of its scenarios), as ${produces}`,
          params: analysisIdParams,
          querystring: scenarioQuery,
          response,
        },
      },
      async (request, reply) => {
        const stored = await analyses.find(requireUser(request).id, request.params.id);
        const analysis = computedAnalysis(stored);
        return sendReport(reply, cache, format, analysis, stored.createdAt, request.query.scenario);
      },
    );

    app.get(
      `/saved_properties/:id/report.${format}`,
      {
        preHandler: limited,
        schema: {
          tags: ['reports'],
          summary: `The report of one saved property (or of one of its scenarios), as ${produces}`,
          params: savedIdParams,
          querystring: scenarioQuery,
          response,
        },
      },
      async (request, reply) => {
        const property = await saved.get(requireUser(request).id, request.params.id);
        const savedAt = new Date(property.savedAt);
        return sendReport(reply, cache, format, property, savedAt, request.query.scenario);
      },
    );
  }
};

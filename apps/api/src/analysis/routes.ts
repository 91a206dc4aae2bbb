import {
  analysisListQuerySchema,
  analysisListSchema,
  analysisResponseSchema,
  apiErrorSchema,
  propertyInputSchema,
  recordIdSchema,
  scenarioRequestSchema,
  updateMetricsRequestSchema,
} from '@sfr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/plugin.js';
import type { Entitlements } from '../billing/entitlements.js';
import { AppError } from '../errors.js';
import { onePassSerializerCompiler } from '../http/json-serializer.js';
import { type AnalysisBudgets, analysisLimit } from './rate-limit.js';
import type { AnalysisRepository } from './repository.js';
import type { UserAnalyses } from './user-analyses.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  402: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
  500: apiErrorSchema,
};

export const analysisIdParams = z.object({ id: recordIdSchema });
const scenarioParams = z.object({ id: recordIdSchema, scenarioId: recordIdSchema });

export interface AnalysisRouteDeps {
  userAnalyses: UserAnalyses;
  analyses: AnalysisRepository;
  entitlements: Entitlements;
  /** the analysis routes' rate limit (RATE_LIMIT_ANALYSES_PER_MINUTE) */
  budgets: AnalysisBudgets;
}

export const analysisRoutes: FastifyPluginAsyncZod<AnalysisRouteDeps> = async (
  app,
  { userAnalyses, analyses, entitlements, budgets },
) => {
  // per user and per client address (rate-limit.ts): a person never meets it, a script does
  const limited = analysisLimit(app, budgets);
  // The 200 answer is a ~10 KB analysis: checked and written in one pass (json-serializer.ts).
  app.setSerializerCompiler(onePassSerializerCompiler);

  app.post(
    '/create_property',
    {
      preHandler: limited,
      schema: {
        tags: ['analysis'],
        summary: 'Analyse a property (signed in; spends a free search unless subscribed)',
        description:
          "401 without a session; 402 OUT_OF_FREE_SEARCHES when a non-subscriber has none left (a ZIP or state that cannot be analysed is its 400 first). The search is spent only when the analysis succeeds, and not when nothing but the model's defaults stood behind it (no market data, no live provider answered); `x-free-searches-remaining` tells how many are left. The analysis is stored as one of the user's (`analysis_id`).",
        body: propertyInputSchema,
        response: { 200: analysisResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // no search left: 402 before the providers are asked, unless the address itself is an error
      // the user would meet after subscribing (a ZIP in another state): that 400 first
      const paysWith = await entitlements
        .ensureSearchLeft(user.id, request.subscriptionAtLookup)
        .catch(async (error) => {
          if (error instanceof AppError && error.statusCode === 402)
            await userAnalyses.checkAddress(request.body);
          throw error;
        });
      // Analyse first: a mistyped ZIP is the user's error, and must not cost a search.
      const analysis = await userAnalyses.create(request.body, { countsSearches: paysWith === 'free' });
      const { pass, kept } = await entitlements.payFor(
        user.id,
        request.subscriptionAtLookup,
        (executor) => analysis.store(user.id, executor),
        { spends: analysis.spendsASearch },
      );
      if (pass.kind === 'free') reply.header('x-free-searches-remaining', String(pass.remaining));
      return kept;
    },
  );

  app.post(
    '/update_metrics',
    {
      preHandler: limited,
      schema: {
        tags: ['analysis'],
        summary:
          "Recompute one of the user's analyses with edited metrics (free; no provider is asked); a saved copy of the address is updated",
        description:
          'Names the analysis by `analysis_id` or `saved_property_id`. Recomputes with the market facts stored with that analysis, and keeps the result as its current state. 400 when the address, ZIP, county, bedrooms, bathrooms or house type differ from the analysed property; 404 for an id that is not one of the user’s.',
        body: updateMetricsRequestSchema,
        response: { 200: analysisResponseSchema, ...errors },
      },
    },
    async (request) => userAnalyses.update(requireUser(request).id, request.body),
  );

  app.get(
    '/analyses',
    {
      schema: {
        tags: ['analysis'],
        summary: "The signed-in user's analyses, newest first, a page at a time",
        description:
          '`limit` (1–100, default 20) rows per page; pass the answer’s `next_cursor` as `cursor` for the next page (null on the last).',
        querystring: analysisListQuerySchema,
        response: { 200: analysisListSchema, ...errors },
      },
    },
    async (request) => analyses.list(requireUser(request).id, request.query),
  );

  app.get(
    '/analyses/:id',
    {
      schema: {
        tags: ['analysis'],
        summary: 'Reopen one of the user’s analyses as they last saw it',
        params: analysisIdParams,
        response: { 200: analysisResponseSchema, ...errors },
      },
    },
    async (request) => userAnalyses.get(requireUser(request).id, request.params.id),
  );

  // Scenarios (issue 28 §6): named metrics on the same property and facts. Each answer is the
  // analysis with its scenarios as they now stand; editing them is free, like update_metrics.
  app.post(
    '/analyses/:id/scenarios',
    {
      preHandler: limited,
      schema: {
        tags: ['analysis'],
        summary: 'Add a named scenario (whole metrics) to one of the user’s analyses',
        description:
          '409 SCENARIO_NAME_TAKEN for a name the deal has already (case and spaces aside), 409 TOO_MANY_SCENARIOS past six; 400 for metrics out of the model’s bounds.',
        params: analysisIdParams,
        body: scenarioRequestSchema,
        response: { 201: analysisResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await userAnalyses.addScenario(requireUser(request).id, request.params.id, request.body);
      return reply.status(201).send(answer);
    },
  );

  app.put(
    '/analyses/:id/scenarios/:scenarioId',
    {
      preHandler: limited,
      schema: {
        tags: ['analysis'],
        summary:
          "Replace a scenario's name and metrics (send both; with the analysis's revision, a deal changed since is a 409)",
        params: scenarioParams,
        body: scenarioRequestSchema,
        response: { 200: analysisResponseSchema, ...errors },
      },
    },
    async (request) =>
      userAnalyses.updateScenario(
        requireUser(request).id,
        request.params.id,
        request.params.scenarioId,
        request.body,
      ),
  );

  app.delete(
    '/analyses/:id/scenarios/:scenarioId',
    {
      preHandler: limited,
      schema: {
        tags: ['analysis'],
        summary: 'Delete a scenario',
        params: scenarioParams,
        response: { 200: analysisResponseSchema, ...errors },
      },
    },
    async (request) =>
      userAnalyses.deleteScenario(requireUser(request).id, request.params.id, request.params.scenarioId),
  );
};

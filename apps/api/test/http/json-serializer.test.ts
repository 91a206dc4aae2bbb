/**
 * The one-pass response serializer must write exactly what fastify-type-provider-zod wrote —
 * `JSON.stringify(z.encode(schema, data))` — and refuse exactly what zod refuses. Checked on small
 * schemas for each rule, then differentially on random analyses and on thousands of corrupted ones.
 */
import { analysisResponseSchema } from '@sfr/contracts';
import { ASSUMPTION_BOUNDS, ASSUMPTION_KEYS, type Assumptions, type Bound } from '@sfr/underwriting';
import fc from 'fast-check';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeEncode } from 'zod/v4/core';
import { buildAnalysis } from '../../src/analysis/service.js';
import { registerErrorHandling } from '../../src/errors.js';
import {
  compileJsonSerializer,
  InvalidResponseValue,
  onePassSerializerCompiler,
} from '../../src/http/json-serializer.js';
import type { MarketFacts } from '../../src/market/service.js';
import { austin } from '../support/app.js';

/** What the zod serializer writes, or 'refused'. */
function viaZod(schema: z.core.$ZodType, data: unknown): string {
  const result = safeEncode(schema, data);
  return result.success ? JSON.stringify(result.data) : 'refused';
}

/** What the one-pass serializer writes, or 'refused' (and only ever with InvalidResponseValue). */
function viaOnePass(write: (data: unknown) => string, data: unknown): string {
  try {
    return write(data);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidResponseValue);
    return 'refused';
  }
}

function same(schema: z.core.$ZodType, data: unknown): string {
  const expected = viaZod(schema, data);
  expect(viaOnePass(compileJsonSerializer(schema), data)).toBe(expected);
  return expected;
}

describe('compileJsonSerializer matches z.encode + JSON.stringify', () => {
  it("writes keys in the schema's order, drops unknown keys and leaves out undefined optionals", () => {
    const schema = z.object({ a: z.number(), b: z.number().optional(), c: z.string().nullable() });
    expect(same(schema, { c: 'x"y', extra: 1, b: 2, a: 1 })).toBe('{"a":1,"b":2,"c":"x\\"y"}');
    expect(same(schema, { a: 1, b: undefined, c: null })).toBe('{"a":1,"c":null}');
    expect(same(schema, { b: 2, c: null })).toBe('refused');
  });

  it('refuses NaN, ±Infinity, numbers as text and other wrong types, as zod does', () => {
    const schema = z.object({ n: z.number() });
    for (const n of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      '1',
      null,
      undefined,
      true,
    ]) {
      expect(same(schema, { n })).toBe('refused');
    }
    expect(same(schema, { n: -0 })).toBe('{"n":0}');
    expect(same(schema, { n: 1e21 })).toBe('{"n":1e+21}');
    expect(same(schema, [1])).toBe('refused');
  });

  it('applies int, min, max and exclusive bounds', () => {
    const schema = z.number().int().min(0).max(100);
    for (const n of [0, 100, 50, -1, 101, 1.5, 2 ** 53]) same(schema, n);
    expect(same(schema, 1.5)).toBe('refused');
    const below = z.number().lt(1).gt(-1);
    for (const n of [1, -1, 0.999, -0.999]) same(below, n);
    expect(same(below, 1)).toBe('refused');
  });

  it('hands parts it does not model to zod (string checks, multipleOf, refinements)', () => {
    const schema = z.object({
      s: z.string().min(2),
      m: z.number().multipleOf(0.5),
      r: z.string().refine((v) => v !== 'no'),
    });
    expect(same(schema, { s: 'ab', m: 1.5, r: 'x' })).toBe('{"s":"ab","m":1.5,"r":"x"}');
    expect(same(schema, { s: 'a', m: 1.5, r: 'x' })).toBe('refused');
    expect(same(schema, { s: 'ab', m: 1.25, r: 'x' })).toBe('refused');
    expect(same(schema, { s: 'ab', m: 1.5, r: 'no' })).toBe('refused');
  });

  it('keeps unknown keys of loose objects after the known ones, and refuses them in strict objects', () => {
    const loose = z.looseObject({ a: z.number(), b: z.array(z.string()) });
    expect(same(loose, { x: { y: [1] }, b: ['q'], a: 1, u: undefined })).toBe(
      '{"a":1,"b":["q"],"x":{"y":[1]}}',
    );
    const strict = z.strictObject({ a: z.number() });
    expect(same(strict, { a: 1 })).toBe('{"a":1}');
    expect(same(strict, { a: 1, b: 2 })).toBe('refused');
  });

  it('writes records, enums, literals and unions of scalars', () => {
    same(z.record(z.string(), z.string()), { b: 'x', a: 'y' });
    expect(same(z.record(z.string(), z.string()), { a: 1 })).toBe('refused');
    same(z.enum(['A', 'B']), 'A');
    expect(same(z.enum(['A', 'B']), 'C')).toBe('refused');
    same(z.literal('on'), 'on');
    const union = z.union([z.number(), z.string()]).nullable();
    for (const v of [1, 'x', null, Number.NaN, undefined, false]) same(union, v);
  });

  it('writes a frozen record of strings once, and an unfrozen one every time', () => {
    const write = compileJsonSerializer(z.object({ labels: z.record(z.string(), z.string()) }));
    const frozen = Object.freeze({ a: 'A' });
    expect(write({ labels: frozen })).toBe('{"labels":{"a":"A"}}');
    expect(write({ labels: frozen })).toBe('{"labels":{"a":"A"}}');
    const open: Record<string, string> = { a: 'A' };
    expect(write({ labels: open })).toBe('{"labels":{"a":"A"}}');
    open.a = 'changed';
    expect(write({ labels: open })).toBe('{"labels":{"a":"changed"}}');
  });
});

const property = austin;

const facts: MarketFacts = {
  market_data_loaded: true,
  location: {
    county_fips: '48453',
    county_name: 'Travis County',
    county_matched: 'typed',
    city: 'Austin',
    state_code: 'TX',
    lat: 30.27,
    lng: -97.74,
  },
  hud_rent: {
    value: 2347,
    bedrooms: 3,
    fmr: 2347,
    safmr: 3520,
    applies: 'fmr',
    safmr_mandatory: false,
    fmr_area_id: 'METRO12420M12420',
    fmr_area_name: 'Austin-Round Rock-San Marcos, TX MSA',
    fmr_basis: 'county',
    fmr_area_split: false,
    payment_standard: {
      low: 2112,
      high: 2582,
      note: 'A housing authority sets its voucher payment standard.',
    },
    fy: 2026,
    tier: 'reported',
    source: 'HUD FMR',
    vintage: 'FY2026',
  },
  market_rent: {
    value: 2535,
    tier: 'estimated',
    range: { low: 2347, high: 2723 },
    source: 'Estimate from HUD rents',
    vintage: 'FY2026',
  },
  violent_crime_grade: null,
  property_crime_grade: null,
  property_tax_rate: null,
  owner_tax_rate: null,
  interest_rate: null,
  appreciation: null,
  insurance: null,
  property_record: null,
  opportunities: [],
  warnings: ['No reliable crime rate is published for this county.'],
};

function boundArbitrary(bound: Bound): fc.Arbitrary<number> {
  const max = Math.min(bound.max, bound.kind === 'money' ? 5_000_000 : bound.max);
  if (bound.integer) return fc.integer({ min: bound.min, max });
  return fc.double({ min: bound.min, max, noNaN: true, maxExcluded: !bound.maxInclusive });
}

const assumptionsArbitrary = fc.record(
  Object.fromEntries(ASSUMPTION_KEYS.map((key) => [key, boundArbitrary(ASSUMPTION_BOUNDS[key])])) as {
    [K in keyof Assumptions]: fc.Arbitrary<number>;
  },
);

/** Every path to a value in a JSON-like tree. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((v, i) => paths(v, [...prefix, i]))];
  if (value !== null && typeof value === 'object') {
    return [prefix, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...prefix, k]))];
  }
  return [prefix];
}

function withValueAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1);
  if (last === undefined) return value;
  node[last] = value;
  return copy;
}

const corruptions = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  -1,
  1.5,
  101,
  0,
  '12',
  '',
  null,
  undefined,
  true,
  {},
  [],
  { extra: 1 },
  'A',
];

describe('the analysis response, differentially', () => {
  const write = compileJsonSerializer(analysisResponseSchema);

  function analysisFor(assumptions: Assumptions) {
    try {
      // as the routes answer it: the stored analysis's id first
      return { analysis_id: 'k3v5w7x2y4z6a2b3c4d5e6f7', ...buildAnalysis(property, assumptions, facts) };
    } catch {
      return null; // assumptions the engine refuses (400) never reach the serializer
    }
  }

  it('writes the same bytes as the zod serializer for random analyses', () => {
    fc.assert(
      fc.property(assumptionsArbitrary, (assumptions) => {
        const analysis = analysisFor(assumptions);
        if (analysis === null) return;
        const expected = viaZod(analysisResponseSchema, analysis);
        expect(expected).not.toBe('refused');
        expect(write(analysis)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('refuses exactly what zod refuses when any one value is corrupted', () => {
    fc.assert(
      fc.property(
        assumptionsArbitrary,
        fc.nat(),
        fc.constantFrom(...corruptions),
        (assumptions, pick, corruption) => {
          const analysis = analysisFor(assumptions);
          if (analysis === null) return;
          const all = paths(analysis);
          const path = all[pick % all.length] as (string | number)[];
          const corrupted = withValueAt(analysis, path, corruption);
          expect(viaOnePass(write, corrupted), path.join('.')).toBe(
            viaZod(analysisResponseSchema, corrupted),
          );
        },
      ),
      { numRuns: 1_500 },
    );
  }, 120_000);
});

describe('onePassSerializerCompiler in a Fastify route', () => {
  async function appWith(
    compiler: typeof onePassSerializerCompiler | typeof serializerCompiler,
    data: unknown,
  ) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(compiler as typeof serializerCompiler);
    registerErrorHandling(app);
    app.get(
      '/thing',
      { schema: { response: { 200: z.object({ n: z.number(), s: z.string() }) } } },
      async () => data as { n: number; s: string },
    );
    return app;
  }

  it.each([
    ['a valid answer, with an unknown key dropped', { s: 'x', n: 1, secret: 'drop me' }],
    ['a NaN, which is a 500', { n: Number.NaN, s: 'x' }],
    ['a missing key, which is a 500', { n: 1 }],
  ])('answers %s exactly as the zod serializer does', async (_, data) => {
    const fast = await appWith(onePassSerializerCompiler, data);
    const zod = await appWith(serializerCompiler, data);
    const [a, b] = await Promise.all([
      fast.inject({ method: 'GET', url: '/thing' }),
      zod.inject({ method: 'GET', url: '/thing' }),
    ]);
    expect({ status: a.statusCode, body: a.body }).toEqual({ status: b.statusCode, body: b.body });
    await Promise.all([fast.close(), zod.close()]);
  });
});

/**
 * The one-pass serializer (src/http/json-serializer.ts) reads zod's internal definitions
 * (`schema._zod.def`). zod may reshape them in any release; the serializer would then hand whole
 * trees back to zod (still correct, but the speed it exists for is gone) or misread a bound. This
 * test asserts on exactly what the serializer reads, so an upgrade that changes any of it fails
 * here first (docs/decisions/0008-speed-code-in-http.md).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeEncode } from 'zod/v4/core';

/** The same cast the serializer makes. */
const defOf = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
const checkDefs = (schema: z.ZodType) =>
  (defOf(schema).checks as { _zod: { def: Record<string, unknown> } }[]).map((c) => c._zod.def);

describe('the zod internals the one-pass serializer reads', () => {
  it('every schema carries `_zod.def.type` with the names the serializer switches on', () => {
    const cases: [z.ZodType, string][] = [
      [z.number(), 'number'],
      [z.string(), 'string'],
      [z.boolean(), 'boolean'],
      [z.null(), 'null'],
      [z.enum(['a', 'b']), 'enum'],
      [z.literal('x'), 'literal'],
      [z.number().nullable(), 'nullable'],
      [z.number().optional(), 'optional'],
      [z.union([z.number(), z.string()]), 'union'],
      [z.array(z.number()), 'array'],
      [z.record(z.string(), z.number()), 'record'],
      [z.object({ a: z.number() }), 'object'],
      [z.unknown(), 'unknown'],
      [z.never(), 'never'],
      [z.string().transform((s) => s.length), 'pipe'],
    ];
    for (const [schema, type] of cases) {
      expect('_zod' in schema).toBe(true);
      expect(defOf(schema).type).toBe(type);
    }
  });

  it('a plain schema has no checks; a checked one lists them', () => {
    for (const schema of [z.number(), z.string(), z.array(z.number()), z.object({})]) {
      expect(defOf(schema).checks ?? []).toEqual([]);
    }
    expect(checkDefs(z.string().min(1))).toHaveLength(1);
  });

  it('number checks: int is number_format safeint; min/max/positive are greater_than/less_than with value and inclusive', () => {
    expect(checkDefs(z.number().int())).toMatchObject([{ check: 'number_format', format: 'safeint' }]);
    expect(checkDefs(z.number().min(2).max(9))).toMatchObject([
      { check: 'greater_than', value: 2, inclusive: true },
      { check: 'less_than', value: 9, inclusive: true },
    ]);
    expect(checkDefs(z.number().positive().lt(5))).toMatchObject([
      { check: 'greater_than', value: 0, inclusive: false },
      { check: 'less_than', value: 5, inclusive: false },
    ]);
  });

  it('containers name their parts: shape, catchall, element, innerType, keyType/valueType, options, entries, values', () => {
    const a = z.number();
    const b = z.string();
    expect(defOf(z.object({ a, b })).shape).toEqual({ a, b });
    expect(defOf(z.object({ a })).catchall).toBeUndefined();
    expect(defOf(defOf(z.looseObject({ a })).catchall as z.ZodType).type).toBe('unknown');
    expect(defOf(defOf(z.strictObject({ a })).catchall as z.ZodType).type).toBe('never');
    expect(defOf(z.array(a)).element).toBe(a);
    expect(defOf(a.nullable()).innerType).toBe(a);
    expect(defOf(a.optional()).innerType).toBe(a);
    const record = defOf(z.record(b, a));
    expect(record.keyType).toBe(b);
    expect(record.valueType).toBe(a);
    expect(defOf(z.union([a, b])).options).toEqual([a, b]);
    expect(defOf(z.enum(['x', 'y'])).entries).toEqual({ x: 'x', y: 'y' });
    expect(defOf(z.literal(3)).values).toEqual([3]);
  });

  it("zod's safeEncode (the fallback) still answers { success, data }", () => {
    // typed as any schema: the point is what zod does with a value that does not fit
    const object: z.ZodType = z.object({ a: z.number() });
    const number: z.ZodType = z.number();
    expect(safeEncode(object, { a: 1, b: 2 })).toMatchObject({
      success: true,
      data: { a: 1 },
    });
    expect(safeEncode(number, 'x').success).toBe(false);
  });
});

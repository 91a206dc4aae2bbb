/**
 * A response serializer compiled from a zod schema: it checks each value as `z.encode` would and
 * writes the JSON in the same pass, with the same bytes as `JSON.stringify(z.encode(schema, data))`
 * — keys in the schema's order, unknown keys dropped (kept by loose objects), optional undefined
 * keys left out. Fastify's zod serializer builds a validated copy of the whole response and then
 * stringifies it; this does neither copy, which matters for the ~10 KB analysis response.
 *
 * Only plain shapes are compiled: objects, loose and strict objects, arrays, records with string
 * keys, nullable and optional, enums, literals, booleans, strings without checks, numbers with
 * int / min / max checks, and unions of those scalars. Anything else (transforms, pipes, string
 * checks, refinements…) is handed to zod itself for that part of the tree, so nothing is ever
 * checked less than zod checks it. A value that fails throws `InvalidResponseValue`; callers then
 * run zod's own serializer, which reports the issue in zod's words.
 *
 * A frozen object whose values are all scalars (the metric labels) is written once and reused.
 */
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type $ZodType, safeEncode } from 'zod/v4/core';

/** Thrown when a value does not match the schema; carries no detail (zod reports it). */
export class InvalidResponseValue extends Error {
  override readonly name = 'InvalidResponseValue';
}

type Writer = (value: unknown) => string;

interface Compiled {
  write: Writer;
  /** true for numbers, strings, booleans, enums, literals and nullables of them */
  scalar: boolean;
}

// zod's internal definition, as far as this compiler reads it
interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
  options?: $ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
}

interface CheckDef {
  check: string;
  format?: string;
  value?: number;
  inclusive?: boolean;
}

const defOf = (schema: $ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function invalid(): never {
  throw new InvalidResponseValue('response value does not match its schema');
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** zod's own encoding for a part this compiler does not model. */
function delegated(schema: $ZodType): Compiled {
  return {
    scalar: false,
    write(value) {
      const result = safeEncode(schema, value);
      if (!result.success) invalid();
      const json = JSON.stringify(result.data);
      if (json === undefined) invalid();
      return json;
    },
  };
}

/** A number predicate from zod's int / min / max checks; null when a check is not one of those. */
function numberPredicate(checks: Def['checks']): ((n: number) => boolean) | null {
  const tests: ((n: number) => boolean)[] = [];
  for (const { _zod } of checks ?? []) {
    const check = _zod.def;
    const bound = check.value;
    if (check.check === 'number_format' && check.format === 'safeint') tests.push(Number.isSafeInteger);
    else if (check.check === 'greater_than' && typeof bound === 'number') {
      tests.push(check.inclusive ? (n) => n >= bound : (n) => n > bound);
    } else if (check.check === 'less_than' && typeof bound === 'number') {
      tests.push(check.inclusive ? (n) => n <= bound : (n) => n < bound);
    } else return null;
  }
  return (n) => tests.every((test) => test(n));
}

/** Whether a scalar node accepts `value` (for unions). */
type Accepts = (value: unknown) => boolean;

function scalarAccepts(schema: $ZodType): Accepts | null {
  const def = defOf(schema);
  const plain = (def.checks?.length ?? 0) === 0;
  switch (def.type) {
    case 'number':
      return plain ? (v) => typeof v === 'number' && Number.isFinite(v) : null;
    case 'string':
      return plain ? (v) => typeof v === 'string' : null;
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'null':
      return (v) => v === null;
    default:
      return null;
  }
}

function compileNode(schema: $ZodType): Compiled {
  const def = defOf(schema);
  const plain = (def.checks?.length ?? 0) === 0;
  switch (def.type) {
    case 'number': {
      const passes = numberPredicate(def.checks);
      if (passes === null) return delegated(schema);
      return {
        scalar: true,
        write(value) {
          if (typeof value !== 'number' || !Number.isFinite(value) || !passes(value)) invalid();
          return String(value);
        },
      };
    }
    case 'string':
      if (!plain) return delegated(schema);
      return {
        scalar: true,
        write(value) {
          if (typeof value !== 'string') invalid();
          return JSON.stringify(value);
        },
      };
    case 'boolean':
      return {
        scalar: true,
        write(value) {
          if (typeof value !== 'boolean') invalid();
          return value ? 'true' : 'false';
        },
      };
    case 'enum':
    case 'literal': {
      const allowed = new Set(def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? []));
      if ([...allowed].some((v) => typeof v !== 'string' && typeof v !== 'number')) return delegated(schema);
      return {
        scalar: true,
        write(value) {
          if (!allowed.has(value as string | number)) invalid();
          return JSON.stringify(value);
        },
      };
    }
    case 'nullable': {
      const inner = compileNode(def.innerType as $ZodType);
      return { scalar: inner.scalar, write: (value) => (value === null ? 'null' : inner.write(value)) };
    }
    case 'union': {
      const options = (def.options ?? []).map(scalarAccepts);
      if (options.some((accepts) => accepts === null)) return delegated(schema);
      const accepts = options as Accepts[];
      return {
        scalar: true,
        write(value) {
          if (!accepts.some((test) => test(value))) invalid();
          return JSON.stringify(value);
        },
      };
    }
    case 'array': {
      if (!plain) return delegated(schema);
      const element = compileNode(def.element as $ZodType).write;
      return {
        scalar: false,
        write(value) {
          if (!Array.isArray(value)) invalid();
          let out = '[';
          for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + element(value[i]);
          return `${out}]`;
        },
      };
    }
    case 'record':
      return compileRecord(schema, def);
    case 'object':
      return compileObject(schema, def);
    default:
      return delegated(schema);
  }
}

/** Frozen objects of scalars cannot change, so their JSON is kept by identity. */
function frozenMemo(compiled: Compiled['write']): Compiled['write'] {
  const memo = new WeakMap<object, string>();
  return (value) => {
    if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) return compiled(value);
    let json = memo.get(value);
    if (json === undefined) {
      json = compiled(value);
      memo.set(value, json);
    }
    return json;
  };
}

function compileRecord(schema: $ZodType, def: Def): Compiled {
  const keyDef = defOf(def.keyType as $ZodType);
  if (!plainRecordKey(keyDef)) return delegated(schema);
  const valueNode = compileNode(def.valueType as $ZodType);
  const writeValue = valueNode.write;
  const write: Writer = (value) => {
    if (!isPlainObject(value)) invalid();
    let out = '{';
    let first = true;
    for (const key of Object.keys(value)) {
      out += `${first ? '' : ','}${JSON.stringify(key)}:${writeValue(value[key])}`;
      first = false;
    }
    return `${out}}`;
  };
  return { scalar: false, write: valueNode.scalar ? frozenMemo(write) : write };
}

function plainRecordKey(keyDef: Def): boolean {
  return keyDef.type === 'string' && (keyDef.checks?.length ?? 0) === 0;
}

/** An integer-like key ('0', '12') moves to the front of a JSON object; leave those to zod. */
const startsWithDigit = (key: string) => {
  const c = key.charCodeAt(0);
  return c >= 48 && c <= 57;
};

function compileObject(schema: $ZodType, def: Def): Compiled {
  if (!((def.checks?.length ?? 0) === 0)) return delegated(schema);
  const catchall = def.catchall === undefined ? 'strip' : defOf(def.catchall).type;
  if (catchall !== 'strip' && catchall !== 'unknown' && catchall !== 'never') return delegated(schema);
  const entries = Object.entries(def.shape ?? {});
  if (entries.some(([key]) => startsWithDigit(key))) return delegated(schema);
  const fields = entries.map(([key, child]) => {
    const childDef = defOf(child);
    const optional = childDef.type === 'optional';
    const node = compileNode(optional ? (childDef.innerType as $ZodType) : child);
    return { key, prefix: `${JSON.stringify(key)}:`, optional, write: node.write };
  });
  const known = new Set(entries.map(([key]) => key));

  return {
    scalar: false,
    write(value) {
      if (!isPlainObject(value)) invalid();
      let out = '{';
      let first = true;
      for (const field of fields) {
        const fieldValue = value[field.key];
        if (field.optional && fieldValue === undefined) continue;
        out += (first ? '' : ',') + field.prefix + field.write(fieldValue);
        first = false;
      }
      if (catchall !== 'strip') {
        for (const key of Object.keys(value)) {
          if (known.has(key)) continue;
          if (catchall === 'never' || startsWithDigit(key)) invalid();
          const json = JSON.stringify(value[key]);
          if (json === undefined) continue;
          out += `${first ? '' : ','}${JSON.stringify(key)}:${json}`;
          first = false;
        }
      }
      return `${out}}`;
    },
  };
}

/**
 * `(data) => JSON text`, equal to `JSON.stringify(z.encode(schema, data))`; throws
 * `InvalidResponseValue` where `z.encode` would fail.
 */
export function compileJsonSerializer(schema: $ZodType): (data: unknown) => string {
  return compileNode(schema).write;
}

type SerializerCompiler = Parameters<typeof serializerCompiler>[0];

/**
 * A Fastify serializer compiler for zod response schemas: 2xx answers are written by
 * `compileJsonSerializer`, and when a value fails, fastify-type-provider-zod's serializer runs so
 * the failure is reported exactly as before (a 500, the zod issues logged). Other statuses use the
 * zod serializer directly.
 */
export function onePassSerializerCompiler(route: unknown): (data: unknown) => string {
  const zodRoute = route as SerializerCompiler;
  const zodSerializer = serializerCompiler(zodRoute);
  const { schema, httpStatus } = zodRoute;
  const isZod = typeof schema === 'object' && schema !== null && '_zod' in schema;
  if (!isZod || !String(httpStatus).startsWith('2')) return zodSerializer;
  const write = compileJsonSerializer(schema as $ZodType);
  return (data) => {
    try {
      return write(data);
    } catch (error) {
      if (error instanceof InvalidResponseValue) return zodSerializer(data);
      throw error;
    }
  };
}

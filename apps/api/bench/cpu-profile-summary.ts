/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`): self time by function and by package or
 * source file, largest first. Run: tsx bench/cpu-profile-summary.ts FILE.cpuprofile [TOP]
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** 'node_modules/.pnpm/zod@4…/node_modules/zod/…' → 'zod'; a repo file → its path from the repo. */
export function owner(url: string): string {
  if (url === '') return '(native / V8)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return url;
  // a file of this repo (or of another checkout of it): its path from the repository's root
  const repo = url.search(/\/(apps|packages)\//);
  return repo === -1 ? url : url.slice(repo + 1);
}

/** Coarse buckets for "where does a request's time go". */
const CATEGORIES: [string, (owner: string, fn: string) => boolean][] = [
  ['idle (waiting on the database or the network)', (_, fn) => fn === '(idle)'],
  ['garbage collection', (_, fn) => fn === '(garbage collector)'],
  [
    'database driver (PGlite + its WASM Postgres, postgres-js, Drizzle)',
    (o) => o.startsWith('wasm://') || ['@electric-sql/pglite', 'postgres', 'drizzle-orm'].includes(o),
  ],
  ['response serializer (one pass)', (o) => o.endsWith('http/json-serializer.ts')],
  ['zod (request validation, other responses)', (o) => o === 'zod' || o === 'fastify-type-provider-zod'],
  [
    'analysis (engine, formatting, market figures)',
    (o) =>
      o.startsWith('packages/underwriting') ||
      o.startsWith('packages/contracts') ||
      o.startsWith('apps/api/src/analysis') ||
      o.startsWith('apps/api/src/saved') ||
      o.startsWith('apps/api/src/market'),
  ],
  [
    'auth (sessions, cookies, cross-site check)',
    (o) => o.startsWith('apps/api/src/auth') || o.startsWith('@oslojs') || o === '@fastify/cookie',
  ],
  [
    'HTTP (Fastify, Node http, sockets, helmet, JSON body parsing)',
    (o, fn) =>
      [
        'fastify',
        'find-my-way',
        'helmet',
        '@fastify/helmet',
        'secure-json-parse',
        'light-my-request',
        'avvio',
        'toad-cache',
        'fast-json-stringify',
      ].includes(o) ||
      /^node:(_http|net|internal\/stream|internal\/http|stream|events|buffer|internal\/url|url)/.test(o) ||
      ['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String', 'shutdown', 'close'].includes(fn),
  ],
  [
    'module loading at start',
    (o) => /^node:internal\/(modules|source_map|deps\/cjs)/.test(o) || o === 'tsx' || o === 'esbuild',
  ],
];

export function categoryOf(owner: string, fn: string): string {
  return CATEGORIES.find(([, test]) => test(owner, fn))?.[0] ?? 'other';
}

export function summarise(profile: CpuProfile, top = 30, requests?: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  const byCategory = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const where = owner(frame.url);
    const name = `${frame.functionName || '(anonymous)'}  ${where}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    byOwner.set(where, (byOwner.get(where) ?? 0) + us);
    const category = categoryOf(where, frame.functionName);
    byCategory.set(category, (byCategory.get(category) ?? 0) + us);
  }
  const perRequest = (us: number) =>
    requests ? `  ${(us / requests).toFixed(1).padStart(6)} µs/request` : '';

  const table = (title: string, rows: Map<string, number>, n: number, withRequests = false) =>
    [
      `\n${title}`,
      ...[...rows]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(
          ([name, us]) =>
            `${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms${
              withRequests ? perRequest(us) : ''
            }  ${name}`,
        ),
    ].join('\n');

  // request handling: neither waiting nor starting up
  const notServing = [CATEGORIES[0]?.[0], CATEGORIES.at(-1)?.[0]];
  const busy = [...byCategory]
    .filter(([name]) => !notServing.includes(name))
    .reduce((sum, [, us]) => sum + us, 0);
  const served = requests
    ? `; ${requests} requests, ${(busy / requests).toFixed(0)} µs of CPU each (not idle, not start-up)`
    : '';
  return [
    `sampled ${(total / 1000).toFixed(0)} ms over ${((profile.endTime - profile.startTime) / 1000).toFixed(0)} ms${served}`,
    table('self time by category', byCategory, 20, true),
    table('self time by package / file', byOwner, top),
    table('self time by function', byFunction, top),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, top, requests] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpu-profile-summary.ts FILE.cpuprofile [TOP] [REQUESTS]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  console.log(summarise(profile, Number(top ?? 30), requests ? Number(requests) : undefined));
}

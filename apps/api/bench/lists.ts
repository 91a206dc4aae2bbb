/**
 * The lists as they grow (issue 26 §4): one user's analyses and saved properties, 100 and then
 * 100,000 of them, paged 20 at a time on Postgres. Times the first page and a page half-way down
 * (by its cursor) through the repositories the routes use, before and after the planner's
 * statistics are gathered (ANALYZE). Figures only.
 *
 *   pnpm --filter @sfr/api exec tsx bench/lists.ts      BENCH_DATABASE_URL (default the local server)
 */
import { randomBytes } from 'node:crypto';
import { assembleAnalysis, NOTHING_KEPT } from '@sfr/contracts';
import { deriveAssumptions } from '@sfr/underwriting';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { createAnalysisRepository } from '../src/analysis/repository.js';
import { openDatabase, queryRows } from '../src/db/client.js';
import { generateId } from '../src/db/ids.js';
import { createSavedProperties } from '../src/saved/repository.js';
import { austin } from '../test/support/example-deal.js';

const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SAMPLES = 200;

const name = `sfr_bench_lists_${randomBytes(4).toString('hex')}`;
const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
const url = new URL(SERVER_URL);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString() });
const { db } = database;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function timed(run: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 20; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const fmt = (t: { p50: number; p99: number }) => `${t.p50.toFixed(2)} / ${t.p99.toFixed(2)} ms`;

try {
  const userId = generateId();
  await db.execute(sql`insert into users (id, email, firstname, lastname, display_name)
    values (${userId}, ${`${userId}@example.com`}, 'List', 'Bench', 'List Bench')`);
  const facts = {
    hud_rent: 2_347,
    market_rent: 3_573,
    violent_crime_grade: 'D' as const,
    property_crime_grade: 'D-' as const,
    market_data: { figures: {}, warnings: [] },
  };
  const metrics = deriveAssumptions(austin, {
    rentPerUnit: 3_573,
    propertyTaxRate: 0.0198,
    interestRate: 0.0803,
  });
  const result = assembleAnalysis(austin, metrics, facts, NOTHING_KEPT);
  const analyses = createAnalysisRepository(db);
  const saved = createSavedProperties(db);
  const template = await analyses.insert(db, userId, austin, facts, result);

  console.log(
    '| analyses of one user | statistics | first page p50 / p99 | half-way page p50 / p99 | saved list first / half-way p50 |',
  );
  console.log('|---|---|---|---|---|');
  let count = 1;
  for (const target of [100, 100_000]) {
    // copies of the template row, one millisecond apart, each saved under its own address
    await db.execute(sql`insert into analyses (id, user_id, property, facts, assumptions, engine_version, address,
        purchase_price, overall_points, overall_color, monthly_levered_cash_flow, created_at)
      select translate(substr(md5(random()::text || g::text), 1, 24), '0189', 'wxyz'), user_id, property, facts, assumptions, engine_version,
        address, purchase_price, overall_points, overall_color, monthly_levered_cash_flow,
        now() - make_interval(secs => g / 1000.0)
      from analyses, generate_series(${count}::int, ${target - 1}::int) as g where id = ${template}`);
    await db.execute(sql`insert into saved_properties (id, user_id, analysis_id, address_key, saved_at)
      select translate(substr(md5(random()::text || id), 1, 24), '0189', 'wxyz'), user_id, id, id, created_at
      from analyses where user_id = ${userId}
        and not exists (select 1 from saved_properties s where s.analysis_id = analyses.id)`);
    count = target;
    // a cursor half-way down each list
    let cursor: string | null = null;
    let savedCursor: string | null = null;
    const half = Math.floor(target / 2);
    const [mid] = await queryRows<{ created_at: string; id: string }>(
      db,
      sql`select created_at, id from analyses where user_id = ${userId} order by created_at desc, id desc offset ${half} limit 1`,
    );
    if (mid)
      cursor = Buffer.from(`${new Date(mid.created_at).toISOString()}|${mid.id}`).toString('base64url');
    const [smid] = await queryRows<{ saved_at: string; id: string }>(
      db,
      sql`select saved_at, id from saved_properties where user_id = ${userId} order by saved_at desc, id desc offset ${half} limit 1`,
    );
    if (smid)
      savedCursor = Buffer.from(`${new Date(smid.saved_at).toISOString()}|${smid.id}`).toString('base64url');
    for (const statistics of ['as inserted', 'after ANALYZE']) {
      if (statistics === 'after ANALYZE') await db.execute(sql`analyze analyses; analyze saved_properties`);
      const first = await timed(() => analyses.list(userId, { limit: 20 }));
      const deep = await timed(() => analyses.list(userId, { limit: 20, cursor: cursor ?? undefined }));
      const savedFirst = await timed(() => saved.list(userId, { limit: 20 }));
      const savedDeep = await timed(() =>
        saved.list(userId, { limit: 20, cursor: savedCursor ?? undefined }),
      );
      console.log(
        `| ${target.toLocaleString('en-US')} | ${statistics} | ${fmt(first)} | ${fmt(deep)} | ${savedFirst.p50.toFixed(2)} / ${savedDeep.p50.toFixed(2)} ms |`,
      );
    }
  }
} finally {
  await database.close();
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

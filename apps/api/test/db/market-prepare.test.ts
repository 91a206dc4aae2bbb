/**
 * An import's rows are prepared in a child process (src/market/store/prepare-in-child.ts), so the
 * serving process keeps none of the parse's memory: the child hands over the same batches the
 * preparation gives in this process, one at a time, and says why when it fails.
 */
import { describe, expect, it } from 'vitest';
import { type PreparedRows, prepareMarketRows, type RowBatch } from '../../src/market/store/prepare.js';
import { prepareInChild } from '../../src/market/store/prepare-in-child.js';
import { FIXTURE_MARKET_DIR } from './helpers.js';

const request = { dir: FIXTURE_MARKET_DIR, refreshed: [], investorPremium: 0.0075 } as const;

describe('the market rows prepared in a child process', () => {
  it('are the batches this process prepares, handed over one at a time until null', async () => {
    const here: PreparedRows = await prepareMarketRows(request);
    if (!here.ok) throw new Error(`the fixtures did not load: ${JSON.stringify(here)}`);
    const { batches, ...summary } = here;
    expect(batches.map((batch) => batch.table)).toContain('zips');

    const child = await prepareInChild(request);
    expect(child.summary).toEqual(summary);
    const received: RowBatch[] = [];
    for (let batch = await child.nextBatch(); batch; batch = await child.nextBatch()) received.push(batch);
    expect(received).toEqual(batches);
    // the child has gone once the last batch is out: asking again says so, it does not hang
    await expect(child.nextBatch()).rejects.toThrow(/child process (has )?ended/);
  }, 30_000);

  it('say what is wrong with the files, as the preparation here does', async () => {
    const missing = { ...request, dir: `${FIXTURE_MARKET_DIR}/no-such-folder` };
    const child = await prepareInChild(missing);
    expect(child.summary).toEqual(await prepareMarketRows(missing));
    expect(child.summary).toMatchObject({ ok: false, reason: 'no_directory' });
  }, 30_000);

  it("reject with the child's error when the preparation throws", async () => {
    await expect(prepareInChild({ ...request, investorPremium: 0.5 })).rejects.toThrow(
      /preparing the market rows failed: .*investorPremium/,
    );
  }, 30_000);
});

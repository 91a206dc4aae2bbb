import { describe, expect, it } from 'vitest';
import { loadWithRetry } from './load-with-retry';

/** A loader that fails `failures` times, then answers 'map'. */
function flaky(failures: number) {
  let calls = 0;
  const load = async () => {
    calls += 1;
    if (calls <= failures) throw new Error(`load ${calls} failed`);
    return 'map';
  };
  return { load, calls: () => calls };
}

describe('loadWithRetry', () => {
  it('retries after failures, waiting attempt × 2^attempt ms before each retry', async () => {
    const waits: number[] = [];
    const loader = flaky(3);
    await expect(loadWithRetry(loader.load, async (ms) => void waits.push(ms))).resolves.toBe('map');
    expect(loader.calls()).toBe(4);
    expect(waits).toEqual([2, 8, 24]);
  });

  it('gives up with the last error after 3 retries', async () => {
    const waits: number[] = [];
    const loader = flaky(10);
    await expect(loadWithRetry(loader.load, async (ms) => void waits.push(ms))).rejects.toThrow(
      'load 4 failed',
    );
    expect(loader.calls()).toBe(4);
    expect(waits).toEqual([2, 8, 24]);
  });

  it('does not wait when the first load works', async () => {
    const waits: number[] = [];
    await expect(loadWithRetry(flaky(0).load, async (ms) => void waits.push(ms))).resolves.toBe('map');
    expect(waits).toEqual([]);
  });
});

import { CHECKOUT_TIMEOUT_MS } from '@sfr/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { CheckoutTimeoutError, requestCheckoutUrl } from './queries';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that never answers, but gives up when its signal is aborted, as the browser's does. */
function silentFetch(_url: string, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

describe('requestCheckoutUrl', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('posts the plan and returns the checkout URL', async () => {
    const fetch = vi.fn(async () => json(200, { url: 'https://checkout.example/s/1' }));
    vi.stubGlobal('fetch', fetch);
    await expect(requestCheckoutUrl('yearly')).resolves.toBe('https://checkout.example/s/1');
    expect(fetch).toHaveBeenCalledWith(
      '/api/billing/checkout',
      expect.objectContaining({ method: 'POST', body: '{"plan":"yearly"}' }),
    );
  });

  it("passes the API's error on as an ApiRequestError", async () => {
    vi.stubGlobal('fetch', async () =>
      json(409, { error: 'Already subscribed.', code: 'ALREADY_SUBSCRIBED' }),
    );
    const failure = requestCheckoutUrl('monthly');
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toMatchObject({ status: 409, message: 'Already subscribed.' });
  });

  it('gives up after 15 seconds without an answer, not before', async () => {
    vi.stubGlobal('fetch', vi.fn(silentFetch));
    const outcome = requestCheckoutUrl('monthly').then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(CHECKOUT_TIMEOUT_MS - 1);
    const early = await Promise.race([outcome, Promise.resolve('still waiting')]);
    expect(early).toBe('still waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(CheckoutTimeoutError);
  });

  it('stops its timer once the answer is in', async () => {
    vi.stubGlobal('fetch', async () => json(200, { url: 'https://checkout.example/s/2' }));
    await requestCheckoutUrl('monthly');
    expect(vi.getTimerCount()).toBe(0);
  });
});

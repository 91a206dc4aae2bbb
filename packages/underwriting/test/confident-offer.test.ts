import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { confidentOffer } from '../src/confident-offer.js';
import { atPrice } from '../src/drivers.js';
import { type DealInput, defaultSpreads, maxOffer, simulate } from '../src/index.js';

const austin: DealInput = JSON.parse(
  readFileSync(new URL('../../../examples/austin-sfr.json', import.meta.url), 'utf8'),
);
const targets = { cash_on_cash: 0.08, dscr: 1.25 };

describe('confidentOffer', () => {
  it('with every assumption exact, is the max offer: every outcome is the point one', () => {
    // maxOffer's worked example: $196,052, the last dollar where cash-on-cash is still 8 %
    expect(maxOffer(austin, targets).purchase_price).toBe(196_052);
    expect(confidentOffer(austin, {}, targets, { step: 1, draws: 10 })).toEqual({
      purchase_price: 196_052,
      share_holding: 1,
    });
  });

  it('with the default spreads, offers less, and the targets hold in 9 of 10 outcomes there but not $100 higher', () => {
    const spreads = defaultSpreads(austin);
    const offer = confidentOffer(austin, spreads, targets);
    const price = offer.purchase_price ?? Number.NaN;
    expect(price).toBeLessThan(196_052);
    expect(price % 100).toBe(0);
    const shareAt = (p: number) => {
      const moved = atPrice(austin, p);
      const scaled = {
        ...spreads,
        insurance: {
          low: (spreads.insurance?.low ?? 0) * (p / austin.purchase_price),
          high: (spreads.insurance?.high ?? 0) * (p / austin.purchase_price),
        },
        property_taxes: {
          low: (spreads.property_taxes?.low ?? 0) * (p / austin.purchase_price),
          high: (spreads.property_taxes?.high ?? 0) * (p / austin.purchase_price),
        },
      };
      return simulate(moved, scaled, { draws: 1_000, seed: 1, targets }).probabilities.targets_hold ?? 0;
    };
    expect(offer.share_holding).toBe(shareAt(price));
    expect(shareAt(price)).toBeGreaterThanOrEqual(0.9);
    expect(shareAt(price + 100)).toBeLessThan(0.9);
  });

  it('asks less for surer targets: 19 in 20 offers no more than 9 in 10, which offers no more than 1 in 2', () => {
    const spreads = defaultSpreads(austin);
    const at = (share: number) => confidentOffer(austin, spreads, targets, { share }).purchase_price ?? 0;
    const [half, nine, most] = [at(0.5), at(0.9), at(0.95)];
    expect(most).toBeLessThanOrEqual(nine);
    expect(nine).toBeLessThanOrEqual(half);
    expect(half).toBeGreaterThan(nine); // a real spread separates them
  });

  it('is null when no price from $10,000 holds, and refuses a share outside (0, 1]', () => {
    // $100 a month of rent cannot pay the fixed costs at any price
    const hopeless = { ...austin, rent: 100 };
    expect(confidentOffer(hopeless, defaultSpreads(hopeless), targets)).toEqual({
      purchase_price: null,
      share_holding: null,
    });
    expect(() => confidentOffer(austin, {}, targets, { share: 1.5 })).toThrow('share: must be a fraction');
  });
});

/**
 * Seeded randomness for the simulation (issue 27): a small PRNG and the standard normal's CDF and
 * quantile. Everything is deterministic: the generator uses only 32-bit integer operations (`| 0`,
 * `>>>`, `Math.imul`), which JavaScript specifies exactly, and the normal functions use only `+ − × ÷`,
 * `Math.sqrt` (exactly rounded by IEEE 754) and `Math.exp`/`Math.log`, which V8 computes with the
 * same fdlibm port in Node and in Chromium, so a seed gives bit-identical draws in both.
 */

/**
 * FNV-1a hash of a string to an unsigned 32-bit integer: a key's name becomes part of its seed.
 *
 * Formula: h = 2166136261; for each UTF-16 unit c: h = (h XOR c) × 16777619 mod 2³².
 *
 * @example
 * hashString('');  // 2166136261
 * hashString('a'); // 3826002220 (0xe40c292c, FNV-1a's published value for "a")
 */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * One step of splitmix32 (a 32-bit finaliser of Stafford's mix): spreads a seed so that seeds 1, 2,
 * 3 … start unrelated streams.
 *
 * @example
 * mix32(0) !== mix32(1); // true, and both are unsigned 32-bit integers
 */
export function mix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** A stream of uniform numbers in (0, 1). */
export interface Uniform {
  /** the next number, strictly between 0 and 1: (k + 0.5) / 2³² for a 32-bit k */
  next(): number;
}

/**
 * Chris Doty-Humphrey's sfc32 ("small fast chaotic", PractRand-tested), seeded from the two words
 * `seed` and `stream` through splitmix32, with the first 12 outputs discarded. Its output k becomes
 * (k + 0.5) / 2³², never 0 or 1, so the normal quantile of every draw is finite.
 *
 * @example
 * const a = sfc32(42, hashString('rent'));
 * const b = sfc32(42, hashString('rent'));
 * a.next() === b.next(); // true: same seed and stream, same numbers
 */
export function sfc32(seed: number, stream: number): Uniform {
  let a = mix32(seed >>> 0);
  let b = mix32(a ^ (stream >>> 0));
  let c = mix32(b ^ 0x6a09e667);
  let d = 1;
  const step = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) step();
  return { next: () => (step() + 0.5) / 4_294_967_296 };
}

/**
 * The standard normal CDF Φ(x), by Hart's double-precision rational approximation (1968) in the
 * form given by Graeme West, "Better approximations to cumulative normal functions" (2005):
 * absolute error below 1e-14. Φ(x) = 1 − Φ(−x).
 *
 * @example
 * normalCdf(0);  // 0.5
 * normalCdf(-1); // 0.15865525393145… (to 1e-14)
 */
export function normalCdf(x: number): number {
  const z = Math.abs(x);
  let tail: number;
  if (z > 37) {
    tail = 0;
  } else {
    const e = Math.exp((-z * z) / 2);
    if (z < 7.07106781186547) {
      let n = 3.52624965998911e-2 * z + 0.700383064443688;
      n = n * z + 6.37396220353165;
      n = n * z + 33.912866078383;
      n = n * z + 112.079291497871;
      n = n * z + 221.213596169931;
      n = n * z + 220.206867912376;
      let d = 8.83883476483184e-2 * z + 1.75566716318264;
      d = d * z + 16.064177579207;
      d = d * z + 86.7807322029461;
      d = d * z + 296.564248779674;
      d = d * z + 637.333633378831;
      d = d * z + 793.826512519948;
      d = d * z + 440.413735824752;
      tail = (e * n) / d;
    } else {
      let d = z + 0.65;
      d = z + 4 / d;
      d = z + 3 / d;
      d = z + 2 / d;
      d = z + 1 / d;
      tail = e / d / 2.506628274631;
    }
  }
  return x > 0 ? 1 - tail : tail;
}

// Acklam's coefficients, as plain constants so the quantile reads no array
const a0 = -39.69683028665376;
const a1 = 220.9460984245205;
const a2 = -275.9285104469687;
const a3 = 138.357751867269;
const a4 = -30.66479806614716;
const a5 = 2.506628277459239;
const b0 = -54.47609879822406;
const b1 = 161.5858368580409;
const b2 = -155.6989798598866;
const b3 = 66.80131188771972;
const b4 = -13.28068155288572;
const c0 = -0.007784894002430293;
const c1 = -0.3223964580411365;
const c2 = -2.400758277161838;
const c3 = -2.549732539343734;
const c4 = 4.374664141464968;
const c5 = 2.938163982698783;
const d0 = 0.007784695709041462;
const d1 = 0.3224671290700398;
const d2 = 2.445134137142996;
const d3 = 3.754408661907416;
const P_LOW = 0.02425;

/**
 * The standard normal quantile Φ⁻¹(p) for p in (0, 1), by Peter Acklam's rational approximation
 * (relative error below 1.15e-9): a rational function of q = p − 0.5 in the centre
 * (0.02425 ≤ p ≤ 0.97575), of √(−2 ln p) in the tails. Odd about p = 0.5: Φ⁻¹(0.5) = 0 exactly.
 *
 * @example
 * normalQuantile(0.5); // 0
 * normalQuantile(0.9); // 1.2815515… (1.2815515655446004 to 1e-9)
 * normalQuantile(0.1); // −1.2815515…
 */
export function normalQuantile(p: number): number {
  if (p < P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) /
      ((((d0 * q + d1) * q + d2) * q + d3) * q + 1)
    );
  }
  if (p > 1 - P_LOW) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -(
      (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) /
      ((((d0 * q + d1) * q + d2) * q + d3) * q + 1)
    );
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}

/** Φ⁻¹(0.9): a P10–P90 band is the median ± this many standard deviations. */
export const Z90 = 1.2815515655446004;

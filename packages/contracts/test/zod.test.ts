import { describe, expect, it } from 'vitest';
import { okResponseSchema, sessionUserSchema } from '../src/index.js';
import { z } from '../src/zod.js';

describe('zod/mini as the contracts configure it', () => {
  it("words a failure in English, as the API's classic zod does", () => {
    const result = okResponseSchema.safeParse({ ok: true, message: 5 });
    expect(result.error?.issues[0]?.message).toBe('Invalid input: expected string, received number');
    const user = sessionUserSchema.safeParse({});
    expect(user.error?.issues[0]?.message).toBe('Invalid input: expected string, received undefined');
  });

  it('gives every schema the memoizer classic zod turns on', () => {
    expect(z.core.globalConfig.memoizer).toBe(z.memoizer());
  });
});

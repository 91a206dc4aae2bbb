/**
 * zod for every contract: its functional build (`zod/mini`, a third of the classic build's size in
 * the browser's first JavaScript), configured as classic zod configures itself: English messages,
 * so both sides word a failure alike, and the memoizer that guards a parse against cyclic input.
 * Set before any schema is built, since a schema takes the memoizer when it is constructed.
 */
import { z } from 'zod/mini';

z.config({ ...z.locales.en(), memoizer: z.memoizer() });

export { z };

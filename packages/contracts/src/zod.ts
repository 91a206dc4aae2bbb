/**
 * zod for every contract: its functional build (`zod/mini`, a third of the classic build's size in
 * the browser's first JavaScript), with English messages, as the API's classic zod has by default,
 * so both sides word a failure alike.
 */
import { z } from 'zod/mini';

z.config(z.locales.en());

export { z };

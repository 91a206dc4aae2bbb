/**
 * What every free-text field refuses: the NUL character (Postgres text cannot hold it, so it would
 * reach the database only to fail there) and lone UTF-16 surrogates (half a character: not valid
 * Unicode, they cannot be stored or sent on as UTF-8). The API and the web's forms both use these
 * schemas, so both refuse the same input with the same message naming the field.
 */
import { z } from './zod.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is searched for
const NUL = /\u0000/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` holds a NUL or a lone surrogate. */
export function hasForbiddenCharacters(text: string): boolean {
  return NUL.test(text) || LONE_SURROGATE.test(text);
}

/** `${label} contains characters that are not allowed` */
export const forbiddenCharactersMessage = (label: string) =>
  `${label} contains characters that are not allowed`;

/** A string without NUL or lone surrogates; the message names the field. */
export function cleanString(label: string, error?: Parameters<typeof z.string>[0]) {
  return z.string(error).check(
    z.refine((text) => !hasForbiddenCharacters(text), {
      error: forbiddenCharactersMessage(label),
      abort: true,
    }),
  );
}

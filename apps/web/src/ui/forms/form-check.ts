/**
 * The pure half of every form (product spec §5): a form's text checked with the contracts' schema
 * the API uses, one message per field; the API's own field messages read back from its error; and
 * focusing the first field that has one. Used by useSchemaForm, unit-tested on their own.
 */
import { fieldErrors } from '@sfr/contracts';
import type { z } from 'zod/mini';
import { ApiRequestError } from '../../lib/api';

/** One message per invalid field, keyed by its input's `name` (the request body's field). */
export type FieldErrors = Readonly<Record<string, string>>;

/** A form read into its request body, or what is wrong with it. */
export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/**
 * `input` checked with `schema`: its parsed value, or the schema's message for each field, plus
 * `extra` messages for rules the schema leaves to the server (e.g. the password's minimum); the
 * schema's message wins where both speak of one field.
 */
export function checkWithSchema<S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
  extra: FieldErrors = {},
): Validated<z.output<S>> {
  const parsed = schema.safeParse(input);
  const errors = { ...extra, ...(parsed.success ? {} : fieldErrors(parsed.error)) };
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, value: parsed.data };
  return { ok: false, errors };
}

/** The field messages the API sent with its error, if any. */
export function apiFieldErrors(error: unknown): FieldErrors {
  return error instanceof ApiRequestError ? error.fields : {};
}

/** `errors` without the messages of `fields` (fields the user has just edited). */
export function withoutFields(errors: FieldErrors, fields: readonly string[]): FieldErrors {
  if (!fields.some((field) => field in errors)) return errors;
  const rest = { ...errors };
  for (const field of fields) delete rest[field];
  return rest;
}

/**
 * Moves focus to the first control, in form order, whose name has an error: where the user has to
 * act. In a radio group, the checked radio.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors): void {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    if (!name || !errors[name] || !(element instanceof HTMLElement)) continue;
    const checked =
      element instanceof HTMLInputElement && element.type === 'radio'
        ? form.querySelector<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(name)}"]:checked`)
        : null;
    (checked ?? element).focus();
    return;
  }
}

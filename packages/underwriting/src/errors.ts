/**
 * Thrown for any input outside the model's bounds. `field` names the input and `rule` states what
 * it must be, so callers (the CLI, the API) can tell the user exactly what to fix.
 */
export class UnderwritingInputError extends Error {
  override readonly name = 'UnderwritingInputError';

  constructor(
    readonly field: string,
    readonly rule: string,
  ) {
    super(`${field}: ${rule}`);
  }
}

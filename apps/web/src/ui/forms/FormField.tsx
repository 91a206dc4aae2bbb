/**
 * A labelled form control with its hint and error tied to it (aria-describedby, aria-invalid), so
 * screen readers read the error with the field. The shared UI contract: every field has a visible label.
 */
import { type InputHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

interface Described {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string | undefined;
}

interface Ids {
  hintId: string;
  errorId: string;
}

function useDescribedIds(name: string, id: string | undefined, hint?: string, error?: string) {
  const generated = useId();
  const controlId = id ?? `${name}-${generated}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

function FieldMessages({ hint, hintId, error, errorId }: Pick<Described, 'hint' | 'error'> & Ids) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function TextField({
  label,
  name,
  error,
  hint,
  id,
  ...input
}: Described & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const { controlId, hintId, errorId, describedBy } = useDescribedIds(name, id, hint, error);
  return (
    <div className="field">
      <label htmlFor={controlId}>{label}</label>
      <input
        id={controlId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export function TextAreaField({
  label,
  name,
  error,
  hint,
  id,
  ...textarea
}: Described & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  const { controlId, hintId, errorId, describedBy } = useDescribedIds(name, id, hint, error);
  return (
    <div className="field">
      <label htmlFor={controlId}>{label}</label>
      <textarea
        id={controlId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textarea}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/**
 * One way to do forms (the account, feedback and analyzer forms): the values as their inputs hold
 * them (text), checked on submit by a `validate` built on the contracts' schemas (checkWithSchema),
 * each message shown under its field and the first invalid field focused once the messages are
 * drawn; an edited field's message goes, the others stay until the next submit; the API's own field
 * messages are shown the same way (showErrors). A small hook rather than a form library: the
 * schemas already do the checking, and the analyzer's first JavaScript has no room for one.
 */
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { type FieldErrors, focusFirstInvalid, type Validated, withoutFields } from './form-check';

export interface SchemaFormOptions<Values extends Record<string, string>, Output> {
  initialValues: Values;
  /** reads the text into the request body and checks it, e.g. with checkWithSchema */
  validate: (values: Values) => Validated<Output>;
}

/** What a labelled field needs from the form (TextField and TextAreaField take it as props). */
export interface FieldBinding {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

export interface SubmitOptions {
  /** the form was not sent: `errors` are on screen (e.g. to add the spec's toast) */
  onInvalid?: (errors: FieldErrors) => void;
}

export function useSchemaForm<Values extends Record<string, string>, Output>({
  initialValues,
  validate,
}: SchemaFormOptions<Values, Output>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  // errors whose first field takes the focus after the render that draws them (so a screen reader
  // reads the message with the field)
  const focusPending = useRef<FieldErrors | null>(null);

  useEffect(() => {
    if (!focusPending.current) return;
    focusFirstInvalid(formRef.current, focusPending.current);
    focusPending.current = null;
  });

  /** Shows `found` under their fields (the form's own or the API's) and focuses the first. */
  function showErrors(found: FieldErrors) {
    setErrors(found);
    if (Object.keys(found).length > 0) focusPending.current = found;
  }

  function setField(name: keyof Values & string, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => withoutFields(current, [name]));
  }

  /** Several fields at once (e.g. an address suggestion); the changed ones lose their messages. */
  function update(change: (current: Values) => Values) {
    const next = change(values);
    const changed = Object.keys(next).filter((name) => next[name] !== values[name]);
    setValues(next);
    setErrors((current) => withoutFields(current, changed));
  }

  function reset(next: Values = initialValues) {
    setValues(next);
    setErrors({});
  }

  /** An onSubmit that checks the form, then shows what is wrong, or clears the errors and sends. */
  function handleSubmit(send: (value: Output) => void, { onInvalid }: SubmitOptions = {}) {
    return (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      const checked = validate(values);
      if (!checked.ok) {
        showErrors(checked.errors);
        onInvalid?.(checked.errors);
        return;
      }
      setErrors({});
      send(checked.value);
    };
  }

  /** The props of the labelled field for `name`. */
  function field(name: keyof Values & string): FieldBinding {
    return {
      name,
      value: values[name] ?? '',
      error: errors[name],
      onChange: (event) => setField(name, event.target.value),
    };
  }

  return { formRef, values, errors, setField, update, reset, showErrors, handleSubmit, field };
}

export type SchemaForm<Values extends Record<string, string>, Output> = ReturnType<
  typeof useSchemaForm<Values, Output>
>;

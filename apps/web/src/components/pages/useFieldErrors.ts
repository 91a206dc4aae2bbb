/**
 * A form's field errors and the submit that checks them. Errors show under their fields and the
 * first one, in form order, takes the focus: where the user has to act. Shared by the account and
 * feedback forms.
 */
import { type FormEvent, useCallback, useRef, useState } from 'react';
import type { FieldErrors, Validated } from '../account/auth-form';
import { focusFirstInvalid } from './FormField';

export function useFieldErrors() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const showErrors = useCallback((found: FieldErrors) => {
    setErrors(found);
    focusFirstInvalid(formRef.current, found);
  }, []);

  /** An onSubmit that checks the form, then shows what is wrong, or clears the errors and sends. */
  function submitChecked<T>(check: () => Validated<T>, send: (value: T) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const checked = check();
      if (!checked.ok) {
        showErrors(checked.errors);
        return;
      }
      setErrors({});
      send(checked.value);
    };
  }

  return { formRef, errors, showErrors, submitChecked };
}

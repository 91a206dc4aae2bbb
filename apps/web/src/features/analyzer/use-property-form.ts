/**
 * The analyzer form's state, the shared way (useSchemaForm): its text checked with
 * propertyInputSchema, the API's own field messages shown with showErrors, and an address
 * suggestion filling the address fields. PropertyForm draws it:
 *
 *   const form = usePropertyForm(start?.values);
 *   <PropertyForm ref={form.formRef} values={form.values} errors={form.errors} onChange={form.setField}
 *     onChooseSuggestion={form.chooseSuggestion} onSubmit={form.handleSubmit(analyse)} … />
 */
import { type AddressSuggestion, stateCodeOf } from '@sfr/contracts';
import { useSchemaForm } from '../../ui/forms/use-schema-form';
import {
  applySuggestion,
  EMPTY_PROPERTY_FORM,
  type PropertyFormValues,
  pickPropertyErrors,
  validatePropertyForm,
} from './property-form';

export function usePropertyForm(initialValues: PropertyFormValues = EMPTY_PROPERTY_FORM) {
  const form = useSchemaForm({ initialValues, validate: validatePropertyForm });
  return {
    ...form,
    /** The API refused the analysis naming fields (its `fields`): their messages, under them. */
    showApiErrors: (fields: Readonly<Record<string, string>>) => form.showErrors(pickPropertyErrors(fields)),
    /** A state's name typed or autofilled in State Code becomes its code ("Texas": "TX"). */
    setField: (name: keyof PropertyFormValues & string, value: string) =>
      form.setField(name, name === 'state_code' ? stateCodeOf(value) : value),
    chooseSuggestion: (suggestion: AddressSuggestion) =>
      form.update((values) => applySuggestion(values, suggestion)),
  };
}

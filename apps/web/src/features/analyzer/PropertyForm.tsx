/**
 * The analyzer form (product spec §2, §5): the address with suggestions, rooms, price and house
 * type. The browser's own validation bubbles are off (noValidate) so every rule speaks with the
 * schema's sentence beside its field; the attributes stay for assistive technology. On a 2–4 unit
 * house the rooms say they are per unit. Its state is usePropertyForm's (use-property-form.ts):
 * pass that form's values, errors, setField, chooseSuggestion, handleSubmit(…) and formRef.
 */

import type { AddressSuggestion } from '@sfr/contracts';
import { HOUSE_TYPES, PROPERTY_FIELD_LABELS, PROPERTY_LIMITS } from '@sfr/contracts';
import type { FormEvent, InputHTMLAttributes, ReactNode, Ref } from 'react';
import { SubmitButton } from '../../ui/forms/SubmitButton';
import { UI_TEXT } from '../../ui/text';
import { AddressCombobox } from './AddressCombobox';
import {
  OPTIONAL_FIELDS,
  PER_UNIT_FIELDS,
  type PropertyField,
  type PropertyFormErrors,
  type PropertyFormValues,
  perUnitHint,
} from './property-form';
import './PropertyForm.css';

interface PropertyFormProps {
  values: PropertyFormValues;
  errors: PropertyFormErrors;
  pending: boolean;
  onChange: (field: PropertyField, value: string) => void;
  onChooseSuggestion: (suggestion: AddressSuggestion) => void;
  onSubmit: () => void;
  /** a line under the button, e.g. the free searches left */
  note?: string | undefined;
  /** the form element, for focusing the first invalid field (usePropertyForm's formRef) */
  ref?: Ref<HTMLFormElement> | undefined;
  /** under the rooms: filling them from a live property record, when the server offers it */
  recordFill?: ReactNode;
}

export function propertyFieldId(field: PropertyField): string {
  return `property-${field}`;
}

const errorId = (field: PropertyField) => `${propertyFieldId(field)}-error`;
const hintId = (field: PropertyField) => `${propertyFieldId(field)}-hint`;

export function PropertyForm({
  values,
  errors,
  pending,
  onChange,
  onChooseSuggestion,
  onSubmit,
  note,
  ref,
  recordFill,
}: PropertyFormProps) {
  const unitHint = perUnitHint(values.factor);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!pending) onSubmit();
  }

  function field(name: PropertyField, attributes: InputHTMLAttributes<HTMLInputElement>) {
    const error = errors[name];
    const hint = PER_UNIT_FIELDS.includes(name) ? unitHint : undefined;
    const describedBy = [hint ? hintId(name) : null, error ? errorId(name) : null].filter(Boolean).join(' ');
    return (
      <div className={`field field-${name}`}>
        <label htmlFor={propertyFieldId(name)}>{PROPERTY_FIELD_LABELS[name]}</label>
        <input
          id={propertyFieldId(name)}
          name={name}
          required={!OPTIONAL_FIELDS.includes(name)}
          value={values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onChange(name, event.target.value)}
          {...attributes}
        />
        {hint ? (
          <span id={hintId(name)} className="field-hint">
            {hint}
          </span>
        ) : null}
        {OPTIONAL_FIELDS.includes(name) ? <span className="field-hint">Optional</span> : null}
        <FieldError field={name} message={error} />
      </div>
    );
  }

  const streetError = errors.street;
  return (
    <form
      ref={ref}
      className="property-form"
      aria-labelledby="analyzer-title"
      noValidate
      onSubmit={submit}
      // in the pre-rendered page (prerender.tsx) the form waits for the app: what is typed before
      // the JavaScript arrives would be lost when the app replaces the page
      inert={typeof document === 'undefined' ? true : undefined}
    >
      <div className="field field-street">
        <label htmlFor={propertyFieldId('street')}>{PROPERTY_FIELD_LABELS.street}</label>
        <AddressCombobox
          id={propertyFieldId('street')}
          value={values.street}
          onChange={(text) => onChange('street', text)}
          onChoose={onChooseSuggestion}
          invalid={Boolean(streetError)}
          describedBy={streetError ? errorId('street') : undefined}
        />
        <FieldError field="street" message={streetError} />
      </div>
      {field('city', { type: 'text', autoComplete: 'address-level2' })}
      {field('zipcode', { type: 'text', inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 10 })}
      {field('state_code', {
        type: 'text',
        // no maxLength: autofill's "Texas" must arrive whole to become "TX" (state-names.ts)
        autoComplete: 'address-level1',
        className: 'uppercase',
      })}
      {field('county_name', { type: 'text' })}
      {field('num_bedrooms', { type: 'number', inputMode: 'numeric', ...limits('num_bedrooms') })}
      {field('num_bathrooms', { type: 'number', inputMode: 'decimal', ...limits('num_bathrooms') })}
      {field('purchase_price', {
        type: 'number',
        inputMode: 'decimal',
        min: PROPERTY_LIMITS.purchase_price.min,
        step: 'any',
      })}
      {field('square_feet', {
        type: 'number',
        inputMode: 'numeric',
        ...PROPERTY_LIMITS.square_feet,
        step: 1,
      })}
      {field('year_built', { type: 'number', inputMode: 'numeric', ...PROPERTY_LIMITS.year_built, step: 1 })}
      {recordFill ? <div className="property-form-record">{recordFill}</div> : null}

      <fieldset
        className="house-type"
        aria-invalid={errors.factor ? true : undefined}
        aria-describedby={errors.factor ? errorId('factor') : undefined}
      >
        <legend>{PROPERTY_FIELD_LABELS.factor}</legend>
        <div className="house-type-options">
          {Object.entries(HOUSE_TYPES).map(([factor, name]) => (
            <label key={factor} className="radio">
              <input
                type="radio"
                name="factor"
                value={factor}
                checked={values.factor === factor}
                onChange={() => onChange('factor', factor)}
              />
              {name}
            </label>
          ))}
        </div>
        <FieldError field="factor" message={errors.factor} />
      </fieldset>

      <div className="property-form-submit">
        <SubmitButton busy={pending}>{UI_TEXT.analyzeProperty}</SubmitButton>
        {note ? <p className="property-form-note">{note}</p> : null}
      </div>
    </form>
  );
}

function limits(name: 'num_bedrooms' | 'num_bathrooms') {
  const { min, max, step } = PROPERTY_LIMITS[name];
  return { min, max, step };
}

function FieldError({ field, message }: { field: PropertyField; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={errorId(field)} className="field-error">
      {message}
    </span>
  );
}

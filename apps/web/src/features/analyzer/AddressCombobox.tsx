/**
 * The Street input with address suggestions: an ARIA 1.2 combobox (list autocomplete). Typing asks
 * the API for suggestions after ADDRESS_DEBOUNCE_MS; arrow keys move through them, Enter chooses,
 * Escape closes; choosing fills the address fields (the parent decides how).
 */

import type { AddressSuggestion } from '@sfr/contracts';
import { ADDRESS_DEBOUNCE_MS } from '@sfr/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { addressSuggestionsQuery } from './queries';

/** Fewer characters than this match too much to be useful. */
const MIN_QUERY_LENGTH = 3;

interface AddressComboboxProps {
  id: string;
  value: string;
  onChange: (text: string) => void;
  onChoose: (suggestion: AddressSuggestion) => void;
  invalid: boolean;
  describedBy: string | undefined;
}

export function AddressCombobox({
  id,
  value,
  onChange,
  onChoose,
  invalid,
  describedBy,
}: AddressComboboxProps) {
  const listboxId = useId();
  // open only while the user is typing here: a prefilled or chosen street asks for nothing
  const [typing, setTyping] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(typing ? value.trim() : '', ADDRESS_DEBOUNCE_MS);
  const suggestions = useQuery({
    ...addressSuggestionsQuery(query),
    enabled: typing && query.length >= MIN_QUERY_LENGTH,
    placeholderData: keepPreviousData,
  });
  const options = typing && query.length >= MIN_QUERY_LENGTH ? (suggestions.data ?? []) : [];
  const expanded = options.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  function close() {
    setTyping(false);
    setActive(-1);
  }

  function choose(suggestion: AddressSuggestion) {
    close();
    onChoose(suggestion);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        if (!expanded) return;
        event.preventDefault();
        setActive((index) => (index + 1) % options.length);
        return;
      case 'ArrowUp':
        if (!expanded) return;
        event.preventDefault();
        setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
        return;
      case 'Enter': {
        const option = options[active];
        if (!expanded || !option) return;
        // choosing a suggestion must not submit the form
        event.preventDefault();
        choose(option);
        return;
      }
      case 'Escape':
        if (!expanded) return;
        event.preventDefault();
        close();
        return;
    }
  }

  return (
    <div className="combobox">
      <input
        id={id}
        name="street"
        type="text"
        role="combobox"
        autoComplete="off"
        required
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={value}
        onChange={(event) => {
          setTyping(true);
          setActive(-1);
          onChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <div
        id={listboxId}
        role="listbox"
        aria-label="Address suggestions"
        className="combobox-list"
        hidden={!expanded}
      >
        {options.map((option, index) => (
          // The options stay unfocusable on purpose: focus stays in the input, which points at the
          // active option with aria-activedescendant and handles the keys (ARIA combobox pattern).
          // biome-ignore lint/a11y/useFocusableInteractive: see above
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above
          <div
            key={`${option.label}-${option.zipcode}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="combobox-option"
            // keep the focus in the input, so blur does not close the list before the click lands
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            onMouseEnter={() => setActive(index)}
          >
            {option.label}
          </div>
        ))}
      </div>
      <span className="visually-hidden" role="status">
        {expanded ? `${options.length} address suggestion${options.length === 1 ? '' : 's'} available` : ''}
      </span>
    </div>
  );
}

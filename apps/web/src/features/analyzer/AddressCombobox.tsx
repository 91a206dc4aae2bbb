/**
 * The Street input with address suggestions: an ARIA 1.2 combobox (list autocomplete). Typing asks
 * the API for suggestions after ADDRESS_DEBOUNCE_MS; arrow keys move through them, Enter chooses,
 * Escape closes and ArrowDown opens them again; choosing fills the address fields (the parent
 * decides how) and says which address it chose.
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
  // Escape hides the suggestions without forgetting them: ArrowDown shows them again
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  // the suggestion just chosen, said in the status line (the fields it filled change silently)
  const [chosen, setChosen] = useState<string | null>(null);
  const query = useDebouncedValue(typing ? value.trim() : '', ADDRESS_DEBOUNCE_MS);
  const suggestions = useQuery({
    ...addressSuggestionsQuery(query),
    enabled: typing && query.length >= MIN_QUERY_LENGTH,
    placeholderData: keepPreviousData,
  });
  const options = typing && query.length >= MIN_QUERY_LENGTH ? (suggestions.data ?? []) : [];
  const expanded = options.length > 0 && !dismissed;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  function close() {
    setTyping(false);
    setDismissed(false);
    setActive(-1);
  }

  function choose(suggestion: AddressSuggestion) {
    close();
    setChosen(suggestion.label);
    onChoose(suggestion);
  }

  /** ArrowDown or Alt+ArrowDown on a closed list: the suggestions for what is typed, again. */
  function reopen() {
    if (value.trim().length < MIN_QUERY_LENGTH) return false;
    setTyping(true);
    setDismissed(false);
    setActive(options.length > 0 ? 0 : -1);
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        if (!expanded) {
          if (reopen()) event.preventDefault();
          return;
        }
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
        setDismissed(true);
        setActive(-1);
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
          setDismissed(false);
          setActive(-1);
          setChosen(null);
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
        {expanded
          ? `${options.length} address suggestion${options.length === 1 ? '' : 's'} available`
          : chosen
            ? `Address filled in: ${chosen}`
            : ''}
      </span>
    </div>
  );
}

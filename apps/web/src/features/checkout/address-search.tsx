/**
 * A typed address with place suggestions (storefront.md section 4): after 500 ms without typing, the
 * places the geocoder finds appear in a list under the input (an ARIA 1.2 combobox: arrows move, Enter
 * picks, Escape closes). When nothing answers, the input stays a plain typed address.
 */
import {
  ADDRESS_SEARCH_DEBOUNCE_MS,
  ADDRESS_SEARCH_MIN_LENGTH,
  type GeocodedAddress,
} from '@comanda/core/contract';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { IconMapPin } from '../../ui/icons.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { addressQueries, type GeocodePlace, streetLineOf } from './address-queries.ts';
import './address-search.css';

export interface AddressSearchProps {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (text: string) => void;
  /** The diner chose a suggestion; the screen puts its street line (streetLineOf) in the input. */
  onPick: (place: GeocodedAddress) => void;
  place: GeocodePlace;
  placeholder?: string;
  required?: boolean;
  /** Said under the input when a search finds nothing (the fallback the screen offers). */
  noMatchHint?: string;
  /** A failing check's message: the input is marked invalid and says why under it. */
  error?: string;
}

export function AddressSearch({
  id,
  label,
  value,
  onChange,
  onPick,
  place,
  placeholder,
  required = false,
  noMatchHint,
  error,
}: AddressSearchProps) {
  const listId = useId();
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  // the text of the place just picked is not searched again
  const [pickedText, setPickedText] = useState<string | null>(null);
  const typed = value.trim().replace(/\s+/g, ' ');
  const debounced = useDebouncedValue(typed, ADDRESS_SEARCH_DEBOUNCE_MS);
  const searching = debounced.length >= ADDRESS_SEARCH_MIN_LENGTH && debounced !== pickedText;
  const suggestions = useQuery({ ...addressQueries.suggest(debounced, place), enabled: searching });
  const places = searching && suggestions.data ? suggestions.data : [];
  // a list answered for older text stays until the new one arrives, but not once the text is cleared
  const open = focused && !dismissed && places.length > 0 && typed.length >= ADDRESS_SEARCH_MIN_LENGTH;
  const settled = searching && debounced === typed && suggestions.isSuccess;

  function change(text: string) {
    onChange(text);
    setDismissed(false);
    setActive(-1);
  }

  function pick(found: GeocodedAddress) {
    onPick(found);
    setPickedText(streetLineOf(found));
    setDismissed(true);
    setActive(-1);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (places.length === 0) return;
      event.preventDefault();
      setDismissed(false);
      const last = places.length - 1;
      setActive((current) =>
        event.key === 'ArrowDown' ? (current >= last ? 0 : current + 1) : current <= 0 ? last : current - 1,
      );
      return;
    }
    if (event.key === 'Enter' && open) {
      // Enter takes the highlighted place, or the first one: the typed address, geocoded
      event.preventDefault();
      const chosen = places[active] ?? places[0];
      if (chosen) pick(chosen);
      return;
    }
    if (event.key === 'Escape' && open) {
      // closes the list only, not the dialog around it
      event.stopPropagation();
      setDismissed(true);
      setActive(-1);
    }
  }

  const activeId = open && active >= 0 ? `${listId}-${active}` : undefined;
  return (
    <div className="address-search">
      <label className="field-label" htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <div className="address-search__box">
        <input
          id={id}
          className="text-input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={value}
          onChange={(event) => change(event.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            setActive(-1);
          }}
          onKeyDown={handleKeyDown}
        />
        <div
          id={listId}
          className="address-search__list"
          role="listbox"
          aria-label="Direcciones sugeridas"
          hidden={!open}
        >
          {places.map((found, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input's arrows and Enter choose (aria-activedescendant)
            // biome-ignore lint/a11y/useFocusableInteractive: the focus stays in the input, as the combobox pattern asks
            <div
              key={`${found.fullAddress}-${found.lat}-${found.lng}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className="address-search__option"
              // the input keeps the focus: a press on the list must not close it before the click
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(found)}
            >
              <IconMapPin size={18} />
              <span>
                <strong>{streetLineOf(found)}</strong>
                <span className="address-search__area">{areaOf(found)}</span>
              </span>
            </div>
          ))}
        </div>
      </div>
      <p className="sr-only" role="status">
        {open
          ? `${places.length} ${places.length === 1 ? 'dirección sugerida' : 'direcciones sugeridas'}`
          : ''}
      </p>
      {error ? (
        <p id={`${id}-error`} className="checkout-error" role="alert">
          {error}
        </p>
      ) : null}
      {settled && places.length === 0 && noMatchHint && focused ? (
        <p className="checkout-hint">{noMatchHint}</p>
      ) : null}
    </div>
  );
}

/** What follows the street line: neighbourhood, city, province (without repeating the street). */
function areaOf(place: GeocodedAddress): string {
  const line = [place.street, place.number].filter(Boolean).join(' ');
  const rest = place.fullAddress.startsWith(line) ? place.fullAddress.slice(line.length) : place.fullAddress;
  return rest.replace(/^,\s*/, '') || [place.city, place.province].filter(Boolean).join(', ');
}

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { LOCATION_QUERY_MAX, LOCATION_QUERY_MIN } from '../../../common/location-limits';
import type { LocationCity } from '../../../common/schemas/locations';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { controlClasses } from '../../ui/field';
import { useLocationSearch } from './api';

/** How long typing pauses before the search is asked. */
export const SEARCH_DELAY_MS = 250;

/**
 * A chosen place: a listed city (its id), or with `cityId` 0 a city typed by hand that the
 * platform does not list ("Other City", document 2), kept by its name.
 */
export interface CityChoice {
  cityId: number;
  name: string;
  city?: LocationCity;
}

interface Option {
  id: string;
  choice: CityChoice;
  label: ReactNode;
}

/** The typed text after it has rested for `delayMs`. */
function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A type-ahead for a city (the ARIA 1.2 combobox with a list box): typing searches every name a
 * city has, accents optional, most populous first; arrow keys move through the places, Enter
 * takes one, Escape closes the list (and a second Escape empties the field). With `allowNew`,
 * a name that finds nothing is offered as a new city (id 0). Leaving the field without taking a
 * place shows the chosen one again; emptying it clears the choice.
 */
export function CityPicker({
  id,
  label,
  labelSuffix,
  hint,
  error,
  value,
  onChange,
  countryCode,
  allowNew = false,
  disabled = false,
  limit,
}: {
  id?: string;
  label: ReactNode;
  labelSuffix?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  value: CityChoice | null;
  onChange: (choice: CityChoice | null) => void;
  /** Only cities of this country (ISO code). */
  countryCode?: string | null;
  allowNew?: boolean;
  disabled?: boolean;
  limit?: number;
}) {
  const { t } = useTranslation('locations');
  const generated = useId();
  const fieldId = id ?? generated;
  const listId = `${fieldId}-list`;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const statusId = `${fieldId}-status`;
  // What the user types; while they are not typing the field shows the choice (also one made elsewhere).
  const [typed, setTyped] = useState<string | null>(null);
  const typing = typed !== null;
  const text = typed ?? value?.name ?? '';
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);

  const query = useSettled(text, SEARCH_DELAY_MS);
  const q = query.trim();
  const long = [...q].length >= LOCATION_QUERY_MIN;
  const search = useLocationSearch(open && long ? q : '', { countryCode, limit });
  const current = [...text.trim()].length >= LOCATION_QUERY_MIN && text.trim() === q;
  const results = long && search.data && !search.isPlaceholderData ? search.data.results : [];

  const options: Option[] = results.map((city) => ({
    id: `${fieldId}-city-${city.cityId}`,
    choice: { cityId: city.cityId, name: city.name, city },
    label: (
      <>
        <span className="font-semibold">{city.name}</span>
        {/* The comma keeps the option's name "Berlin, Germany", not the two words run together. */}
        <span className="text-sm text-ink-muted">, {city.countryName}</span>
      </>
    ),
  }));
  const found = current && search.isSuccess && !search.isPlaceholderData;
  if (allowNew && found && results.length === 0) {
    options.push({ id: `${fieldId}-new`, choice: { cityId: 0, name: q }, label: t('useTyped', { typed: q }) });
  }
  const expanded = open && options.length > 0;
  const activeOption = expanded && active >= 0 ? options[active] : undefined;

  const choose = (choice: CityChoice | null) => {
    setTyped(null);
    setOpen(false);
    setActive(-1);
    onChange(choice);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : options.length - 1) : (i + step + options.length) % options.length));
    } else if (event.key === 'Enter') {
      if (activeOption) {
        event.preventDefault();
        choose(activeOption.choice);
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        choose(null);
      }
    }
  };

  const onBlur = () => {
    setOpen(false);
    setActive(-1);
    if (!typing) return;
    setTyped(null);
    if (text.trim() === '' && value) onChange(null);
  };

  let status = '';
  if (open && current) {
    if (search.isFetching) status = t('searching');
    else if (found) status = results.length ? t('found', { count: results.length }) : t('nothingFound');
  } else if (open && typing && text.trim() && !long) status = t('typeMore', { min: LOCATION_QUERY_MIN });

  return (
    <div className="space-y-1.5">
      <label htmlFor={fieldId} className="block text-sm font-semibold">
        {label}
        {labelSuffix && <span className="ml-1 font-normal text-ink-muted">{labelSuffix}</span>}
      </label>
      <div className="relative">
        <input
          ref={input}
          id={fieldId}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          maxLength={LOCATION_QUERY_MAX}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeOption?.id}
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, hintId, statusId].filter(Boolean).join(' ')}
          placeholder={t('placeholder')}
          disabled={disabled}
          value={text}
          className={controlClasses(Boolean(error), 'min-h-11')}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={(e) => {
            setOpen(true);
            if (!typing && value) e.currentTarget.select();
          }}
          // A click would undo the focus's selection: the chosen name stays selected, so typing replaces it.
          onClick={(e) => {
            if (!typing && value) e.currentTarget.select();
          }}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={typeof label === 'string' ? label : undefined}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded border border-line-strong bg-surface py-1 shadow-lg"
        >
          {options.map((option, i) => (
            <li
              key={option.id}
              id={option.id}
              role="option"
              aria-selected={i === active}
              className={cn('flex min-h-11 cursor-pointer items-center px-3 py-2', i === active && 'bg-sunken outline-2 -outline-offset-2')}
              // Chosen before the field's blur, so a click is not lost to the list closing.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(option.choice);
              }}
              onMouseMove={() => setActive(i)}
            >
              <span className="min-w-0 break-words">{option.label}</span>
            </li>
          ))}
        </ul>
      </div>
      <p id={statusId} role="status" aria-live="polite" className="min-h-0 text-sm text-ink-muted empty:hidden">
        {status}
      </p>
      {open && search.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm font-semibold text-danger">
          <span>{t('failed')}</span>
          <Button
            size="sm"
            variant="secondary"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              void search.refetch();
              input.current?.focus();
            }}
          >
            {t('retry')}
          </Button>
        </div>
      )}
      {value?.cityId === 0 && !typing && <p className="text-sm text-ink-muted">{t('newCityChosen', { name: value.name })}</p>}
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-semibold text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

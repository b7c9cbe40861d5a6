import { useEffect, useState, type RefObject } from 'react';
import type { SearchResult } from '../../../common/schemas/search';
import { localizePath, useLanguage } from '../../i18n/language';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from '../../routing';
import { Avatar } from '../../ui/avatar';
import { searchable, useSuggestions } from './api/search';
import { Highlighted } from './highlighted';
import { searchHref } from './search-href';

/** What the input of the combobox shows about its list (aria-expanded, aria-activedescendant). */
export interface ComboboxState {
  open: boolean;
  active?: string;
}

const optionId = (listId: string, index: number) => `${listId}-${index}`;

/**
 * The header box's suggestions, loaded on first use (WAI-ARIA combobox with a listbox): the
 * first hits of every type and "All results" last. Arrow keys move through them, Enter opens
 * one (or the search page when none is chosen), Escape closes the list and then empties the box.
 * Focus stays in the input throughout.
 */
export default function Suggestions({
  q,
  setQ,
  input,
  listId,
  onState,
}: {
  q: string;
  setQ: (q: string) => void;
  input: RefObject<HTMLInputElement | null>;
  listId: string;
  onState: (state: ComboboxState) => void;
}) {
  const { t } = useTranslation('search');
  const lang = useLanguage();
  const navigate = useNavigate();
  const suggestions = useSuggestions(q);
  const results: SearchResult[] = searchable(q) ? (suggestions.data?.results ?? []) : [];
  // Every hit, then the search page for the whole query.
  const count = results.length + (searchable(q) ? 1 : 0);
  const [open, setOpen] = useState(true);
  const [active, setActive] = useState(-1);
  const [typed, setTyped] = useState(q);
  if (typed !== q) {
    // A new query shows its list again, with nothing chosen yet.
    setTyped(q);
    setOpen(true);
    setActive(-1);
  }
  const shown = open && searchable(q) && suggestions.data !== undefined;

  useEffect(() => {
    onState({ open: shown, ...(shown && active >= 0 ? { active: optionId(listId, active) } : {}) });
  }, [shown, active, listId, onState]);

  const go = (index: number) => {
    const target = results[index];
    const href = target ? target.url : searchHref(q);
    setOpen(false);
    if (target) setQ('');
    navigate(localizePath(href, lang));
  };

  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (!searchable(q) || count === 0) return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        setOpen(true);
        // From a closed list to its first (or last) option; past either end round to the other.
        setActive((current) => (!shown || current < 0 ? (down ? 0 : count - 1) : (current + (down ? 1 : count - 1)) % count));
      } else if (event.key === 'Enter' && shown && active >= 0) {
        event.preventDefault();
        go(active);
      } else if (event.key === 'Escape') {
        if (shown) setOpen(false);
        else setQ('');
        setActive(-1);
      }
    };
    const onBlur = () => {
      setOpen(false);
      setActive(-1);
    };
    element.addEventListener('keydown', onKey);
    element.addEventListener('blur', onBlur);
    return () => {
      element.removeEventListener('keydown', onKey);
      element.removeEventListener('blur', onBlur);
    };
  });

  return (
    <>
      <div role="status" className="sr-only">
        {shown ? (results.length ? t('suggestions.count', { count: results.length }) : t('suggestions.none')) : ''}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('suggestions.label')}
        hidden={!shown}
        className="absolute top-full right-0 z-30 mt-1 w-96 max-w-[calc(100vw-2rem)] overflow-hidden rounded border border-line bg-paper py-1 shadow-lg"
      >
        {results.map((result, index) => (
          <li
            key={`${result.type}:${result.id}`}
            id={optionId(listId, index)}
            role="option"
            aria-selected={index === active}
            // The input keeps the focus: a click picks without blurring it first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => go(index)}
            className="flex cursor-pointer items-center gap-3 px-3 py-2 aria-selected:bg-sunken hover:bg-sunken"
          >
            <Avatar src={result.imageUrl} name={result.title} size="sm" decorative />
            <span className="min-w-0">
              <span className="block truncate font-semibold text-ink">{result.title}</span>
              <span className="block truncate text-xs text-ink-muted">
                {t(`type.${result.type}`)}
                {result.snippet ? ' · ' : ''}
                <Highlighted text={result.snippet} ranges={result.highlights} />
              </span>
            </span>
          </li>
        ))}
        <li
          id={optionId(listId, results.length)}
          role="option"
          aria-selected={active === results.length}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => go(results.length)}
          className="cursor-pointer border-t border-line px-3 py-2 text-sm font-semibold text-ink aria-selected:bg-sunken hover:bg-sunken"
        >
          {t('suggestions.all', { query: q.trim() })}
        </li>
      </ul>
    </>
  );
}

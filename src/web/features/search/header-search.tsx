import { Search } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { buildPath } from '../../../common/routes';
import { localizePath, useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from '../../routing';
import type { ComboboxState } from './suggestions';

// The suggestions (their queries, keys and list) load when the box is first used: the header on
// every page carries only the form, which works without them and without any script.
const Suggestions = lazy(() => import('./suggestions'));

const INPUT_ID = 'site-search';
const LIST_ID = 'site-search-suggestions';

/**
 * The header's search: a combobox with suggestions on wide screens, a link to the search page
 * on narrow ones (the page has its own field).
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState('');
  const [used, setUsed] = useState(false);
  const [combo, setCombo] = useState<ComboboxState>({ open: false });
  const page = localizePath(buildPath('search'), lang);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (q.trim()) navigate(`${page}?${new URLSearchParams({ q: q.trim() }).toString()}`);
  };

  return (
    <div className="flex items-center">
      {/* On a phone the icon's 44 px target reaches into the gaps beside it: the product name keeps its one line. */}
      <LocalizedLink to={buildPath('search')} className="-mr-1.5 -ml-2 inline-flex size-11 items-center justify-center rounded text-ink 2xl:hidden" aria-label={t('siteSearch.open')}>
        <Search aria-hidden="true" className="size-5" />
      </LocalizedLink>
      <form role="search" aria-label={t('siteSearch.label')} action={page} method="get" onSubmit={submit} className="relative hidden 2xl:block">
        <label htmlFor={INPUT_ID} className="sr-only">
          {t('siteSearch.label')}
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" />
        <input
          ref={input}
          id={INPUT_ID}
          name="q"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={combo.open}
          aria-controls={LIST_ID}
          aria-activedescendant={combo.active}
          autoComplete="off"
          maxLength={100}
          value={q}
          placeholder={t('siteSearch.placeholder')}
          onFocus={() => setUsed(true)}
          onChange={(e) => {
            setQ(e.target.value);
            setUsed(true);
          }}
          className="min-h-11 w-52 rounded border border-line-strong bg-paper pr-3 pl-9 text-sm"
        />
        {used && (
          <Suspense fallback={null}>
            <Suggestions q={q} setQ={setQ} input={input} listId={LIST_ID} onState={setCombo} />
          </Suspense>
        )}
      </form>
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { buildPath } from '../../../common/routes';
import { SAVED_SEARCH_FREQUENCIES, SAVED_SEARCH_NAME_MAX, savedSearchCreateSchema, type SavedSearchFrequency, type SavedSearchKind } from '../../../common/schemas/saved-searches';
import { parseWithKeys } from '../../../common/schemas/parse';
import { useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { findCountry, useCountries } from '../../reference/api/get-countries';
import { useStyles } from '../../reference/api/get-styles';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { formatDay } from '../../ui/date-format';
import { Dialog } from '../../ui/dialog';
import { Select, TextField } from '../../ui/field';
import { useCreateSavedSearch } from './api';
import { describeFilters } from './describe';

interface SaveSearchDialogProps {
  kind: SavedSearchKind;
  filters: Record<string, string | undefined>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The set filters only: the list keeps unset ones as ''. */
const setFilters = (filters: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));

/** The name of the search, its frequency, and saving it; once saved, the way to the dashboard's list. */
export function SaveSearchDialog({ kind, filters, open, onOpenChange }: SaveSearchDialogProps) {
  const { t } = useTranslation(['savedSearches', 'errors']);
  const lang = useLanguage();
  const styles = useStyles();
  const countries = useCountries();
  const country = findCountry(countries.data, filters.country);
  const names = {
    style: styles.data?.find((s) => String(s.id) === filters.style)?.name,
    country: country?.name,
    city: country?.cities.find((c) => String(c.id) === filters.city)?.name,
  };
  const dated = { ...filters, from: filters.from ? formatDay(filters.from, lang) : '', to: filters.to ? formatDay(filters.to, lang) : '' };
  const suggested = describeFilters(t, kind, dated, names);
  const [name, setName] = useState<string | null>(null);
  const [frequency, setFrequency] = useState<SavedSearchFrequency>('daily');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSavedSearch();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { kind, filters: setFilters(filters), name: name ?? suggested, frequency };
    const parsed = parseWithKeys(savedSearchCreateSchema, input);
    if (!parsed.success) {
      setError(t(`errors:${parsed.error.issues[0]?.message ?? 'validation'}`, { max: SAVED_SEARCH_NAME_MAX }));
      return;
    }
    setError(null);
    create.mutate(input);
  };
  const failure = create.error instanceof ApiError ? create.error.message : create.error ? t('dialog.failed') : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('dialog.title')} description={t('dialog.intro')} closeLabel={t('dialog.close')}>
      {create.isSuccess ? (
        <div className="space-y-4">
          <Alert tone="success" title={t('dialog.savedTitle')}>
            {t('dialog.saved')}
          </Alert>
          <div className="flex flex-wrap justify-end gap-2">
            <LocalizedLink to={`${buildPath('dashboard')}#saved-searches`} className="self-center font-semibold">
              {t('dialog.manage')}
            </LocalizedLink>
            <Button variant="primary" onClick={() => onOpenChange(false)}>
              {t('dialog.close')}
            </Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-4">
          <TextField
            label={t('dialog.name')}
            value={name ?? suggested}
            maxLength={SAVED_SEARCH_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            error={error ?? undefined}
          />
          <Select
            label={t('dialog.frequency')}
            hint={t('dialog.frequencyHelp')}
            value={frequency}
            onChange={(e) => setFrequency(e.target.value as SavedSearchFrequency)}
            options={SAVED_SEARCH_FREQUENCIES.map((f) => ({ value: f, label: t(`frequency.${f}`) }))}
          />
          {failure && <Alert tone="error">{failure}</Alert>}
          <div className="flex justify-end">
            <Button type="submit" variant="primary" loading={create.isPending}>
              {t('dialog.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

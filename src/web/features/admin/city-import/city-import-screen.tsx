import { useState, type FormEvent } from 'react';
import type { CityImportChange, CityImportDto } from '../../../../common/schemas/admin-cities';
import { useLanguage } from '../../../i18n/language';
import { useTranslation } from '../../../i18n/react';
import { Alert } from '../../../ui/alert';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/field';
import { PageHeader } from '../../../ui/page-header';
import { ConfirmAction } from '../ui/confirm-action';
import { useCityImport, useCommitCities, useDiscardCities, useFreeTextCities, useUploadCities } from './city-import-api';

const NS = ['adminCities', 'admin'] as const;

const STATUS_TONES: Record<CityImportDto['status'], BadgeTone> = {
  parsing: 'neutral',
  ready: 'featured',
  importing: 'neutral',
  done: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : null);

/** The import id of the path (`/admin/city-import/12`), so a reload finds the import again. */
function idOf(id: string | undefined): number | null {
  return id && /^\d+$/.test(id) ? Number(id) : null;
}

/**
 * /admin/city-import: upload a GeoNames extract or a CSV, check its preview (errors and the
 * changes it would make), import it with filters while the progress shows, or discard it; and
 * the typed city names members use most, which an import can attach to a listed city.
 */
export default function CityImportScreen({ id }: { id?: string }) {
  const { t } = useTranslation(NS);
  const [importId, setImportId] = useState<number | null>(idOf(id));
  return (
    <div className="mx-auto max-w-6xl space-y-10">
      <PageHeader title={t('title')} intro={t('intro')} />
      <UploadForm onUploaded={setImportId} />
      {importId !== null && <ImportView id={importId} onClose={() => setImportId(null)} />}
      <FreeTextNames />
    </div>
  );
}

function UploadForm({ onUploaded }: { onUploaded: (id: number) => void }) {
  const { t } = useTranslation(NS);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const uploadCities = useUploadCities();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setPercent(0);
    uploadCities.mutate({ file, onProgress: setPercent }, { onSuccess: (answer) => onUploaded(answer.importId) });
  };

  return (
    <section aria-labelledby="city-upload" className="space-y-4 rounded-lg border border-line bg-surface p-5">
      <h2 id="city-upload" className="text-xl font-bold">
        {t('upload.title')}
      </h2>
      <p className="text-sm text-ink-muted">{t('upload.formats')}</p>
      <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t('upload.file')}
          <input
            type="file"
            accept=".csv,.txt,.tsv,.zip,text/csv,text/plain,application/zip"
            className="text-sm font-normal"
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          />
        </label>
        <Button type="submit" variant="primary" disabled={!file} loading={uploadCities.isPending}>
          {t('upload.submit')}
        </Button>
      </form>
      {uploadCities.isPending && <ProgressBar label={t('upload.sending')} value={percent} />}
      {uploadCities.isError && <Alert tone="error">{messageOf(uploadCities.error) ?? t('admin:confirm.failed')}</Alert>}
    </section>
  );
}

function ProgressBar({ label, value }: { label: string; value: number }) {
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span className="tabular-nums">{value} %</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} className="h-2 overflow-hidden rounded bg-sunken">
        <div className="h-full bg-accent transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

function ImportView({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const lang = useLanguage();
  const query = useCityImport(id);
  const discard = useDiscardCities();
  const [confirming, setConfirming] = useState(false);
  const data = query.data;
  const number = new Intl.NumberFormat(lang);

  if (query.isError) return <Alert tone="error">{messageOf(query.error) ?? t('admin:confirm.failed')}</Alert>;
  if (!data) return <p className="text-ink-muted">{t('admin:layout.loading')}</p>;

  const open = data.status === 'parsing' || data.status === 'ready' || data.status === 'importing';
  const counts: [string, number][] = [
    ['totalRows', data.totalRows],
    ['validRows', data.validRows],
    ['newCities', data.newCities],
    ['updatedCities', data.updatedCities],
    ['unchanged', data.unchanged],
    ['errorCount', data.errorCount],
  ];

  return (
    <section aria-labelledby="city-import" className="space-y-6 rounded-lg border border-line bg-surface p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="city-import" className="text-xl font-bold">
          {t('import.title', { filename: data.filename })}
        </h2>
        <Badge tone={STATUS_TONES[data.status]}>{t(`status.${data.status}`)}</Badge>
      </div>
      <p className="text-sm text-ink-muted">
        {t(`source.${data.source}`)}
        {data.licence && <> · {t('import.licence', { licence: data.licence })}</>}
      </p>
      {(data.status === 'parsing' || data.status === 'importing') && (
        <ProgressBar label={t(data.status === 'parsing' ? 'import.reading' : 'import.writing')} value={data.progress} />
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {counts.map(([key, value]) => (
          <div key={key} className="rounded border border-line p-3">
            <dt className="text-xs text-ink-muted">{t(`counts.${key}`)}</dt>
            <dd className="text-lg font-bold tabular-nums">{number.format(value)}</dd>
          </div>
        ))}
      </dl>
      {data.status === 'done' && (
        <Alert tone="success">{t('import.done', { added: data.newCities, updated: data.updatedCities, linked: data.linked })}</Alert>
      )}
      {data.status === 'failed' && <Alert tone="error">{t('import.failed')}</Alert>}
      {data.status === 'cancelled' && <Alert tone="info">{t('import.cancelled')}</Alert>}

      {data.errors.length > 0 && (
        <div className="space-y-2">
          <h3 className="font-semibold">{t('errors.title', { shown: data.errors.length, count: data.errorCount })}</h3>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-ink-muted">
                <th className="w-24 py-1">{t('errors.line')}</th>
                <th className="py-1">{t('errors.message')}</th>
              </tr>
            </thead>
            <tbody>
              {data.errors.map((error) => (
                <tr key={`${error.line}-${error.code}`} className="border-t border-line">
                  <td className="py-1 tabular-nums">{error.line || '–'}</td>
                  <td className="py-1">{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {data.preview.length > 0 && <Changes changes={data.preview} />}

      {data.status === 'ready' && <CommitForm id={id} />}

      <div className="flex flex-wrap gap-3">
        {open && (
          <Button onClick={() => setConfirming(true)} disabled={discard.isPending}>
            {data.status === 'importing' ? t('cancel.stop') : t('cancel.discard')}
          </Button>
        )}
        {!open && <Button onClick={onClose}>{t('import.close')}</Button>}
      </div>
      <ConfirmAction
        open={confirming}
        onClose={() => setConfirming(false)}
        title={data.status === 'importing' ? t('cancel.stopTitle', { filename: data.filename }) : t('cancel.discardTitle', { filename: data.filename })}
        consequence={data.status === 'importing' ? t('cancel.stopConsequence') : t('cancel.discardConsequence')}
        confirmLabel={data.status === 'importing' ? t('cancel.stop') : t('cancel.discard')}
        onConfirm={() => discard.mutateAsync({ id })}
      />
    </section>
  );
}

function Changes({ changes }: { changes: CityImportChange[] }) {
  const { t } = useTranslation(NS);
  const lang = useLanguage();
  const number = new Intl.NumberFormat(lang);
  const population = (value: number | null | undefined) => (value === null || value === undefined ? '–' : number.format(value));
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">{t('changes.title', { count: changes.length })}</h3>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="text-ink-muted">
              <th className="py-1">{t('errors.line')}</th>
              <th className="py-1">{t('changes.action')}</th>
              <th className="py-1">{t('changes.name')}</th>
              <th className="py-1">{t('changes.country')}</th>
              <th className="py-1">{t('changes.population')}</th>
              <th className="py-1">{t('changes.geonameId')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.line} className="border-t border-line">
                <td className="py-1 tabular-nums">{change.line}</td>
                <td className="py-1">
                  <Badge tone={change.action === 'new' ? 'success' : 'featured'}>{t(`changes.${change.action}`)}</Badge>
                </td>
                <td className="py-1">
                  {change.name}
                  {change.before && change.before.name !== change.name && <span className="text-ink-muted"> ({change.before.name})</span>}
                </td>
                <td className="py-1">{change.countryCode}</td>
                <td className="py-1 tabular-nums">
                  {change.before && change.before.population !== change.population ? `${population(change.before.population)} → ` : ''}
                  {population(change.population)}
                </td>
                <td className="py-1 tabular-nums">{change.geonameId ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function CommitForm({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const [minPopulation, setMinPopulation] = useState('0');
  const [countries, setCountries] = useState('');
  const [linkFreeText, setLinkFreeText] = useState(true);
  const commit = useCommitCities();
  const codes = countries
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  const codesValid = codes.every((c) => /^[A-Z]{2}$/.test(c));
  const min = Number(minPopulation || '0');
  const minValid = Number.isInteger(min) && min >= 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!codesValid || !minValid) return;
    commit.mutate({ id, minPopulation: min, countryCodes: codes, linkFreeText });
  };

  return (
    <form className="space-y-4 rounded border border-line p-4" onSubmit={submit} aria-labelledby="city-commit">
      <h3 id="city-commit" className="font-semibold">
        {t('commit.title')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('commit.minPopulation')}
          type="number"
          min={0}
          inputMode="numeric"
          value={minPopulation}
          error={minValid ? undefined : t('commit.minPopulationInvalid')}
          onChange={(event) => setMinPopulation(event.currentTarget.value)}
        />
        <TextField
          label={t('commit.countries')}
          hint={t('commit.countriesHint')}
          value={countries}
          error={codesValid ? undefined : t('commit.countriesInvalid')}
          onChange={(event) => setCountries(event.currentTarget.value)}
        />
      </div>
      <label className="flex min-h-8 cursor-pointer items-center gap-2">
        <input type="checkbox" className="size-4 accent-accent" checked={linkFreeText} onChange={(event) => setLinkFreeText(event.currentTarget.checked)} />
        {t('commit.linkFreeText')}
      </label>
      <p className="text-sm text-ink-muted">{t('commit.never')}</p>
      <Button type="submit" variant="primary" loading={commit.isPending} disabled={!codesValid || !minValid}>
        {t('commit.submit')}
      </Button>
      {commit.isError && <Alert tone="error">{messageOf(commit.error) ?? t('admin:confirm.failed')}</Alert>}
    </form>
  );
}

function FreeTextNames() {
  const { t } = useTranslation(NS);
  const [country, setCountry] = useState('');
  const code = /^[A-Za-z]{2}$/.test(country.trim()) ? country.trim().toUpperCase() : '';
  const names = useFreeTextCities(code);
  return (
    <section aria-labelledby="free-text" className="space-y-4">
      <h2 id="free-text" className="text-xl font-bold">
        {t('freeText.title')}
      </h2>
      <p className="text-sm text-ink-muted">{t('freeText.intro')}</p>
      <TextField label={t('freeText.country')} hint={t('freeText.countryHint')} value={country} maxLength={2} className="max-w-32" onChange={(event) => setCountry(event.currentTarget.value)} />
      {names.isError && <Alert tone="error">{messageOf(names.error) ?? t('admin:confirm.failed')}</Alert>}
      {names.data && names.data.length === 0 && <p className="text-ink-muted">{t('freeText.empty')}</p>}
      {names.data && names.data.length > 0 && (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="text-ink-muted">
              <th className="py-1">{t('changes.name')}</th>
              <th className="py-1">{t('changes.country')}</th>
              <th className="py-1">{t('freeText.uses')}</th>
              <th className="py-1">{t('freeText.matched')}</th>
            </tr>
          </thead>
          <tbody>
            {names.data.map((name) => (
              <tr key={`${name.countryCode ?? ''}-${name.name}`} className="border-t border-line">
                <td className="py-1">{name.name}</td>
                <td className="py-1">{name.countryCode ?? '–'}</td>
                <td className="py-1 tabular-nums">{name.uses}</td>
                <td className="py-1">{name.matchedCityId ? t('freeText.matchedYes') : t('freeText.matchedNo')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { Download, Receipt } from 'lucide-react';
import { GRANT_DAYS_MAX, PAYMENT_STATUSES, PRICE_MAX_CENTS, PRICE_MIN_CENTS, type CatalogueProduct, type LedgerRow } from '../../../../common/schemas/admin-money';
import { PRODUCT_TYPES, type ProductType } from '../../../../common/schemas/payments';
import { useTranslation } from '../../../i18n/react';
import { Alert } from '../../../ui/alert';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Button, buttonClasses } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { Select, TextField } from '../../../ui/field';
import { LoadMoreButton } from '../../../ui/load-more';
import { QueryErrorAlert } from '../../../ui/retry-alert';
import { LoadingShape, SkeletonLines } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast';
import { ConfirmAction } from '../ui/confirm-action';
import { centsForInput, parsePrice, useMoneyFormat } from './money-format';
import { ledgerCsvUrl, useCatalogue, useGrantFeatured, useLedger, useRevokeFeatured, useSetPrice, useUserSearch, type LedgerFilters } from './premium-api';

const NAMESPACES = ['adminMoney', 'admin'] as const;

const STATUS_TONE: Partial<Record<LedgerRow['status'], BadgeTone>> = { completed: 'success', failed: 'danger', pending: 'featured' };

/** Premium management: the catalogue's prices, the ledger of every order, and featured status by hand. */
export default function PremiumScreen() {
  const { t } = useTranslation(NAMESPACES);
  return (
    <div className="space-y-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">{t('adminMoney:premium.title')}</h1>
        <p className="max-w-[70ch] text-ink-muted">{t('adminMoney:premium.intro')}</p>
      </header>
      <CatalogueSection />
      <FeaturedByHand />
      <LedgerSection />
    </div>
  );
}

function CatalogueSection() {
  const { t } = useTranslation(NAMESPACES);
  const catalogue = useCatalogue();
  return (
    <section aria-labelledby="premium-catalogue" className="space-y-3">
      <h2 id="premium-catalogue" className="text-xl font-semibold">
        {t('adminMoney:catalogue.title')}
      </h2>
      <p className="max-w-[70ch] text-ink-muted">{t('adminMoney:catalogue.intro')}</p>
      {catalogue.isError && !catalogue.data ? (
        <QueryErrorAlert query={catalogue} retryLabel={t('admin:retry')} fallback={t('admin:loadFailed')} />
      ) : !catalogue.data ? (
        <LoadingShape label={t('admin:layout.loading')}>
          <SkeletonLines lines={['h-12 w-full', 'h-12 w-full', 'h-12 w-full']} />
        </LoadingShape>
      ) : (
        <ul className="divide-y divide-line rounded border border-line">
          {catalogue.data.map((product) => (
            <PriceRow key={product.productType} product={product} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PriceRow({ product }: { product: CatalogueProduct }) {
  const { t } = useTranslation(NAMESPACES);
  const { locale, money, when } = useMoneyFormat();
  const [text, setText] = useState(() => centsForInput(product.amountCents, locale));
  const [confirming, setConfirming] = useState(false);
  const setPrice = useSetPrice();
  const cents = parsePrice(text, locale);
  const invalid = cents === null || cents < PRICE_MIN_CENTS || cents > PRICE_MAX_CENTS;
  const name = t(`adminMoney:products.${product.productType}`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invalid && cents !== product.amountCents) setConfirming(true);
  };

  return (
    <li className="flex flex-wrap items-end justify-between gap-4 p-4">
      <div className="min-w-48 space-y-1">
        <p className="font-semibold">{name}</p>
        <p className="text-sm text-ink-muted">{t('adminMoney:catalogue.current', { price: money(product.amountCents, product.currency), date: when(product.updatedAt) })}</p>
      </div>
      <form onSubmit={submit} className="flex items-end gap-2">
        <TextField
          label={t('adminMoney:catalogue.newPrice', { product: name })}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={text.trim() !== '' && invalid ? t('adminMoney:catalogue.invalid', { min: money(PRICE_MIN_CENTS), max: money(PRICE_MAX_CENTS) }) : undefined}
        />
        <Button type="submit" disabled={invalid || cents === product.amountCents}>
          {t('adminMoney:catalogue.save')}
        </Button>
      </form>
      <ConfirmAction
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('adminMoney:catalogue.confirmTitle', { product: name })}
        consequence={t('adminMoney:catalogue.confirmText', { before: money(product.amountCents), after: money(cents ?? 0) })}
        confirmLabel={t('adminMoney:catalogue.save')}
        onConfirm={async () => {
          const answer = await setPrice.mutateAsync({ productType: product.productType, amountCents: cents ?? 0 });
          setText(centsForInput(answer.product.amountCents, locale));
          toast.success(t('adminMoney:catalogue.saved', { product: name }));
        }}
      />
    </li>
  );
}

/** Grant or revoke featured status for an account found by name. */
function FeaturedByHand() {
  const { t } = useTranslation(NAMESPACES);
  const { when } = useMoneyFormat();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ id: number; username: string; name: string } | null>(null);
  const [days, setDays] = useState('14');
  const [includePromotions, setIncludePromotions] = useState(false);
  const [dialog, setDialog] = useState<'grant' | 'revoke' | null>(null);
  const found = useUserSearch(search);
  const grant = useGrantFeatured();
  const revoke = useRevokeFeatured();
  const dayCount = /^\d+$/.test(days.trim()) ? Number(days) : NaN;
  const daysValid = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= GRANT_DAYS_MAX;
  const who = chosen ? `${chosen.name || chosen.username} (@${chosen.username})` : '';

  return (
    <section aria-labelledby="premium-featured" className="space-y-3">
      <h2 id="premium-featured" className="text-xl font-semibold">
        {t('adminMoney:grant.title')}
      </h2>
      <p className="max-w-[70ch] text-ink-muted">{t('adminMoney:grant.intro')}</p>
      <Card className="space-y-4 p-4">
        <TextField label={t('adminMoney:grant.search')} type="search" value={search} maxLength={100} onChange={(event) => setSearch(event.target.value)} />
        {found.data && found.data.length === 0 && <p className="text-ink-muted">{t('adminMoney:grant.noUsers')}</p>}
        {found.data && found.data.length > 0 && (
          <ul aria-label={t('adminMoney:grant.results')} className="flex flex-wrap gap-2">
            {found.data.map((user) => (
              <li key={user.id}>
                <Button size="sm" variant={chosen?.id === user.id ? 'primary' : 'secondary'} aria-pressed={chosen?.id === user.id} onClick={() => setChosen(user)}>
                  {user.name || user.username} (@{user.username})
                </Button>
              </li>
            ))}
          </ul>
        )}
        {chosen && (
          <div className="flex flex-wrap items-end gap-3">
            <p className="w-full font-semibold">{t('adminMoney:grant.chosen', { user: who })}</p>
            <TextField
              label={t('adminMoney:grant.days')}
              inputMode="numeric"
              value={days}
              onChange={(event) => setDays(event.target.value)}
              error={daysValid ? undefined : t('adminMoney:grant.daysInvalid', { max: GRANT_DAYS_MAX })}
            />
            <label className="flex min-h-11 items-center gap-2">
              <input type="checkbox" className="size-4 accent-accent" checked={includePromotions} onChange={(event) => setIncludePromotions(event.currentTarget.checked)} />
              {t('adminMoney:grant.includePromotions')}
            </label>
            <Button variant="primary" disabled={!daysValid} onClick={() => setDialog('grant')}>
              {t('adminMoney:grant.grant')}
            </Button>
            <Button onClick={() => setDialog('revoke')}>{t('adminMoney:grant.revoke')}</Button>
          </div>
        )}
      </Card>
      {chosen && (
        <>
          <ConfirmAction
            open={dialog === 'grant'}
            onClose={() => setDialog(null)}
            title={t('adminMoney:grant.confirmTitle', { user: who })}
            consequence={t(includePromotions ? 'adminMoney:grant.confirmTextPromotions' : 'adminMoney:grant.confirmText', { count: dayCount, user: who })}
            confirmLabel={t('adminMoney:grant.grant')}
            reason={{ required: true }}
            onConfirm={async ({ reason }) => {
              const answer = await grant.mutateAsync({ userId: chosen.id, days: dayCount, reason, includePromotions });
              toast.success(t('adminMoney:grant.granted', { user: who, date: when(answer.featuredUntil) }));
            }}
          />
          <ConfirmAction
            open={dialog === 'revoke'}
            onClose={() => setDialog(null)}
            title={t('adminMoney:revoke.confirmTitle', { user: who })}
            consequence={t('adminMoney:revoke.confirmText', { user: who })}
            confirmLabel={t('adminMoney:grant.revoke')}
            reason={{ required: true }}
            onConfirm={async ({ reason }) => {
              await revoke.mutateAsync({ userId: chosen.id, reason });
              toast.success(t('adminMoney:revoke.done', { user: who }));
            }}
          />
        </>
      )}
    </section>
  );
}

function LedgerSection() {
  const { t } = useTranslation(NAMESPACES);
  const [filters, setFilters] = useState<LedgerFilters>({});
  const [draft, setDraft] = useState<LedgerFilters>({});
  const ledger = useLedger(filters);
  const { money, when } = useMoneyFormat();
  const rows = ledger.data?.pages.flatMap((p) => p.payments) ?? [];
  const set = (key: keyof LedgerFilters, value: string) => setDraft((d) => ({ ...d, [key]: value === '' ? undefined : value }));

  return (
    <section aria-labelledby="premium-ledger" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="premium-ledger" className="text-xl font-semibold">
          {t('adminMoney:ledger.title')}
        </h2>
        <a className={buttonClasses({ size: 'sm' })} href={ledgerCsvUrl(filters)} download>
          <Download aria-hidden="true" className="size-4" />
          {t('adminMoney:ledger.csv')}
        </a>
      </div>
      <form
        role="search"
        aria-label={t('adminMoney:ledger.filters')}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters({ ...draft, q: draft.q?.trim() || undefined });
        }}
      >
        <Select
          label={t('adminMoney:ledger.status')}
          placeholder={t('adminMoney:ledger.any')}
          value={draft.status ?? ''}
          onChange={(event) => set('status', event.target.value)}
          options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`adminMoney:status.${s}`) }))}
        />
        <Select
          label={t('adminMoney:ledger.product')}
          placeholder={t('adminMoney:ledger.any')}
          value={draft.productType ?? ''}
          onChange={(event) => set('productType', event.target.value)}
          options={PRODUCT_TYPES.map((p) => ({ value: p, label: t(`adminMoney:products.${p}`) }))}
        />
        <TextField label={t('adminMoney:ledger.from')} type="date" value={draft.from ?? ''} onChange={(event) => set('from', event.target.value)} />
        <TextField label={t('adminMoney:ledger.to')} type="date" value={draft.to ?? ''} onChange={(event) => set('to', event.target.value)} />
        <TextField label={t('adminMoney:ledger.search')} type="search" maxLength={100} value={draft.q ?? ''} onChange={(event) => set('q', event.target.value)} />
        <div className="sm:col-span-2 lg:col-span-5">
          <Button type="submit">{t('adminMoney:ledger.apply')}</Button>
        </div>
      </form>
      {ledger.isError && !ledger.data ? (
        <QueryErrorAlert query={ledger} retryLabel={t('admin:retry')} fallback={t('admin:loadFailed')} />
      ) : !ledger.data ? (
        <LoadingShape label={t('admin:layout.loading')}>
          <SkeletonLines lines={['h-10 w-full', 'h-10 w-full', 'h-10 w-full']} />
        </LoadingShape>
      ) : rows.length === 0 ? (
        <EmptyState icon={<Receipt aria-hidden="true" />} title={t('adminMoney:ledger.empty')} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-line">
                <th className="p-2">{t('adminMoney:ledger.date')}</th>
                <th className="p-2">{t('adminMoney:ledger.buyer')}</th>
                <th className="p-2">{t('adminMoney:ledger.product')}</th>
                <th className="p-2 text-right">{t('adminMoney:ledger.amount')}</th>
                <th className="p-2">{t('adminMoney:ledger.status')}</th>
                <th className="p-2">{t('adminMoney:ledger.receipt')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-line">
                  <td className="p-2 whitespace-nowrap">{when(row.createdAt)}</td>
                  <td className="p-2">{row.user ? `${row.user.name || row.user.username} (@${row.user.username})` : t('adminMoney:ledger.deletedUser')}</td>
                  <td className="p-2">{t(`adminMoney:products.${row.productType as ProductType}`)}</td>
                  <td className="p-2 text-right whitespace-nowrap">{money(row.amountCents, row.currency)}</td>
                  <td className="p-2">
                    <Badge tone={STATUS_TONE[row.status] ?? 'neutral'}>{t(`adminMoney:status.${row.status}`)}</Badge>
                  </td>
                  <td className="p-2">
                    {row.receiptUrl ? (
                      <a className="underline" href={row.receiptUrl} download>
                        {row.receiptNumber}
                      </a>
                    ) : (
                      <span className="text-ink-muted">{t('adminMoney:ledger.noReceipt')}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {ledger.isError && ledger.data && <Alert tone="error">{t('admin:loadFailed')}</Alert>}
      <LoadMoreButton query={ledger} label={t('adminMoney:more')} />
    </section>
  );
}

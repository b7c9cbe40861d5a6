import { CircleCheck } from 'lucide-react';
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { DEAL_LIMITS, DEAL_TYPES, HOUSING, RENT_PERIODS, type DealType, type Housing, type RentPeriod } from '../../../../common/deal-limits';
import { MESSAGE_MAX } from '../../../../common/message-limits';
import { buildPath } from '../../../../common/routes';
import type { DealTerms } from '../../../../common/schemas/deal-terms';
import { inviteSchema } from '../../../../common/schemas/deals';
import { useLanguage } from '../../../i18n/language';
import { LocalizedLink } from '../../../i18n/localized-link';
import { useSchemaForm, type FieldErrors } from '../../../lib/form';
import { Alert } from '../../../ui/alert';
import { Button, buttonClasses } from '../../../ui/button';
import { Select, TextArea, TextField } from '../../../ui/field';
import { useInvite, useOwnSpots } from '../api/invite';
import { formatDayRange } from '../dates';
import { DayRangeFields } from './day-range-fields';
import type { InviteTarget } from './invite-action';

type Field = 'guestSpotId' | 'startDate' | 'endDate' | 'terms' | 'message';
const OWN = 'own';

const errorText = (t: (key: string, options?: Record<string, unknown>) => string, key: string | undefined) =>
  key === undefined ? undefined : t(key.includes(':') ? key : `errors:${key}`, { max: MESSAGE_MAX, min: DEAL_LIMITS.guestShare.min });

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

/** The compact terms of an invitation of its own: the deal (share or rent) and housing; '' fields are left out. */
function ownTerms(deal: { type: DealType | ''; share: string; rent: string; rentPer: RentPeriod }, housing: Housing | ''): DealTerms | undefined {
  const terms: DealTerms = {};
  if (deal.type === 'commission') terms.deal = { type: 'commission', guestSharePercent: Number(deal.share) };
  else if (deal.type === 'chair_rental') {
    const amount = Number(deal.rent.trim().replace(',', '.'));
    // An empty or unreadable amount is left out, so the schema says the rent is missing.
    terms.deal = { type: 'chair_rental', rentPer: deal.rentPer, ...(deal.rent.trim() && Number.isFinite(amount) ? { rentCents: Math.round(amount * 100) } : {}) };
  }
  else if (deal.type === 'other') terms.deal = { type: 'other' };
  if (housing) terms.housing = housing;
  return Object.keys(terms).length ? terms : undefined;
}

/**
 * The invitation: one of the studio's active spots or "own dates and terms", the days inside
 * the availability's window, a compact deal and housing for an own one, and the message
 * (required). Afterwards it says so, with the way to Requests & stays.
 */
export function InviteForm({ availability, onDone }: { availability: InviteTarget; onDone: () => void }) {
  const { t } = useTranslation(['deals', 'errors']);
  const lang = useLanguage();
  const ids = useId();
  const spots = useOwnSpots(true);
  const invite = useInvite();
  const [choice, setChoice] = useState<string | null>(null);
  // Days the studio typed; until then, those the chosen spot and the availability share.
  const [typedStart, setStartDate] = useState<string | null>(null);
  const [typedEnd, setEndDate] = useState<string | null>(null);
  const [dealType, setDealType] = useState<DealType | ''>('');
  const [share, setShare] = useState('70');
  const [rent, setRent] = useState('');
  const [rentPer, setRentPer] = useState<RentPeriod>('day');
  const [housing, setHousing] = useState<Housing | ''>('');
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const name = availability.artist.name;

  // Until the studio picks, its first active spot is offered; without any, own dates and terms.
  const picked = choice ?? (spots.data?.[0] ? String(spots.data[0].id) : OWN);
  const spot = picked === OWN ? undefined : spots.data?.find((s) => String(s.id) === picked);
  const pick = (value: string) => {
    setChoice(value);
    setStartDate(null);
    setEndDate(null);
  };
  const startDate = typedStart ?? (spot ? later(spot.startDate, availability.startDate) : availability.startDate);
  const endDate = typedEnd ?? (spot ? earlier(spot.endDate, availability.endDate) : availability.endDate);

  const terms = picked === OWN ? ownTerms({ type: dealType, share, rent, rentPer }, housing) : undefined;
  const values = useMemo(
    () => ({ guestSpotId: spot?.id, startDate, endDate, terms, message }),
    // `terms` is rebuilt each render from its parts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [spot?.id, startDate, endDate, JSON.stringify(terms), message],
  );
  const insideWindow = useCallback(
    (v: Record<Field, unknown>): FieldErrors<Field> => {
      const start = v.startDate as string;
      const end = v.endDate as string;
      if (!start || !end || end < start) return {};
      if (start < availability.startDate || start > availability.endDate) return { startDate: 'deals:invite.outsideWindow' };
      if (end > availability.endDate) return { endDate: 'deals:invite.outsideWindow' };
      return {};
    },
    [availability.startDate, availability.endDate],
  );
  const form = useSchemaForm<Field>(inviteSchema, values, insideWindow);

  if (sent) {
    return (
      <div className="space-y-4">
        <Alert tone="success" title={t('invite.sentTitle')}>
          {t('invite.sentText', { name })}
        </Alert>
        <div className="flex flex-wrap justify-end gap-3">
          <Button onClick={onDone}>{t('invite.done')}</Button>
          <LocalizedLink to={`${buildPath('dealRequests')}?tab=sent`} className={buttonClasses({ variant: 'primary' })}>
            <CircleCheck aria-hidden="true" className="size-5" />
            {t('invite.toRequests')}
          </LocalizedLink>
        </div>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invite.isPending || !form.submit()) return;
    setFailure(null);
    invite.mutate(
      { availabilityId: availability.id, body: { ...(spot ? { guestSpotId: spot.id } : {}), startDate, endDate, ...(terms ? { terms } : {}), message: message.trim() } },
      { onSuccess: () => setSent(true), onError: (err) => setFailure(err.message || t('failed')) },
    );
  };

  const busy = invite.isPending;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <p className="text-sm text-ink-muted">{t('invite.window', { name, range: formatDayRange(availability.startDate, availability.endDate, lang) })}</p>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-semibold">{t('invite.what')}</legend>
        {spots.isPending && <p className="text-sm text-ink-muted">{t('invite.spotsLoading')}</p>}
        {spots.isError && <p className="text-sm text-ink-muted">{t('invite.spotsFailed')}</p>}
        {[...(spots.data ?? []).map((s) => ({ value: String(s.id), label: t('invite.spot', { title: s.title, range: formatDayRange(s.startDate, s.endDate, lang) }) })), { value: OWN, label: t('invite.own') }].map(
          (option) => (
            <label key={option.value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded border border-line px-3 py-2 has-[:checked]:border-ink">
              <input type="radio" name={`${ids}-what`} value={option.value} checked={picked === option.value} onChange={() => pick(option.value)} disabled={busy} className="size-4 accent-accent" />
              <span className="min-w-0 break-words">{option.label}</span>
            </label>
          ),
        )}
      </fieldset>
      <DayRangeFields
        labels={{ first: t('invite.firstDay'), last: t('invite.lastDay') }}
        window={availability}
        startDate={startDate}
        endDate={endDate}
        onStartDate={setStartDate}
        onEndDate={setEndDate}
        onBlur={(field) => form.blur(field)}
        errors={{ startDate: errorText(t, form.errors.startDate), endDate: errorText(t, form.errors.endDate) }}
        required
        disabled={busy}
      />
      {picked === OWN && (
        <div className="space-y-4 rounded border border-line p-3">
          <Select
            label={t('invite.dealType')}
            value={dealType}
            onChange={(e) => setDealType(e.target.value as DealType | '')}
            onBlur={() => form.blur('terms')}
            options={[{ value: '', label: t('invite.dealTypes.none') }, ...DEAL_TYPES.map((type) => ({ value: type, label: t(`invite.dealTypes.${type}`) }))]}
            error={errorText(t, form.errors.terms)}
            disabled={busy}
          />
          {dealType === 'commission' && (
            <TextField
              label={t('invite.share')}
              type="number"
              inputMode="numeric"
              min={DEAL_LIMITS.guestShare.min}
              max={DEAL_LIMITS.guestShare.max}
              value={share}
              onChange={(e) => setShare(e.target.value)}
              onBlur={() => form.blur('terms')}
              disabled={busy}
            />
          )}
          {dealType === 'chair_rental' && (
            <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-3">
              <TextField label={t('invite.rent')} inputMode="decimal" value={rent} onChange={(e) => setRent(e.target.value)} onBlur={() => form.blur('terms')} disabled={busy} />
              <Select
                label={t('invite.rentPer')}
                value={rentPer}
                onChange={(e) => setRentPer(e.target.value as RentPeriod)}
                options={RENT_PERIODS.map((p) => ({ value: p, label: t(`invite.rentPeriods.${p}`) }))}
                disabled={busy}
              />
            </div>
          )}
          <Select
            label={t('invite.housing')}
            value={housing}
            onChange={(e) => setHousing(e.target.value as Housing | '')}
            options={[{ value: '', label: t('invite.dealTypes.none') }, ...HOUSING.map((h) => ({ value: h, label: t(`invite.housingOptions.${h}`) }))]}
            disabled={busy}
          />
        </div>
      )}
      <TextArea
        label={t('invite.message')}
        hint={t('invite.messageHint')}
        value={message}
        rows={4}
        required
        maxLength={MESSAGE_MAX}
        onChange={(e) => setMessage(e.target.value)}
        onBlur={() => form.blur('message')}
        error={errorText(t, form.errors.message)}
        disabled={busy}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button onClick={onDone} disabled={busy}>
          {t('invite.cancel')}
        </Button>
        <Button type="submit" variant="primary" loading={busy}>
          {t('invite.submit')}
        </Button>
      </div>
    </form>
  );
}

import { useState, type ReactNode } from 'react';
import { LANGUAGE_IDS } from '../../../common/constants';
import {
  ADVERTISING,
  DEAL_LIMITS,
  DEAL_TYPES,
  DEPOSIT_RULES,
  HOUSING,
  RENT_PERIODS,
  STUDIO_PROVIDES,
  dealTermsSchema,
  dealWishesSchema,
  type DealTerms,
  type DealWishes,
} from '../../../common/schemas/deal-terms';
import { parseWithKeys } from '../../../common/schemas/parse';
import { useTranslation } from '../../i18n/react';
import { Select, TextArea, TextField } from '../../ui/field';
import type { ListingForm, ListingFormValues } from './listing-form';

/** What a form sends as the terms or wishes: the shared schema's input, numbers as typed, null for none. */
export type TermsDraft = object | null;

/** Euros as typed ("80", "12,50") to cents as the schema reads them; anything else is passed on for the schema to refuse. */
export function eurosToCents(text: string): string | undefined {
  const value = text.trim().replace(',', '.');
  if (value === '') return undefined;
  return /^\d+(\.\d{1,2})?$/.test(value) ? String(Math.round(Number(value) * 100)) : value;
}

/** Cents as the euro field shows them ("80", "12.5"). */
export const centsToEuros = (cents: number | undefined): string => (cents === undefined ? '' : String(cents / 100));

/** Leaves out what is not set, so an empty section sends null and the schema sees only what was filled in. */
function compact(entries: Record<string, unknown>): Record<string, unknown> | null {
  const kept = Object.entries(entries).filter(([, v]) => v !== undefined && v !== '' && v !== false && !(Array.isArray(v) && v.length === 0));
  return kept.length ? Object.fromEntries(kept) : null;
}

interface TermsState {
  dealType: string;
  share: string;
  cap: string;
  rent: string;
  rentPer: string;
  note: string;
  deposits: string;
  provides: string[];
  advertising: string[];
  housing: string;
  minDays: string;
  languages: string[];
}

export function termsState(terms: DealTerms | null | undefined): TermsState {
  const deal = terms?.deal;
  return {
    dealType: deal?.type ?? '',
    share: deal?.guestSharePercent === undefined ? '' : String(deal.guestSharePercent),
    cap: centsToEuros(deal?.weeklyCapCents),
    rent: centsToEuros(deal?.rentCents),
    rentPer: deal?.rentPer ?? 'day',
    note: deal?.note ?? '',
    deposits: terms?.deposits ?? '',
    provides: terms?.provides ?? [],
    advertising: terms?.advertising ?? [],
    housing: terms?.housing ?? '',
    minDays: terms?.minDays === undefined ? '' : String(terms.minDays),
    languages: terms?.languages ?? [],
  };
}

/** The terms a form sends from its fields: a deal's own fields only for its type; null when nothing is set. */
export function termsDraft(s: TermsState): TermsDraft {
  const deal = s.dealType
    ? compact({
        type: s.dealType,
        ...(s.dealType === 'commission' ? { guestSharePercent: s.share.trim(), weeklyCapCents: eurosToCents(s.cap) } : {}),
        ...(s.dealType === 'chair_rental' ? { rentCents: eurosToCents(s.rent), rentPer: s.rentPer } : {}),
        note: s.note.trim(),
      })
    : undefined;
  return compact({ deal: deal ?? undefined, deposits: s.deposits, provides: s.provides, advertising: s.advertising, housing: s.housing, minDays: s.minDays.trim(), languages: s.languages });
}

/** The errors of a part of the form by its schema path ("deal.guestSharePercent"), as keys of the errors namespace. */
function nestedErrors(schema: typeof dealTermsSchema | typeof dealWishesSchema, draft: TermsDraft): Record<string, string> {
  if (draft === null) return {};
  const result = parseWithKeys(schema, draft);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.filter((p) => typeof p === 'string').join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** A group of checkboxes bound to a list of values. */
function Choices({ legend, values, chosen, label, onChange, onBlur }: { legend: string; values: readonly string[]; chosen: string[]; label: (value: string) => string; onChange: (next: string[]) => void; onBlur: () => void }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="grid grid-cols-2 gap-x-4 gap-y-1">
        {values.map((value) => (
          <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              className="size-5 shrink-0 accent-accent"
              checked={chosen.includes(value)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, value] : chosen.filter((c) => c !== value))}
              onBlur={onBlur}
            />
            <span>{label(value)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The bits the two sections share: the form's field, its touched state and the texts of its nested errors. */
function useDealPart<V extends ListingFormValues>(form: ListingForm<V>, field: 'terms' | 'wishes', schema: typeof dealTermsSchema | typeof dealWishesSchema) {
  const { t } = useTranslation(['dealTerms', 'errors', 'profiles']);
  const key = field as keyof V & string;
  // The form shows the field's error once it was left or on submit; the parts then say which one is wrong.
  const shown = Boolean(form.errorText(key));
  const errors = shown ? nestedErrors(schema, form.values[key] as TermsDraft) : {};
  const error = (path: string): string | undefined => {
    const code = errors[path];
    return code ? t(`errors:${code}`, { max: DEAL_LIMITS.note }) : undefined;
  };
  return { t, key, error, blur: () => form.blur(key), set: (draft: TermsDraft) => form.update({ [key]: draft } as Partial<V>) };
}

function Section({ id, legend, hint, children }: { id: string; legend: string; hint: string; children: ReactNode }) {
  return (
    <fieldset id={id} className="space-y-5">
      <legend className="mb-1 text-lg font-bold">{legend}</legend>
      <p className="text-sm text-ink-muted">{hint}</p>
      {children}
    </fieldset>
  );
}

/** The guest spot form's deal: its type with share and cap or rent and period, deposits, what the studio provides and promotes, housing, minimum stay, languages. */
export function TermsFields<V extends ListingFormValues>({ form }: { form: ListingForm<V> }) {
  const { t, key, error, blur, set } = useDealPart(form, 'terms', dealTermsSchema);
  // The form starts with the stored terms; from then on the fields hold what is typed, the form what is sent.
  const [state, setState] = useState(() => termsState(form.values[key] as DealTerms | null));
  const change = (patch: Partial<TermsState>) => {
    const next = { ...state, ...patch };
    setState(next);
    set(termsDraft(next));
  };
  const id = (part: string) => `${form.fieldId(key)}-${part}`;
  const optional = t('form.optional');
  return (
    <Section id={form.fieldId(key)} legend={t('form.legend')} hint={t('form.hint')}>
      <Select
        id={id('type')}
        label={t('form.dealType')}
        labelSuffix={optional}
        value={state.dealType}
        onChange={(e) => change({ dealType: e.target.value })}
        onBlur={blur}
        placeholder={t('form.dealTypes.none')}
        options={DEAL_TYPES.map((type) => ({ value: type, label: t(`form.dealTypes.${type}`) }))}
        error={error('deal.type')}
      />
      {state.dealType === 'commission' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={id('share')}
            label={t('form.share')}
            type="number"
            inputMode="numeric"
            min={DEAL_LIMITS.guestShare.min}
            max={DEAL_LIMITS.guestShare.max}
            value={state.share}
            onChange={(e) => change({ share: e.target.value })}
            onBlur={blur}
            error={error('deal.guestSharePercent')}
          />
          <TextField
            id={id('cap')}
            label={t('form.cap')}
            labelSuffix={optional}
            inputMode="decimal"
            value={state.cap}
            onChange={(e) => change({ cap: e.target.value })}
            onBlur={blur}
            error={error('deal.weeklyCapCents')}
          />
        </div>
      )}
      {state.dealType === 'chair_rental' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={id('rent')}
            label={t('form.rent')}
            inputMode="decimal"
            value={state.rent}
            onChange={(e) => change({ rent: e.target.value })}
            onBlur={blur}
            error={error('deal.rentCents') ?? error('deal.rentPer')}
          />
          <Select
            id={id('rentPer')}
            label={t('form.rentPer')}
            value={state.rentPer}
            onChange={(e) => change({ rentPer: e.target.value })}
            onBlur={blur}
            options={RENT_PERIODS.map((period) => ({ value: period, label: t(`form.rentPeriods.${period}`) }))}
          />
        </div>
      )}
      {state.dealType !== '' && (
        <TextArea
          id={id('note')}
          label={t('form.note')}
          labelSuffix={optional}
          rows={2}
          maxLength={DEAL_LIMITS.note}
          value={state.note}
          onChange={(e) => change({ note: e.target.value })}
          onBlur={blur}
          error={error('deal.note')}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          id={id('deposits')}
          label={t('form.deposits')}
          labelSuffix={optional}
          value={state.deposits}
          onChange={(e) => change({ deposits: e.target.value })}
          onBlur={blur}
          placeholder={t('form.notStated')}
          options={DEPOSIT_RULES.map((rule) => ({ value: rule, label: t(`facts.deposits.${rule}`) }))}
        />
        <Select
          id={id('housing')}
          label={t('form.housing')}
          labelSuffix={optional}
          value={state.housing}
          onChange={(e) => change({ housing: e.target.value })}
          onBlur={blur}
          placeholder={t('form.notStated')}
          options={HOUSING.map((h) => ({ value: h, label: t(`housing.${h}`) }))}
        />
      </div>
      <Choices legend={t('form.provides')} values={STUDIO_PROVIDES} chosen={state.provides} label={(p) => t(`provides.${p}`)} onChange={(provides) => change({ provides })} onBlur={blur} />
      <Choices legend={t('form.advertising')} values={ADVERTISING} chosen={state.advertising} label={(a) => t(`advertising.${a}`)} onChange={(advertising) => change({ advertising })} onBlur={blur} />
      <TextField
        id={id('minDays')}
        label={t('form.minDays')}
        labelSuffix={optional}
        type="number"
        inputMode="numeric"
        min={DEAL_LIMITS.minDays.min}
        max={DEAL_LIMITS.minDays.max}
        className="max-w-40"
        value={state.minDays}
        onChange={(e) => change({ minDays: e.target.value })}
        onBlur={blur}
        error={error('minDays')}
      />
      <Choices legend={t('form.languages')} values={LANGUAGE_IDS} chosen={state.languages} label={(l) => t(`profiles:languages.${l}`)} onChange={(languages) => change({ languages })} onBlur={blur} />
    </Section>
  );
}

interface WishesState {
  dealTypes: string[];
  minShare: string;
  maxRent: string;
  needsHousing: boolean;
}

export const wishesState = (wishes: DealWishes | null | undefined): WishesState => ({
  dealTypes: wishes?.dealTypes ?? [],
  minShare: wishes?.minSharePercent === undefined ? '' : String(wishes.minSharePercent),
  maxRent: centsToEuros(wishes?.maxRentCents),
  needsHousing: wishes?.needsHousing ?? false,
});

/** The wishes a form sends; null when none is set. */
export const wishesDraft = (s: WishesState): TermsDraft =>
  compact({ dealTypes: s.dealTypes, minSharePercent: s.minShare.trim(), maxRentCents: eurosToCents(s.maxRent), needsHousing: s.needsHousing || undefined });

/** The availability form's "What I look for": accepted deals, the least share, the most rent a day, housing. */
export function WishesFields<V extends ListingFormValues>({ form }: { form: ListingForm<V> }) {
  const { t, key, error, blur, set } = useDealPart(form, 'wishes', dealWishesSchema);
  const [state, setState] = useState(() => wishesState(form.values[key] as DealWishes | null));
  const change = (patch: Partial<WishesState>) => {
    const next = { ...state, ...patch };
    setState(next);
    set(wishesDraft(next));
  };
  const id = (part: string) => `${form.fieldId(key)}-${part}`;
  const optional = t('form.optional');
  return (
    <Section id={form.fieldId(key)} legend={t('form.wishesLegend')} hint={t('form.wishesHint')}>
      <Choices legend={t('form.wishDealTypes')} values={DEAL_TYPES} chosen={state.dealTypes} label={(d) => t(`form.dealTypes.${d}`)} onChange={(dealTypes) => change({ dealTypes })} onBlur={blur} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id('minShare')}
          label={t('form.minShare')}
          labelSuffix={optional}
          type="number"
          inputMode="numeric"
          min={DEAL_LIMITS.guestShare.min}
          max={DEAL_LIMITS.guestShare.max}
          value={state.minShare}
          onChange={(e) => change({ minShare: e.target.value })}
          onBlur={blur}
          error={error('minSharePercent')}
        />
        <TextField
          id={id('maxRent')}
          label={t('form.maxRent')}
          labelSuffix={optional}
          inputMode="decimal"
          value={state.maxRent}
          onChange={(e) => change({ maxRent: e.target.value })}
          onBlur={blur}
          error={error('maxRentCents')}
        />
      </div>
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input type="checkbox" className="size-5 shrink-0 accent-accent" checked={state.needsHousing} onChange={(e) => change({ needsHousing: e.target.checked })} onBlur={blur} />
        <span>{t('form.needsHousing')}</span>
      </label>
    </Section>
  );
}

import { DEAL_TYPES } from '../../../common/deal-limits';
import { formatMoney } from '../../../common/format';
import { useLanguage } from '../../i18n/language';
import { useTranslation } from '../../i18n/react';
import { Select } from '../../ui/field';
import type { Filters } from './list-address';

/** The guest share choices of the filter (at least this share for the guest), in steps studios name. */
const SHARE_STEPS = [40, 50, 60, 70, 80] as const;
/** The most chair rent a day the filter offers, in cents. */
const RENT_STEPS = [3000, 5000, 8000, 10_000, 15_000] as const;

/**
 * The guest spot list's deal filters: the kind of deal, the least share for the guest, the most
 * chair rent a day and housing. Each applies at once, as the other selects of the bar.
 */
export function DealFilterFields({ id, filters, onChange }: { id: (key: string) => string; filters: Filters; onChange: (patch: Partial<Filters>) => void }) {
  // Texts of the deal namespace, which loads with these fields after the list.
  const { t } = useTranslation('dealTerms');
  const lang = useLanguage();
  return (
    <>
      <Select
        id={id('dealType')}
        label={t('filters.dealType')}
        value={filters.dealType ?? ''}
        onChange={(e) => onChange({ dealType: e.target.value })}
        placeholder={t('filters.anyDeal')}
        options={DEAL_TYPES.map((type) => ({ value: type, label: t(`filters.dealTypes.${type}`) }))}
      />
      <Select
        id={id('minGuestShare')}
        label={t('filters.minGuestShare')}
        value={filters.minGuestShare ?? ''}
        onChange={(e) => onChange({ minGuestShare: e.target.value })}
        placeholder={t('filters.anyShare')}
        options={SHARE_STEPS.map((percent) => ({ value: String(percent), label: t('filters.shareAtLeast', { percent }) }))}
      />
      <Select
        id={id('maxRentCents')}
        label={t('filters.maxRent')}
        value={filters.maxRentCents ?? ''}
        onChange={(e) => onChange({ maxRentCents: e.target.value })}
        placeholder={t('filters.anyRent')}
        options={RENT_STEPS.map((cents) => ({ value: String(cents), label: t('filters.rentAtMost', { amount: formatMoney(cents, lang) }) }))}
      />
      <div className="flex items-end">
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold">
          <input
            type="checkbox"
            className="size-5 accent-accent"
            checked={filters.housing === 'true'}
            onChange={(e) => onChange({ housing: e.target.checked ? 'true' : '' })}
          />
          {t('filters.housing')}
        </label>
      </div>
    </>
  );
}

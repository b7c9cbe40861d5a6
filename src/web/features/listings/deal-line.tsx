import { Coins } from 'lucide-react';
import type { DealTerms } from '../../../common/schemas/deal-terms';
import { formatMoney } from '../../../common/format';
import type { Language } from '../../../common/languages';
import { useLanguage } from '../../i18n/language';
import { useTranslation } from '../../i18n/react';

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The short parts of a spot's terms a card shows ("70 % for you", "guest room"): the deal, then
 * housing when there is any. Texts of the list's namespace (`guestSpots:card.*`).
 */
export function dealLineParts(terms: DealTerms, t: T, lang: Language): string[] {
  const parts: string[] = [];
  const deal = terms.deal;
  if (deal?.type === 'commission' && deal.guestSharePercent !== undefined) parts.push(t('card.share', { percent: deal.guestSharePercent }));
  else if (deal?.type === 'chair_rental' && deal.rentCents !== undefined) {
    parts.push(t(deal.rentPer === 'week' ? 'card.rentWeek' : 'card.rentDay', { amount: formatMoney(deal.rentCents, lang) }));
  } else if (deal?.type === 'other') parts.push(t('card.other'));
  if (terms.housing && terms.housing !== 'none') parts.push(t(`card.housing.${terms.housing}`));
  return parts;
}

/** One line of a spot's terms on its card ("70 % for you · guest room"); nothing when the terms name neither deal nor housing. */
export function DealLine({ terms }: { terms: DealTerms }) {
  const { t } = useTranslation('guestSpots');
  const lang = useLanguage();
  const parts = dealLineParts(terms, t, lang);
  if (parts.length === 0) return null;
  return (
    <span className="flex items-start gap-1.5">
      <Coins aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
      <span className="min-w-0 break-words">{parts.join(' · ')}</span>
    </span>
  );
}

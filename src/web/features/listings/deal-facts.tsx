import { Armchair, BedDouble, CalendarDays, Handshake, Languages, Megaphone, MessageSquareText, PackageCheck, Percent, Wallet, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DealTerms, DealWishes, FitReason } from '../../../common/schemas/deal-terms';
import { formatMoney } from '../../../common/format';
import type { Language } from '../../../common/languages';
import { useLanguage } from '../../i18n/language';
import { useTranslation } from '../../i18n/react';
import { Badge } from '../../ui/badge';

/** Words joined as the language lists them ("station, needles and ink"). */
function listText(items: string[], lang: Language): string {
  return new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(items);
}

interface FactRow {
  key: string;
  icon: LucideIcon;
  text: ReactNode;
}

/** Rows with an icon and their words; the icon only repeats what the words say. */
function FactRows({ rows, label }: { rows: FactRow[]; label: string }) {
  return (
    <ul aria-label={label} className="space-y-2">
      {rows.map(({ key, icon: Icon, text }) => (
        <li key={key} className="flex items-start gap-2.5">
          <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-muted" />
          <span className="min-w-0 break-words">{text}</span>
        </li>
      ))}
    </ul>
  );
}

/** The rows of a spot's terms in the page language: deal, deposits, what the studio provides and promotes, housing, minimum stay, languages. */
export function termRows(terms: DealTerms, t: (key: string, options?: Record<string, unknown>) => string, lang: Language): FactRow[] {
  const rows: FactRow[] = [];
  const deal = terms.deal;
  if (deal?.type === 'commission' && deal.guestSharePercent !== undefined) {
    const share = t('facts.share', { percent: deal.guestSharePercent });
    rows.push({ key: 'deal', icon: Percent, text: deal.weeklyCapCents !== undefined ? `${share} · ${t('facts.cap', { amount: formatMoney(deal.weeklyCapCents, lang) })}` : share });
  } else if (deal?.type === 'chair_rental' && deal.rentCents !== undefined) {
    rows.push({ key: 'deal', icon: Armchair, text: t(deal.rentPer === 'week' ? 'facts.rentWeek' : 'facts.rentDay', { amount: formatMoney(deal.rentCents, lang) }) });
  } else if (deal?.type === 'other') {
    rows.push({ key: 'deal', icon: Handshake, text: t('facts.other') });
  }
  if (deal?.note) rows.push({ key: 'note', icon: MessageSquareText, text: deal.note });
  if (terms.deposits) rows.push({ key: 'deposits', icon: Wallet, text: t(`facts.deposits.${terms.deposits}`) });
  if (terms.provides?.length) rows.push({ key: 'provides', icon: PackageCheck, text: t('facts.provides', { list: listText(terms.provides.map((p) => t(`provides.${p}`)), lang) }) });
  if (terms.advertising?.length) rows.push({ key: 'advertising', icon: Megaphone, text: t('facts.advertising', { list: listText(terms.advertising.map((a) => t(`advertising.${a}`)), lang) }) });
  if (terms.housing) rows.push({ key: 'housing', icon: BedDouble, text: t(`housing.${terms.housing}`) });
  if (terms.minDays !== undefined) rows.push({ key: 'minDays', icon: CalendarDays, text: t('facts.minDays', { count: terms.minDays }) });
  if (terms.languages?.length) rows.push({ key: 'languages', icon: Languages, text: t('facts.languages', { list: listText(terms.languages.map((l) => t(`profiles:languages.${l}`)), lang) }) });
  return rows;
}

/** A guest spot's terms as a fact sheet on its page, with icons and words. */
export function TermsFactSheet({ terms }: { terms: DealTerms }) {
  const { t } = useTranslation(['dealTerms', 'profiles']);
  const lang = useLanguage();
  const rows = termRows(terms, t, lang);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="deal-terms" className="space-y-3 rounded border border-line p-4">
      <h2 id="deal-terms" className="text-lg font-bold">
        {t('facts.title')}
      </h2>
      <FactRows rows={rows} label={t('facts.label')} />
    </section>
  );
}

/** An availability's wishes in words, on its page. */
export function WishesFacts({ wishes }: { wishes: DealWishes }) {
  const { t } = useTranslation('dealTerms');
  const lang = useLanguage();
  const rows: FactRow[] = [];
  if (wishes.dealTypes?.length) rows.push({ key: 'dealTypes', icon: Handshake, text: t('wishes.dealTypes', { list: listText(wishes.dealTypes.map((d) => t(`dealTypes.${d}`)), lang) }) });
  if (wishes.minSharePercent !== undefined) rows.push({ key: 'share', icon: Percent, text: t('wishes.minShare', { percent: wishes.minSharePercent }) });
  if (wishes.maxRentCents !== undefined) rows.push({ key: 'rent', icon: Armchair, text: t('wishes.maxRent', { amount: formatMoney(wishes.maxRentCents, lang) }) });
  if (wishes.needsHousing) rows.push({ key: 'housing', icon: BedDouble, text: t('wishes.needsHousing') });
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="deal-wishes" className="space-y-3 rounded border border-line p-4">
      <h2 id="deal-wishes" className="text-lg font-bold">
        {t('wishes.title')}
      </h2>
      <FactRows rows={rows} label={t('wishes.title')} />
    </section>
  );
}

/**
 * Why a match's deal fits, as small badges; `side` is whose page it is (the artist sees "fits
 * your share", the studio "your share fits").
 */
export function FitBadges({ fit, side }: { fit: FitReason[]; side: 'artist' | 'studio' }) {
  const { t } = useTranslation('dealTerms');
  if (fit.length === 0) return null;
  return (
    <ul aria-label={t('fit.label')} className="flex flex-wrap gap-1.5">
      {fit.map((reason) => (
        <li key={reason}>
          <Badge tone="success">{t(`fit.${side}.${reason}`)}</Badge>
        </li>
      ))}
    </ul>
  );
}

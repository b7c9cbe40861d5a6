import { useTranslation } from '../../i18n/react';
import { formatListingDate } from '../../../common/format';
import type { Language } from '../../../common/languages';
import { useLanguage } from '../../i18n/language';

type T = (key: string) => string;

/** One listing day for display: the date in the interface language, or 'No date' / 'Date unknown'. */
export function listingDateText(value: unknown, lang: Language, t: T): string {
  const result = formatListingDate(value, lang);
  if (result.ok) return result.text;
  return t(result.reason === 'noDate' ? 'listings:date.noDate' : 'listings:date.unknown');
}

/** "05/31/2026 – 06/14/2026" in the interface language. */
export function usePeriodText(): (start: unknown, end: unknown) => string {
  const { t } = useTranslation('listings');
  const lang = useLanguage();
  return (start, end) => t('listings:date.period', { start: listingDateText(start, lang, t), end: listingDateText(end, lang, t) });
}

export function Period({ start, end, className }: { start: unknown; end: unknown; className?: string }) {
  const text = usePeriodText();
  return <span className={className}>{text(start, end)}</span>;
}

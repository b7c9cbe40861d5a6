import { formatDayRange } from '../../../common/format';
import { useLanguage } from '../../i18n/language';

/** A stop's days in the page's language ("3.–10. Mai"). */
export function useStopDates(): (start: string, end: string) => string {
  const lang = useLanguage();
  return (start, end) => formatDayRange(start, end, lang);
}

import { Handshake } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from '../../../i18n/react';
import { LOCALES, type Language } from '../../../../common/languages';
import { buildPath } from '../../../../common/routes';
import type { DealMessageReference } from '../../../../common/schemas/deals';
import type { Message } from '../../../../common/schemas/messages';
import { useLanguage } from '../../../i18n/language';
import { LocalizedLink } from '../../../i18n/localized-link';

/** The request's days as the reader's language writes a range ("3.–10. Mai"); calendar days, so in UTC. */
function dayRange(start: string, end: string, lang: Language): string {
  const from = new Date(`${start}T00:00:00Z`);
  const to = new Date(`${end}T00:00:00Z`);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return `${start} – ${end}`;
  const year = new Date().getUTCFullYear();
  const withYear = from.getUTCFullYear() !== year || to.getUTCFullYear() !== year;
  const format = new Intl.DateTimeFormat(LOCALES[lang], { day: 'numeric', month: 'long', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
  return start === end ? format.format(from) : format.formatRange(from, to);
}

function DealText({ reference, mine, contactName }: { reference: DealMessageReference; mine: boolean; contactName: string }) {
  // The deals namespace, fetched on the first system line of a session.
  const { t } = useTranslation('deals');
  const lang = useLanguage();
  const range = dayRange(reference.startDate, reference.endDate, lang);
  const key = reference.status === 'cancelled' ? 'line.cancelled' : `line.${reference.kind}.${reference.status}`;
  return (
    <>
      {t(mine ? `${key}Mine` : key, { name: contactName, range })}{' '}
      <LocalizedLink to={buildPath('dealRequests')} className="font-semibold">
        {t('line.link')}
      </LocalizedLink>
    </>
  );
}

/**
 * A change of an application, invitation or stay, as a centred system line in the reader's
 * language: who did what for which days ("Nadelwerk accepted your application for 3–10 May"),
 * and the way to Requests & stays. The sender of the line is the one who acted. While the texts
 * load, the server's own words stand in.
 */
export function DealLine({ message, reference, mine, contactName }: { message: Message; reference: DealMessageReference; mine: boolean; contactName: string }) {
  return (
    <li className="flex justify-center" data-testid="deal-line">
      <p className="flex max-w-[90%] items-start gap-2 rounded border border-line bg-sunken px-3 py-2 text-center text-sm text-ink">
        <Handshake aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
        <span>
          <Suspense fallback={message.content}>
            <DealText reference={reference} mine={mine} contactName={contactName} />
          </Suspense>
        </span>
      </p>
    </li>
  );
}

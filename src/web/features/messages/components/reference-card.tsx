import { CalendarDays, MapPin } from 'lucide-react';
import { useTranslation } from '../../../i18n/react';
import { formatDate } from '../../../../common/format';
import { pathTo } from '../../../../common/routes';
import type { GuestSpotMessageReference } from '../../../../common/schemas/messages';
import { useLanguage } from '../../../i18n/language';
import { Link } from '../../../routing';

/** The guest spot an application message is about: a card linking it, or a note that it is gone. */
export function ReferenceCard({ reference }: { reference: GuestSpotMessageReference }) {
  const { t } = useTranslation('messages');
  const lang = useLanguage();
  return (
    <div className="mb-2 rounded border border-line bg-paper p-3 text-ink">
      <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{t('reference.kicker')}</p>
      {reference.available ? (
        <Link to={pathTo('guestSpot', { slug: reference.slug }, lang)} className="font-bold underline">
          {reference.title}
        </Link>
      ) : (
        <p className="font-bold">{reference.title}</p>
      )}
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-1">
          <CalendarDays aria-hidden="true" className="size-4" />
          {formatDate(reference.startDate, lang)} – {formatDate(reference.endDate, lang)}
        </span>
        {reference.cityName && (
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden="true" className="size-4" />
            {reference.cityName}
          </span>
        )}
      </p>
      {!reference.available && <p className="mt-1 text-sm font-semibold">{t('reference.unavailable')}</p>}
    </div>
  );
}

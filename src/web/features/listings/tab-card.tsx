import { ArrowRight } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import { DESCRIPTION_PREVIEW } from '../../../common/constants';
import { truncate } from '../../../common/format';
import type { StyleRef } from '../../../common/schemas/listing-fields';
import { LocalizedLink } from '../../i18n/localized-link';
import { buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { InactiveBadge, StyleBadges } from './listing-card';
import { usePeriodText } from './period';

export interface TabCardEntry {
  id: number;
  title: string;
  isActive: boolean;
  startDate: string;
  endDate: string;
  description: string | null;
  styles: StyleRef[];
  compensation?: string | null;
  compensationDetails?: string | null;
  location?: string | null;
}

/**
 * A card of the profile tabs: title, Inactive badge, period, compensation with
 * details, the description cut at 150 characters plus '…', style badges and view details.
 */
export function TabCard({ entry, href }: { entry: TabCardEntry; href: string }) {
  const { t } = useTranslation('listingsEntry');
  const period = usePeriodText();
  const compensation = [entry.compensation, entry.compensationDetails].filter(Boolean).join(' – ');
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-lg leading-tight font-bold break-words">{entry.title}</h3>
        {!entry.isActive && <InactiveBadge />}
      </div>
      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold">{t('fields.period')}</dt>
          <dd>{period(entry.startDate, entry.endDate)}</dd>
        </div>
        {entry.location && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">{t('fields.place')}</dt>
            <dd>{entry.location}</dd>
          </div>
        )}
        {compensation && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-semibold">{t('fields.compensation')}</dt>
            <dd className="min-w-0 break-words">{compensation}</dd>
          </div>
        )}
      </dl>
      {entry.description && <p className="text-sm break-words text-ink-muted">{truncate(entry.description, DESCRIPTION_PREVIEW)}</p>}
      <StyleBadges styles={entry.styles} max={8} />
      <div className="mt-auto pt-1">
        <LocalizedLink to={href} className={buttonClasses({ size: 'sm' })} aria-label={t('viewDetailsNamed', { title: entry.title })}>
          {t('viewDetails')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </LocalizedLink>
      </div>
    </Card>
  );
}

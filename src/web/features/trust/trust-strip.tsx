import { Clock, MessageCircleReply, Handshake } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TrustFigures } from '../../../common/schemas/trust';
import { useTranslation } from '../../i18n/react';
import { VerifiedBadge } from '../../ui/verified-badge';
import { useTrustFigures } from './api';

/** "usually within …": hours up to a day, then days. */
export function responseTimeKey(hours: number): { key: string; count?: number } {
  if (hours <= 1) return { key: 'strip.withinHour' };
  if (hours < 24) return { key: 'strip.withinHours', count: Math.ceil(hours) };
  if (hours <= 24) return { key: 'strip.withinDay' };
  return { key: 'strip.withinDays', count: Math.ceil(hours / 24) };
}

/**
 * A profile's trust figures in one line: response rate and time (from five answered requests
 * on), completed stays, and the verified studio badge. The profile's page loader gives them, so
 * a visitor's first paint has them; nothing when there is nothing to say.
 */
export function TrustStrip({ userId }: { userId: number }) {
  const figures = useTrustFigures(userId);
  if (!figures.data) return null;
  return <TrustFiguresLine figures={figures.data} />;
}

/** The line itself, for a profile's figures as the API answers them. */
export function TrustFiguresLine({ figures }: { figures: TrustFigures }) {
  const { t } = useTranslation('trust');
  const items: { key: string; icon: ReactNode; text: string }[] = [];
  if (figures.responseRate !== null) items.push({ key: 'rate', icon: <MessageCircleReply aria-hidden="true" className="size-4" />, text: t('strip.rate', { rate: figures.responseRate }) });
  if (figures.typicalResponseHours !== null) {
    const time = responseTimeKey(figures.typicalResponseHours);
    items.push({ key: 'time', icon: <Clock aria-hidden="true" className="size-4" />, text: t(time.key, time.count === undefined ? {} : { count: time.count }) });
  }
  if (figures.completedStays > 0) items.push({ key: 'stays', icon: <Handshake aria-hidden="true" className="size-4" />, text: t('strip.stays', { count: figures.completedStays }) });
  if (items.length === 0 && !figures.verifiedStudio) return null;
  return (
    <ul aria-label={t('strip.label')} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      {items.map((item) => (
        <li key={item.key} className="inline-flex items-center gap-1.5 text-ink-muted">
          {item.icon}
          {item.text}
        </li>
      ))}
      {figures.verifiedStudio && (
        <li className="inline-flex">
          <VerifiedBadge />
        </li>
      )}
    </ul>
  );
}

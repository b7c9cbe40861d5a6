import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Availability } from '../../../common/schemas/availability';
import { localizePath, useLanguage } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { useSession } from '../auth';
import {
  ContactAction,
  DetailLayout,
  DetailSkeleton,
  LoadProblem,
  MatchesList,
  OwnerActions,
  placeText,
  usePeriodText,
  type MatchItem,
} from '../listings';
import { availabilityEditPath, useAvailability, useAvailabilityMatches, useDeleteAvailability, useToggleAvailability } from './api';

/** /tattooartist/{slug} and /artist-availability/{id}: an artist's travel period; the owner manages it and sees fitting spots. */
export default function AvailabilityDetailPage() {
  const { t } = useTranslation(['availability', 'listings']);
  const { id, slug } = useParams();
  const entry = useAvailability({ id, slug });
  if (entry.isPending) return <DetailSkeleton />;
  if (entry.isError) {
    return <LoadProblem error={entry.error} listHref="/tattooartists" listLabel={t('detail.backToList')} notFoundText={t('errors:availabilityNotFound')} />;
  }
  return <AvailabilityDetail entry={entry.data} />;
}

function AvailabilityDetail({ entry }: { entry: Availability }) {
  const { t } = useTranslation(['availability', 'listings']);
  const { user } = useSession();
  const period = usePeriodText();
  const navigate = useNavigate();
  const lang = useLanguage();
  const isOwner = !!user && (user.id === entry.artist.id || user.role === 'admin');
  const toggle = useToggleAvailability();
  const remove = useDeleteAvailability();
  const matches = useAvailabilityMatches(entry.id, isOwner);

  const where = placeText(entry.cityName, entry.countryName);
  const facts = [
    { label: t('listings:fields.period'), value: period(entry.startDate, entry.endDate) },
    { label: t('detail.preferredLocation'), value: entry.preferredLocation || where || t('detail.anywhere') },
    ...(where && entry.preferredLocation ? [{ label: t('listings:fields.place'), value: where }] : []),
  ];
  const matchItems: MatchItem[] | undefined = matches.data?.map((m) => ({
    key: m.guestSpot.id,
    owner: m.guestSpot.studio,
    title: m.guestSpot.title,
    href: `/guestspot/${encodeURIComponent(m.guestSpot.slug)}`,
    startDate: m.guestSpot.startDate,
    endDate: m.guestSpot.endDate,
    place: placeText(m.guestSpot.cityName, m.guestSpot.countryName),
    score: m.score,
    overlapDays: m.overlapDays,
    sameCity: m.sameCity,
    sameCountry: m.sameCountry,
    sharedStyles: m.sharedStyles,
  }));

  return (
    <DetailLayout
      kicker={t('detail.kicker')}
      title={entry.title}
      isActive={entry.isActive}
      owner={entry.artist}
      ownerLabel={t('detail.artist')}
      facts={facts}
      styles={entry.styles}
      sections={[{ title: t('detail.description'), text: entry.description }]}
      notice={isOwner && !entry.isActive ? <Alert tone="info">{t('detail.inactiveNotice')}</Alert> : null}
      actions={
        isOwner ? (
          <OwnerActions
            title={entry.title}
            isActive={entry.isActive}
            editHref={availabilityEditPath(entry)}
            onToggle={() => toggle.mutateAsync({ id: entry.id, isActive: !entry.isActive })}
            toggling={toggle.isPending}
            onDelete={() =>
              remove.mutateAsync(entry.id).then(() => navigate(localizePath('/artist-availability/manage', lang), { replace: true }))
            }
            deleting={remove.isPending}
            size="md"
          />
        ) : (
          <>
            <ContactAction username={entry.artist.username} name={entry.artist.name} />
            {user && <p className="text-sm text-ink-muted">{t('listings:contact.messagingLater')}</p>}
          </>
        )
      }
      below={
        isOwner ? (
          <MatchesList
            title={t('detail.matchesTitle')}
            intro={t('detail.matchesIntro')}
            empty={t('detail.matchesEmpty')}
            query={{ isPending: matches.isPending, isError: matches.isError, data: matchItems }}
          />
        ) : null
      }
    />
  );
}

import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { GuestSpot } from '../../../common/schemas/guest-spots';
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
  wantedPlaceText,
  type MatchItem,
} from '../listings';
import { useDeleteGuestSpot, useGuestSpot, useGuestSpotMatches, useToggleGuestSpot } from './api';

/** /guestspot/{slug}: the spot with its studio; the owner manages it here and sees the fitting artists. */
export default function GuestSpotDetailPage() {
  const { t } = useTranslation(['guestSpots', 'listings']);
  const { slug } = useParams();
  const spot = useGuestSpot(slug);
  if (spot.isPending) return <DetailSkeleton />;
  if (spot.isError) {
    return <LoadProblem error={spot.error} listHref="/guestspots" listLabel={t('detail.backToList')} notFoundText={t('errors:guestSpotNotFound')} />;
  }
  return <GuestSpotDetail spot={spot.data} />;
}

function GuestSpotDetail({ spot }: { spot: GuestSpot }) {
  const { t } = useTranslation(['guestSpots', 'listings']);
  const { user } = useSession();
  const period = usePeriodText();
  const navigate = useNavigate();
  const lang = useLanguage();
  const isOwner = !!user && (user.id === spot.studio.id || user.role === 'admin');
  const toggle = useToggleGuestSpot();
  const remove = useDeleteGuestSpot();
  const matches = useGuestSpotMatches(spot.id, isOwner);

  const place = placeText(spot.cityName, spot.countryName) || t('detail.placeUnknown');
  const compensation = [spot.compensation, spot.compensationDetails].filter(Boolean).join(' – ');
  const facts = [
    { label: t('listings:fields.period'), value: period(spot.startDate, spot.endDate) },
    { label: t('listings:fields.place'), value: place },
    { label: t('listings:fields.compensation'), value: compensation || t('detail.compensationOpen') },
    { label: t('detail.places'), value: t('detail.placesCount', { count: spot.places }) },
  ];
  const matchItems: MatchItem[] | undefined = matches.data?.map((m) => ({
    key: m.availability.id,
    owner: m.availability.artist,
    title: m.availability.title,
    href: `/tattooartist/${encodeURIComponent(m.availability.slug)}`,
    startDate: m.availability.startDate,
    endDate: m.availability.endDate,
    place: wantedPlaceText(m.availability),
    score: m.score,
    overlapDays: m.overlapDays,
    sameCity: m.sameCity,
    sameCountry: m.sameCountry,
    sharedStyles: m.sharedStyles,
  }));

  return (
    <DetailLayout
      kicker={t('detail.kicker')}
      title={spot.title}
      isActive={spot.isActive}
      owner={spot.studio}
      ownerLabel={t('detail.studio')}
      facts={facts}
      styles={spot.styles}
      sections={[
        { title: t('detail.description'), text: spot.description },
        { title: t('detail.requirements'), text: spot.requirements },
      ]}
      notice={isOwner && !spot.isActive ? <Alert tone="info">{t('detail.inactiveNotice')}</Alert> : null}
      actions={
        isOwner ? (
          <OwnerActions
            title={spot.title}
            isActive={spot.isActive}
            editHref={`/guestspot/${encodeURIComponent(spot.slug)}/edit`}
            onToggle={() => toggle.mutateAsync({ id: spot.id, isActive: !spot.isActive })}
            toggling={toggle.isPending}
            onDelete={() =>
              remove.mutateAsync(spot.id).then(() => navigate(localizePath('/guestspots/manage', lang), { replace: true }))
            }
            deleting={remove.isPending}
            size="md"
          />
        ) : (
          <>
            <ContactAction username={spot.studio.username} name={spot.studio.name} />
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

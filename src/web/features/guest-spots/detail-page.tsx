import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { GuestSpot } from '../../../common/schemas/guest-spots';
import { ListingDetail, LoadedListing, matchItem, placeText, useIsOwner, usePeriodText, wantedPlaceText } from '../listings';
import { guestSpotEditPath, useDeleteGuestSpot, useGuestSpot, useGuestSpotMatches, useToggleGuestSpot } from './api';

/** /guestspot/{slug}: the spot with its studio; the owner manages it here and sees the fitting artists. */
export default function GuestSpotDetailPage() {
  const { t } = useTranslation(['guestSpots', 'listings']);
  const { slug } = useParams();
  const spot = useGuestSpot(slug);
  return (
    <LoadedListing query={spot} listHref="/guestspots" listLabel={t('detail.backToList')} notFoundText={t('errors:guestSpotNotFound')}>
      {(spot) => <GuestSpotDetail spot={spot} />}
    </LoadedListing>
  );
}

function GuestSpotDetail({ spot }: { spot: GuestSpot }) {
  const { t } = useTranslation(['guestSpots', 'listings']);
  const period = usePeriodText();
  const isOwner = useIsOwner(spot.studio);
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
  const matchItems = matches.data?.map((m) =>
    matchItem(m, m.availability, {
      owner: m.availability.artist,
      href: `/tattooartist/${encodeURIComponent(m.availability.slug)}`,
      place: wantedPlaceText(m.availability),
    }),
  );

  return (
    <ListingDetail
      ns="guestSpots"
      listing={spot}
      owner={spot.studio}
      ownerLabel={t('detail.studio')}
      facts={facts}
      sections={[
        { title: t('detail.description'), text: spot.description },
        { title: t('detail.requirements'), text: spot.requirements },
      ]}
      isOwner={isOwner}
      editHref={guestSpotEditPath(spot)}
      managePath="/guestspots/manage"
      toggle={toggle}
      remove={remove}
      matches={{ isPending: matches.isPending, isError: matches.isError, data: matchItems }}
    />
  );
}

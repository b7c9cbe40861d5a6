import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Availability } from '../../../common/schemas/availability';
import { ListingDetail, LoadedListing, matchItem, placeText, useIsOwner, usePeriodText } from '../listings';
import { availabilityEditPath, useAvailability, useAvailabilityMatches, useDeleteAvailability, useToggleAvailability } from './api';

/** /tattooartist/{slug} and /artist-availability/{id}: an artist's travel period; the owner manages it and sees fitting spots. */
export default function AvailabilityDetailPage() {
  const { t } = useTranslation(['availability', 'listings']);
  const { id, slug } = useParams();
  const entry = useAvailability({ id, slug });
  return (
    <LoadedListing query={entry} listHref="/tattooartists" listLabel={t('detail.backToList')} notFoundText={t('errors:availabilityNotFound')}>
      {(entry) => <AvailabilityDetail entry={entry} />}
    </LoadedListing>
  );
}

function AvailabilityDetail({ entry }: { entry: Availability }) {
  const { t } = useTranslation(['availability', 'listings']);
  const period = usePeriodText();
  const isOwner = useIsOwner(entry.artist);
  const toggle = useToggleAvailability();
  const remove = useDeleteAvailability();
  const matches = useAvailabilityMatches(entry.id, isOwner);

  const where = placeText(entry.cityName, entry.countryName);
  const facts = [
    { label: t('listings:fields.period'), value: period(entry.startDate, entry.endDate) },
    { label: t('detail.preferredLocation'), value: entry.preferredLocation || where || t('detail.anywhere') },
    ...(where && entry.preferredLocation ? [{ label: t('listings:fields.place'), value: where }] : []),
  ];
  const matchItems = matches.data?.map((m) =>
    matchItem(m, m.guestSpot, {
      owner: m.guestSpot.studio,
      href: `/guestspot/${encodeURIComponent(m.guestSpot.slug)}`,
      place: placeText(m.guestSpot.cityName, m.guestSpot.countryName),
    }),
  );

  return (
    <ListingDetail
      ns="availability"
      listing={entry}
      owner={entry.artist}
      ownerLabel={t('detail.artist')}
      facts={facts}
      sections={[{ title: t('detail.description'), text: entry.description }]}
      isOwner={isOwner}
      editHref={availabilityEditPath(entry)}
      managePath="/artist-availability/manage"
      toggle={toggle}
      remove={remove}
      matches={{ isPending: matches.isPending, isError: matches.isError, data: matchItems }}
    />
  );
}

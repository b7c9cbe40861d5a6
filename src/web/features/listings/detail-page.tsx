import type { ReactNode } from 'react';
import { usePageTitle } from '../../i18n/page-title';
import { useTranslation } from '../../i18n/react';
import type { OwnerCard } from '../../../common/schemas/listing-fields';
import { useNavigate, useParams } from '../../routing';
import { localizePath, useLanguage } from '../../i18n/language';
import { LocalizedLink } from '../../i18n/localized-link';
import { Alert } from '../../ui/alert';
import { buttonClasses } from '../../ui/button';
import { useListing } from './api/get-listing';
import { useMatches, type Match } from './api/get-matches';
import { ContactAction } from './contact-action';
import { FitBadges, TermsFactSheet, WishesFacts } from './deal-facts';
import { DetailLayout, LoadedListing } from './detail-layout';
import type { Listing, ListingKind } from './kind';
import type { GuestSpotDetail } from '../../../common/schemas/guest-spot-photos';
import { KINDS } from './kinds';
import { MatchesList, type MatchItem } from './matches-list';
import { HiddenByModeration } from './moderation-note';
import { OwnerActions } from './owner-actions';
import { usePeriodText } from './period';
import { SpotPhotoGallery } from './spot-photos';

/** A match as the matches list shows it: the other kind's listing, who posted it, and why it fits. */
function matchItem(kind: ListingKind, match: Match): MatchItem {
  const listing = kind.matched(match);
  const other = KINDS[kind.other];
  return {
    key: listing.id,
    title: listing.title,
    startDate: listing.startDate,
    endDate: listing.endDate,
    owner: other.owner(listing),
    href: other.detailPath(listing),
    place: other.place(listing),
    reasons: match.reasons,
    images: match.images,
    pictures: other.postedBy === 'artist' ? 'strip' : 'cover',
    fit: <FitBadges fit={match.fit ?? []} side={kind.postedBy === 'artist' ? 'artist' : 'studio'} />,
  };
}

/**
 * The contact actions of a listing for everyone but its poster, filled in by the page that
 * combines listings with messaging (app/routes); `refresh` loads the listing again.
 */
export type ContactSlot = (entry: { listing: Listing; owner: OwnerCard; refresh: () => void }) => ReactNode;

/** An action on each of the owner's matches (a studio inviting a matched artist), filled in by app/routes. */
export type MatchActionSlot = (matched: Listing) => ReactNode;

/**
 * A listing's page around the kind's facts and text sections: others get the contact actions;
 * whoever may change it (`can`) gets the inactive notice, the actions and the matches.
 */
function ListingDetail({
  kind,
  listing,
  contact,
  matchAction,
  refresh,
}: {
  kind: ListingKind;
  listing: Listing;
  contact?: ContactSlot;
  matchAction?: MatchActionSlot;
  refresh: () => void;
}) {
  const { t } = useTranslation([kind.entryNs, 'listingsEntry']);
  const navigate = useNavigate();
  const lang = useLanguage();
  const period = usePeriodText();
  const manages = listing.can.edit || listing.can.delete;
  const { ended } = listing;
  const matches = useMatches(kind, listing.id, manages && !ended);
  const owner = kind.owner(listing);
  usePageTitle(kind.name === 'guestSpots' ? 'guestSpot.title' : 'tattooArtist.title', { title: listing.title, [kind.postedBy]: owner.name });
  return (
    <DetailLayout
      kicker={t('detail.kicker')}
      title={listing.title}
      isActive={listing.isActive}
      owner={owner}
      ownerLabel={t(kind.texts.ownerLabel)}
      facts={kind.facts(listing, t, period)}
      styles={listing.styles}
      sections={kind.sections(listing, t)}
      terms={'terms' in listing && listing.terms ? <TermsFactSheet terms={listing.terms} /> : 'wishes' in listing && listing.wishes ? <WishesFacts wishes={listing.wishes} /> : null}
      media={kind.name === 'guestSpots' ? <SpotPhotoGallery photos={(listing as GuestSpotDetail).photos ?? []} studioName={owner.name} /> : null}
      notice={
        listing.hiddenReason !== undefined ? (
          <HiddenByModeration reason={listing.hiddenReason} />
        ) : ended ? (
          <Alert tone="info" title={t('detail.ended')}>
            {t(manages ? 'detail.endedOwnerText' : 'detail.endedText')}
          </Alert>
        ) : manages && !listing.isActive ? (
          <Alert tone="info">{t('detail.inactiveNotice')}</Alert>
        ) : null
      }
      actions={
        manages ? (
          <OwnerActions
            kind={kind}
            listing={listing}
            onDeleted={() => navigate(localizePath(kind.paths.manage, lang), { replace: true })}
            size="md"
          />
        ) : ended ? (
          // Nothing to apply to or invite for any more: the way on is the list of open ones.
          <LocalizedLink to={kind.paths.backToList} className={buttonClasses({ variant: 'primary' })}>
            {t('detail.backToList')}
          </LocalizedLink>
        ) : contact ? (
          contact({ listing, owner, refresh })
        ) : (
          <ContactAction username={owner.username} name={owner.name} />
        )
      }
      below={
        manages && !ended ? (
          <MatchesList
            title={t('detail.matchesTitle')}
            intro={t('detail.matchesIntro')}
            empty={t('detail.matchesEmpty')}
            query={{ isPending: matches.isPending, isError: matches.isError, data: matches.data?.map((m) => ({ ...matchItem(kind, m), action: matchAction?.(kind.matched(m)) })) }}
          />
        ) : null
      }
    />
  );
}

/** /guestspot/{slug}, /tattooartist/{slug} and /artist-availability/{id}: one listing, loaded by slug or id. */
function DetailPage({ kind, contact, matchAction }: { kind: ListingKind; contact?: ContactSlot; matchAction?: MatchActionSlot }) {
  const { t } = useTranslation([kind.entryNs, 'listingsEntry']);
  const { id, slug } = useParams();
  const query = useListing(kind, { id, slug });
  return (
    <LoadedListing query={query} listHref={kind.paths.backToList} listLabel={t('detail.backToList')} notFoundText={t(kind.texts.notFound)}>
      {(listing) => <ListingDetail kind={kind} listing={listing} contact={contact} matchAction={matchAction} refresh={() => void query.refetch()} />}
    </LoadedListing>
  );
}

export const GuestSpotDetailPage = ({ contact, matchAction }: { contact?: ContactSlot; matchAction?: MatchActionSlot }) => (
  <DetailPage kind={KINDS.guestSpots} contact={contact} matchAction={matchAction} />
);
export const AvailabilityDetailPage = ({ contact }: { contact?: ContactSlot }) => <DetailPage kind={KINDS.availability} contact={contact} />;

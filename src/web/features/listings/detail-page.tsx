import { useTranslation } from 'react-i18next';
import type { MatchReasons } from '../../../common/schemas/listing-fields';
import { useNavigate, useParams } from 'react-router';
import { localizePath, useLanguage } from '../../i18n/language';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { useListing } from './api/get-listing';
import { useMatches } from './api/get-matches';
import { ContactAction } from './contact-action';
import { DetailLayout, LoadedListing } from './detail-layout';
import type { Listing, ListingKind } from './kind';
import { KINDS } from './kinds';
import { MatchesList, type MatchItem } from './matches-list';
import { OwnerActions } from './owner-actions';
import { usePeriodText } from './period';

/** A match as the matches list shows it: the other kind's listing, who posted it, and why it fits. */
function matchItem(kind: ListingKind, match: MatchReasons): MatchItem {
  const listing = kind.matched(match);
  const other = KINDS[kind.other];
  const { score, overlapDays, sameCity, sameCountry, sharedStyles } = match;
  return {
    key: listing.id,
    title: listing.title,
    startDate: listing.startDate,
    endDate: listing.endDate,
    owner: other.owner(listing),
    href: other.detailPath(listing),
    place: other.place(listing),
    score,
    overlapDays,
    sameCity,
    sameCountry,
    sharedStyles,
  };
}

/**
 * A listing's page around the kind's facts and text sections: visitors get the contact action;
 * whoever may change it (`can`) gets the inactive notice, the actions and the matches.
 */
function ListingDetail({ kind, listing }: { kind: ListingKind; listing: Listing }) {
  const { t } = useTranslation([kind.name, 'listings']);
  const { user } = useSession();
  const navigate = useNavigate();
  const lang = useLanguage();
  const period = usePeriodText();
  const manages = listing.can.edit || listing.can.delete;
  const matches = useMatches(kind, listing.id, manages);
  const owner = kind.owner(listing);
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
      notice={manages && !listing.isActive ? <Alert tone="info">{t('detail.inactiveNotice')}</Alert> : null}
      actions={
        manages ? (
          <OwnerActions
            kind={kind}
            listing={listing}
            onDeleted={() => navigate(localizePath(kind.paths.manage, lang), { replace: true })}
            size="md"
          />
        ) : (
          <>
            <ContactAction username={owner.username} name={owner.name} />
            {user && <p className="text-sm text-ink-muted">{t('listings:contact.messagingLater')}</p>}
          </>
        )
      }
      below={
        manages ? (
          <MatchesList
            title={t('detail.matchesTitle')}
            intro={t('detail.matchesIntro')}
            empty={t('detail.matchesEmpty')}
            query={{ isPending: matches.isPending, isError: matches.isError, data: matches.data?.map((m) => matchItem(kind, m)) }}
          />
        ) : null
      }
    />
  );
}

/** /guestspot/{slug}, /tattooartist/{slug} and /artist-availability/{id}: one listing, loaded by slug or id. */
function DetailPage({ kind }: { kind: ListingKind }) {
  const { t } = useTranslation([kind.name, 'listings']);
  const { id, slug } = useParams();
  const query = useListing(kind, { id, slug });
  return (
    <LoadedListing query={query} listHref={kind.paths.backToList} listLabel={t('detail.backToList')} notFoundText={t(kind.texts.notFound)}>
      {(listing) => <ListingDetail kind={kind} listing={listing} />}
    </LoadedListing>
  );
}

export const GuestSpotDetailPage = () => <DetailPage kind={KINDS.guestSpots} />;
export const AvailabilityDetailPage = () => <DetailPage kind={KINDS.availability} />;

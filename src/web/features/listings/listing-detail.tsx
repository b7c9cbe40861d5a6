import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MatchReasons, OwnerCard, StyleRef } from '../../../common/schemas/listing-fields';
import { localizePath, useLanguage } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { useSession } from '../auth';
import { ContactAction } from './contact-action';
import { DetailLayout, type DetailFact } from './detail-layout';
import type { ListingNamespace } from './kind';
import { MatchesList, type MatchItem } from './matches-list';
import { OwnerActions } from './owner-actions';

/** What every listing has that its detail page and owner actions show. */
export interface ListingBase {
  id: number;
  title: string;
  isActive: boolean;
  startDate: string;
  endDate: string;
  styles: StyleRef[];
}

export type ToggleMutation = UseMutationResult<unknown, Error, { id: number; isActive: boolean }>;
export type DeleteMutation = UseMutationResult<unknown, Error, number>;

/** Whether the logged-in user may manage a listing: its owner, or an admin. */
export function useIsOwner(owner: { id: number }): boolean {
  const { user } = useSession();
  return !!user && (user.id === owner.id || user.role === 'admin');
}

/** Edit, activate/deactivate and delete of one own listing, bound to the kind's calls. */
export function ListingOwnerActions({
  listing,
  editHref,
  toggle,
  remove,
  onDeleted,
  size,
}: {
  listing: Pick<ListingBase, 'id' | 'title' | 'isActive'>;
  editHref: string;
  toggle: ToggleMutation;
  remove: DeleteMutation;
  onDeleted?: () => unknown;
  size?: 'sm' | 'md';
}) {
  return (
    <OwnerActions
      title={listing.title}
      isActive={listing.isActive}
      editHref={editHref}
      onToggle={() => toggle.mutateAsync({ id: listing.id, isActive: !listing.isActive })}
      toggling={toggle.isPending}
      onDelete={() => remove.mutateAsync(listing.id).then(onDeleted)}
      deleting={remove.isPending}
      size={size}
    />
  );
}

/** A match of the other kind as the matches list shows it: who, what, when, where, and why it fits. */
export function matchItem(
  match: MatchReasons,
  other: Pick<ListingBase, 'id' | 'title' | 'startDate' | 'endDate'>,
  view: { owner: MatchItem['owner']; href: string; place: string },
): MatchItem {
  const { score, overlapDays, sameCity, sameCountry, sharedStyles } = match;
  const { id: key, title, startDate, endDate } = other;
  return { key, title, startDate, endDate, ...view, score, overlapDays, sameCity, sameCountry, sharedStyles };
}

/**
 * A listing's detail page around the kind's facts and text sections: visitors get the contact
 * action; the owner gets the inactive notice, the owner actions and the matches.
 */
export function ListingDetail({
  ns,
  listing,
  owner,
  ownerLabel,
  facts,
  sections,
  isOwner,
  editHref,
  managePath,
  toggle,
  remove,
  matches,
}: {
  ns: ListingNamespace;
  listing: ListingBase;
  owner: OwnerCard;
  ownerLabel: string;
  facts: DetailFact[];
  sections: { title: string; text: string | null }[];
  isOwner: boolean;
  editHref: string;
  /** Where the owner lands after deleting. */
  managePath: string;
  toggle: ToggleMutation;
  remove: DeleteMutation;
  matches: { isPending: boolean; isError: boolean; data?: MatchItem[] };
}) {
  const { t } = useTranslation([ns, 'listings']);
  const { user } = useSession();
  const navigate = useNavigate();
  const lang = useLanguage();
  return (
    <DetailLayout
      kicker={t('detail.kicker')}
      title={listing.title}
      isActive={listing.isActive}
      owner={owner}
      ownerLabel={ownerLabel}
      facts={facts}
      styles={listing.styles}
      sections={sections}
      notice={isOwner && !listing.isActive ? <Alert tone="info">{t('detail.inactiveNotice')}</Alert> : null}
      actions={
        isOwner ? (
          <ListingOwnerActions
            listing={listing}
            editHref={editHref}
            toggle={toggle}
            remove={remove}
            onDeleted={() => navigate(localizePath(managePath, lang), { replace: true })}
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
        isOwner ? (
          <MatchesList title={t('detail.matchesTitle')} intro={t('detail.matchesIntro')} empty={t('detail.matchesEmpty')} query={matches} />
        ) : null
      }
    />
  );
}

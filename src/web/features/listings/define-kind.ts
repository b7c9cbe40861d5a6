import { buildPath, type RouteId } from '../../../common/routes';
import type { UserType } from '../../../common/constants';
import type { DetailFact } from './detail-layout';
import type { KindName, Listing, ListingKind } from './kind';

type Translate = Parameters<ListingKind['sections']>[1];

/**
 * What follows from the account type that posts a kind: the texts that name it (`ownerLabel` and
 * `wrongType` in the kind's entry namespace, `emptyAction` in its list namespace).
 */
const POSTERS = {
  artist: { ownerLabel: 'detail.artist', wrongType: 'form.onlyArtists', emptyAction: 'list.emptyArtistAction' },
  studio: { ownerLabel: 'detail.studio', wrongType: 'form.onlyStudios', emptyAction: 'list.emptyStudioAction' },
} as const satisfies Record<UserType, Record<string, string>>;

/** The two kinds match each other: a studio's guest spot and an artist's availability. */
const OTHER_KIND: Record<KindName, KindName> = { guestSpots: 'availability', availability: 'guestSpots' };
const OTHER_POSTER: Record<UserType, UserType> = { artist: 'studio', studio: 'artist' };

/** What a kind declares of its own; `defineKind` derives the rest. */
export interface KindSpec<L extends Listing>
  extends Pick<ListingKind<L>, 'name' | 'postedBy' | 'api' | 'idPrefix' | 'editPath' | 'owner' | 'place' | 'tabEntry' | 'cardExtra' | 'matched'> {
  /**
   * Route ids of the kind's pages. The add button of the profile tab leads to `add` and a detail
   * page that cannot be shown to `list`, unless the kind names other routes for them.
   */
  routes: { list: RouteId; manage: RouteId; add: RouteId; addFromProfile?: RouteId; backToList?: RouteId };
  /** The route of the entry's one address, filled with its title slug (also the profile tab's link). */
  detailRoute: RouteId;
  /** The facts after the period, which every kind shows first. */
  facts(entry: L, t: Translate): DetailFact[];
  /** The sections after the description, which every kind shows first. */
  sections?(entry: L, t: Translate): ReturnType<ListingKind<L>['sections']>;
  /** The text keys that are the kind's own; those naming an account type follow from `postedBy`. */
  texts: Pick<ListingKind<L>['texts'], 'notFound' | 'backToEntry'>;
}

/**
 * A kind's descriptor from what the kind declares: the other kind, the API calls, the pages'
 * paths and texts follow from it, and every kind's detail page starts with the period among its
 * facts and the description among its sections.
 */
export function defineKind<L extends Listing>({ routes, detailRoute, facts, sections, texts, ...own }: KindSpec<L>): ListingKind<L> {
  const poster = POSTERS[own.postedBy];
  const detailPath = (entry: Pick<L, 'slug'>) => buildPath(detailRoute, { slug: entry.slug });
  return {
    ...own,
    entryNs: `${own.name}Entry`,
    other: OTHER_KIND[own.name],
    // Both kinds page their public list by path ({list}/page/{n}), the addresses search engines see.
    paths: {
      list: buildPath(routes.list),
      listPaging: true,
      manage: buildPath(routes.manage),
      add: buildPath(routes.add),
      addFromProfile: buildPath(routes.addFromProfile ?? routes.add),
      backToList: buildPath(routes.backToList ?? routes.list),
    },
    detailPath,
    tabPath: detailPath,
    facts: (entry, t, period) => [{ label: t('listingsEntry:fields.period'), value: period(entry.startDate, entry.endDate) }, ...facts(entry, t)],
    sections: (entry, t) => [{ title: t('detail.description'), text: entry.description }, ...(sections?.(entry, t) ?? [])],
    texts: {
      ...texts,
      ownerLabel: poster.ownerLabel,
      wrongType: poster.wrongType,
      otherAction: POSTERS[OTHER_POSTER[own.postedBy]].emptyAction,
    },
  };
}

import type { FastifyInstance } from 'fastify';
import { formatDate } from '../../../common/format';
import { LIST_PAGE_SIZE, type ListingBase, type OwnerCard } from '../../../common/schemas/listing-fields';
import type { Language } from '../../../common/languages';
import { matchRoute, pathTo, pathsByLanguage, routeIds } from '../../../common/routes';
import type { SessionUser } from '../../../common/schemas/session';
import { cutText, listHead, pageParam, type Head } from '../../http/head';
import { t } from '../../i18n';
import type { ListingKind } from './kind';
import type { ListingService } from './service';

/** The head of a listing's detail page: its texts (the kind's, with a fallback description), image, structured data and alternates. */
function detailHead<Item extends ListingBase>(kind: ListingKind<Item>, item: Item, lang: Language, publicUrl: string): Head & { alternates: Record<Language, string> } {
  const owner = (item as unknown as Record<string, OwnerCard>)[kind.owner]!;
  const { seoKey } = kind.pages;
  const fallback = t(lang, `seo:${seoKey}.description`, {
    [kind.owner]: owner.name,
    place: kind.pages.placeText(item) || '-',
    start: formatDate(item.startDate, lang),
    end: formatDate(item.endDate, lang),
  });
  return {
    title: t(lang, `seo:${seoKey}.title`, { title: item.title, [kind.owner]: owner.name }),
    description: cutText(item.description ?? fallback),
    image: owner.avatar ?? undefined,
    type: 'article',
    // A retired listing is still shown to its owner, and an ended one says it has ended: neither is anything to index.
    noindex: !item.isActive || item.ended,
    jsonLd: kind.pages.jsonLd(item, publicUrl, lang, fallback),
    // Every address of one listing shows the same: the slug page is canonical.
    alternates: pathsByLanguage(kind.pages.detailBySlug, { slug: item.slug }),
  };
}

/**
 * Page heads of a kind's screens (detail by slug or id, paged list), and the lookup behind the
 * legacy paths naming one listing (the redirect itself is http/pages.ts's).
 */
export function registerListingPages<Item extends ListingBase>(app: FastifyInstance, listings: ListingService<Item>): void {
  const { kind } = listings;
  const { pages } = kind;
  const detail = async (viewer: SessionUser | null, key: { id: number } | { slug: string }, lang: Language, publicUrl: string) => {
    const found = await listings.findForPage(viewer, key, lang);
    return found ? detailHead(kind, found, lang, publicUrl) : null;
  };

  app.pages.heads.set(pages.detailBySlug, (match, { lang, request, app: ctx }) => detail(request.user, { slug: match.params.slug ?? '' }, lang, ctx.config.publicUrl));
  if (pages.detailById) {
    app.pages.heads.set(pages.detailById, async (match, { lang, request, app: ctx }) => {
      const raw = match.params.id ?? '';
      return /^\d{1,15}$/.test(raw) ? detail(request.user, { id: Number(raw) }, lang, ctx.config.publicUrl) : null;
    });
  }

  const list = pages.list;
  if (list) {
    const listResolver = async (page: number | null, lang: Language) => {
      if (page === null) return null;
      return listHead({ lang, page, total: await listings.countPublic(), pageSize: LIST_PAGE_SIZE, first: list.first, numbered: list.numbered });
    };
    // Page 1 answers under each spelling of the list's path (the German one too); its canonical is the list's.
    for (const id of routeIds(list.first)) app.pages.heads.set(id, (_match, { lang }) => listResolver(1, lang));
    app.pages.heads.set(list.numbered, (match, { lang }) => listResolver(pageParam(match.params.page), lang));
    // The lists' heads are everyone's; a detail's is not (its owner sees a retired listing).
    for (const id of [...routeIds(list.first), list.numbered]) app.pages.sharedHeads.add(id);
    // A list page has one address, `{list}/page/{n}`: the old `?page=n` leads there, page 1 to the list itself.
    const firstIds = new Set(routeIds(list.first));
    app.pages.redirects.push((pathname, { lang, search }) => {
      if (!search.has('page')) return null;
      const match = matchRoute(pathname);
      if (!match || !firstIds.has(match.id)) return null;
      const page = pageParam(search.get('page') ?? '');
      const rest = new URLSearchParams(search);
      rest.delete('page');
      const query = rest.toString();
      const path = page !== null && page > 1 ? pathTo(list.numbered, { page }, lang) : pathTo(match.id, {}, lang);
      return { location: query ? `${path}?${query}` : path };
    });
  }

  for (const id of pages.legacyLookups) app.pages.legacyLookups.set(id, listings.visibleSlug);
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { todayInBerlin } from '../../../common/schemas/listing-fields';
import { requireUser } from '../../http/auth';
import { AppError, parse } from '../../errors';
import { isPersonal, replyPublic, sendAnswer, sendPersonal } from '../../http/answers';
import { tags } from '../../lib/answer-cache/index';
import { ownerQueryKey } from './kind';
import { idOrSlug, idOrSlugParams, numericId, slugParam } from './params';
import { registerListingPages } from './pages';
import { authorizePost } from './policy';
import type { ListingService } from './service';

/**
 * The API of one listing kind under its prefix (`/api/guest-spots`, `/api/artist-availability`),
 * and its page heads. Routes parse, call the service and answer; the rules are the service's.
 */
export async function listingRoutes(app: FastifyInstance, { listings }: { listings: ListingService }): Promise<void> {
  const { kind } = listings;
  const ownerKey = ownerQueryKey(kind);
  const { answers } = app.ctx;
  const listTags = [tags.listings(kind.cacheKey)];

  /**
   * One listing by slug: the visitors' answer is stored as bytes; the fields a viewer adds
   * (a guest spot's `hasApplied`) are asked per request and, when they differ from a visitor's,
   * spliced onto the stored text without serializing it again. Its owner and admins (who may
   * edit, and see it inactive) get an answer made for them.
   */
  async function bySlug(request: FastifyRequest, reply: FastifyReply, slug: string) {
    const lang = request.lang;
    const viewer = request.user;
    let stored;
    try {
      // The day is part of the key: the answer says whether the listing has ended.
      stored = await answers.get<{ id: number; shared: number; visitor: string }>(`${kind.cacheKey}:slug:${slug}:${todayInBerlin()}:${lang}`, [], async () => {
        const item = await listings.findDetail(null, { slug }, lang);
        if (!item) throw new AppError(404, kind.notFoundCode);
        const owner = listings.ownerOf(item);
        const visitor = JSON.stringify(await listings.viewerFields(null, item.id));
        const base = JSON.stringify(item);
        // `{...item, ...fields}` as text: the item's members, then the viewer's.
        const shared = base.length - 1;
        const body = visitor === '{}' ? base : `${base.slice(0, -1)},${visitor.slice(1)}`;
        return {
          body,
          tags: [tags.listing(kind.cacheKey, item.id), tags.user(owner)],
          owners: [owner],
          info: { id: item.id, shared: Buffer.byteLength(base.slice(0, shared)), visitor },
        };
      });
    } catch (error) {
      // Hidden from visitors (inactive) may still be its owner's to see.
      if (viewer && error instanceof AppError && error.status === 404) return sendPersonal(request, reply, JSON.stringify(await listings.get(viewer, { slug }, lang)));
      throw error;
    }
    if (isPersonal(request, stored)) return sendPersonal(request, reply, JSON.stringify(await listings.get(viewer, { slug }, lang)));
    if (!viewer) return sendAnswer(request, reply, stored);
    const own = JSON.stringify(await listings.viewerFields(viewer, stored.info.id));
    if (own === stored.info.visitor) return sendAnswer(request, reply, stored);
    const head = stored.body.subarray(0, stored.info.shared);
    const tail = own === '{}' ? '}' : `,${own.slice(1)}`;
    return sendPersonal(request, reply, Buffer.concat([head, Buffer.from(tail)]));
  }

  app.post('', { config: { input: { body: kind.schemas.create } } }, async (request, reply) => {
    // Who may post is answered before the form is judged: an artist learns spots are for studios.
    authorizePost(request.user, kind.owner);
    const input = parse(kind.schemas.create, request.body ?? {});
    return reply.status(201).send(await listings.create(request.user, input, request.lang));
  });

  app.get('', { config: { input: { query: kind.schemas.listQuery } }, compress: false }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    if (query[ownerKey] !== undefined) {
      const { [ownerKey]: ownerId, count, limit } = parse(kind.schemas.ownerQuery, query);
      if (count) return sendPersonal(request, reply, JSON.stringify({ count: await listings.countByOwner(request.user, ownerId as number) }));
      return sendPersonal(request, reply, JSON.stringify(await listings.listByOwner(request.user, ownerId as number, limit, request.lang)));
    }
    const filters = parse(kind.schemas.listQuery, query);
    const lang = request.lang;
    // The day is part of the key: nothing ended is shown past midnight.
    const stored = await answers.get(`${kind.cacheKey}:list:${todayInBerlin()}:${lang}:${JSON.stringify(filters)}`, listTags, async () => {
      const page = await listings.listPublic(filters, lang, null);
      const owners = new Set(page.items.map(listings.ownerOf));
      return { body: JSON.stringify(page), tags: [...owners].map(tags.user), owners };
    });
    return replyPublic(request, reply, stored, () => listings.listPublic(filters, lang, request.user));
  });

  app.get('/by-slug/:slug', { config: { input: { params: slugParam } }, compress: false }, async (request, reply) => {
    const { slug } = parse(slugParam, request.params);
    return bySlug(request, reply, slug);
  });

  app.get('/:id', { config: { input: { params: idOrSlugParams } } }, async (request) => listings.get(request.user, idOrSlug(request.params), request.lang));

  app.put('/:id', { config: { input: { body: kind.schemas.update } }, preHandler: requireUser }, async (request) => {
    const id = numericId(request.params, kind.notFoundCode);
    const input = parse(kind.schemas.update, request.body ?? {});
    return listings.update(request.user, id, input, request.lang);
  });

  app.delete('/:id', { config: { input: { params: idOrSlugParams } }, preHandler: requireUser }, async (request) => {
    await listings.remove(request.user, numericId(request.params, kind.notFoundCode));
    return { success: true };
  });

  app.get('/:id/matches', { config: { input: { params: idOrSlugParams } }, preHandler: requireUser }, async (request) => listings.matches(request.user, numericId(request.params, kind.notFoundCode), request.lang));

  registerListingPages(app, listings);
}

import type { FastifyInstance } from 'fastify';
import { pathsByLanguage } from '../../../common/routes';
import { calendarFeedParams, tourFeedQuery, tourParams } from '../../../common/schemas/tour';
import { profilePath } from '../../../common/username';
import { parse } from '../../errors';
import { requireUser, userOf } from '../../http/auth';
import type { HeadResolver } from '../../http/pages';
import { NO_INPUT } from '../../http/route-table';
import { t } from '../../i18n';
import type { TourService } from './service';

export interface TourRoutesOptions {
  tour: TourService;
}

const ICS_TYPE = 'text/calendar; charset=utf-8';

/** The head of /{username}/tour: the artist's name in title and description; an unknown artist is a 404. */
const tourHead = (tour: TourService): HeadResolver => async (match, { lang }) => {
  const username = match.params.username;
  if (!username) return null;
  const found = await tour.tour(username, lang).catch(() => null);
  if (!found) return null;
  return {
    title: t(lang, 'seo:profileTour.title', { name: found.artist.name }),
    description: t(lang, 'seo:profileTour.description', { name: found.artist.name }),
    image: found.artist.avatar ?? undefined,
    alternates: pathsByLanguage('profileTour', { username: profilePath(found.artist.username) }),
  };
};

/**
 * An artist's tour: its data (/api/tours/{username}), its public calendar feed
 * (/{username}/tour.ics) and the page head; and one's own private feed (/api/calendar).
 */
export async function tourRoutes(app: FastifyInstance, { tour }: TourRoutesOptions): Promise<void> {
  app.pages.heads.set('profileTour', tourHead(tour));

  app.get('/api/tours/:username', { config: { input: { params: tourParams } } }, async (request) => {
    const { username } = parse(tourParams, request.params);
    return tour.tour(username, request.lang);
  });

  app.get('/:username/tour.ics', { config: { input: { params: tourParams, query: tourFeedQuery } } }, async (request, reply) => {
    const { username } = parse(tourParams, request.params);
    const { lang } = parse(tourFeedQuery, request.query ?? {});
    const body = await tour.publicFeed(username, lang ?? request.lang);
    // Calendar apps poll: an hour's freshness is what they expect of a feed.
    return reply.header('content-type', ICS_TYPE).header('cache-control', 'public, max-age=900').send(body);
  });

  app.get('/api/calendar', { config: { input: NO_INPUT }, preHandler: requireUser }, async (request) => tour.feed(userOf(request)));

  app.delete('/api/calendar', { config: { input: NO_INPUT }, preHandler: requireUser }, async (request, reply) => {
    await tour.revokeFeed(userOf(request));
    return reply.status(204).send();
  });

  app.get('/api/calendar/:file', { config: { input: { params: calendarFeedParams } } }, async (request, reply) => {
    const { file } = parse(calendarFeedParams, request.params);
    const body = await tour.privateFeed(file.slice(0, -'.ics'.length));
    return reply.header('content-type', ICS_TYPE).header('cache-control', 'private, no-store').send(body);
  });
}

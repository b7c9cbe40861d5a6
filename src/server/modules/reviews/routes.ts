import type { FastifyInstance } from 'fastify';
import { reviewIdParams, reviewListQuery, reviewSchema, reviewUserParams } from '../../../common/schemas/reviews';
import { parse } from '../../errors';
import { requireUser, userOf } from '../../http/auth';
import type { ReviewService } from './service';

export interface ReviewRoutesOptions {
  reviews: ReviewService;
}

/** /api/reviews: lists and stats are public; checking, writing and deleting need a login. */
export async function reviewRoutes(app: FastifyInstance, { reviews }: ReviewRoutesOptions): Promise<void> {
  app.get('/user/:id', { config: { input: { params: reviewUserParams, query: reviewListQuery } } }, async (request) => {
    const { id } = parse(reviewUserParams, request.params);
    const { cursor } = parse(reviewListQuery, request.query ?? {});
    return reviews.listFor(id, cursor, request.user);
  });

  app.get('/stats/:id', { config: { input: { params: reviewUserParams } } }, async (request) => {
    const { id } = parse(reviewUserParams, request.params);
    return reviews.stats(id);
  });

  app.get('/check/:id', { config: { input: { params: reviewUserParams } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(reviewUserParams, request.params);
    return reviews.check(userOf(request), id);
  });

  app.post('/simple', { config: { input: { body: reviewSchema } }, preHandler: requireUser }, async (request, reply) => {
    const input = parse(reviewSchema, request.body ?? {});
    const { review, created } = await reviews.save(userOf(request), input);
    return reply.status(created ? 201 : 200).send({ success: true, review });
  });

  app.delete('/:id', { config: { input: { params: reviewIdParams } }, preHandler: requireUser }, async (request) => {
    const { id } = parse(reviewIdParams, request.params);
    await reviews.remove(userOf(request), id);
    return { success: true };
  });
}

import type { FastifyInstance } from 'fastify';
import { featuredQuerySchema } from '../../../common/schemas/featured';
import { parse } from '../../errors';
import { sendAnswer } from '../../http/answers';
import { tags } from '../../lib/answer-cache/index';
import type { FeaturedService } from './service';

/** /api/featured: the same for everyone within an hour, sent as stored bytes (filed under each user shown). */
export async function featuredRoutes(app: FastifyInstance, { featured }: { featured: FeaturedService }): Promise<void> {
  const { answers } = app.ctx;
  for (const [path, list] of [['artists', featured.artists], ['studios', featured.studios]] as const) {
    app.get(`/${path}`, { config: { input: { query: featuredQuerySchema } }, compress: false }, async (request, reply) => {
      const { limit } = parse(featuredQuerySchema, request.query);
      const lang = request.lang;
      const stored = await answers.get(`featured:${path}:${featured.hour()}:${limit}:${lang}`, [tags.featured], async () => {
        const users = await list(limit, lang);
        return { body: JSON.stringify({ success: true, [path]: users }), tags: users.map((u) => tags.user(u.id)) };
      });
      return sendAnswer(request, reply, stored);
    });
  }
}

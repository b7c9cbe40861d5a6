import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CITY_IMPORT_MAX_BYTES, cityImportCommitSchema, cityImportParams, freeTextCitiesQuery } from '../../../common/schemas/admin-cities';
import { AppError, parse } from '../../errors';
import { withUploads } from '../../http/multipart';
import { guestSpotKind } from '../guest-spots/index';
import { acceptsUpload } from './city-import-parse';
import { createCityImportService } from './city-import-service';
import { requireAdmin } from './guard';
import type { AdminRouteOptions } from './options';

const tooLarge = () => new AppError(413, 'cityImportTooLarge', { megabytes: CITY_IMPORT_MAX_BYTES / 1024 / 1024 });

function adminOf(request: FastifyRequest): number {
  if (!request.user) throw new AppError(401, 'unauthorized');
  return request.user.id;
}

/**
 * /api/admin/city-imports: upload a GeoNames extract or a CSV (202, read in the background),
 * follow its preview and progress, commit it with filters, discard or stop it; and
 * /api/admin/cities/free-text, the typed city names an import could give a listed city.
 */
export async function adminCityImportRoutes(app: FastifyInstance, opts: AdminRouteOptions): Promise<void> {
  app.addHook('preHandler', requireAdmin);
  const imports = createCityImportService({ db: opts.db, ctx: opts.ctx, guestSpotsCacheKey: guestSpotKind.cacheKey });
  app.addHook('onClose', () => imports.close());
  // Imports this or another process left when it stopped: those whose heartbeat is stale now fail.
  app.addHook('onReady', async () => {
    await imports.failInterrupted();
  });

  // The file goes to disk as it arrives (up to 100 MB): never whole in memory.
  await withUploads(
    app,
    (scope) => {
      scope.post('/city-imports', { config: { input: { upload: { fields: z.object({}), file: 'file' } } } }, async (request, reply) => {
        if (!request.isMultipart()) throw new AppError(415, 'unsupportedMediaType');
        let part;
        try {
          part = await request.file();
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError(413, 'tooLarge');
          throw new AppError(400, 'validation');
        }
        if (!part || part.fieldname !== 'file') {
          part?.file.resume();
          throw new AppError(400, 'cityImportFileRequired');
        }
        try {
          acceptsUpload(part.mimetype, part.filename);
        } catch (err) {
          part.file.resume();
          throw err;
        }
        const importId = await imports.upload(adminOf(request), { file: part.file, filename: part.filename || 'upload' }, tooLarge);
        return reply.status(202).send({ importId });
      });
    },
    { maxFileBytes: CITY_IMPORT_MAX_BYTES },
  );

  app.get('/city-imports/:importId', { config: { input: { params: cityImportParams } } }, async (request) => {
    const { importId } = parse(cityImportParams, request.params);
    return imports.get(importId, request.lang);
  });

  app.post('/city-imports/:importId/commit', { config: { input: { params: cityImportParams, body: cityImportCommitSchema } } }, async (request, reply) => {
    const { importId } = parse(cityImportParams, request.params);
    const filters = parse(cityImportCommitSchema, request.body ?? {});
    await imports.commit(adminOf(request), importId, filters);
    return reply.status(202).send({ importId });
  });

  app.delete('/city-imports/:importId', { config: { input: { params: cityImportParams } } }, async (request) => {
    const { importId } = parse(cityImportParams, request.params);
    await imports.discard(adminOf(request), importId);
    return { success: true };
  });

  app.get('/cities/free-text', { config: { input: { query: freeTextCitiesQuery } } }, async (request) => {
    const { countryCode } = parse(freeTextCitiesQuery, request.query);
    return { names: await imports.freeText(countryCode) };
  });
}

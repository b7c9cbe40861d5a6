import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { userIdParams } from '../../../common/schemas/profile';
import {
  VERIFICATION_DOCUMENT_MAX_BYTES,
  verificationIdParams,
  verificationListQuery,
  verificationRejectSchema,
  verificationUploadFields,
} from '../../../common/schemas/trust';
import { AppError, parse } from '../../errors';
import { requireUser, userOf } from '../../http/auth';
import { readUpload, withUploads } from '../../http/multipart';
import { NO_INPUT } from '../../http/route-table';
import type { TrustService } from './service';

export interface TrustRoutesOptions {
  trust: TrustService;
}

/**
 * Under /api: a profile's trust figures (public), the caller's review prompts, and a studio's
 * verification document: upload, status, and the document itself, to its studio and admins only.
 */
export async function trustRoutes(app: FastifyInstance, { trust }: TrustRoutesOptions): Promise<void> {
  app.get('/users/:id/trust', { config: { input: { params: userIdParams } } }, async (request) => {
    const { id } = parse(userIdParams, request.params);
    return trust.figures(id);
  });

  app.get('/trust/review-prompts', { config: { input: NO_INPUT }, preHandler: requireUser }, async (request) => trust.reviewPrompts(userOf(request)));

  app.get('/trust/verification', { config: { input: NO_INPUT }, preHandler: requireUser }, async (request) => trust.ownVerification(userOf(request)));

  // A visitor gets the same 404 as anyone else who is not the studio or an admin: the address says nothing.
  app.get('/trust/verification/:id/document', { config: { input: { params: verificationIdParams } } }, async (request, reply) => {
    const { id } = parse(verificationIdParams, request.params);
    const doc = await trust.document(request.user, id);
    return reply
      .header('content-type', doc.contentType)
      .header('content-disposition', `inline; filename="${doc.name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .send(doc.body);
  });

  await withUploads(app, (scope) => {
    scope.post('/trust/verification', { config: { input: { upload: { fields: verificationUploadFields, file: 'document' } } }, preHandler: requireUser }, async (request, reply) => {
      const user = userOf(request);
      // Refused before the body is read: only a studio has anything to send.
      if (user.userType !== 'studio') throw new AppError(403, 'verificationStudiosOnly');
      const upload = await readUpload(request, {
        maxBytes: VERIFICATION_DOCUMENT_MAX_BYTES,
        fileField: 'document',
        tooLarge: () => new AppError(413, 'verificationTooLarge', { maxMb: 10 }),
      });
      const file = upload.file;
      if (!file || file.buffer.length === 0) throw new AppError(400, 'verificationRequired', {}, { field: 'document' });
      return reply.status(201).send(await trust.upload(user, file.buffer));
    });
  });
}

export interface TrustAdminRoutesOptions extends TrustRoutesOptions {
  /** The admin area's guard, handed in so this module never loads the admin module. */
  requireAdmin: preHandlerAsyncHookHandler;
}

/** /api/admin/verifications: the queue and the decisions, every route behind the admin guard. */
export async function trustAdminRoutes(app: FastifyInstance, { trust, requireAdmin }: TrustAdminRoutesOptions): Promise<void> {
  app.addHook('preHandler', requireAdmin);

  app.get('', { config: { input: { query: verificationListQuery } } }, async (request) => {
    const { status } = parse(verificationListQuery, request.query ?? {});
    return trust.queue(status);
  });

  app.post('/:id/approve', { config: { input: { params: verificationIdParams } } }, async (request) => {
    const { id } = parse(verificationIdParams, request.params);
    await trust.decide(userOf(request), id, { status: 'approved', reason: null });
    return { success: true };
  });

  app.post('/:id/reject', { config: { input: { params: verificationIdParams, body: verificationRejectSchema } } }, async (request) => {
    const { id } = parse(verificationIdParams, request.params);
    const { reason } = parse(verificationRejectSchema, request.body ?? {});
    await trust.decide(userOf(request), id, { status: 'rejected', reason });
    return { success: true };
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../common/constants';
import {
  profileImageDeleteParams,
  profileImageFieldsSchema,
  profileUpdateSchema,
  userIdParams,
  usernameParams,
} from '../../../common/schemas/profile';
import type { SessionUser } from '../../../common/schemas/session';
import type { AppContext } from '../../context';
import { AppError, parse } from '../../errors';
import { field, readUpload, registerMultipart } from '../../http/multipart';
import { consume } from '../../http/rate-limit';
import { t } from '../../i18n';
import { IMAGE_UPLOAD_LIMIT } from '../../lib/images/index';
import { profileHead, profileRedirect } from './head';
import * as service from './service';

/** The logged-in user, or 401 with the text of the call (document 2 §8 names one per call). */
function requireUserFor(request: FastifyRequest, code: string): SessionUser {
  if (!request.user) throw new AppError(401, code);
  return request.user;
}

const kindOf = (type: 'avatar' | 'header' | 'headerImage') => (type === 'avatar' ? 'avatar' : 'header');

export async function profilesModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerMultipart(app);
  app.pages.heads.set('profile', profileHead);
  app.pages.redirects.push(profileRedirect);

  app.get('/api/profile/me', async (request) => {
    const user = requireUserFor(request, 'unauthorized');
    const profile = await service.requireProfile(ctx.db, { id: user.id }, user, request.lang);
    return { success: true, user: profile, message: t(request.lang, 'profileLoaded') };
  });

  app.get('/api/profile/:username', async (request) => {
    const { username } = parse(usernameParams, request.params);
    const profile = await service.requireProfile(ctx.db, service.keyOfPathName(username), request.user, request.lang);
    return { success: true, user: profile, message: t(request.lang, 'profileLoaded') };
  });

  app.get('/api/users/:id/profile', async (request) => {
    const { id } = parse(userIdParams, request.params);
    return { success: true, user: await service.requireProfile(ctx.db, { id }, request.user, request.lang) };
  });

  app.get('/api/users/by-username/:username', async (request) => {
    const { username } = parse(usernameParams, request.params);
    return service.userSummary(ctx.db, service.keyOfPathName(username));
  });

  app.get('/api/users/:id', async (request) => {
    const { id } = parse(userIdParams, request.params);
    return service.userSummary(ctx.db, { id });
  });

  app.put('/api/users/:id/profile', async (request) => {
    const user = requireUserFor(request, 'profileUpdateUnauthorized');
    const { id } = parse(userIdParams, request.params);
    if (id !== user.id) throw new AppError(403, 'forbidden');
    const input = parse(profileUpdateSchema, request.body ?? {});
    const profile = await service.updateProfile(ctx, user, id, input, request.lang);
    return { success: true, user: profile, message: t(request.lang, 'profileUpdated') };
  });

  app.post('/api/users/:id/upload-image', async (request) => {
    const user = requireUserFor(request, 'uploadUnauthorized');
    const { id } = parse(userIdParams, request.params);
    // Refused before the body is read: no one else's upload is ever buffered.
    if (id !== user.id) throw new AppError(403, 'forbidden');
    await consume(ctx.rateLimits, IMAGE_UPLOAD_LIMIT, [`user:${user.id}`]);
    const upload = await readUpload(request, {
      maxBytes: PROFILE_IMAGE_MAX_BYTES + 1,
      tooLarge: () => new AppError(413, 'imageTooLarge', { maxMb: 5 }),
    });
    const fields = parse(profileImageFieldsSchema, { type: field(upload.fields, 'type'), userId: field(upload.fields, 'userId') });
    if (fields.userId && fields.userId !== id) throw new AppError(400, 'validation', {}, { field: 'userId' });
    if (!upload.file || upload.file.buffer.length === 0) throw new AppError(400, 'imageRequired', {}, { field: 'image' });
    const imageUrl = await service.uploadProfileImage(ctx, user, id, kindOf(fields.type), upload.file.buffer);
    return { success: true, imageUrl };
  });

  app.delete('/api/users/:id/delete-image/:kind', async (request) => {
    const user = requireUserFor(request, 'unauthorized');
    const { id, kind } = parse(profileImageDeleteParams, request.params);
    await service.deleteProfileImage(ctx, user, id, kindOf(kind));
    return { success: true, message: t(request.lang, 'imageDeleted') };
  });
}

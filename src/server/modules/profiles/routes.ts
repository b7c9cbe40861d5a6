import type { FastifyInstance } from 'fastify';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../common/constants';
import {
  profileImageDeleteParams,
  profileImageFieldsSchema,
  profileUpdateSchema,
  userIdParams,
  usernameParams,
} from '../../../common/schemas/profile';
import type { AppContext } from '../../context';
import { AppError, parse } from '../../errors';
import { requireUser, requireUserWith, userOf } from '../../http/auth';
import { field, readUpload } from '../../http/multipart';
import { consume } from '../../http/rate-limit';
import { t } from '../../i18n';
import { IMAGE_UPLOAD_LIMIT } from '../../lib/images/index';
import { profileHead, profileRedirect } from './head';
import { keyOfPathName, type ProfileService } from './service';

export interface ProfileRoutesOptions {
  profiles: ProfileService;
  rateLimits: AppContext['rateLimits'];
}

const kindOf = (type: 'avatar' | 'header' | 'headerImage') => (type === 'avatar' ? 'avatar' : 'header');

/** Profiles under /api (/profile/... and /users/...), and the /{username} page head. */
export async function profileRoutes(app: FastifyInstance, { profiles, rateLimits }: ProfileRoutesOptions): Promise<void> {
  app.pages.heads.set('profile', profileHead(profiles));
  app.pages.redirects.push(profileRedirect);

  app.get('/profile/me', { preHandler: requireUser }, async (request) => {
    const user = userOf(request);
    const profile = await profiles.requireProfile({ id: user.id }, user, request.lang);
    return { success: true, user: profile, message: t(request.lang, 'profileLoaded') };
  });

  app.get('/profile/:username', async (request) => {
    const { username } = parse(usernameParams, request.params);
    const profile = await profiles.requireProfile(keyOfPathName(username), request.user, request.lang);
    return { success: true, user: profile, message: t(request.lang, 'profileLoaded') };
  });

  app.get('/users/:id/profile', async (request) => {
    const { id } = parse(userIdParams, request.params);
    return { success: true, user: await profiles.requireProfile({ id }, request.user, request.lang) };
  });

  app.get('/users/by-username/:username', async (request) => {
    const { username } = parse(usernameParams, request.params);
    return profiles.userSummary(keyOfPathName(username));
  });

  app.get('/users/:id', async (request) => {
    const { id } = parse(userIdParams, request.params);
    return profiles.userSummary({ id });
  });

  // Each call has its own 401 text.
  app.put('/users/:id/profile', { preHandler: requireUserWith('profileUpdateUnauthorized') }, async (request) => {
    const user = userOf(request);
    const { id } = parse(userIdParams, request.params);
    // Someone else's profile is refused before its form is judged.
    profiles.authorizeEdit(user, id);
    const input = parse(profileUpdateSchema, request.body ?? {});
    const profile = await profiles.updateProfile(user, id, input, request.lang);
    return { success: true, user: profile, message: t(request.lang, 'profileUpdated') };
  });

  app.post('/users/:id/upload-image', { preHandler: requireUserWith('uploadUnauthorized') }, async (request) => {
    const user = userOf(request);
    const { id } = parse(userIdParams, request.params);
    // Refused before the body is read: no one else's upload is ever buffered.
    profiles.authorizeEdit(user, id);
    await consume(rateLimits, IMAGE_UPLOAD_LIMIT, [`user:${user.id}`]);
    const upload = await readUpload(request, {
      maxBytes: PROFILE_IMAGE_MAX_BYTES + 1,
      tooLarge: () => new AppError(413, 'imageTooLarge', { maxMb: 5 }),
    });
    const fields = parse(profileImageFieldsSchema, { type: field(upload.fields, 'type'), userId: field(upload.fields, 'userId') });
    if (fields.userId && fields.userId !== id) throw new AppError(400, 'validation', {}, { field: 'userId' });
    if (!upload.file || upload.file.buffer.length === 0) throw new AppError(400, 'imageRequired', {}, { field: 'image' });
    const imageUrl = await profiles.uploadProfileImage(user, id, kindOf(fields.type), upload.file.buffer);
    return { success: true, imageUrl };
  });

  app.delete('/users/:id/delete-image/:kind', { preHandler: requireUser }, async (request) => {
    const { id, kind } = parse(profileImageDeleteParams, request.params);
    await profiles.deleteProfileImage(userOf(request), id, kindOf(kind));
    return { success: true, message: t(request.lang, 'imageDeleted') };
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { replyPublic } from '../../http/answers';
import { requireUser, requireUserWith, userOf } from '../../http/auth';
import { field, readUpload, withUploads } from '../../http/multipart';
import { idempotencyKeyOf, idempotentUpload } from '../../http/idempotency';
import { consume } from '../../lib/rate-limit/index';
import { t } from '../../i18n';
import { tags } from '../../lib/answer-cache/index';
import { IMAGE_UPLOAD_LIMIT } from '../../lib/images/index';
import { profileHead, profileRedirect } from './head';
import { keyOfPathName, type ProfileService } from './service';
import { NO_INPUT } from '../../http/route-table';

export interface ProfileRoutesOptions {
  profiles: ProfileService;
  rateLimits: AppContext['rateLimits'];
}

type ProfileKey = Parameters<ProfileService['requireProfile']>[0];

const kindOf = (type: 'avatar' | 'header' | 'headerImage') => (type === 'avatar' ? 'avatar' : 'header');

/** Profiles under /api (/profile/... and /users/...), and the /{username} page head. */
export async function profileRoutes(app: FastifyInstance, { profiles, rateLimits }: ProfileRoutesOptions): Promise<void> {
  app.pages.heads.set('profile', profileHead(profiles));
  app.pages.sharedHeads.add('profile');
  app.pages.redirects.push(profileRedirect);

  app.get('/profile/me', { config: { input: NO_INPUT }, preHandler: requireUser }, async (request) => {
    const user = userOf(request);
    const profile = await profiles.requireProfile({ id: user.id }, user, request.lang);
    return { success: true, user: profile, message: t(request.lang, 'profileLoaded') };
  });

  const { answers } = app.ctx;
  /**
   * A profile with its portfolio as stored bytes, filed under its user; its owner (who sees their
   * e-mail and may edit) and admins get one made for them.
   */
  const publicProfile = async (request: FastifyRequest, reply: FastifyReply, cacheKey: string, key: ProfileKey, message: boolean) => {
    const lang = request.lang;
    const answer = async (viewer: SessionUser | null) => {
      const user = await profiles.requireProfile(key, viewer, lang);
      return message ? { success: true, user, message: t(lang, 'profileLoaded') } : { success: true, user };
    };
    const stored = await answers.get(`profile:${cacheKey}:${message}:${lang}`, [], async () => {
      const visitor = await answer(null);
      return { body: JSON.stringify(visitor), tags: [tags.user(visitor.user.id), tags.profile(visitor.user.id)], owners: [visitor.user.id] };
    });
    return replyPublic(request, reply, stored, () => answer(request.user));
  };

  app.get('/profile/:username', { config: { input: { params: usernameParams } }, compress: false }, async (request, reply) => {
    const { username } = parse(usernameParams, request.params);
    const key = keyOfPathName(username);
    return publicProfile(request, reply, `name:${'usernameKey' in key ? key.usernameKey : username}`, key, true);
  });

  app.get('/users/:id/profile', { config: { input: { params: userIdParams } }, compress: false }, async (request, reply) => {
    const { id } = parse(userIdParams, request.params);
    return publicProfile(request, reply, `id:${id}`, { id }, false);
  });

  app.get('/users/by-username/:username', { config: { input: { params: usernameParams } } }, async (request) => {
    const { username } = parse(usernameParams, request.params);
    return profiles.userSummary(keyOfPathName(username));
  });

  app.get('/users/:id', { config: { input: { params: userIdParams } } }, async (request) => {
    const { id } = parse(userIdParams, request.params);
    return profiles.userSummary({ id });
  });

  // Each call has its own 401 text.
  app.put('/users/:id/profile', { config: { input: { params: userIdParams, body: profileUpdateSchema } }, preHandler: requireUserWith('profileUpdateUnauthorized') }, async (request) => {
    const user = userOf(request);
    const { id } = parse(userIdParams, request.params);
    // Someone else's profile is refused before its form is judged.
    profiles.authorizeEdit(user, id);
    const input = parse(profileUpdateSchema, request.body ?? {});
    const profile = await profiles.updateProfile(user, id, input, request.lang);
    return { success: true, user: profile, message: t(request.lang, 'profileUpdated') };
  });

  await withUploads(app, (scope) => {
    scope.post('/users/:id/upload-image', { config: { input: { params: userIdParams, upload: { fields: profileImageFieldsSchema, file: 'image' } } }, preHandler: requireUserWith('uploadUnauthorized') }, async (request, reply) => {
      const user = userOf(request);
      const { id } = parse(userIdParams, request.params);
      idempotencyKeyOf(request);
      // Refused before the body is read: no one else's upload is ever buffered.
      profiles.authorizeEdit(user, id);
      await consume(rateLimits, IMAGE_UPLOAD_LIMIT, [`user:${user.id}`]);
      const upload = await readUpload(request, {
        maxBytes: PROFILE_IMAGE_MAX_BYTES + 1,
        tooLarge: () => new AppError(413, 'imageTooLarge', { maxMb: 5 }),
      });
      const fields = parse(profileImageFieldsSchema, { type: field(upload.fields, 'type'), userId: field(upload.fields, 'userId') });
      if (fields.userId && fields.userId !== id) throw new AppError(400, 'validation', {}, { field: 'userId' });
      const file = upload.file;
      if (!file || file.buffer.length === 0) throw new AppError(400, 'imageRequired', {}, { field: 'image' });
      const kind = kindOf(fields.type);
      const answer = (imageUrl: string) => ({ status: 200, body: { success: true, imageUrl } });
      const replay = async (imageUrl: string) => ((await profiles.showsUploadedImage(user, id, kind, imageUrl)) ? answer(imageUrl) : null);
      return idempotentUpload(app.ctx.db, request, reply, { userId: user.id, scope: `profile-image:${id}`, upload, replay }, async () =>
        answer(await profiles.uploadProfileImage(user, id, kind, file.buffer)),
      );
    });
  });

  app.delete('/users/:id/delete-image/:kind', { config: { input: { params: profileImageDeleteParams } }, preHandler: requireUser }, async (request) => {
    const { id, kind } = parse(profileImageDeleteParams, request.params);
    await profiles.deleteProfileImage(userOf(request), id, kindOf(kind));
    return { success: true, message: t(request.lang, 'imageDeleted') };
  });
}

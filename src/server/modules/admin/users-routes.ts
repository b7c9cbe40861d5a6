import type { FastifyInstance } from 'fastify';
import {
  adminDeleteUserSchema,
  adminNoteSchema,
  adminRoleSchema,
  adminSuspendSchema,
  adminUnsuspendSchema,
  adminUserParams,
  adminUsersQuery,
  adminWarnSchema,
} from '../../../common/schemas/admin-users';
import { AppError, parse } from '../../errors';
import { requireAdmin } from './guard';
import type { AdminRouteOptions } from './options';
import { createAdminUserService } from './users-service';

/** The acting admin: the guard let only a logged-in admin through. */
function adminIdOf(request: { user: { id: number } | null }): number {
  if (!request.user) throw new AppError(401, 'unauthorized');
  return request.user.id;
}

/** /api/admin/users: the list, a user's page, and what an admin does to an account. */
export async function adminUserRoutes(app: FastifyInstance, opts: AdminRouteOptions): Promise<void> {
  app.addHook('preHandler', requireAdmin);
  const users = createAdminUserService({ ctx: opts.ctx, auth: opts.services.auth });
  const idOf = (params: unknown) => parse(adminUserParams, params).id;

  app.get('/users', { config: { input: { query: adminUsersQuery } } }, async (request) => users.list(parse(adminUsersQuery, request.query)));

  app.get('/users/:id', { config: { input: { params: adminUserParams } } }, async (request) => ({ user: await users.detail(idOf(request.params)) }));

  app.post('/users/:id/suspend', { config: { input: { params: adminUserParams, body: adminSuspendSchema } } }, async (request) => {
    const id = idOf(request.params);
    return { user: await users.suspend(adminIdOf(request), id, parse(adminSuspendSchema, request.body ?? {})) };
  });

  app.post('/users/:id/unsuspend', { config: { input: { params: adminUserParams, body: adminUnsuspendSchema } } }, async (request) => {
    const id = idOf(request.params);
    return { user: await users.unsuspend(adminIdOf(request), id, parse(adminUnsuspendSchema, request.body ?? {})) };
  });

  app.post('/users/:id/role', { config: { input: { params: adminUserParams, body: adminRoleSchema } } }, async (request) => {
    const id = idOf(request.params);
    return { user: await users.changeRole(adminIdOf(request), id, parse(adminRoleSchema, request.body ?? {})) };
  });

  app.post('/users/:id/warn', { config: { input: { params: adminUserParams, body: adminWarnSchema } } }, async (request, reply) => {
    const id = idOf(request.params);
    const user = await users.warn(adminIdOf(request), id, parse(adminWarnSchema, request.body ?? {}));
    return reply.code(201).send({ user });
  });

  app.post('/users/:id/notes', { config: { input: { params: adminUserParams, body: adminNoteSchema } } }, async (request, reply) => {
    const id = idOf(request.params);
    const user = await users.addNote(adminIdOf(request), id, parse(adminNoteSchema, request.body ?? {}));
    return reply.code(201).send({ user });
  });

  app.delete('/users/:id', { config: { input: { params: adminUserParams, body: adminDeleteUserSchema } } }, async (request) => {
    const id = idOf(request.params);
    await users.remove(adminIdOf(request), id, parse(adminDeleteUserSchema, request.body ?? {}));
    return { success: true };
  });
}

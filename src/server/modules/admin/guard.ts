import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../errors';
import { findRole } from './guard-repo';

// Requests already let through: the guard sits on the admin root and again on each area's
// plugin, and the second pass need not read the role again.
const admitted = new WeakSet<FastifyRequest>();

/**
 * The one gate of every admin route: a visitor 401, a logged-in non-admin 403. The role comes
 * from the database on each request, not from the session (which the session cache keeps for a
 * few seconds and which carries the role of the login): a demoted admin is refused at the next
 * call. An account deleted under a live session counts as a visitor.
 */
export const requireAdmin: preHandlerAsyncHookHandler = async (request) => {
  if (admitted.has(request)) return;
  const user = request.user;
  if (!user) throw new AppError(401, 'unauthorized');
  const role = await findRole(request.server.ctx.db, user.id);
  if (role === null) throw new AppError(401, 'unauthorized');
  if (role !== 'admin') throw new AppError(403, 'adminOnly');
  admitted.add(request);
};

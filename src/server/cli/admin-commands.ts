import { registerSchema } from '../../common/schemas/auth';
import type { Config } from '../config';
import { createContext } from '../context';
import { migrateToLatest } from '../db/index';
import { AppError } from '../errors';
import { MemoryRateLimitStore } from '../lib/rate-limit/index';
import type { AuthService } from '../modules/auth/index';
import { createServices } from '../services';

export type AdminCommand =
  | { command: 'create'; email: string; password: string; username?: string }
  | { command: 'promote'; email: string };

interface Output {
  log(line: string): void;
  error(line: string): void;
}

/**
 * The services the app runs on, made as a separate process makes them: its own pool and its
 * own bus, so what it tells the server processes (ended sessions) goes over the wire. `close`
 * waits until everything sent has left: the command exits right after.
 */
export async function openCommandServices(config: Config) {
  // One process alone needs no shared rate limits.
  const ctx = createContext(config, { rateLimits: new MemoryRateLimitStore() });
  const { auth } = createServices(ctx);
  await migrateToLatest(ctx.db);
  return {
    auth,
    async close() {
      await ctx.invalidation.close();
      await ctx.events.close();
      await ctx.db.destroy();
    },
  };
}

/**
 * Runs one admin command; answers the exit code. Making an existing account an administrator
 * ends its sessions and voids its reset links in every process before this resolves, as a
 * password reset does. (On SQLite without REDIS_URL the command cannot reach the server's
 * process: its cached sessions then lapse within 30 s, its open streams at their next check.)
 */
export async function runAdminCommand(auth: Pick<AuthService, 'createAdmin' | 'promoteToAdmin'>, args: AdminCommand, out: Output = console): Promise<number> {
  if (args.command === 'create') {
    const username = args.username ?? `Admin ${args.email.split('@')[0]}`.slice(0, 30);
    const input = registerSchema.safeParse({ email: args.email, password: args.password, username, userType: 'artist' });
    if (!input.success) {
      out.error(`Invalid input: ${input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(', ')}`);
      return 2;
    }
    let user: Awaited<ReturnType<typeof auth.createAdmin>>;
    try {
      user = await auth.createAdmin(input.data);
    } catch (err) {
      // A rule only the server checks (a common password) is invalid input like the schema's.
      if (!(err instanceof AppError) || err.status !== 400) throw err;
      out.error(`Invalid input: ${String(err.extra.field ?? '')}: ${err.code}`);
      return 2;
    }
    out.log(`Created administrator ${user.email} (id ${user.id}, username "${user.username}").`);
    return 0;
  }
  const user = await auth.promoteToAdmin(args.email);
  if (!user) {
    out.error(`No user with email ${args.email}.`);
    return 1;
  }
  out.log(`${user.email} is now an administrator.`);
  return 0;
}

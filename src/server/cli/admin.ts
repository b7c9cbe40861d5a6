import { parseArgs } from 'node:util';
import { registerSchema } from '../../common/schemas/auth';
import { loadConfig } from '../config';
import { createContext } from '../context';
import { migrateToLatest } from '../db/index';
import { MemoryRateLimitStore } from '../lib/rate-limit/index';
import { createBackground } from '../modules/auth/background';
import { createServices } from '../services';

const usage = `Usage:
  npm run admin -- create --email <email> --password <password> [--username <name>]
  npm run admin -- promote --email <email>`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, password: { type: 'string' }, username: { type: 'string' } },
});
const [command] = positionals;
if (!values.email || (command !== 'create' && command !== 'promote') || (command === 'create' && !values.password)) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
// The same services the app runs on; one process alone needs no shared rate limits.
const ctx = createContext(config, { rateLimits: new MemoryRateLimitStore() });
const { db } = ctx;
const background = createBackground({ error: (...args: unknown[]) => console.error(...args) });
const { auth } = createServices({ ...ctx, background });
try {
  await migrateToLatest(db);
  if (command === 'create') {
    const username = values.username ?? `Admin ${values.email.split('@')[0]}`.slice(0, 30);
    const input = registerSchema.safeParse({ email: values.email, password: values.password, username, userType: 'artist' });
    if (!input.success) {
      console.error(`Invalid input: ${input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(', ')}`);
      process.exit(2);
    }
    const user = await auth.createAdmin(input.data);
    console.log(`Created administrator ${user.email} (id ${user.id}, username "${user.username}").`);
  } else {
    const user = await auth.promoteToAdmin(values.email);
    if (!user) {
      console.error(`No user with email ${values.email}.`);
      process.exit(1);
    }
    console.log(`${user.email} is now an administrator.`);
  }
} finally {
  await background.idle();
  await db.destroy();
}

import { parseArgs } from 'node:util';
import { registerSchema } from '../../common/schemas/auth';
import { loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db/index';
import { createAdmin, promoteToAdmin } from '../modules/admin-cli/service';

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
const db = createDb(config.database);
try {
  await migrateToLatest(db);
  if (command === 'create') {
    const username = values.username ?? `Admin ${values.email.split('@')[0]}`.slice(0, 30);
    const input = registerSchema.safeParse({ email: values.email, password: values.password, username, userType: 'artist' });
    if (!input.success) {
      console.error(`Invalid input: ${input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(', ')}`);
      process.exit(2);
    }
    const user = await createAdmin(db, input.data);
    console.log(`Created administrator ${user.email} (id ${user.id}, username "${user.username}").`);
  } else {
    const user = await promoteToAdmin(db, values.email);
    if (!user) {
      console.error(`No user with email ${values.email}.`);
      process.exit(1);
    }
    console.log(`${user.email} is now an administrator.`);
  }
} finally {
  await db.destroy();
}

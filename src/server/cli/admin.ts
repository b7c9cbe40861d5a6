import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openCommandServices, runAdminCommand, type AdminCommand } from './admin-commands';

const usage = `Usage:
  npm run admin -- create --email <email> --password <password> [--username <name>]
  npm run admin -- promote --email <email>`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, password: { type: 'string' }, username: { type: 'string' } },
});
const [command] = positionals;
let args: AdminCommand | undefined;
if (values.email && command === 'create' && values.password) {
  args = { command, email: values.email, password: values.password, username: values.username };
} else if (values.email && command === 'promote') {
  args = { command, email: values.email };
}
if (!args) {
  console.error(usage);
  process.exit(2);
}

const services = await openCommandServices(loadConfig());
// Closing waits until what the command told the server processes has left.
const code = await runAdminCommand(services.auth, args).finally(() => services.close());
process.exit(code);

import { withLanguage } from '../common/languages';
import type { Config } from './config';

type Login = { email: string; password: string };
/** The demo world's logins (seed/demo), when it is on. */
export type DemoLogins = { artist: Login; studio: Login; admin: Login };

/**
 * What `npm start` prints once the server listens: where to open it (also in German), the demo
 * logins when the demo world is on, and where the data lives.
 */
export function startBanner(config: Pick<Config, 'publicUrl' | 'dataDir' | 'database' | 'logLevel'>, demo: DemoLogins | null): string {
  const lines = [
    '',
    'Tattoo Guest Spots is running',
    `  Open       ${config.publicUrl}${withLanguage('/', 'en')}`,
    `  German     ${config.publicUrl}${withLanguage('/', 'de')}`,
  ];
  if (demo) {
    const { artist, studio, admin } = demo;
    lines.push(
      `  Demo       ${artist.email} (artist), ${studio.email} (studio),`,
      `             ${admin.email} (admin), password ${artist.password}`,
    );
  }
  const quiet = !['info', 'debug', 'trace'].includes(config.logLevel);
  lines.push(
    config.database.kind === 'sqlite'
      ? `  Data       ${config.dataDir} (SQLite database, uploaded images, mails)`
      : `  Data       PostgreSQL; uploaded images and mails in ${config.dataDir}`,
    quiet ? `  Log        warnings and errors (LOG_LEVEL=${config.logLevel})` : '  Log        one line per request (LOG_LEVEL=warn for warnings only)',
    '',
  );
  return lines.join('\n');
}

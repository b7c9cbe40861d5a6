import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|file:|sqlite:)/, 'must start with postgres://, file: or sqlite:')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DEMO_DATA: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  LIST_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_ENV: z.enum(['sandbox', 'live']).default('sandbox'),
  GOOGLE_MAPS_API_KEY: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };
  sessionSecret: string;
  demoData: boolean;
  logLevel: string;
  redisUrl?: string;
  /** How long public list answers are kept in memory; 0 turns the cache off. */
  listCacheSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  paypal?: { clientId: string; clientSecret: string; env: 'sandbox' | 'live' };
  googleMapsApiKey?: string;
  /** Folder of the built web app; absent in API-only tests. */
  webDist?: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** Reads and validates the environment once; one line per bad value. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message} (got "${String(raw[i.path[0] as string])}")`));
  }
  const env = parsed.data;
  const problems: string[] = [];
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);
  if (isProduction && !env.SESSION_SECRET) problems.push('SESSION_SECRET: required in production');
  if (isProduction && !env.PUBLIC_URL) problems.push('PUBLIC_URL: required in production');
  if ((env.PAYPAL_CLIENT_ID === undefined) !== (env.PAYPAL_CLIENT_SECRET === undefined)) {
    problems.push('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET: set both or neither');
  }
  if (problems.length) throw new ConfigError(problems);

  const url = env.DATABASE_URL;
  const database: Config['database'] =
    url && /^postgres/.test(url)
      ? { kind: 'postgres', url }
      : { kind: 'sqlite', file: url ? url.replace(/^(file:|sqlite:)(\/\/)?/, '') : path.join(dataDir, 'app.db') };

  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    database,
    sessionSecret: env.SESSION_SECRET ?? devSecret(dataDir),
    demoData: env.DEMO_DATA ?? !isProduction,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    redisUrl: env.REDIS_URL,
    listCacheSeconds: env.LIST_CACHE_SECONDS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? 'Tattoo Guest Spots <no-reply@tattooguestspots.local>',
    paypal:
      env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
        ? { clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, env: env.PAYPAL_ENV }
        : undefined,
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY,
    webDist: path.resolve('dist/web'),
  };
}

// Outside production a secret is generated once and kept with the data, so sessions survive restarts.
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

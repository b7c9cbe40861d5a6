import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { FAULT_POINTS, type FaultPoint } from './lib/faults';

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
  /** Start of every Redis key and channel of this deployment; unset, named for the database. */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9._:-]{1,64}$/, 'must be 1-64 letters, digits or . _ : -').optional(),
  /** How live events and cache tags reach the other processes; unset, the best one available. */
  EVENTS: z.enum(['memory', 'postgres', 'redis']).optional(),
  /** Where rate limits are counted; unset, the best shared store available. */
  RATE_LIMIT_STORE: z.enum(['memory', 'postgres', 'redis']).optional(),
  /** Keeps uploads in this S3 bucket instead of DATA_DIR/uploads. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name: 3-63 lowercase letters, digits, dots or hyphens')
    .optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as eu-central-1').optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  /** How browsers get an image's bytes: through this server, by a signed bucket link, or from a public bucket or CDN. */
  S3_READS: z.enum(['proxy', 'presigned', 'public']).default('proxy'),
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_ENV: z.enum(['sandbox', 'live']).default('sandbox'),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_API_BASE: z.url().optional(),
  PAYMENT_PROVIDER: z.enum(['paypal', 'test']).optional(),
  /** Test-only: the named step where this process kills itself (src/server/lib/faults.ts). */
  FAULT_POINT: z.enum(FAULT_POINTS).optional(),
  INVOICE_SELLER_NAME: z.string().max(200).optional(),
  INVOICE_SELLER_ADDRESS: z.string().max(500).optional(),
  INVOICE_VAT_ID: z.string().max(50).optional(),
  INVOICE_VAT_RATE: z.coerce.number().min(0).max(100).default(19),
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  OPERATOR_NAME: z.string().max(200).optional(),
  OPERATOR_ADDRESS: z.string().max(500).optional(),
  OPERATOR_EMAIL: z.email().optional(),
  OPERATOR_PHONE: z.string().max(50).optional(),
  OPERATOR_VAT_ID: z.string().max(50).optional(),
  OPERATOR_REGISTER: z.string().max(200).optional(),
  OPERATOR_INSTAGRAM: z.string().max(200).optional(),
  /** Comma-separated words or phrases that hold a forum post hidden for an admin's review. */
  FORUM_HELD_WORDS: z.string().max(20_000).optional(),
  /** How long a stopping process keeps serving with readiness at 503, so a balancer moves its traffic first. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int('must be a whole number of milliseconds').min(0).max(120_000, 'must be at most 120000 (two minutes)').optional(),
  /** The metrics listener's port; unset, no metrics are served. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
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
  /** REDIS_PREFIX as set; src/server/lib/redis names one for the database when unset. */
  redisPrefix?: string;
  /** EVENTS as set; unset, redis with REDIS_URL, else postgres on PostgreSQL, else memory (src/server/lib/events). */
  events?: SharedStateKind;
  /** RATE_LIMIT_STORE as set; unset, chosen as `events` is (src/server/lib/rate-limit). */
  rateLimitStore?: SharedStateKind;
  /** How long public list answers are kept in memory; 0 turns the cache off. */
  listCacheSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  payments: PaymentsConfig;
  googleMapsApiKey?: string;
  /**
   * Which proxies may name the client address in X-Forwarded-For, as Fastify's `trustProxy`
   * takes it: false (the socket address is the client), a hop count, or addresses/CIDRs.
   */
  trustProxy: boolean | number | string[];
  /** Who runs the platform, for the imprint, privacy and contact pages; absent when not published. */
  operator: Operator | null;
  /** Folder of the built web app; absent in API-only tests. */
  webDist?: string;
  forum: ForumConfig;
  /** The bucket uploads go to (S3_*); null keeps them in DATA_DIR/uploads. */
  s3: S3Config | null;
  /** How long SIGTERM keeps the process serving with readiness at 503 before it closes. */
  shutdownDrainMs: number;
  /** Where Prometheus scrapes `/metrics` (never the public port); null when METRICS_PORT is unset. */
  metrics: { port: number; host: string } | null;
  /** The step where this test process kills itself (FAULT_POINT, NODE_ENV=test only); null normally. */
  faultPoint: FaultPoint | null;
}

/** Where state shared by the processes of a deployment lives. */
export type SharedStateKind = 'memory' | 'postgres' | 'redis';

export interface S3Config {
  bucket: string;
  region: string;
  /** S3_ENDPOINT: an S3-compatible service instead of AWS. */
  endpoint?: string;
  /** Both keys, or neither (the SDK then finds credentials in the environment or the instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  reads: 'proxy' | 'presigned' | 'public';
  /** Where `public` reads point: a CDN or the bucket's public address, without a trailing slash. */
  publicUrl?: string;
}

export interface ForumConfig {
  /** Words or phrases (FORUM_HELD_WORDS) whose use holds a forum post hidden until an admin looks at it. */
  heldWords: string[];
}

export interface PaymentsConfig {
  /**
   * Who takes payments. PAYMENT_PROVIDER decides; unset, PayPal when its credentials are set,
   * else the built-in test provider, except in production, where nothing is sold without PayPal
   * (null) unless PAYMENT_PROVIDER=test says so out loud.
   */
  provider: 'paypal' | 'test' | null;
  paypal?: {
    clientId: string;
    clientSecret: string;
    env: 'sandbox' | 'live';
    /** PAYPAL_API_BASE, else PayPal's sandbox or live address; tests point it at a local fake. */
    apiBase: string;
    webhookId?: string;
  };
  /** The seller on receipts; the operator's details when INVOICE_* are unset. */
  invoice: { sellerName: string; sellerAddress: string; vatId?: string; vatRate: number };
}

export interface Operator {
  name: string;
  address?: string;
  email?: string;
  phone?: string;
  vatId?: string;
  register?: string;
  instagram?: string;
  /** Demo data's invented operator, which the pages mark as an example. */
  example: boolean;
}

/**
 * Whether the process is a worker of the unit test runner (vitest sets VITEST): read at import,
 * before any config is loaded, by code that only trades cost for speed there (password hashing).
 */
export const UNDER_TEST_RUNNER = process.env.VITEST !== undefined;

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
  if (env.PAYMENT_PROVIDER === 'paypal' && !env.PAYPAL_CLIENT_ID) {
    problems.push('PAYMENT_PROVIDER: paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET');
  }
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (trustProxy instanceof Error) problems.push(`TRUST_PROXY: ${trustProxy.message} (got "${env.TRUST_PROXY}")`);
  const heldWords = parseWordList(env.FORUM_HELD_WORDS);
  if (heldWords instanceof Error) problems.push(`FORUM_HELD_WORDS: ${heldWords.message}`);
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
    problems.push(`METRICS_PORT: must differ from PORT, metrics are never served on the public port (got "${env.METRICS_PORT}")`);
  }
  const onPostgres = !!env.DATABASE_URL && /^postgres/.test(env.DATABASE_URL);
  for (const [name, kind] of [['EVENTS', env.EVENTS], ['RATE_LIMIT_STORE', env.RATE_LIMIT_STORE]] as const) {
    if (kind === 'redis' && !env.REDIS_URL) problems.push(`${name}: redis needs REDIS_URL (got "${kind}")`);
    if (kind === 'postgres' && !onPostgres) problems.push(`${name}: postgres needs DATABASE_URL to name a PostgreSQL database, SQLite has no shared channel or table store (got "${kind}")`);
  }
  // A fault point kills the process on purpose: never where real people are served.
  if (env.FAULT_POINT && env.NODE_ENV !== 'test') problems.push(`FAULT_POINT: only with NODE_ENV=test, it kills the process on purpose (got "${env.FAULT_POINT}" with NODE_ENV=${env.NODE_ENV})`);
  const s3 = s3From(env, problems);
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
    redisPrefix: env.REDIS_PREFIX,
    events: env.EVENTS,
    rateLimitStore: env.RATE_LIMIT_STORE,
    listCacheSeconds: env.LIST_CACHE_SECONDS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? 'Tattoo Guest Spots <no-reply@tattooguestspots.local>',
    payments: paymentsFrom(env, isProduction, operatorFrom(env, env.DEMO_DATA ?? !isProduction)),
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY,
    trustProxy: trustProxy as Config['trustProxy'],
    operator: operatorFrom(env, env.DEMO_DATA ?? !isProduction),
    webDist: path.resolve('dist/web'),
    forum: { heldWords: heldWords as string[] },
    s3,
    // A balancer needs a few health checks to notice; a test or a developer's Ctrl-C need not wait.
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? (isProduction ? 5000 : 0),
    metrics: env.METRICS_PORT === undefined ? null : { port: env.METRICS_PORT, host: env.METRICS_HOST },
    faultPoint: env.FAULT_POINT ?? null,
  };
}

/**
 * FORUM_HELD_WORDS: words or phrases separated by commas, each 2-60 characters of text (no
 * control or markup characters), at most 1000; unset or empty holds nothing.
 */
export function parseWordList(value: string | undefined): string[] | Error {
  const entries = (value ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  if (entries.length > 1000) return new Error(`at most 1000 entries (got ${entries.length})`);
  const bad = entries.find((e) => [...e].length < 2 || [...e].length > 60 || /[\p{Cc}<>]/u.test(e));
  if (bad !== undefined) return new Error(`"${bad}" is not 2-60 characters of text`);
  return entries;
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

/**
 * TRUST_PROXY: unset, `0` or `false` trusts no proxy; `true` every hop (only behind a proxy
 * that overwrites the header); a number the hops to trust; otherwise a comma list of
 * addresses or CIDRs (`127.0.0.1,10.0.0.0/8`, `loopback` and the other names Fastify knows).
 */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] | Error {
  const v = value?.trim();
  if (!v || v === '0' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  const ipv4 = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
  const ipv6 = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;
  const bad = entries.find((e) => !named.has(e) && !ipv4.test(e) && !(e.includes(':') && ipv6.test(e)));
  if (bad !== undefined) return new Error(`"${bad}" is not a hop count, an address, a CIDR or loopback/linklocal/uniquelocal`);
  return entries;
}

/** The S3 settings when S3_BUCKET is set; a bad combination is told as a problem. */
function s3From(env: Env, problems: string[]): S3Config | null {
  const dependents = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL'] as const;
  if (!env.S3_BUCKET) {
    const stray = dependents.filter((name) => env[name] !== undefined);
    if (stray.length) problems.push(`${stray.join(', ')}: only used with S3_BUCKET, which is unset`);
    return null;
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (env.S3_READS === 'public' && !env.S3_PUBLIC_URL) problems.push('S3_PUBLIC_URL: required with S3_READS=public');
  if (env.S3_READS !== 'public' && env.S3_PUBLIC_URL) problems.push(`S3_PUBLIC_URL: only used with S3_READS=public (got S3_READS=${env.S3_READS})`);
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT?.replace(/\/$/, ''),
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Most S3-compatible services on their own host name no bucket subdomains.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? !!env.S3_ENDPOINT,
    reads: env.S3_READS,
    publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

function paymentsFrom(env: Env, isProduction: boolean, operator: Operator | null): PaymentsConfig {
  const paypal =
    env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
      ? {
          clientId: env.PAYPAL_CLIENT_ID,
          clientSecret: env.PAYPAL_CLIENT_SECRET,
          env: env.PAYPAL_ENV,
          apiBase: (env.PAYPAL_API_BASE ?? (env.PAYPAL_ENV === 'live' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com')).replace(/\/$/, ''),
          webhookId: env.PAYPAL_WEBHOOK_ID,
        }
      : undefined;
  const provider = env.PAYMENT_PROVIDER ?? (paypal ? 'paypal' : isProduction ? null : 'test');
  return {
    provider,
    paypal,
    invoice: {
      sellerName: env.INVOICE_SELLER_NAME ?? operator?.name ?? 'Tattoo Guest Spots',
      sellerAddress: env.INVOICE_SELLER_ADDRESS ?? operator?.address ?? '',
      vatId: env.INVOICE_VAT_ID ?? operator?.vatId,
      vatRate: env.INVOICE_VAT_RATE,
    },
  };
}

// The demo world gets an operator that is plainly an example; real deployments name their own.
// Its Instagram handle lets the footer's link be seen in the demo; like the demo profiles' handles
// it carries the `tgsdemo.` marker, so it names no real account by accident.
const EXAMPLE_OPERATOR: Operator = {
  name: 'Example Operator (demo)',
  address: 'Musterstraße 1, 12345 Musterstadt, Deutschland',
  email: 'operator@example.invalid',
  instagram: 'tgsdemo.tattooguestspots',
  example: true,
};

function operatorFrom(env: Env, demo: boolean): Operator | null {
  if (env.OPERATOR_NAME) {
    return {
      name: env.OPERATOR_NAME,
      address: env.OPERATOR_ADDRESS,
      email: env.OPERATOR_EMAIL,
      phone: env.OPERATOR_PHONE,
      vatId: env.OPERATOR_VAT_ID,
      register: env.OPERATOR_REGISTER,
      instagram: env.OPERATOR_INSTAGRAM,
      example: false,
    };
  }
  return demo && env.NODE_ENV !== 'production' ? EXAMPLE_OPERATOR : null;
}

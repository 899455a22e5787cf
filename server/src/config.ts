import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { DEFAULT_PLAN_CATALOGUE, type PlanCatalogue, planCatalogueSchema } from '#contract/plans.ts';
import { type BillingConfig, billingConfig, billingConfigProblems, billingEnvShape } from './billing-config.ts';
import { PASSWORD_HASHING, type PasswordHashing, TEST_PASSWORD_HASHING } from './lib/passwords.ts';

/**
 * The one reader of process.env. Everything is checked at start, and a bad value stops the
 * process with a list of every problem rather than failing later in a request.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  TRUST_PROXY: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  USER_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: z.string().min(3).default('StackLab <no-reply@localhost>'),
  SUPPORT_EMAIL: z.string().min(3).default('support@localhost'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(100 * 1024),
  PLAN_CATALOGUE_FILE: optionalText,
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  ...billingEnvShape,
  LAB_MAX_BYTES: z.coerce.number().int().min(1024).max(200 * 1024 * 1024).default(20 * 1024 * 1024),
  LAB_MAX_PIXELS: z.coerce.number().int().min(1_000_000).max(200_000_000).default(40_000_000),
  LAB_EXTRACT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  LAB_EXTRACT_MEMORY_MB: z.coerce.number().int().min(64).max(8192).default(512),
  /** The largest phone or wearable export taken: an Apple Health export of years runs to gigabytes. */
  HEALTH_IMPORT_MAX_BYTES: z.coerce.number().int().min(1024).max(16 * 1024 ** 3).default(4 * 1024 ** 3),
  JOB_WORKER: booleanFromEnv.default(true),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
  JOB_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(true),
  AI_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  AI_TOOLS: z.enum(['auto', 'off'], { error: 'must be auto or off' }).default('auto'),
  AI_ANONYMOUS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  VAPID_PUBLIC_KEY: optionalText.pipe(z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)').optional()),
  VAPID_PRIVATE_KEY: optionalText.pipe(z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)').optional()),
  VAPID_SUBJECT: optionalText.pipe(z.string().regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://').optional()),
  REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(300),
});

/** proxy-addr's names for address ranges, accepted beside addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset, `false` or `0` trusts no proxy; a number trusts that many hops; a list
 * trusts those addresses, ranges (`10.0.0.0/8`) or names (`loopback`). `true` is refused: it
 * trusted every hop, so any client could name its own address and escape per-address limits.
 */
function parseTrustProxy(value: string | undefined, problems: string[]): false | number | string[] {
  if (value === undefined || ['false', '0', 'no'].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 32) return hops;
    problems.push('TRUST_PROXY: at most 32 proxies');
    return false;
  }
  if (['true', '1', 'yes'].includes(value.toLowerCase())) {
    problems.push('TRUST_PROXY: "true" would believe every hop of X-Forwarded-For, which clients can write; set the number of proxies in front (e.g. 1) or their addresses');
    return false;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const wrong = entries.filter((entry) => !PROXY_RANGE_NAMES.has(entry) && !isAddressOrRange(entry));
  if (wrong.length > 0) problems.push(`TRUST_PROXY: not an address, a range or a number: ${wrong.join(', ')}`);
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const S3_SETTINGS = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize: number };
  publicUrl: string;
  /** Cookies get `Secure` and HSTS is sent only when the public URL is https. */
  secureCookies: boolean;
  /**
   * The proxies in front whose `X-Forwarded-For` is believed: none, how many hops, or their
   * addresses. The client is the address the last trusted proxy saw.
   */
  trustProxy: false | number | string[];
  logLevel: string;
  sessionSecret: string;
  session: { idleDays: number; maxDays: number };
  /** argon2id's cost: OWASP's baseline, and the least argon2id allows under `NODE_ENV=test`. */
  passwordHashing: PasswordHashing;
  /** How long a process may answer a user's sessions, day and streak from memory (lib/user-cache.ts); 0 turns it off. */
  userCacheSeconds: number;
  mail: { smtpUrl: string | undefined; from: string; supportEmail: string; outboxDir: string };
  google: { clientId: string; clientSecret: string | undefined; issuer: string } | undefined;
  bodyLimitBytes: number;
  plans: PlanCatalogue;
  /** Rate-limit rule name → limit, replacing the defaults in rate-limits.service.ts. */
  rateLimitOverrides: Record<string, number>;
  billing: BillingConfig;
  storage: StorageConfig;
  labs: { maxBytes: number; maxPixels: number; extractTimeoutMs: number; extractMemoryMb: number };
  jobs: { enabled: boolean; concurrency: number; pollMs: number; leaseMs: number };
  healthImports: { maxBytes: number };
  /** Reminders: how often due reminders are looked for, and the Web Push (VAPID) identity. */
  reminders: { intervalMs: number; vapid: { publicKey: string; privateKey: string; subject: string } };
  /** The assistant: an OpenAI-compatible endpoint when `provider` is set, else the built-in assistant. */
  ai: { provider: { baseUrl: string; apiKey: string | undefined; model: string; tools: 'auto' | 'off' } | undefined; timeoutMs: number; anonymousPerHour: number };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnv(env);
  const problems = settingsThatGoTogether(e);
  const plans = e.PLAN_CATALOGUE_FILE ? readPlanCatalogue(e.PLAN_CATALOGUE_FILE, problems) : DEFAULT_PLAN_CATALOGUE;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    trustProxy,
    logLevel: e.LOG_LEVEL,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    session: { idleDays: e.SESSION_IDLE_DAYS, maxDays: e.SESSION_MAX_DAYS },
    passwordHashing: e.NODE_ENV === 'test' ? TEST_PASSWORD_HASHING : PASSWORD_HASHING,
    userCacheSeconds: e.USER_CACHE_SECONDS,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      supportEmail: e.SUPPORT_EMAIL,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    google: e.GOOGLE_CLIENT_ID
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
      : undefined,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    plans,
    rateLimitOverrides: { 'sign-up:ip': e.SIGNUPS_PER_ADDRESS_PER_HOUR, 'assistant:ip': e.AI_ANONYMOUS_PER_ADDRESS_PER_HOUR },
    billing: billingConfig(e),
    storage: storageConfig(e, dataDir),
    labs: {
      maxBytes: e.LAB_MAX_BYTES,
      maxPixels: e.LAB_MAX_PIXELS,
      extractTimeoutMs: e.LAB_EXTRACT_TIMEOUT_MS,
      extractMemoryMb: e.LAB_EXTRACT_MEMORY_MB,
    },
    healthImports: { maxBytes: e.HEALTH_IMPORT_MAX_BYTES },
    reminders: remindersConfig(e, dataDir, publicUrl),
    jobs: {
      enabled: e.JOB_WORKER,
      concurrency: e.JOB_CONCURRENCY,
      pollMs: e.JOB_POLL_MS,
      leaseMs: e.JOB_LEASE_SECONDS * 1000,
    },
    ai: {
      provider: e.AI_BASE_URL && e.AI_MODEL ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, tools: e.AI_TOOLS } : undefined,
      timeoutMs: e.AI_TIMEOUT_MS,
      anonymousPerHour: e.AI_ANONYMOUS_PER_ADDRESS_PER_HOUR,
    },
  };
}

type Env = z.infer<typeof envSchema>;

/** Each variable checked on its own; every problem listed at once. */
function parseEnv(env: NodeJS.ProcessEnv): Env {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  return parsed.data;
}

/** Variables that are wrong only together: one set without its partner, or in the wrong order. */
function settingsThatGoTogether(e: Env): string[] {
  const problems: string[] = [];
  if (e.GOOGLE_CLIENT_SECRET && !e.GOOGLE_CLIENT_ID) problems.push('GOOGLE_CLIENT_SECRET is set but GOOGLE_CLIENT_ID is not');
  if (e.SESSION_MAX_DAYS < e.SESSION_IDLE_DAYS) problems.push('SESSION_MAX_DAYS must not be shorter than SESSION_IDLE_DAYS');
  problems.push(...billingConfigProblems(e));
  if ((e.AI_BASE_URL === undefined) !== (e.AI_MODEL === undefined)) problems.push('AI_BASE_URL and AI_MODEL go together: set both to use a model, or neither for the built-in assistant');
  if (e.AI_API_KEY && !e.AI_BASE_URL) problems.push('AI_API_KEY is set but AI_BASE_URL is not');
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither to have a pair generated into DATA_DIR');
  const s3Set = S3_SETTINGS.filter((name) => e[name] !== undefined);
  if (s3Set.length > 0 && s3Set.length < S3_SETTINGS.length) {
    problems.push(`S3 storage needs all of ${S3_SETTINGS.join(', ')}; missing ${S3_SETTINGS.filter((name) => !s3Set.includes(name)).join(', ')}`);
  }
  return problems;
}

/** S3-compatible storage when every S3 setting is given, else a folder beside the data. */
function storageConfig(e: Env, dataDir: string): StorageConfig {
  if (!S3_SETTINGS.every((name) => e[name] !== undefined)) return { kind: 'local', dir: path.join(dataDir, 'files') };
  return {
    kind: 's3',
    bucket: e.S3_BUCKET!,
    endpoint: e.S3_ENDPOINT!,
    region: e.S3_REGION!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

function remindersConfig(e: Env, dataDir: string, publicUrl: string): Config['reminders'] {
  return {
    intervalMs: e.REMINDER_INTERVAL_SECONDS * 1000,
    vapid: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : readOrCreateVapidKeys(dataDir)),
      subject: e.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : `mailto:${e.SUPPORT_EMAIL}`),
    },
  };
}

/** Kept beside the data so that restarts keep signed cookies valid. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The Web Push identity (a P-256 pair, base64url as `web-push` takes it), kept beside the data:
 * browsers' subscriptions are bound to the public key, so a new pair would silence them all.
 */
function readOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  mkdirSync(dataDir, { recursive: true });
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  const keys = { publicKey, privateKey };
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

/** Operators change prices and limits with a JSON file shaped like the default catalogue. */
function readPlanCatalogue(file: string, problems: string[]): PlanCatalogue {
  try {
    const parsed = planCatalogueSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) problems.push(`PLAN_CATALOGUE_FILE ${issue.path.join('.')}: ${issue.message}`);
  } catch (error) {
    problems.push(`PLAN_CATALOGUE_FILE: cannot read ${file} (${(error as Error).message})`);
  }
  return DEFAULT_PLAN_CATALOGUE;
}

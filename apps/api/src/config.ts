import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true'));

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  SESSION_SECRET: optional,
  PUBLIC_URL: optional,
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Driver Management System <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  OIDC_ISSUER_URL: z.string().default('https://accounts.google.com'),
  APP_TIMEZONE: z.string().default('Australia/Sydney'),
  SEED_DEMO: flag,
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optional,
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optional,
  TRUST_PROXY: optional,
  /** How long a driver's change mail waits for more changes (ADR 28); 0 sends at the next run. */
  DRIVER_CHANGE_MAIL_WINDOW_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
});

/**
 * Which proxies may tell us the client's address and protocol (X-Forwarded-*): none by default,
 * since otherwise any client could pick its own address and slip past per-client throttles.
 * 'true' trusts every hop; anything else is a comma-separated list of addresses or CIDR ranges.
 */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false' || value === '0') return false;
  return value === 'true' || value === '1' ? true : value;
}

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Environment -> typed configuration (OPERATIONS.md "Configuration"). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const production = e.NODE_ENV === 'production';
  if (production && e.DATABASE_URL && !e.SESSION_SECRET) {
    // Several instances share one database: a per-machine generated secret would split their sessions.
    throw new ConfigError('SESSION_SECRET is required when NODE_ENV=production and DATABASE_URL is set');
  }
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuerUrl: e.OIDC_ISSUER_URL }
        : undefined,
    timezone: e.APP_TIMEZONE,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    storage: {
      driver: e.STORAGE_DRIVER,
      s3: {
        endpoint: e.S3_ENDPOINT,
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      },
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    driverChangeWindowMs: e.DRIVER_CHANGE_MAIL_WINDOW_SECONDS * 1000,
    // Two levels up from this file both in src/ and in the bundle in dist/.
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : path.resolve(here, '../../web/dist'),
  };
}

/** SESSION_SECRET, else a secret generated once into $DATA_DIR/secret and reused after restarts. */
export function resolveSessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

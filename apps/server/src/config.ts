/**
 * Owns the server's configuration: one zod schema over the environment, parsed once at boot.
 * A bad value stops the start with a list of every problem, not just the first.
 */
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    JWT_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(24 * 60 * 60),
    ENCRYPTION_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
        .optional(),
    ),
    CORS_ORIGINS: optionalString,
    BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
    AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
    SIGNUP_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(20),
    /** Invitation e-mails per organization per hour, and to one address per hour (members.service). */
    INVITES_PER_HOUR_PER_ORG: z.coerce.number().int().positive().default(50),
    INVITES_PER_HOUR_PER_ADDRESS: z.coerce.number().int().positive().default(3),
    LOGIN_FAILURES_BEFORE_DELAY: z.coerce.number().int().positive().default(5),
    LOGIN_DELAY_BASE_MS: z.coerce.number().int().positive().default(30_000),
    LOGIN_DELAY_MAX_MS: z.coerce
      .number()
      .int()
      .positive()
      .default(15 * 60_000),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.string().default('Call Insights <no-reply@callinsights.local>'),
    WEB_DIST_DIR: optionalString,
    TRUST_PROXY: bool.default(false),

    // Recordings and the pipeline.
    MAX_UPLOAD_MB: z.coerce.number().positive().max(10_240).default(500),
    URL_IMPORT_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(300),
    /** Development and tests only: host:port pairs on private addresses that URL imports may reach. */
    URL_IMPORT_ALLOW_PRIVATE: optionalString.pipe(
      z
        .string()
        .regex(/^(\[?[0-9a-fA-F.:]+\]?:\d+)(,\s*\[?[0-9a-fA-F.:]+\]?:\d+)*$/, 'must be ip:port[,ip:port…]')
        .optional(),
    ),
    MAX_RECORDINGS_PER_ORG: z.coerce.number().int().positive().default(5000),
    MAX_STORAGE_MB_PER_ORG: z.coerce.number().positive().default(20_480),
    MAX_CONCURRENT_URL_IMPORTS_PER_USER: z.coerce.number().int().positive().default(3),
    UPLOAD_TEMP_MAX_AGE_MINUTES: z.coerce.number().min(0).default(60),
    JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(3),
    JOB_EXPIRE_SECONDS: z.coerce.number().int().min(30).default(1800),
    RETENTION_CRON: z.string().trim().min(9).max(100).default('23 3 * * *'),
    RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(200),
    /** Calls re-examined per transaction when trackers are re-applied to older calls. */
    TRACKERS_REAPPLY_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: optionalString,
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: optionalString.pipe(z.url().optional()),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: bool.default(false),
    TRANSCRIBER: z.enum(['whisper', 'openai', 'deepgram']).default('whisper'),
    TRANSCRIBER_BASE_URL: optionalString.pipe(z.url().optional()),
    TRANSCRIBER_API_KEY: optionalString,
    TRANSCRIBER_MODEL: optionalString,
    WHISPER_MODEL: z.string().default('base.en'),
    WHISPER_MODEL_PATH: optionalString,
    WHISPER_MODEL_BASE_URL: optionalString.pipe(z.url().optional()),
    ANALYZER: z.enum(['rules', 'llm']).default('rules'),
    LLM_PROVIDER: z.enum(['openai', 'anthropic']).default('openai'),
    LLM_BASE_URL: optionalString.pipe(z.url().optional()),
    LLM_API_KEY: optionalString,
    LLM_MODEL: optionalString,
    LLM_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(60),
    LLM_CHUNK_CHARS: z.coerce.number().int().min(500).default(12_000),
    COACH_CATALOGUE: optionalString,
    SHARE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),

    // HighLevel CRM. No client id: the sandbox is started in-process ("Sandbox CRM").
    HIGHLEVEL_CLIENT_ID: optionalString,
    HIGHLEVEL_CLIENT_SECRET: optionalString,
    HIGHLEVEL_BASE_URL: optionalString.pipe(z.url().default('https://services.leadconnectorhq.com')),
    HIGHLEVEL_CONSENT_URL: optionalString.pipe(
      z.url().default('https://marketplace.gohighlevel.com/v2/oauth/chooselocation'),
    ),
    /** Where the consent page sends the browser back (the web's /redirect page); default PUBLIC_URL/redirect. */
    HIGHLEVEL_REDIRECT_URI: optionalString.pipe(z.url().optional()),
    /** PEM (or base64 of the PEM) of the Ed25519 key that signs x-ghl-signature; the sandbox's in sandbox mode. */
    HIGHLEVEL_WEBHOOK_PUBLIC_KEY: optionalString,
    HIGHLEVEL_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    CRM_SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
    /** After this long a running sync reports Timeout (the spec's 20-minute request time-out); it goes on. */
    CRM_SYNC_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(1200),
    OAUTH_STATE_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
  })
  .superRefine((c, ctx) => {
    const need = (key: keyof typeof c, why: string) => {
      if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: `is required ${why}` });
    };
    if (c.NODE_ENV === 'production' && c.DATABASE_URL) need('JWT_SECRET', 'in production with PostgreSQL');
    if (c.STORAGE === 's3') {
      need('S3_BUCKET', 'when STORAGE=s3');
      need('S3_ACCESS_KEY_ID', 'when STORAGE=s3');
      need('S3_SECRET_ACCESS_KEY', 'when STORAGE=s3');
    }
    if (c.TRANSCRIBER === 'openai') need('TRANSCRIBER_BASE_URL', 'when TRANSCRIBER=openai');
    if (c.TRANSCRIBER === 'deepgram') need('TRANSCRIBER_API_KEY', 'when TRANSCRIBER=deepgram');
    if (c.HIGHLEVEL_CLIENT_ID) need('HIGHLEVEL_CLIENT_SECRET', 'when HIGHLEVEL_CLIENT_ID is set');
  });

export type Config = z.infer<typeof ConfigSchema>;

/** Base of links in e-mails and share links: PUBLIC_URL, or this server on localhost. */
export const publicUrlOf = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');

/** The consent page's return address: HIGHLEVEL_REDIRECT_URI, or the web's /redirect page. */
export const highLevelRedirectUriOf = (
  config: Pick<Config, 'HIGHLEVEL_REDIRECT_URI' | 'PUBLIC_URL' | 'PORT'>,
): string => config.HIGHLEVEL_REDIRECT_URI ?? `${publicUrlOf(config)}/redirect`;

/** The webhook key as PEM (accepts the PEM itself or its base64, handy in one-line env files). */
export const webhookKeyPemOf = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  if (value.includes('BEGIN PUBLIC KEY')) return value.replace(/\\n/g, '\n');
  return Buffer.from(value, 'base64').toString('utf8');
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}

import { isIP } from 'node:net';
import { z } from 'zod';
import { isCspSource } from './content-security-policy.ts';

/**
 * Benefits partners, space-separated `name=https://partner.example/benefits` (platform/external-benefits):
 * the name is the `{partner}` of POST /api/external-benefits/{partner}.
 */
const benefitPartners = z
  .string()
  .transform((text) =>
    text
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), url: pair.slice(at + 1) };
      }),
  )
  .refine(
    (pairs) =>
      pairs.every(
        (p) =>
          /^[a-z0-9][a-z0-9-]{0,39}$/.test(p.name) && p.name !== 'sandbox' && /^https?:\/\/\S+$/.test(p.url),
      ),
    { error: 'expected space-separated name=https://url pairs (lower-case names, not "sandbox")' },
  )
  .default([]);

/** An address or network a balancer connects from (`10.0.0.5`, `10.0.0.0/24`, `loopback`...). */
function isProxySource(text: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(text)) return true;
  const [address = '', bits, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

/** Space-separated CSP sources (https://cdn.example.com, https://*.example.com, https:). */
const cspSources = z
  .string()
  .transform((text) => text.split(/\s+/).filter(Boolean))
  .refine((sources) => sources.every(isCspSource), {
    error: 'expected space-separated origins such as https://cdn.example.com',
  })
  .default([]);

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.string().url().optional(),
    REDIS_URL: z.string().url().optional(),
    /** What this deployment's keys and channels in Redis start with: two deployments may share one Redis. */
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits and _ . : - only (at most 64)')
      .default('comanda:'),
    /**
     * The balancers in front (addresses or networks, comma- or space-separated): their X-Forwarded-For
     * names the client, so per-address limits count each diner, not the balancer. Unset: nobody's is
     * believed (a client could claim any address).
     */
    TRUST_PROXY: z
      .string()
      .transform((text) => text.split(/[\s,]+/).filter(Boolean))
      .refine((sources) => sources.length > 0 && sources.every(isProxySource), {
        error: 'expected addresses or networks such as 10.0.0.5, 10.0.0.0/24 or loopback',
      })
      .optional(),
    /**
     * On SIGTERM: how long the process says it is not ready (GET /api/health/ready answers 503) while
     * still serving, before it closes, so a balancer's health check takes it out of rotation first.
     */
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).optional(),
    /** On SIGTERM: how long the live streams' ending and the requests in flight may take before it stops anyway. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
    /** Where diners reach this server (links in WhatsApp texts, payment returns); this port on localhost when unset. */
    PUBLIC_URL: z.string().url().optional(),
    /** Server processes sharing PORT (node:cluster); more than one needs PostgreSQL and Redis. */
    WORKERS: z.coerce.number().int().min(1).max(64).default(1),
    NOW: z.iso.datetime({ offset: true }).optional(),
    WEB_DIST: z.string().optional(),
    /** Orders one client address may place per minute (the load benchmark raises it). */
    ORDER_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
    STREAM_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    /**
     * Card payments and payment links go into each shop's own connected account (Mercado Pago, Transbank).
     * `sandbox` also lets shops use the built-in offline sandbox (the demo businesses do); `accounts`
     * takes real accounts only (`mercadopago`, its former name, means the same).
     */
    PAYMENTS_PROVIDER: z.preprocess(
      (value) => (value === 'mercadopago' ? 'accounts' : value),
      z.enum(['sandbox', 'accounts']).default('sandbox'),
    ),
    /** Seals the shops' payment credentials at rest: 32 bytes, base64 or hex (required in production). */
    PAYMENT_CREDENTIALS_KEY: z
      .string()
      .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, 'must be 32 bytes in base64 or hex')
      .optional(),
    /** Minutes an online-payment order may wait for its payment before it expires. */
    PAYMENT_TIME_LIMIT_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    /** Signs the sandbox's tokens, links and notifications; processes behind one balancer share it. */
    SANDBOX_PAYMENTS_SECRET: z.string().min(16).optional(),
    /** The platform's Mercado Pago application: shops connect their accounts to it (OAuth for marketplaces). */
    MERCADO_PAGO_CLIENT_ID: z.string().min(1).optional(),
    MERCADO_PAGO_CLIENT_SECRET: z.string().min(1).optional(),
    /** Signs the notifications of payments made through the platform's application. */
    MERCADO_PAGO_WEBHOOK_SECRET: z.string().min(8).optional(),
    MERCADO_PAGO_BASE_URL: z.string().url().default('https://api.mercadopago.com'),
    MERCADO_PAGO_AUTH_URL: z.string().url().default('https://auth.mercadopago.com'),
    /** The platform's fee on each order paid through its Mercado Pago application, in percent (0 to 30). */
    MARKETPLACE_FEE_PERCENT: z.coerce.number().min(0).max(30).default(0),
    /** Webpay Plus: the integration (test) environment unless a production URL is given. */
    TRANSBANK_ENVIRONMENT_URL: z.string().url().default('https://webpay3gint.transbank.cl'),
    /** Address suggestions: the offline sandbox, a Nominatim-compatible service, or none (platform/geocoding). */
    GEOCODER: z.enum(['SANDBOX', 'NOMINATIM', 'NONE']).optional(),
    NOMINATIM_URL: z.string().url().optional(),
    /** Benefits partners reached over HTTP (platform/external-benefits). */
    BENEFIT_PARTNERS: benefitPartners,
    /** The offline `sandbox` benefits partner (its members' tokens are public): on unless production. */
    BENEFITS_SANDBOX: z.stringbool().optional(),
    /** Diners' sign-in codes: the built-in sandbox (sends nothing) or WhatsApp's Cloud API. */
    MESSAGING_PROVIDER: z.preprocess(
      (value) => (typeof value === 'string' ? value.toUpperCase() : value),
      z.enum(['SANDBOX', 'WHATSAPP_CLOUD']).default('SANDBOX'),
    ),
    WHATSAPP_ACCESS_TOKEN: z.string().min(10).optional(),
    WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/).optional(),
    WHATSAPP_API_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/)
      .default('v23.0'),
    WHATSAPP_BASE_URL: z.string().url().default('https://graph.facebook.com'),
    /** An approved authentication template; without it the code goes as a plain text. */
    WHATSAPP_CODE_TEMPLATE: z.string().min(1).optional(),
    WHATSAPP_TEMPLATE_LANGUAGE: z.string().min(2).default('es'),
    /** PostgreSQL: a request is answered 503 rather than waiting longer for a connection or a statement. */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(1000),
    /** The map tiles' URL template, as the web was built with (VITE_MAP_TILE_URL): the pages' CSP allows its host. */
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/[^/]+/, { error: 'must be an http(s) URL template' })
      .optional(),
    /** The pages' CSP lets the branches' Facebook pixel, Tag Manager and Analytics load (false: none may). */
    CSP_MARKETING_TAGS: z.stringbool().default(true),
    /** The pages' CSP lets the branches' support chats (Crisp, Tawk.to) load (false: none may). */
    CSP_SUPPORT_CHAT: z.stringbool().default(true),
    /** More image sources for the pages' CSP, space-separated (a CDN with the businesses' photos). */
    CSP_IMG_SOURCES: cspSources,
    /** More script (and connection, frame) sources, space-separated: what a Tag Manager container adds. */
    CSP_SCRIPT_SOURCES: cspSources,
    /** Where uploaded photos go: files under DATA_DIR/photos (local) or an S3-compatible bucket (s3). */
    PHOTO_STORAGE: z.enum(['local', 's3']).default('local'),
    /** An S3-compatible service (MinIO, R2, Spaces...); AWS's own endpoint for the region when absent. */
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Where the bucket's objects are read from (the bucket's or a CDN's URL): a photo is `${S3_PUBLIC_URL}/${key}`. */
    S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Bucket in the path (http://host/bucket/key), as MinIO-like services want; true when S3_ENDPOINT is set. */
    S3_FORCE_PATH_STYLE: z.stringbool().optional(),
    /** The largest photo upload taken, in bytes (8 MB). */
    PHOTO_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(64 * 1024)
      .max(64 * 1024 * 1024)
      .default(8 * 1024 * 1024),
    /**
     * Who may open a shop at /console/registro: anyone (open), whoever holds an invite code from
     * `npm run signup:invite` (invite), or nobody (closed). Open by default outside production, invite in it.
     */
    SIGNUP_MODE: z.enum(['open', 'invite', 'closed']).optional(),
  })
  .refine(
    (c) =>
      (c.MERCADO_PAGO_CLIENT_ID === undefined && c.MERCADO_PAGO_CLIENT_SECRET === undefined) ||
      (c.MERCADO_PAGO_CLIENT_ID !== undefined &&
        c.MERCADO_PAGO_CLIENT_SECRET !== undefined &&
        c.MERCADO_PAGO_WEBHOOK_SECRET !== undefined),
    {
      message:
        'connecting shops through Mercado Pago needs MERCADO_PAGO_CLIENT_ID, MERCADO_PAGO_CLIENT_SECRET and MERCADO_PAGO_WEBHOOK_SECRET',
      path: ['MERCADO_PAGO_CLIENT_ID'],
    },
  )
  .refine(
    (c) =>
      c.MESSAGING_PROVIDER !== 'WHATSAPP_CLOUD' ||
      (c.WHATSAPP_ACCESS_TOKEN !== undefined && c.WHATSAPP_PHONE_NUMBER_ID !== undefined),
    {
      message: 'MESSAGING_PROVIDER=WHATSAPP_CLOUD needs WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID',
      path: ['MESSAGING_PROVIDER'],
    },
  )
  .refine((c) => c.WORKERS === 1 || (c.DATABASE_URL !== undefined && c.REDIS_URL !== undefined), {
    message:
      'WORKERS above 1 needs DATABASE_URL (PostgreSQL: the embedded database belongs to one process) and REDIS_URL (live updates and limits shared by the processes)',
    path: ['WORKERS'],
  })
  .refine((c) => !(c.NODE_ENV === 'production' && c.NOW), {
    message: 'NOW cannot be overridden in production',
    path: ['NOW'],
  })
  .refine(
    (c) =>
      c.PHOTO_STORAGE !== 's3' ||
      (c.S3_BUCKET !== undefined &&
        c.S3_ACCESS_KEY_ID !== undefined &&
        c.S3_SECRET_ACCESS_KEY !== undefined &&
        c.S3_PUBLIC_URL !== undefined),
    {
      message: 'PHOTO_STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL',
      path: ['PHOTO_STORAGE'],
    },
  )
  // a custom endpoint (MinIO and the like) takes the bucket in the path unless told otherwise
  .transform((c) => ({
    ...c,
    S3_FORCE_PATH_STYLE: c.S3_FORCE_PATH_STYLE ?? c.S3_ENDPOINT !== undefined,
    // a production process usually sits behind a balancer that checks it every second or two; a
    // development one stops at once
    SHUTDOWN_DELAY_MS: c.SHUTDOWN_DELAY_MS ?? (c.NODE_ENV === 'production' ? 5000 : 0),
    // payment returns and links must come back to this server: on another port than 3000 too
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
  }));

export type SignUpMode = 'open' | 'invite' | 'closed';
export type Config = Omit<z.infer<typeof ConfigSchema>, 'SIGNUP_MODE'> & { SIGNUP_MODE: SignUpMode };

/** Reads and validates the environment once at start-up; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  // one .env often feeds both the web's build and the server
  if (cleaned.MAP_TILE_URL === undefined && cleaned.VITE_MAP_TILE_URL !== undefined)
    cleaned.MAP_TILE_URL = cleaned.VITE_MAP_TILE_URL;
  const parsed = ConfigSchema.safeParse(cleaned);
  // the sandbox approves its documented test cards, and its default secret is public (anyone could sign
  // its notices): a production server takes it only when told so, with a secret of its own
  if (parsed.success && parsed.data.NODE_ENV === 'production') {
    if (cleaned.PAYMENTS_PROVIDER === undefined)
      throw new Error(
        'Invalid configuration:\n  PAYMENTS_PROVIDER: set it in production (accounts, or sandbox for a demo that takes no real payments)',
      );
    if (parsed.data.PAYMENTS_PROVIDER === 'sandbox' && !parsed.data.SANDBOX_PAYMENTS_SECRET)
      throw new Error(
        'Invalid configuration:\n  SANDBOX_PAYMENTS_SECRET: the sandbox needs a secret of its own in production',
      );
    // the sandbox sends no sign-in code to anyone: a production server takes it only when told so
    if (cleaned.MESSAGING_PROVIDER === undefined)
      throw new Error(
        'Invalid configuration:\n  MESSAGING_PROVIDER: set it in production (WHATSAPP_CLOUD, or SANDBOX for a demo whose sign-in codes only go to the log)',
      );
    if (!parsed.data.PAYMENT_CREDENTIALS_KEY)
      throw new Error(
        "Invalid configuration:\n  PAYMENT_CREDENTIALS_KEY: set it in production (32 random bytes, e.g. `openssl rand -base64 32`): it seals the shops' payment credentials",
      );
  }
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, SIGNUP_MODE: parsed.data.SIGNUP_MODE ?? defaultSignUpMode(parsed.data.NODE_ENV) };
}

function defaultSignUpMode(nodeEnv: string): SignUpMode {
  return nodeEnv === 'production' ? 'invite' : 'open';
}

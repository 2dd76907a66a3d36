/**
 * Shops' payment credentials at rest: sealed with AES-256-GCM under PAYMENT_CREDENTIALS_KEY, so a copy of
 * the database (a backup, a leaked dump) holds no access token. Only this server, with the key from its
 * environment, opens them, and no API call ever answers them.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const VERSION = 'v1';
/** binds a sealed value to its use: credentials sealed for something else do not open here */
const ADDITIONAL_DATA = Buffer.from('comanda:payment-account');

export interface CredentialsVault {
  seal(value: object): string;
  /** Throws when the text was not sealed with this key (or was altered). */
  open<T>(sealed: string): T;
}

/** The key as configured: 32 bytes, in base64 / base64url (44 or 43 characters) or hex (64). */
export function parseCredentialsKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('PAYMENT_CREDENTIALS_KEY must be 32 bytes (base64 or hex)');
  return key;
}

export function newCredentialsKey(): string {
  return randomBytes(32).toString('base64');
}

export function createCredentialsVault(keyText: string): CredentialsVault {
  const key = parseCredentialsKey(keyText);
  return {
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(ADDITIONAL_DATA);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open<T>(sealed: string): T {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined)
        throw new Error('not a sealed credential');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(ADDITIONAL_DATA);
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      return JSON.parse(text.toString('utf8')) as T;
    },
  };
}

/**
 * The key outside production when none is configured: made once and kept beside the embedded database
 * (DATA_DIR), so what a development server sealed still opens after a restart. Production requires
 * PAYMENT_CREDENTIALS_KEY (platform/config.ts): a key stored next to the data protects nothing.
 */
export function developmentCredentialsKey(dataDir: string | null): string {
  if (!dataDir) return newCredentialsKey();
  const file = join(dataDir, 'payment-credentials.key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    try {
      // 'wx': of two processes starting at once, one writes and the other reads what it wrote
      writeFileSync(file, newCredentialsKey(), { flag: 'wx', mode: 0o600 });
    } catch {}
    return readFileSync(file, 'utf8').trim();
  }
}

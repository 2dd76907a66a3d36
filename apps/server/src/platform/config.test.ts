import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('applies the defaults of DESIGN.md', () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      NODE_ENV: 'development',
    });
  });

  it('accepts a NOW override outside production', () => {
    expect(loadConfig({ NOW: '2026-11-16T15:00:00-03:00' }).NOW).toBe('2026-11-16T15:00:00-03:00');
  });

  it('refuses a NOW override in production, a bad port and a bad database URL, naming each', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', NOW: '2026-11-16T15:00:00-03:00' })).toThrow(/NOW/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ NOW: 'tomorrow' })).toThrow(/NOW/);
  });

  it('takes no payment provider by default in production, nor the sandbox without a secret of its own', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENTS_PROVIDER/);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'sandbox' })).toThrow(
      /SANDBOX_PAYMENTS_SECRET/,
    );
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PAYMENTS_PROVIDER: 'sandbox',
        SANDBOX_PAYMENTS_SECRET: 'a-demo-secret-of-its-own',
        MESSAGING_PROVIDER: 'SANDBOX',
        PAYMENT_CREDENTIALS_KEY: 'a'.repeat(64),
      }).PAYMENTS_PROVIDER,
    ).toBe('sandbox');
    // the shops' credentials are sealed with a key of production's own, never one beside the data
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PAYMENTS_PROVIDER: 'accounts',
        MESSAGING_PROVIDER: 'SANDBOX',
      }),
    ).toThrow(/PAYMENT_CREDENTIALS_KEY/);
  });

  it('sends sign-in codes through the sandbox by default, and asks production to choose', () => {
    expect(loadConfig({}).MESSAGING_PROVIDER).toBe('SANDBOX');
    const production = {
      NODE_ENV: 'production',
      PAYMENTS_PROVIDER: 'sandbox',
      SANDBOX_PAYMENTS_SECRET: 'a-demo-secret-of-its-own',
      PAYMENT_CREDENTIALS_KEY: 'a'.repeat(64),
    } as const;
    expect(() => loadConfig(production)).toThrow(/MESSAGING_PROVIDER/);
    expect(loadConfig({ ...production, MESSAGING_PROVIDER: 'sandbox' }).MESSAGING_PROVIDER).toBe('SANDBOX');
    expect(() => loadConfig({ MESSAGING_PROVIDER: 'WHATSAPP_CLOUD' })).toThrow(/MESSAGING_PROVIDER/);
    expect(() => loadConfig({ MESSAGING_PROVIDER: 'SMS' })).toThrow(/MESSAGING_PROVIDER/);
    expect(() => loadConfig({ WHATSAPP_API_VERSION: '23' })).toThrow(/WHATSAPP_API_VERSION/);
    expect(
      loadConfig({
        ...production,
        MESSAGING_PROVIDER: 'WHATSAPP_CLOUD',
        WHATSAPP_ACCESS_TOKEN: 'EAAG-1234567890',
        WHATSAPP_PHONE_NUMBER_ID: '109876543210',
        WHATSAPP_CODE_TEMPLATE: 'codigo_ingreso',
      }),
    ).toMatchObject({
      MESSAGING_PROVIDER: 'WHATSAPP_CLOUD',
      WHATSAPP_API_VERSION: 'v23.0',
      WHATSAPP_BASE_URL: 'https://graph.facebook.com',
      WHATSAPP_TEMPLATE_LANGUAGE: 'es',
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('lets shops use the sandbox unless told to take real accounts only, and checks the Mercado Pago app', () => {
    expect(loadConfig({})).toMatchObject({
      PAYMENTS_PROVIDER: 'sandbox',
      PAYMENT_TIME_LIMIT_MINUTES: 15,
      MARKETPLACE_FEE_PERCENT: 0,
      TRANSBANK_ENVIRONMENT_URL: 'https://webpay3gint.transbank.cl',
    });
    // the former name still means real accounts only
    expect(loadConfig({ PAYMENTS_PROVIDER: 'mercadopago' }).PAYMENTS_PROVIDER).toBe('accounts');
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(/PAYMENTS_PROVIDER/);
    expect(() => loadConfig({ PAYMENT_TIME_LIMIT_MINUTES: '0' })).toThrow(/PAYMENT_TIME_LIMIT_MINUTES/);
    expect(() => loadConfig({ MARKETPLACE_FEE_PERCENT: '45' })).toThrow(/MARKETPLACE_FEE_PERCENT/);
    expect(() => loadConfig({ PAYMENT_CREDENTIALS_KEY: 'short' })).toThrow(/PAYMENT_CREDENTIALS_KEY/);
    // OAuth needs the app's id, its secret and the secret its notifications are signed with
    expect(() => loadConfig({ MERCADO_PAGO_CLIENT_ID: 'APP-123' })).toThrow(/MERCADO_PAGO_CLIENT_ID/);
    expect(
      loadConfig({
        PAYMENTS_PROVIDER: 'accounts',
        MERCADO_PAGO_CLIENT_ID: 'APP-123',
        MERCADO_PAGO_CLIENT_SECRET: 'app-secret',
        MERCADO_PAGO_WEBHOOK_SECRET: 'webhook-secret',
        MERCADO_PAGO_BASE_URL: 'http://127.0.0.1:9999',
        MARKETPLACE_FEE_PERCENT: '2.5',
        PAYMENT_CREDENTIALS_KEY: 'a'.repeat(64),
        PAYMENT_TIME_LIMIT_MINUTES: '30',
      }),
    ).toMatchObject({
      PAYMENTS_PROVIDER: 'accounts',
      MARKETPLACE_FEE_PERCENT: 2.5,
      PAYMENT_TIME_LIMIT_MINUTES: 30,
    });
  });

  it('reads the pages’ CSP sources and the database timeouts, refusing a source that is not one', () => {
    expect(loadConfig({})).toMatchObject({
      CSP_MARKETING_TAGS: true,
      CSP_SUPPORT_CHAT: true,
      CSP_IMG_SOURCES: [],
      CSP_SCRIPT_SOURCES: [],
      DATABASE_CONNECT_TIMEOUT_MS: 1000,
      DATABASE_STATEMENT_TIMEOUT_MS: 1000,
    });
    expect(
      loadConfig({
        CSP_MARKETING_TAGS: 'false',
        CSP_SUPPORT_CHAT: 'false',
        CSP_IMG_SOURCES: 'https://cdn.example.com  https://*.example.org',
        VITE_MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      }),
    ).toMatchObject({
      CSP_MARKETING_TAGS: false,
      CSP_SUPPORT_CHAT: false,
      CSP_IMG_SOURCES: ['https://cdn.example.com', 'https://*.example.org'],
      MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
    });
    expect(() => loadConfig({ CSP_SCRIPT_SOURCES: "https://a.com 'unsafe-inline'" })).toThrow(
      /CSP_SCRIPT_SOURCES/,
    );
    expect(() => loadConfig({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' })).toThrow(/MAP_TILE_URL/);
  });

  it('keeps photos under DATA_DIR by default, 8 MB at most', () => {
    expect(loadConfig({})).toMatchObject({
      PHOTO_STORAGE: 'local',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      PHOTO_MAX_BYTES: 8 * 1024 * 1024,
    });
    expect(loadConfig({ PHOTO_MAX_BYTES: '2097152' }).PHOTO_MAX_BYTES).toBe(2 * 1024 * 1024);
    expect(() => loadConfig({ PHOTO_MAX_BYTES: 'ocho' })).toThrow(/PHOTO_MAX_BYTES/);
    expect(() => loadConfig({ PHOTO_MAX_BYTES: '10' })).toThrow(/PHOTO_MAX_BYTES/);
    expect(() => loadConfig({ PHOTO_STORAGE: 'ftp' })).toThrow(/PHOTO_STORAGE/);
  });

  it('puts photos in S3 only with a bucket, its keys and its public URL; path style with an endpoint', () => {
    const s3 = {
      PHOTO_STORAGE: 's3',
      S3_BUCKET: 'comanda-fotos',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example',
      S3_PUBLIC_URL: 'https://comanda-fotos.s3.amazonaws.com',
    } as const;
    // AWS itself: the bucket in the host name
    expect(loadConfig(s3)).toMatchObject({ ...s3, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    for (const missing of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const)
      expect(() => loadConfig({ ...s3, [missing]: undefined }), missing).toThrow(
        /PHOTO_STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL/,
      );
    // a MinIO-like endpoint: the bucket in the path unless told otherwise
    const minio = { ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'sa-east-1' };
    expect(loadConfig(minio)).toMatchObject({
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'sa-east-1',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'true' }).S3_FORCE_PATH_STYLE).toBe(true);
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3, S3_PUBLIC_URL: 'ftp://fotos.example.com' })).toThrow(/S3_PUBLIC_URL/);
    // the variables alone change nothing while photos stay local
    expect(loadConfig({ S3_BUCKET: 'comanda-fotos' }).PHOTO_STORAGE).toBe('local');
  });

  it('points links and payment returns at the port the server runs on when PUBLIC_URL is unset', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4100' }).PUBLIC_URL).toBe('http://localhost:4100');
    expect(loadConfig({ PORT: '4100', PUBLIC_URL: 'https://pedidos.example.com' }).PUBLIC_URL).toBe(
      'https://pedidos.example.com',
    );
  });

  it('reads the balancer settings: trusted proxies, the Redis prefix and the shutdown delays', () => {
    const plain = loadConfig({});
    expect(plain.TRUST_PROXY).toBeUndefined();
    expect(plain.REDIS_PREFIX).toBe('comanda:');
    // a development server stops at once; a production one waits for its balancer to notice
    expect(plain.SHUTDOWN_DELAY_MS).toBe(0);
    expect(plain.SHUTDOWN_TIMEOUT_MS).toBe(15_000);
    const production = {
      NODE_ENV: 'production',
      PAYMENTS_PROVIDER: 'sandbox',
      SANDBOX_PAYMENTS_SECRET: 'a-demo-secret-of-its-own',
      MESSAGING_PROVIDER: 'SANDBOX',
      PAYMENT_CREDENTIALS_KEY: 'a'.repeat(64),
    };
    expect(loadConfig(production).SHUTDOWN_DELAY_MS).toBe(5000);
    expect(loadConfig({ ...production, SHUTDOWN_DELAY_MS: '0' }).SHUTDOWN_DELAY_MS).toBe(0);
    const behind = loadConfig({
      TRUST_PROXY: '10.0.0.5, 10.1.0.0/16 loopback fd00::/8',
      REDIS_PREFIX: 'tienda-2:',
    });
    expect(behind.TRUST_PROXY).toEqual(['10.0.0.5', '10.1.0.0/16', 'loopback', 'fd00::/8']);
    expect(behind.REDIS_PREFIX).toBe('tienda-2:');
    for (const bad of ['everyone', '10.0.0.0/33', '10.0.0.300', '10.0.0.0/8/1', ','])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ REDIS_PREFIX: 'with space' })).toThrow(/REDIS_PREFIX/);
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: '-1' })).toThrow(/SHUTDOWN_DELAY_MS/);
  });
});

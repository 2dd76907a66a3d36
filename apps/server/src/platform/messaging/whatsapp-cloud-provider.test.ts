import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_WHATSAPP_NUMBER_ID,
  FAKE_WHATSAPP_TOKEN,
  type FakeWhatsApp,
  startFakeWhatsApp,
} from '../../../test/fake-whatsapp.ts';
import { createMessagingProvider } from './index.ts';
import { MessageRejectedError, MessagingUnavailableError } from './provider.ts';
import { createSandboxMessaging } from './sandbox-provider.ts';
import { createWhatsAppCloudProvider } from './whatsapp-cloud-provider.ts';

const message = (phone: string) => ({ phone, code: '004217', expiresInMinutes: 10 });

describe('WhatsApp Cloud API adapter (against a local fake API)', () => {
  let fake: FakeWhatsApp;
  const provider = (extra: Partial<Parameters<typeof createWhatsAppCloudProvider>[0]> = {}) =>
    createWhatsAppCloudProvider({
      accessToken: FAKE_WHATSAPP_TOKEN,
      phoneNumberId: FAKE_WHATSAPP_NUMBER_ID,
      baseUrl: `${fake.baseUrl}/`,
      apiVersion: 'v23.0',
      template: 'codigo_ingreso',
      templateLanguage: 'es_AR',
      // generous: the fake answers at once, but the machine may be busy running other suites
      timeoutMs: 15_000,
      ...extra,
    });
  beforeAll(async () => {
    fake = await startFakeWhatsApp();
  });
  afterAll(() => fake.close());

  it('sends the code in the authentication template, with the bearer token, and answers the message id', async () => {
    const sent = await provider().sendSignInCode(message('+5491155550101'));
    expect(sent).toEqual({ messageId: expect.stringMatching(/^wamid\.TEST\d+$/), visibleCode: null });
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: `/v23.0/${FAKE_WHATSAPP_NUMBER_ID}/messages` });
    expect(request?.headers.authorization).toBe(`Bearer ${FAKE_WHATSAPP_TOKEN}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5491155550101',
      type: 'template',
      template: {
        name: 'codigo_ingreso',
        language: { code: 'es_AR' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '004217' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '004217' }] },
        ],
      },
    });
  });

  it('sends a plain text when no template is configured', async () => {
    await provider({ template: undefined }).sendSignInCode(message('+56987654321'));
    expect(fake.requests.at(-1)?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '56987654321',
      type: 'text',
      text: {
        preview_url: false,
        body: '004217 es tu código para iniciar sesión. Vence en 10 minutos. No lo compartas con nadie.',
      },
    });
  });

  it('reads a refused recipient (4xx) as the diner’s problem', async () => {
    const error = await provider()
      .sendSignInCode(message('+5491155550000'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MessageRejectedError);
    expect(String((error as Error).message)).toContain('131030');
  });

  it('reads bad credentials, server errors and timeouts as the service being unavailable', async () => {
    await expect(
      provider({ accessToken: 'EAAG-expired' }).sendSignInCode(message('+5491155550101')),
    ).rejects.toBeInstanceOf(MessagingUnavailableError);
    await expect(provider().sendSignInCode(message('+5491155555000'))).rejects.toBeInstanceOf(
      MessagingUnavailableError,
    );
    // a recipient the fake never answers: only the timeout the adapter is given ends the request
    const hung = await provider({ timeoutMs: 300 })
      .sendSignInCode(message('+5491155559999'))
      .catch((e: unknown) => e);
    expect(hung).toBeInstanceOf(MessagingUnavailableError);
    expect(String((hung as Error).message)).toMatch(/TimeoutError/);
    await expect(
      provider({ baseUrl: 'http://127.0.0.1:9' }).sendSignInCode(message('+5491155550101')),
    ).rejects.toBeInstanceOf(MessagingUnavailableError);
  });
});

describe('messaging sandbox', () => {
  it('keeps the last code of each phone, logs it, and shows it only when told to', async () => {
    const lines: string[] = [];
    const sandbox = createSandboxMessaging({ showCodes: true, log: (text) => lines.push(text) });
    expect(await sandbox.sendSignInCode(message('+5491155550101'))).toEqual({
      messageId: null,
      visibleCode: '004217',
    });
    await sandbox.sendSignInCode({ ...message('+5491155550101'), code: '123456' });
    expect(sandbox.lastCode('+5491155550101')).toBe('123456');
    expect(sandbox.lastCode('+56987654321')).toBeNull();
    expect(lines.at(-1)).toContain('123456');
    const quiet = createSandboxMessaging({ showCodes: false });
    expect((await quiet.sendSignInCode(message('+5491155550101'))).visibleCode).toBeNull();
  });

  it('is the choice by default, showing codes only outside production', () => {
    const dev = createMessagingProvider({ NODE_ENV: 'development', MESSAGING_PROVIDER: 'SANDBOX' });
    expect(dev.name).toBe('SANDBOX');
    const whatsapp = createMessagingProvider({
      NODE_ENV: 'production',
      MESSAGING_PROVIDER: 'WHATSAPP_CLOUD',
      WHATSAPP_ACCESS_TOKEN: 'EAAG-123456789',
      WHATSAPP_PHONE_NUMBER_ID: '1234',
    });
    expect(whatsapp.name).toBe('WHATSAPP_CLOUD');
    expect(() =>
      createMessagingProvider({ NODE_ENV: 'production', MESSAGING_PROVIDER: 'WHATSAPP_CLOUD' }),
    ).toThrow(/WHATSAPP_ACCESS_TOKEN/);
  });

  it('hides codes from the screen in production', async () => {
    const sandbox = createMessagingProvider({ NODE_ENV: 'production', MESSAGING_PROVIDER: 'SANDBOX' });
    expect((await sandbox.sendSignInCode(message('+5491155550101'))).visibleCode).toBeNull();
  });
});

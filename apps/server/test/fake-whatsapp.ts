import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for WhatsApp's Cloud API (127.0.0.1, a free port): `POST /{version}/{phoneNumberId}/messages`
 * with the bearer token `TEST-whatsapp-token`. Recipients decide the outcome like the real API's sandbox
 * numbers do: one ending in 0000 is refused (400, not an allowed recipient), one ending in 5000 answers 500,
 * one ending in 9999 never answers (a timeout). Every request is kept for the tests to look at.
 */
export interface FakeWhatsAppRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

export interface FakeWhatsApp {
  baseUrl: string;
  requests: FakeWhatsAppRequest[];
  close(): Promise<void>;
}

export const FAKE_WHATSAPP_TOKEN = 'TEST-whatsapp-token';
export const FAKE_WHATSAPP_NUMBER_ID = '109876543210';

export async function startFakeWhatsApp(): Promise<FakeWhatsApp> {
  const requests: FakeWhatsAppRequest[] = [];
  const hanging = new Set<() => void>();
  let nextId = 1;
  const server: Server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    let body: Record<string, unknown> | null = null;
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    const path = (req.url ?? '').split('?')[0] as string;
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const graphError = (status: number, code: number, message: string) =>
      send(status, { error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEf' } });
    if (req.headers.authorization !== `Bearer ${FAKE_WHATSAPP_TOKEN}`)
      return graphError(401, 190, 'Error validating access token');
    const match = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(path);
    if (req.method !== 'POST' || !match) return graphError(404, 100, 'Unknown path components');
    if (match[1] !== FAKE_WHATSAPP_NUMBER_ID) return graphError(400, 100, 'Unsupported post request');
    const to = String(body?.to ?? '');
    if (body?.messaging_product !== 'whatsapp' || !/^\d{8,15}$/.test(to))
      return graphError(400, 100, 'Invalid parameter');
    if (to.endsWith('0000')) return graphError(400, 131030, 'Recipient phone number not in allowed list');
    if (to.endsWith('5000')) return graphError(500, 1, 'An unknown error occurred');
    if (to.endsWith('9999')) {
      // answer only when the test server closes: the adapter's timeout must give up first
      await new Promise<void>((resolve) => hanging.add(resolve));
      return send(200, { messages: [{ id: 'wamid.too-late' }] });
    }
    return send(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: `wamid.TEST${nextId++}` }],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const release of hanging) release();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

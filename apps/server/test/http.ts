import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** GET a path and return status and parsed JSON body. */
export async function getJson(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  const text = res.body;
  return { status: res.statusCode, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** Asserts DESIGN.md's error shape: a code, a Spanish message, never a stack trace. */
export function expectApiError(res: { status: number; body: unknown }, status: number, code?: string) {
  expect(res.status).toBe(status);
  const body = res.body as { code: string; message: string; stack?: unknown };
  expect(typeof body.code).toBe('string');
  if (code) expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(5);
  expect(body).not.toHaveProperty('stack');
}

/** Ids depend on import order, so tests find them by alias. */
export async function idsOf(app: FastifyInstance, contactAlias: string) {
  const contact = (await getJson(app, `/api/diner/${contactAlias}`)).body.info;
  const modes = (await getJson(app, `/api/diner/branchordermodes/${contact.id}`)).body as {
    id: number;
    showName: string;
  }[];
  const modeId = (showName: string) => {
    const mode = modes.find((m) => m.showName === showName);
    if (!mode) throw new Error(`no mode ${showName} on ${contactAlias}`);
    return mode.id;
  };
  return {
    contactId: contact.id as number,
    branchId: contact.branch.id as number,
    companyId: contact.branch.companyId as number | null,
    modeId,
  };
}

/** Any API call with the given headers (a session cookie, a bearer token); answers status and parsed JSON. */
export async function callApi(
  app: FastifyInstance,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  options: { headers?: Record<string, string>; payload?: unknown } = {},
) {
  const res = await app.inject({
    method,
    url,
    headers: options.headers ?? {},
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

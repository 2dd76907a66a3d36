import type { FastifyInstance } from 'fastify';
import { callApi } from './http.ts';

/** Demo staff (README): the owner of Don Mateo, a cook of Don Mateo, the owner of Kenzo. */
export const DONMATEO_OWNER = { email: 'encargado@donmateo.com.ar', password: 'donmateo2026' };
export const DONMATEO_COOK = { email: 'cocina@donmateo.com.ar', password: 'cocina2026' };
export const KENZO_OWNER = { email: 'encargada@kenzo.com.ar', password: 'kenzo2026' };

/** Signs in and answers the Cookie header of the staff session. */
export async function staffCookie(
  app: FastifyInstance,
  credentials: { email: string; password: string },
  remoteAddress = '127.0.0.1',
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/console/login',
    payload: credentials,
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const session = res.cookies.find((cookie) => cookie.name === 'staff_session');
  if (!session) throw new Error('no session cookie');
  return `staff_session=${session.value}`;
}

/** A console call as a signed-in staff member. */
export function asStaff(
  app: FastifyInstance,
  cookie: string,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return callApi(app, method, url, { headers: { cookie }, payload });
}

import type { FastifyInstance } from 'fastify';
import { callApi } from './http.ts';

/** The demo contact's rider security code (README). */
export const RIDER_CODE = '4321';

/** Registers a rider at a contact with the code, starting a shift; answers the rider id and its token. */
export async function registerRider(
  app: FastifyInstance,
  contactId: number,
  phone: string,
  name: string,
  remoteAddress = '127.0.0.1',
): Promise<{ id: number; token: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/rider/createwithcode',
    remoteAddress,
    payload: {
      name,
      phone,
      securityCode: RIDER_CODE,
      active: true,
      riderUser: { branchContact: { id: contactId } },
    },
  });
  if (res.statusCode !== 201) throw new Error(`rider registration failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { id: body.id, token: body.token };
}

/** A rider call with the bearer token. */
export function asRider(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
) {
  return callApi(app, method, url, { headers: { authorization: `Bearer ${token}` }, payload });
}

import { type FakeMercadoPago, startFakeMercadoPago } from '../apps/server/test/fake-mercado-pago.ts';
import { type FakeTransbank, startFakeTransbank } from '../apps/server/test/fake-transbank.ts';

/**
 * The payment providers the journeys' servers talk to: the local fakes of Mercado Pago's API and of
 * Transbank's Webpay Plus (API and card page) that the server's own tests use, started once per run in
 * the Playwright runner on fixed ports after E2E_PORT_BASE (every server gets their URLs as
 * MERCADO_PAGO_BASE_URL and TRANSBANK_ENVIRONMENT_URL; the workers reach them over HTTP only). A shop
 * still pays into the sandbox until its owner connects one of them (tests/card-providers.spec.ts).
 */
export function e2ePortBase(): number {
  // E2E_PORT_BASE lets a second checkout run its journeys beside this one without a port clash
  return Number(process.env.E2E_PORT_BASE ?? 4310);
}

/** Far above the servers' ports (two per worker from the base, and the Chilean shop's). */
export function fakeProviders(portBase = e2ePortBase()) {
  const mercadoPago = portBase + 90;
  const transbank = portBase + 91;
  return {
    mercadoPago: { port: mercadoPago, url: `http://127.0.0.1:${mercadoPago}` },
    transbank: { port: transbank, url: `http://127.0.0.1:${transbank}` },
  };
}

/** Starts both fakes; what it answers stops them once the run is over (Playwright's global teardown). */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const ports = fakeProviders();
  const started: (FakeMercadoPago | FakeTransbank)[] = [];
  try {
    started.push(await startFakeMercadoPago({ port: ports.mercadoPago.port }));
    started.push(await startFakeTransbank({ port: ports.transbank.port }));
  } catch (error) {
    await Promise.all(started.map((fake) => fake.close()));
    throw new Error(
      `the fake payment providers could not start on ports ${ports.mercadoPago.port} and ${ports.transbank.port} (E2E_PORT_BASE): ${(error as Error).message}`,
    );
  }
  return async () => {
    await Promise.all(started.map((fake) => fake.close()));
  };
}

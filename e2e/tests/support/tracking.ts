import type { APIRequestContext, Page } from '@playwright/test';

/**
 * Martín Gómez's bearer token, a demo credential seeded with the demo data (README, 'Demo credentials';
 * apps/server/src/db/seed.ts): the browser tests drive the rider's calls with it.
 */
export const DEMO_RIDER_TOKEN = 'demo-rider-martin-gomez-palermo';

// a 1x1 transparent PNG: map tiles are answered locally (the tests run offline)
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export async function serveBlankTiles(page: Page): Promise<void> {
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
  );
}

export function trackingPath(code: string, alias = 'donmateo-palermo'): string {
  return `/logistics/tracking/order/${alias}/${code}`;
}

/** The rider's phone reporting where it is, as the rider app will. */
export async function reportRiderPosition(request: APIRequestContext, lat: number, lng: number) {
  return request.put('/api/rider/location', {
    headers: { Authorization: `Bearer ${DEMO_RIDER_TOKEN}` },
    data: { lat, lng },
  });
}

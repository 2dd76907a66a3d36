import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a Nominatim server (127.0.0.1, a free port). `/search` answers the places whose
 * text holds every word of `q` (numbers aside), within `countrycodes`, in jsonv2 with address details, as the real one
 * does; `/reverse` answers the nearest place. `mode` makes it fail: HTTP 500, a hang longer than any
 * timeout, or a body that is not JSON. Every request is kept for the tests to look at.
 */
export type FakeNominatimMode = 'ok' | 'error' | 'slow' | 'garbage';

export interface FakeNominatimRequest {
  path: string;
  params: URLSearchParams;
  headers: IncomingMessage['headers'];
}

export interface FakeNominatim {
  baseUrl: string;
  requests: FakeNominatimRequest[];
  mode: FakeNominatimMode;
  close(): Promise<void>;
}

/** Places as Nominatim writes them (strings for coordinates, address parts by kind). */
export const FAKE_PLACES = [
  {
    place_id: 1,
    lat: '-34.5846',
    lon: '-58.416',
    display_name:
      '3641, Charcas, Palermo, Buenos Aires, Comuna 14, Ciudad Autónoma de Buenos Aires, C1425, Argentina',
    address: {
      house_number: '3641',
      road: 'Charcas',
      neighbourhood: 'Palermo',
      city: 'Buenos Aires',
      state: 'Ciudad Autónoma de Buenos Aires',
      postcode: 'C1425',
      country: 'Argentina',
      country_code: 'ar',
    },
  },
  {
    place_id: 2,
    lat: '-34.5871',
    lon: '-58.4182',
    display_name: 'Charcas, Palermo, Buenos Aires, Ciudad Autónoma de Buenos Aires, Argentina',
    address: {
      road: 'Charcas',
      suburb: 'Palermo',
      city: 'Buenos Aires',
      state: 'Ciudad Autónoma de Buenos Aires',
      country: 'Argentina',
      country_code: 'ar',
    },
  },
  {
    place_id: 3,
    lat: '-34.9011',
    lon: '-56.1645',
    display_name: 'Charcas, Pocitos, Montevideo, 11300, Uruguay',
    address: {
      road: 'Charcas',
      suburb: 'Pocitos',
      city: 'Montevideo',
      state: 'Montevideo',
      postcode: '11300',
      country: 'Uruguay',
      country_code: 'uy',
    },
  },
  {
    place_id: 4,
    lat: '25.7617',
    lon: '-80.1918',
    display_name: 'Charcas Street, Miami, Florida, United States',
    address: { road: 'Charcas Street', city: 'Miami', state: 'Florida', country_code: 'us' },
  },
];

const words = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export async function startFakeNominatim(): Promise<FakeNominatim> {
  const requests: FakeNominatimRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const fake: FakeNominatim = {
    baseUrl: '',
    requests,
    mode: 'ok',
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ path: url.pathname, params: url.searchParams, headers: req.headers });
    if (fake.mode === 'slow') return; // never answers; the client's timeout ends it
    if (fake.mode === 'error') {
      res.writeHead(500, { 'content-type': 'text/plain' });
      return res.end('Internal Server Error');
    }
    if (fake.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>busy</html>');
    }
    const send = (json: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (url.pathname === '/search') {
      // like the real one, a house number it does not know does not hide the street
      const wanted = words(url.searchParams.get('q') ?? '').filter((w) => !/^\d+$/.test(w));
      const countries = (url.searchParams.get('countrycodes') ?? '').split(',').filter(Boolean);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      return send(
        FAKE_PLACES.filter(
          (p) =>
            (countries.length === 0 || countries.includes(p.address.country_code)) &&
            wanted.every((w) => words(p.display_name).some((k) => k.startsWith(w))),
        ).slice(0, limit),
      );
    }
    if (url.pathname === '/reverse') {
      const lat = Number(url.searchParams.get('lat'));
      const lon = Number(url.searchParams.get('lon'));
      const near = FAKE_PLACES.find(
        (p) => Math.abs(Number(p.lat) - lat) + Math.abs(Number(p.lon) - lon) < 0.01,
      );
      return send(near ?? { error: 'Unable to geocode' });
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"no such route"}');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}`;
  fake.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
  };
  return fake;
}

/**
 * The offline geocoder of `npm start` and the browser tests: a few dozen real streets around the demo
 * shops (Palermo, Belgrano and Núñez in Buenos Aires, Córdoba's centre, Providencia in Santiago) and
 * central Montevideo, each laid out as a straight numbered line, so 'Charcas 3641' lands on a plausible
 * point of Charcas. It matches what the diner types word by word, accents and case aside.
 */
import { distanceInMeters } from '@comanda/core';
import type { GeocodedAddress, GeocodingCountry } from '@comanda/core/contract';
import { DEFAULT_SUGGESTION_LIMIT, type Geocoder, type LatLng, type SuggestOptions } from './geocoder.ts';

interface Area {
  /** Neighbourhood shown in the full address. */
  name: string;
  city: string;
  province: string;
  postalCode: string;
  country: GeocodingCountry;
  /** Where the main street has number `mainNumber`. */
  origin: LatLng;
  mainNumber: number;
  /** Degrees moved by 100 numbers along the main street. */
  along: LatLng;
  /** Degrees moved by one block across it (and by 100 numbers along a cross street). */
  across: LatLng;
  streets: StreetLine[];
}

type StreetLine =
  /** Runs beside the main street, `blocks` away, numbered like it. */
  | { name: string; blocks: number; from: number; to: number }
  /** Crosses the main street where it has number `at`; its own number `base` is at the crossing. */
  | { name: string; at: number; base: number; from: number; to: number };

const AREAS: Area[] = [
  {
    name: 'Palermo',
    city: 'Buenos Aires',
    province: 'Ciudad Autónoma de Buenos Aires',
    postalCode: 'C1425',
    country: 'ar',
    origin: { lat: -34.5887, lng: -58.41 },
    mainNumber: 3253,
    along: { lat: 0.000833, lng: -0.001222 },
    across: { lat: -0.0009, lng: -0.000907 },
    streets: [
      { name: 'Av. Santa Fe', blocks: 0, from: 2400, to: 4800 },
      { name: 'Arenales', blocks: -1, from: 2400, to: 4400 },
      { name: 'Beruti', blocks: -2, from: 2400, to: 4200 },
      { name: 'Charcas', blocks: 1, from: 2400, to: 5000 },
      { name: 'Paraguay', blocks: 2, from: 2400, to: 5000 },
      { name: 'Mansilla', blocks: 3, from: 2400, to: 4200 },
      { name: 'Soler', blocks: 4, from: 3000, to: 4400 },
      { name: 'Av. Córdoba', blocks: 7, from: 2800, to: 5000 },
      { name: 'Av. Coronel Díaz', at: 3253, base: 1800, from: 1400, to: 2700 },
      { name: 'Ecuador', at: 2900, base: 1800, from: 1100, to: 2500 },
      { name: 'Bulnes', at: 3350, base: 1800, from: 1300, to: 2600 },
      { name: 'Vidt', at: 3450, base: 1800, from: 1600, to: 2100 },
      { name: 'Jerónimo Salguero', at: 3550, base: 1800, from: 1500, to: 2700 },
      { name: 'Av. Raúl Scalabrini Ortiz', at: 3800, base: 1800, from: 1300, to: 2900 },
      { name: 'Armenia', at: 4100, base: 1800, from: 1500, to: 2100 },
      { name: 'Gurruchaga', at: 4200, base: 1800, from: 1500, to: 2300 },
    ],
  },
  {
    name: 'Belgrano',
    city: 'Buenos Aires',
    province: 'Ciudad Autónoma de Buenos Aires',
    postalCode: 'C1428',
    country: 'ar',
    origin: { lat: -34.5606, lng: -58.456 },
    mainNumber: 2040,
    along: { lat: 0.0009, lng: -0.00065 },
    across: { lat: -0.0007, lng: -0.00105 },
    streets: [
      { name: 'Av. Cabildo', blocks: 0, from: 1200, to: 3200 },
      { name: 'Vuelta de Obligado', blocks: -1, from: 1500, to: 3000 },
      { name: 'Arcos', blocks: -2, from: 1500, to: 3000 },
      { name: 'Amenábar', blocks: 1, from: 1500, to: 3000 },
      { name: 'Ciudad de la Paz', blocks: 2, from: 1500, to: 3000 },
      { name: 'Av. Juramento', at: 2000, base: 2000, from: 1500, to: 2600 },
      { name: 'Echeverría', at: 1900, base: 2000, from: 1500, to: 2600 },
      { name: 'Mendoza', at: 2150, base: 2000, from: 1500, to: 2600 },
      { name: 'Olazábal', at: 2350, base: 2000, from: 1500, to: 2600 },
      { name: 'Blanco Encalada', at: 2450, base: 2000, from: 1500, to: 2600 },
    ],
  },
  {
    name: 'Núñez',
    city: 'Buenos Aires',
    province: 'Ciudad Autónoma de Buenos Aires',
    postalCode: 'C1429',
    country: 'ar',
    origin: { lat: -34.5445, lng: -58.463 },
    mainNumber: 7400,
    along: { lat: 0.00085, lng: -0.0007 },
    across: { lat: -0.0008, lng: -0.00098 },
    streets: [
      { name: 'Av. del Libertador', blocks: 0, from: 6500, to: 8500 },
      { name: 'Cuba', blocks: 4, from: 6500, to: 8500 },
      { name: 'Crisólogo Larralde', at: 7450, base: 1700, from: 1600, to: 2700 },
      { name: 'Manuela Pedraza', at: 7300, base: 1700, from: 1600, to: 2700 },
      { name: 'Núñez', at: 7600, base: 1700, from: 1600, to: 2700 },
      { name: 'Ramallo', at: 7800, base: 1700, from: 1600, to: 2700 },
    ],
  },
  {
    name: 'Centro',
    city: 'Córdoba',
    province: 'Córdoba',
    postalCode: 'X5000',
    country: 'ar',
    origin: { lat: -31.4135, lng: -64.1811 },
    mainNumber: 260,
    along: { lat: 0.0, lng: -0.00107 },
    across: { lat: 0.00092, lng: 0.0 },
    streets: [
      { name: 'Av. Olmos', blocks: 0, from: 0, to: 800 },
      { name: 'Av. Colón', blocks: 1, from: 0, to: 1200 },
      { name: 'Santa Rosa', blocks: 2, from: 0, to: 1000 },
      { name: '27 de Abril', blocks: -2, from: 0, to: 1200 },
      { name: 'Deán Funes', blocks: -3, from: 0, to: 1000 },
      { name: 'Obispo Trejo', at: 150, base: 100, from: 0, to: 1000 },
      { name: 'Rivera Indarte', at: 50, base: 100, from: 0, to: 600 },
      { name: 'General Paz', at: 250, base: 100, from: 0, to: 600 },
      { name: 'Ituzaingó', at: 0, base: 100, from: 0, to: 1000 },
    ],
  },
  {
    name: 'Providencia',
    city: 'Santiago',
    province: 'Región Metropolitana',
    postalCode: '7500000',
    country: 'cl',
    origin: { lat: -33.4263, lng: -70.617 },
    mainNumber: 1500,
    along: { lat: 0.00073, lng: 0.00127 },
    across: { lat: -0.00105, lng: 0.0006 },
    streets: [
      { name: 'Av. Providencia', blocks: 0, from: 0, to: 2700 },
      { name: 'Av. Nueva Providencia', blocks: -1, from: 1400, to: 2300 },
      { name: 'Av. Andrés Bello', blocks: -4, from: 1500, to: 2800 },
      { name: 'Eliodoro Yáñez', blocks: 3, from: 1000, to: 2900 },
      { name: 'Manuel Montt', at: 1600, base: 100, from: 0, to: 1400 },
      { name: 'Av. Ricardo Lyon', at: 1900, base: 100, from: 0, to: 1500 },
      { name: 'Av. Pedro de Valdivia', at: 2000, base: 100, from: 0, to: 1900 },
      { name: 'Suecia', at: 2150, base: 100, from: 0, to: 900 },
      { name: 'Av. Los Leones', at: 2300, base: 100, from: 0, to: 1500 },
    ],
  },
  {
    name: 'Centro',
    city: 'Montevideo',
    province: 'Montevideo',
    postalCode: '11100',
    country: 'uy',
    origin: { lat: -34.9058, lng: -56.1935 },
    mainNumber: 1000,
    along: { lat: 0.00069, lng: 0.0022 },
    across: { lat: -0.0009, lng: 0.0003 },
    streets: [
      { name: 'Av. 18 de Julio', blocks: 0, from: 800, to: 2300 },
      { name: 'Colonia', blocks: 1, from: 800, to: 2000 },
      { name: 'San José', blocks: 2, from: 800, to: 1800 },
      { name: 'Av. Uruguay', blocks: -2, from: 800, to: 1900 },
      { name: 'Ejido', at: 1300, base: 1300, from: 1000, to: 1600 },
      { name: 'Yaguarón', at: 1150, base: 1300, from: 1000, to: 1600 },
      { name: 'Bulevar Artigas', at: 2300, base: 1000, from: 600, to: 1800 },
    ],
  },
];

/** Words that say nothing about which street (kept out of the matching). */
const NOISE = new Set(['av', 'avda', 'avenida', 'calle', 'de', 'del', 'la', 'el', 'los', 'las', 'y', 'bv']);

/** Where a number lands on a street; null when the street has no such number. */
function pointOf(area: Area, street: StreetLine, number: number): LatLng | null {
  if (number < street.from || number > street.to) return null;
  const { origin, along, across } = area;
  const [alongSteps, acrossSteps] =
    'blocks' in street
      ? [(number - area.mainNumber) / 100, street.blocks]
      : [(street.at - area.mainNumber) / 100, (number - street.base) / 100];
  return {
    lat: round(origin.lat + along.lat * alongSteps + across.lat * acrossSteps),
    lng: round(origin.lng + along.lng * alongSteps + across.lng * acrossSteps),
  };
}

function addressOf(area: Area, street: StreetLine, number: number | null): GeocodedAddress | null {
  const at = pointOf(area, street, number ?? Math.round((street.from + street.to) / 200) * 100);
  if (!at) return null;
  const line = number === null ? street.name : `${street.name} ${number}`;
  return {
    fullAddress: [line, area.name === area.city ? null : area.name, area.city].filter(Boolean).join(', '),
    street: street.name,
    number: number === null ? '' : String(number),
    city: area.city,
    province: area.province,
    postalCode: area.postalCode,
    country: area.country,
    ...at,
  };
}

/** Lower case, no accents, words only: 'Av. Coronel Díaz' → ['av', 'coronel', 'diaz']. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export function createSandboxGeocoder(): Geocoder {
  return {
    name: 'SANDBOX',

    async suggest(text: string, { countries, near, limit = DEFAULT_SUGGESTION_LIMIT }: SuggestOptions) {
      const words = wordsOf(text);
      // the house number: a number after the first word, unless a date names the street ('9 de Julio')
      const number = words.find((w, i) => i > 0 && /^\d+$/.test(w) && words[i + 1] !== 'de');
      const wanted = words.filter((w) => w !== number && !NOISE.has(w));
      if (wanted.length === 0) return [];
      const found: { address: GeocodedAddress; rank: number }[] = [];
      for (const area of AREAS) {
        if (!(countries as readonly string[]).includes(area.country)) continue;
        const areaWords = wordsOf(`${area.name} ${area.city} ${area.province}`);
        for (const street of area.streets) {
          const streetWords = wordsOf(street.name).filter((w) => !NOISE.has(w));
          const known = [...streetWords, ...areaWords];
          if (!wanted.every((w) => known.some((k) => k.startsWith(w)))) continue;
          // a number the street does not have (maybe still being typed) finds the street itself
          const address =
            (number === undefined ? null : addressOf(area, street, Number(number))) ??
            addressOf(area, street, null);
          if (!address) continue;
          // the street named first beats a match on the neighbourhood alone
          const namesStreet = streetWords.some((k) => k.startsWith(wanted[0] as string));
          found.push({ address, rank: namesStreet ? 0 : 1 });
        }
      }
      return found
        .sort((a, b) => a.rank - b.rank || distance(a.address, near) - distance(b.address, near))
        .slice(0, limit)
        .map((f) => f.address);
    },

    async reverse(point: LatLng, { countries }) {
      let best: { address: GeocodedAddress; metres: number } | null = null;
      for (const area of AREAS) {
        if (!(countries as readonly string[]).includes(area.country)) continue;
        for (const street of area.streets) {
          // try every tenth number along the street: a few hundred points, nearest wins
          for (let n = street.from; n <= street.to; n += 10) {
            const at = pointOf(area, street, n);
            if (!at) continue;
            const metres = distanceInMeters(at, point);
            if (!best || metres < best.metres) {
              const address = addressOf(area, street, n);
              if (address) best = { address: { ...address, lat: point.lat, lng: point.lng }, metres };
            }
          }
        }
      }
      // farther than a couple of blocks from every known street: the sandbox does not know the place
      return best && best.metres <= 250 ? best.address : null;
    },
  };
}

function distance(address: GeocodedAddress, near: LatLng | undefined): number {
  return near ? distanceInMeters(address, near) : 0;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

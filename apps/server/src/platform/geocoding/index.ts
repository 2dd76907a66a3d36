import { createNoGeocoder, type Geocoder, type GeocoderName } from './geocoder.ts';
import { createNominatimGeocoder, NOMINATIM_PUBLIC_URL } from './nominatim.ts';
import { createSandboxGeocoder } from './sandbox.ts';

export * from './geocoder.ts';
export * from './nominatim.ts';
export * from './sandbox.ts';

export interface GeocodingConfig {
  NODE_ENV: 'development' | 'production' | 'test';
  GEOCODER?: GeocoderName | undefined;
  NOMINATIM_URL?: string | undefined;
  PUBLIC_URL: string;
}

/**
 * The geocoder the configuration chooses: GEOCODER when set; else Nominatim when NOMINATIM_URL is set;
 * else the sandbox, except in production, where streets of the demo cities would mislead real diners.
 */
export function createGeocoder(config: GeocodingConfig): Geocoder {
  const name: GeocoderName =
    config.GEOCODER ??
    (config.NOMINATIM_URL ? 'NOMINATIM' : config.NODE_ENV === 'production' ? 'NONE' : 'SANDBOX');
  if (name === 'NOMINATIM')
    return createNominatimGeocoder({
      baseUrl: config.NOMINATIM_URL ?? NOMINATIM_PUBLIC_URL,
      userAgent: `Comanda food ordering (+${config.PUBLIC_URL})`,
    });
  return name === 'SANDBOX' ? createSandboxGeocoder() : createNoGeocoder();
}

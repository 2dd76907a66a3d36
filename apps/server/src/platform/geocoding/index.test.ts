import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createGeocoder } from './index.ts';

const nameFor = (env: Record<string, string>) => createGeocoder(loadConfig(env)).name;

describe('choosing the geocoder from the configuration', () => {
  it('uses the offline sandbox by default, outside production', () => {
    expect(nameFor({})).toBe('SANDBOX');
    expect(nameFor({ NODE_ENV: 'test' })).toBe('SANDBOX');
  });

  it('uses Nominatim when its URL is given, and none in production without one', () => {
    expect(nameFor({ NOMINATIM_URL: 'https://nominatim.example.org' })).toBe('NOMINATIM');
    // production's other settings are config.ts's concern: only what the choice reads is given
    const production = { NODE_ENV: 'production' as const, PUBLIC_URL: 'https://comanda.example' };
    expect(createGeocoder(production).name).toBe('NONE');
  });

  it('takes GEOCODER over the defaults', () => {
    expect(nameFor({ GEOCODER: 'NONE' })).toBe('NONE');
    expect(nameFor({ GEOCODER: 'NOMINATIM' })).toBe('NOMINATIM');
    expect(nameFor({ GEOCODER: 'SANDBOX', NOMINATIM_URL: 'https://nominatim.example.org' })).toBe('SANDBOX');
  });

  it('refuses an unknown geocoder or a malformed URL at start-up', () => {
    expect(() => loadConfig({ GEOCODER: 'GOOGLE' })).toThrow(/GEOCODER/);
    expect(() => loadConfig({ NOMINATIM_URL: 'not a url' })).toThrow(/NOMINATIM_URL/);
  });
});

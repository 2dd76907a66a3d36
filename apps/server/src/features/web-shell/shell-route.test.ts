import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchShellRoute, ROUTE_MODULES } from './shell-page.ts';

describe('matchShellRoute', () => {
  it('tells the storefront screens apart as the web router does', () => {
    expect(matchShellRoute('/menu/donmateo-palermo')).toEqual({ kind: 'alias', alias: 'donmateo-palermo' });
    expect(matchShellRoute('/menu/donmateo-palermo/')).toEqual({ kind: 'alias', alias: 'donmateo-palermo' });
    expect(matchShellRoute('/menu/donmateo-palermo/preview')).toEqual({
      kind: 'cart',
      alias: 'donmateo-palermo',
    });
    expect(matchShellRoute('/menu/donmateo-palermo/Delivery')).toEqual({
      kind: 'menu',
      alias: 'donmateo-palermo',
      modeSegment: 'Delivery',
    });
    expect(matchShellRoute('/menu/kenzo-nunez/Take_Away/rolls/12')).toMatchObject({
      kind: 'menu',
      modeSegment: 'Take_Away',
    });
    expect(matchShellRoute('/menu/donmateo-palermo/checkout')).toEqual({
      kind: 'checkout',
      alias: 'donmateo-palermo',
    });
    expect(matchShellRoute('/menu/donmateo-palermo/checkout/x')).toMatchObject({ kind: 'other' });
    expect(matchShellRoute('/menu/donmateo-palermo/order/ABC')).toEqual({
      kind: 'follow-up',
      alias: 'donmateo-palermo',
      orderCode: 'ABC',
    });
    expect(matchShellRoute('/menu/donmateo-palermo/order')).toMatchObject({ kind: 'other' });
    expect(matchShellRoute('/menu/donmateo-palermo/order/A%20B')).toMatchObject({ kind: 'other' });
    expect(matchShellRoute('/menu/a/b/c/d/e')).toMatchObject({ kind: 'other' });
  });

  it('tells the public tracking page by its order code, decoded', () => {
    expect(matchShellRoute('/logistics/tracking/order/donmateo-palermo/DMP2LV8C5Z')).toEqual({
      kind: 'tracking',
      alias: 'donmateo-palermo',
      orderCode: 'DMP2LV8C5Z',
    });
    expect(matchShellRoute('/logistics/tracking/order/donmateo-palermo/%44MP2LV8C5Z')).toMatchObject({
      orderCode: 'DMP2LV8C5Z',
    });
    expect(matchShellRoute('/logistics/tracking/order/donmateo-palermo')).toBeNull();
    expect(matchShellRoute('/logistics/tracking/order/donmateo-palermo/A/B')).toBeNull();
    expect(matchShellRoute('/logistics/tracking/order/%3Cb%3E/A')).toBeNull();
    expect(matchShellRoute('/logistics/tracking/order/donmateo-palermo/%E0%A4%A')).toBeNull();
    expect(matchShellRoute('/logistics/donmateo-palermo/shipments')).toBeNull();
  });

  it('tells the survey of an order by its alias and code', () => {
    expect(matchShellRoute('/encuesta/donmateo-palermo/DMP4KQ7X2W')).toEqual({
      kind: 'survey',
      alias: 'donmateo-palermo',
      orderCode: 'DMP4KQ7X2W',
    });
    expect(matchShellRoute('/encuesta/donmateo-palermo')).toBeNull();
    expect(matchShellRoute('/encuesta/donmateo-palermo/DMP4KQ7X2W/x')).toBeNull();
    expect(matchShellRoute('/encuesta/%3Cb%3E/DMP4KQ7X2W')).toBeNull();
    expect(matchShellRoute('/encuesta/donmateo-palermo/%22%3E')).toBeNull();
  });

  it('ignores other paths and aliases that cannot exist', () => {
    expect(matchShellRoute('/')).toBeNull();
    expect(matchShellRoute('/menu')).toBeNull();
    expect(matchShellRoute('/logistics/x')).toBeNull();
    expect(matchShellRoute('/menu/%3Cscript%3E')).toBeNull();
    expect(matchShellRoute(`/menu/${'a'.repeat(121)}`)).toBeNull();
  });

  it('names route modules that the web router really loads lazily', () => {
    const router = readFileSync(new URL('../../../../web/src/router.tsx', import.meta.url), 'utf8');
    for (const moduleSrc of Object.values(ROUTE_MODULES)) {
      expect(router).toContain(`import('./${moduleSrc.replace(/^src\//, '')}')`);
    }
  });
});

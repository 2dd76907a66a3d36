import { describe, expect, it } from 'vitest';
import { isWebPath } from './web-paths.ts';

describe('isWebPath', () => {
  it.each([
    '/',
    '/menu',
    '/menu/',
    '/menu/donmateo-palermo',
    '/menu/donmateo-palermo/preview',
    '/menu/donmateo-palermo/checkout',
    '/menu/donmateo-palermo/order/DMP7HV2N4D',
    '/menu/donmateo-palermo/Take_Away',
    '/menu/donmateo-palermo/Take_Away/Pizzas',
    '/menu/donmateo-palermo/Take_Away/Pizzas/Muzzarella',
    // segments that look like other screens are still a mode, a category or a dish
    '/menu/donmateo-palermo/order/DMP7HV2N4D/extra',
    '/menu/donmateo-palermo/preview/x',
    '/MENU/donmateo-palermo',
    '/logistics/tracking/order/donmateo-palermo/DMP7HV2N4D',
    '/encuesta/donmateo-palermo/DMP7HV2N4D',
    '/soporte',
    '/console',
    '/console/login',
    '/logistics/donmateo-palermo/rider/7/shipments',
    '/logistics/donmateo-palermo/rider/registro',
    '/logistics/donmateo-palermo/shipments',
    '/logistics/donmateo-palermo/shipments/DELIVERY/12',
  ])('shows a screen at %s', (path) => {
    expect(isWebPath(path)).toBe(true);
  });

  it.each([
    '/nada/que/ver',
    '/menu/x/y/z/w/v',
    '/menu/donmateo-palermo/order',
    '/menu//preview',
    '//menu',
    '/console/otra',
    '/encuesta/donmateo-palermo',
    '/logistics',
    '/logistics/tracking/order/donmateo-palermo',
    '/logistics/donmateo-palermo/rider',
    '/index.php',
  ])('answers the not-found screen at %s', (path) => {
    expect(isWebPath(path)).toBe(false);
  });
});

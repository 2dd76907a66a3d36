import { describe, expect, it } from 'vitest';
import { linkTarget } from './use-storefront-analytics.ts';

describe('linkTarget', () => {
  const origin = 'https://pedi.example';

  it('sends own pages as a path, without the entry link query', () => {
    expect(linkTarget(`${origin}/menu/donmateo-palermo/Delivery?phone=549&name=Ana`, origin)).toEqual({
      href: '/menu/donmateo-palermo/Delivery',
      external: false,
    });
  });

  it('drops the query of external links', () => {
    expect(linkTarget('https://wa.me/5491155550101?text=Hola', origin)).toEqual({
      href: 'https://wa.me/5491155550101',
      external: true,
    });
  });

  it('keeps the scheme of tel links', () => {
    expect(linkTarget('tel:+541148000000', origin)).toEqual({ href: 'tel:+541148000000', external: true });
  });
});

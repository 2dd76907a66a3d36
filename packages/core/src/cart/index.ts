export * from './cart.ts';
export * from './cart-mode-cookie.ts';
export * from './garnish.ts';
export * from './menu-discount.ts';
export * from './progress.ts';
export * from './upsell.ts';

export * from './adjustments.ts';
export * from './checkout-checks.ts';
export * from './delivery-zone.ts';
export * from './discount-code.ts';
export * from './loyalty.ts';
export * from './order-item.ts';
export * from './order-payload.ts';
export * from './order-price.ts';

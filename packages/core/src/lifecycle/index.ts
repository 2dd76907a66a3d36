export * from './order-lifecycle.ts';
export * from './shipment-lifecycle.ts';

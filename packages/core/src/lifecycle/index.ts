export * from './history.ts';
export * from './order-lifecycle.ts';
export * from './payment-lifecycle.ts';
export * from './shipment-lifecycle.ts';
export * from './stack-lifecycle.ts';
export * from './transition-table.ts';

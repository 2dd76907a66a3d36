export * from './rider-rules.ts';
export * from './shipment-status.ts';
export * from './tracking.ts';

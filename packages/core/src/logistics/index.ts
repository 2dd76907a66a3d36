export * from './shipment-status.ts';
export * from './tracking.ts';

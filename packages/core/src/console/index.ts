export * from './console-rules.ts';
export * from './shipment-stacking.ts';

export * from './checkout-info.ts';
export * from './common.ts';
export * from './console.ts';
export * from './diner.ts';
export * from './follow-up.ts';
export * from './order.ts';
export * from './telemetry.ts';
export * from './tracking.ts';

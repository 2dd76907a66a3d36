export * from './common.ts';
export * from './diner.ts';
export * from './telemetry.ts';

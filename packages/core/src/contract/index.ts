export * from './common.ts';
export * from './diner.ts';

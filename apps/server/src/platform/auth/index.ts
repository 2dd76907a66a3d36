export * from './sessions.ts';
export * from './staff.ts';
export * from './diner.ts';

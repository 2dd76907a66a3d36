export * from './diner.ts';
export * from './sessions.ts';
export * from './staff.ts';
export * from './token-guard.ts';

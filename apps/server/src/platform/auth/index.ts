export * from './sessions.ts';
export * from './staff.ts';

export * from './follow-up.ts';
export * from './window.ts';

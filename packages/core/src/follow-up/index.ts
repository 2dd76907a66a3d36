export * from './follow-up.ts';

export * from './reward-sign-up.ts';

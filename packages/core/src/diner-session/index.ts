export * from './messages.ts';
export * from './phone-display.ts';
export * from './sign-in-code.ts';

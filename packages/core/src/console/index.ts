export * from './console-rules.ts';

export * from './geo.ts';
export * from './messages.ts';
export * from './mode-segment.ts';
export * from './money.ts';
export * from './number-format.ts';
export * from './open-status.ts';
export * from './schedule.ts';
export * from './theme.ts';

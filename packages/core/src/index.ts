// The owner's back office rules are their own entry, `@comanda/core/back-office`: through this barrel
// the bundler would count them among every diner page's modules and ship them in the pages' first JS.
export * from './attempt-backoff.ts';
export * from './branch.ts';
export * from './cart/index.ts';
export * from './checkout/index.ts';
export * from './console/index.ts';
export * from './diner-session/index.ts';
export * from './document-label.ts';
export * from './errors.ts';
export * from './follow-up/index.ts';
export * from './geo.ts';
export * from './lifecycle/index.ts';
export * from './live/index.ts';
export * from './logistics/index.ts';
export * from './loyalty/index.ts';
export * from './messages.ts';
export * from './mode-segment.ts';
export * from './money.ts';
export * from './notes-limit.ts';
export * from './number-format.ts';
export * from './open-status.ts';
export * from './payments/index.ts';
export * from './phone.ts';
export * from './schedule.ts';
export * from './survey/index.ts';
export * from './theme.ts';
export * from './web-paths.ts';

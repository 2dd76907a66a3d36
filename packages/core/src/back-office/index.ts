export * from './alias.ts';
export * from './brand.ts';
export * from './menu-draft.ts';
export * from './messages.ts';
export * from './opening-checklist.ts';
export * from './payment-accounts.ts';
export * from './shop-defaults.ts';
export * from './working-hours.ts';

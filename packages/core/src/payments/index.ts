export * from './bank-transfer.ts';
export * from './card.ts';
export * from './marketplace-fee.ts';
export * from './online-payment-window.ts';
export * from './payment-messages.ts';
export * from './payment-status.ts';
export * from './payment-switch.ts';
export * from './sandbox-cards.ts';

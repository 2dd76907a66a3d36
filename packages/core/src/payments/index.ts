export * from './card.ts';
export * from './payment-status.ts';
export * from './sandbox-cards.ts';
export * from './bank-transfer.ts';

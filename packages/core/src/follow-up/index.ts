export * from './diner-delivery.ts';
export * from './follow-up.ts';
export * from './loyalty-info.ts';
export * from './whatsapp-order.ts';
export * from './window.ts';

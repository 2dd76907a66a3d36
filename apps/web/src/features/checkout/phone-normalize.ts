// loaded on demand by phone-check.ts: libphonenumber-js's metadata comes with it
export { normalizePhone } from '@comanda/core';

// loaded on demand by slot-instant.ts: the time-zone rules (@date-fns/tz) come with it
export { scheduleSlotToDate } from '@comanda/core';

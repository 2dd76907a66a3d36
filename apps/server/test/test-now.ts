/** Wednesday 18 November 2026, 15:00 in Buenos Aires: every demo shop is open. */
export const TEST_NOW = '2026-11-18T15:00:00-03:00';

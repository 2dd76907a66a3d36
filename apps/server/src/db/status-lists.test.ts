import { ORDER_STATUSES, PAYMENT_STATUSES, SHIPMENT_STATUSES, STACK_STATUSES } from '@comanda/core';
import { STAFF_ROLES } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUS_VALUES,
  PAYMENT_STATUS_VALUES,
  SHIPMENT_STATUS_VALUES,
  STACK_STATUS_VALUES,
  STAFF_ROLE_VALUES,
} from './schema.ts';

describe('status columns', () => {
  it("allow exactly core's lifecycle statuses and roles", () => {
    expect([...ORDER_STATUS_VALUES].sort()).toEqual([...ORDER_STATUSES].sort());
    expect([...SHIPMENT_STATUS_VALUES].sort()).toEqual([...SHIPMENT_STATUSES].sort());
    expect([...PAYMENT_STATUS_VALUES].sort()).toEqual([...PAYMENT_STATUSES].sort());
    expect([...STACK_STATUS_VALUES].sort()).toEqual([...STACK_STATUSES].sort());
    expect([...STAFF_ROLE_VALUES].sort()).toEqual([...STAFF_ROLES].sort());
  });
});

import { MESSAGES } from '../messages.ts';

/** What the checkout checks look at (storefront.md section 5); amounts in minor units. */
export interface CheckoutCheckInput {
  phone: string;
  /** The phone parses as a valid number of its country. */
  isPhoneValid: boolean;
  customerName: string;
  isTableMode: boolean;
  tableUid: string;
  isEmailMandatory: boolean;
  email: string;
  document: string;
  isCash: boolean;
  paysWith: number | null;
  total: number;
  delivery: DeliveryCheckInput | null;
  schedule: {
    scheduled: boolean;
    /** The mode takes orders for now at this moment. */
    canOrderNow: boolean;
    /** A scheduled time is one of the offered slots. */
    isSlotAvailable: boolean;
  };
}

export interface DeliveryCheckInput {
  hasAddress: boolean;
  isBetweenStreetsRequired: boolean;
  betweenStreets: string;
  /** A zone serves the address. */
  isInArea: boolean;
  /** The zone's riders take cash. */
  acceptsCash: boolean;
  minimumOrder: number;
  itemsPrice: number;
  format: (minor: number) => string;
}

/** Dots, commas, plus and minus are stripped from a document as the diner types it. */
export function cleanDocument(raw: string): string {
  return raw.replace(/[.,+-]/g, '').trim();
}

/**
 * Every failing checkout check, in the spec's order, with its exact message; empty when the order may
 * be placed. The server runs the same checks on the payload it receives.
 */
export function checkoutErrors(input: CheckoutCheckInput): string[] {
  const errors: string[] = [];
  const phone = input.phone.trim();
  if (!phone) errors.push(MESSAGES.phoneRequired);
  if (!input.customerName.trim()) errors.push(MESSAGES.nameRequired);
  if (phone && !input.isPhoneValid) errors.push(MESSAGES.phoneInvalid);
  if (input.isTableMode && !input.tableUid.trim()) errors.push(MESSAGES.tableRequired);
  const email = input.email.trim();
  if (input.isEmailMandatory && !email) errors.push(MESSAGES.emailRequired);
  // the spec checks the format only from 100 characters on
  if (email.length >= 100 && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.push(MESSAGES.emailInvalid);
  const document = cleanDocument(input.document);
  if (document && (document.length < 7 || document.length > 11)) errors.push(MESSAGES.documentInvalid);
  if (input.isCash) {
    if (input.paysWith === null) errors.push(MESSAGES.paysWithRequired);
    else if (input.paysWith < input.total) errors.push(MESSAGES.paysWithBelowPrice);
  }
  const delivery = input.delivery;
  if (delivery) {
    if (!delivery.hasAddress) errors.push(MESSAGES.addressRequired);
    else {
      if (delivery.isBetweenStreetsRequired && !delivery.betweenStreets.trim())
        errors.push(MESSAGES.betweenStreetsRequired);
      if (!delivery.isInArea) errors.push(MESSAGES.addressOutsideDeliveryZone);
      else {
        if (delivery.minimumOrder > 0 && delivery.itemsPrice < delivery.minimumOrder)
          errors.push(MESSAGES.minimumOrder(delivery.format(delivery.minimumOrder)));
        if (input.isCash && !delivery.acceptsCash) errors.push(MESSAGES.noCashRidersInZone);
      }
    }
  }
  const { scheduled, canOrderNow, isSlotAvailable } = input.schedule;
  if (scheduled ? !isSlotAvailable : !canOrderNow) errors.push(MESSAGES.scheduleRequired);
  return errors;
}

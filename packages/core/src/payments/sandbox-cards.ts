/**
 * The built-in sandbox provider's documented test cards (DESIGN.md third parties). Any other card
 * that passes the checks is approved, as a provider's test mode does; these three show the other outcomes.
 */
export type SandboxOutcome = 'APPROVED' | 'REJECTED' | 'PENDING';

export interface SandboxTestCard {
  number: string;
  outcome: SandboxOutcome;
  /** The provider's reason, in Mercado Pago's words, so both providers are read alike. */
  statusDetail: string;
  description: string;
}

export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  {
    number: '4509953566233704',
    outcome: 'APPROVED',
    statusDetail: 'accredited',
    description: 'Visa: pago aprobado',
  },
  {
    number: '4000000000000002',
    outcome: 'REJECTED',
    statusDetail: 'cc_rejected_other_reason',
    description: 'Visa: pago rechazado',
  },
  {
    number: '4000000000009995',
    outcome: 'REJECTED',
    statusDetail: 'cc_rejected_insufficient_amount',
    description: 'Visa: rechazado por fondos insuficientes',
  },
  {
    number: '4000000000003220',
    outcome: 'PENDING',
    statusDetail: 'pending_contingency',
    description: 'Visa: pago pendiente (queda en proceso)',
  },
];

export function sandboxCardOutcome(cardNumber: string): { outcome: SandboxOutcome; statusDetail: string } {
  const digits = cardNumber.replace(/[\s-]/g, '');
  const card = SANDBOX_TEST_CARDS.find((c) => c.number === digits);
  return card
    ? { outcome: card.outcome, statusDetail: card.statusDetail }
    : { outcome: 'APPROVED', statusDetail: 'accredited' };
}

/**
 * Messages to a diner's phone (DESIGN.md third parties): the one-time sign-in code. A built-in sandbox
 * (no network: it logs the code and, outside production, lets the screen show it) or WhatsApp's Cloud
 * API, chosen by configuration (MESSAGING_PROVIDER).
 */

export type MessagingProviderName = 'SANDBOX' | 'WHATSAPP_CLOUD';

export interface SignInCodeMessage {
  /** E.164 */
  phone: string;
  code: string;
  /** the code's life, for the text ('vence en 10 minutos') */
  expiresInMinutes: number;
}

export interface SentMessage {
  /** the provider's id of the message (WhatsApp's wamid), null for the sandbox */
  messageId: string | null;
  /** the code the screen may show: only the sandbox outside production answers it */
  visibleCode: string | null;
}

export interface MessagingProvider {
  readonly name: MessagingProviderName;
  /** The channel the diner is told about. */
  readonly channel: 'SANDBOX' | 'WHATSAPP';
  /** Throws MessageRejectedError or MessagingUnavailableError. */
  sendSignInCode(message: SignInCodeMessage): Promise<SentMessage>;
}

/** The provider refused this recipient (not on WhatsApp, not a valid number): the diner checks the phone. */
export class MessageRejectedError extends Error {}
/** The provider could not be reached, timed out, or refused our credentials: nothing was sent. */
export class MessagingUnavailableError extends Error {}

/**
 * What the diners' sign-in codes and the riders' phone codes share (sign-in-codes.ts, rider/rider-devices.ts):
 * sending a one-time code through the messaging provider, and the refusals of a spent or locked code.
 */
import { DINER_SESSION_MESSAGES, SIGN_IN_CODE_TTL_MS } from '@comanda/core';
import { AppError } from '../../platform/errors.ts';
import {
  MessageRejectedError,
  type MessagingProvider,
  MessagingUnavailableError,
} from '../../platform/messaging/index.ts';

export const codeExpired = () => new AppError('CODE_EXPIRED', 400, DINER_SESSION_MESSAGES.codeExpired);
export const codeLocked = () => new AppError('CODE_LOCKED', 429, DINER_SESSION_MESSAGES.codeLocked);

/**
 * Sends the code; answers what the sandbox shows of it (null from a real provider). A code nobody
 * received counts for nothing: `forget` drops its row (neither a guess target nor a request) before the
 * failure is answered in Spanish (400 for a refused number, 503 while the provider is away).
 */
export async function deliverOneTimeCode(
  deps: { messaging: MessagingProvider; log: (error: unknown) => void },
  message: { phone: string; code: string },
  forget: () => Promise<unknown>,
): Promise<string | null> {
  try {
    const { visibleCode } = await deps.messaging.sendSignInCode({
      ...message,
      expiresInMinutes: SIGN_IN_CODE_TTL_MS / 60_000,
    });
    return visibleCode;
  } catch (error) {
    await forget();
    if (error instanceof MessageRejectedError)
      throw new AppError('CODE_NOT_SENT', 400, DINER_SESSION_MESSAGES.codeNotSent);
    if (!(error instanceof MessagingUnavailableError)) throw error;
    deps.log(error);
    throw new AppError('MESSAGING_UNAVAILABLE', 503, DINER_SESSION_MESSAGES.messagingUnavailable);
  }
}

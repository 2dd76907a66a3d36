import type { MessagingProvider, SentMessage, SignInCodeMessage } from './provider.ts';

export interface SandboxMessaging extends MessagingProvider {
  /** The last code sent to a phone, for development and tests. */
  lastCode(phone: string): string | null;
}

/**
 * Sends nothing: each code goes to the log, the last one per phone is kept, and outside production the
 * code comes back so the sign-in screen shows it ('a sandbox that shows the code in development').
 */
export function createSandboxMessaging(
  options: { showCodes: boolean; log?: (text: string) => void; maxPhones?: number } = { showCodes: true },
): SandboxMessaging {
  const last = new Map<string, string>();
  const maxPhones = options.maxPhones ?? 10_000;
  return {
    name: 'SANDBOX',
    channel: 'SANDBOX',
    async sendSignInCode(message: SignInCodeMessage): Promise<SentMessage> {
      last.delete(message.phone);
      if (last.size >= maxPhones) {
        const oldest = last.keys().next().value;
        if (oldest !== undefined) last.delete(oldest);
      }
      last.set(message.phone, message.code);
      // the log shows only the phone's last digits (platform/log-redaction.ts: no phones in logs)
      options.log?.(
        `[sandbox messaging] código de ingreso para …${message.phone.slice(-4)}: ${message.code}`,
      );
      return { messageId: null, visibleCode: options.showCodes ? message.code : null };
    },
    lastCode: (phone) => last.get(phone) ?? null,
  };
}

/**
 * WhatsApp's Cloud API (Meta Graph): `POST {base}/{version}/{phoneNumberId}/messages` with the
 * business's bearer token. The code goes in an approved authentication template (body parameter and
 * copy-code button) when one is configured; otherwise as a plain text, which WhatsApp delivers only
 * within 24 hours of the diner's last message (good for test numbers, not for production). The base
 * URL is configurable so tests run the adapter against a local fake server.
 */
import {
  MessageRejectedError,
  type MessagingProvider,
  MessagingUnavailableError,
  type SentMessage,
  type SignInCodeMessage,
} from './provider.ts';

export const WHATSAPP_BASE_URL = 'https://graph.facebook.com';
export const WHATSAPP_API_VERSION = 'v23.0';

export interface WhatsAppCloudOptions {
  accessToken: string;
  /** the id of the business's sending number in the WhatsApp Business account */
  phoneNumberId: string;
  apiVersion?: string | undefined;
  baseUrl?: string | undefined;
  /** an approved authentication template ('{{1}} es tu código de verificación.'), with its language */
  template?: string | undefined;
  templateLanguage?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface GraphError {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number };
}

/** The text sent when no template is configured. */
export function signInCodeText(message: SignInCodeMessage): string {
  return `${message.code} es tu código para iniciar sesión. Vence en ${message.expiresInMinutes} minutos. No lo compartas con nadie.`;
}

export function createWhatsAppCloudProvider(options: WhatsAppCloudOptions): MessagingProvider {
  const base = (options.baseUrl ?? WHATSAPP_BASE_URL).replace(/\/+$/, '');
  const version = options.apiVersion ?? WHATSAPP_API_VERSION;
  const url = `${base}/${version}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  function bodyOf(message: SignInCodeMessage) {
    // WhatsApp ids are the international number's digits
    const common = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: message.phone.replace(/\D/g, ''),
    };
    if (!options.template)
      return { ...common, type: 'text', text: { preview_url: false, body: signInCodeText(message) } };
    const code = [{ type: 'text', text: message.code }];
    return {
      ...common,
      type: 'template',
      template: {
        name: options.template,
        language: { code: options.templateLanguage ?? 'es' },
        components: [
          { type: 'body', parameters: code },
          // the copy-code button of an authentication template carries the code too
          { type: 'button', sub_type: 'url', index: '0', parameters: code },
        ],
      },
    };
  }

  return {
    name: 'WHATSAPP_CLOUD',
    channel: 'WHATSAPP',
    async sendSignInCode(message: SignInCodeMessage): Promise<SentMessage> {
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${options.accessToken}`,
            Accept: 'application/json',
            'Content-Type': 'application/json',
          },
          body: JSON.stringify(bodyOf(message)),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new MessagingUnavailableError(`WhatsApp Cloud API: ${String(error)}`);
      }
      const text = await res.text().catch(() => '');
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      if (res.ok) {
        const id = (json as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
        if (typeof id === 'string' && id) return { messageId: id, visibleCode: null };
        throw new MessagingUnavailableError(`WhatsApp Cloud API answered ${res.status} without a message id`);
      }
      const error = (json as GraphError | null)?.error;
      const detail =
        `WhatsApp Cloud API answered ${res.status}: ${error?.code ?? ''} ${error?.message ?? ''}`.trim();
      // our token or number is wrong (190: expired token), or WhatsApp is busy: the diner can do nothing
      if (
        res.status === 401 ||
        res.status === 403 ||
        res.status === 429 ||
        res.status >= 500 ||
        error?.code === 190
      )
        throw new MessagingUnavailableError(detail);
      // any other refusal is about this recipient (not on WhatsApp, not an allowed test number)
      throw new MessageRejectedError(detail);
    },
  };
}

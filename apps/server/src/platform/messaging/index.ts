import type { MessagingProvider } from './provider.ts';
import { createSandboxMessaging } from './sandbox-provider.ts';
import { createWhatsAppCloudProvider } from './whatsapp-cloud-provider.ts';

export * from './provider.ts';
export * from './sandbox-provider.ts';
export * from './whatsapp-cloud-provider.ts';

export interface MessagingConfig {
  NODE_ENV: 'development' | 'production' | 'test';
  MESSAGING_PROVIDER: 'SANDBOX' | 'WHATSAPP_CLOUD';
  WHATSAPP_ACCESS_TOKEN?: string | undefined;
  WHATSAPP_PHONE_NUMBER_ID?: string | undefined;
  WHATSAPP_API_VERSION?: string | undefined;
  WHATSAPP_BASE_URL?: string | undefined;
  WHATSAPP_CODE_TEMPLATE?: string | undefined;
  WHATSAPP_TEMPLATE_LANGUAGE?: string | undefined;
}

/**
 * The provider the configuration chooses (validated by platform/config.ts). The sandbox shows codes on
 * screen only outside production; a production sandbox (a demo that sends nothing) only logs them.
 */
export function createMessagingProvider(
  config: MessagingConfig,
  log?: (text: string) => void,
): MessagingProvider {
  if (config.MESSAGING_PROVIDER === 'WHATSAPP_CLOUD') {
    if (!config.WHATSAPP_ACCESS_TOKEN || !config.WHATSAPP_PHONE_NUMBER_ID)
      throw new Error('WhatsApp Cloud needs WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID');
    return createWhatsAppCloudProvider({
      accessToken: config.WHATSAPP_ACCESS_TOKEN,
      phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
      apiVersion: config.WHATSAPP_API_VERSION,
      baseUrl: config.WHATSAPP_BASE_URL,
      template: config.WHATSAPP_CODE_TEMPLATE,
      templateLanguage: config.WHATSAPP_TEMPLATE_LANGUAGE,
    });
  }
  return createSandboxMessaging({ showCodes: config.NODE_ENV !== 'production', ...(log ? { log } : {}) });
}

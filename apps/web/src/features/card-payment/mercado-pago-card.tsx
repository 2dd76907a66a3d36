/**
 * Mercado Pago's Card Payment Brick through its official JS SDK (`@mercadopago/sdk-js` loads
 * https://sdk.mercadopago.com/js/v2): the card number, expiry, code and the holder's document are typed
 * in Mercado Pago's own frames and become a token there (PCI DSS SAQ A). Its own pay button is hidden:
 * the page's 'Realizar pedido' or 'Pagar' asks it for the token (`getFormData`), then places the order
 * and charges it through our server. One instalment: the shop gets the order's total.
 */
import { loadMercadoPago } from '@mercadopago/sdk-js';
import { type MutableRefObject, useEffect, useId, useRef, useState } from 'react';
import { CardFieldsError, type CardSource } from './card-payment-api.ts';

/** What Mercado Pago's script gives the page (the part this form uses). */
interface CardPaymentFormData {
  token?: string;
  payment_method_id?: string;
  payer?: { identification?: { type?: string; number?: string } };
}
interface BrickController {
  getFormData(): Promise<CardPaymentFormData | null | undefined>;
  unmount(): void;
}
interface MercadoPagoInstance {
  bricks(): { create(kind: 'cardPayment', container: string, settings: object): Promise<BrickController> };
}
declare global {
  interface Window {
    MercadoPago?: new (publicKey: string, options?: { locale?: string }) => MercadoPagoInstance;
  }
}

export interface MercadoPagoCardFormProps {
  publicKey: string;
  amount: number;
  holderName: string;
  sourceRef: MutableRefObject<CardSource | null>;
}

export default function MercadoPagoCardForm({
  publicKey,
  amount,
  holderName,
  sourceRef,
}: MercadoPagoCardFormProps) {
  // the brick needs an element id; React's ids carry colons
  const containerId = `mp-card-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // the amount it opened with: a new total (a fee, a code) must not wipe a card being typed
  const openingAmount = useRef(amount);
  const holder = useRef(holderName);
  holder.current = holderName;

  useEffect(() => {
    let controller: BrickController | null = null;
    let gone = false;
    (async () => {
      try {
        await loadMercadoPago();
        if (!window.MercadoPago) throw new Error('Mercado Pago did not load');
        const mp = new window.MercadoPago(publicKey, { locale: 'es-AR' });
        const created = await mp.bricks().create('cardPayment', containerId, {
          initialization: { amount: openingAmount.current },
          customization: {
            visual: { hidePaymentButton: true, hideFormTitle: true },
            paymentMethods: { minInstallments: 1, maxInstallments: 1 },
          },
          callbacks: {
            onReady: () => !gone && setState('ready'),
            onError: (error: unknown) => console.warn('Mercado Pago card form', error),
            // its own button is hidden: the page asks for the token itself
            onSubmit: async () => {},
          },
        });
        if (gone) return created.unmount();
        controller = created;
        sourceRef.current = {
          ready: async () => true,
          async tokenize() {
            const data = await created.getFormData().catch(() => null);
            if (!data?.token || !data.payment_method_id) throw new CardFieldsError('incomplete card');
            return {
              token: data.token,
              paymentMethodId: data.payment_method_id,
              cardName: holder.current.trim() || 'Cliente',
              identificationType: data.payer?.identification?.type ?? 'DNI',
              identificationNumber: data.payer?.identification?.number ?? '',
            };
          },
          // each getFormData makes a new token: a refused card is typed again in the same form
          clear: () => {},
        };
      } catch (error) {
        console.warn('Mercado Pago card form', error);
        if (!gone) setState('failed');
      }
    })();
    return () => {
      gone = true;
      controller?.unmount();
      sourceRef.current = null;
    };
  }, [publicKey, containerId, sourceRef]);

  return (
    <div className="mp-card" aria-busy={state === 'loading' || undefined}>
      {state === 'loading' ? (
        <p className="checkout-hint">Cargando el formulario seguro de Mercado Pago…</p>
      ) : null}
      {state === 'failed' ? (
        <p className="checkout-hint" role="alert">
          No pudimos cargar el formulario de tarjeta. Revisá tu conexión y volvé a abrir esta página.
        </p>
      ) : null}
      <div id={containerId} />
    </div>
  );
}

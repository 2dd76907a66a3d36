/**
 * `/console/cobros`: the account the shop's online payments go into. The owner connects Mercado Pago (its
 * authorization page, or credentials pasted from "Tus integraciones"), Transbank's Webpay Plus for Chile,
 * or, on a server that has it, the sandbox's test payments. Until an account is connected the shop offers
 * no online card nor payment link. Below the account, each shop's payment types, order modes, service fees
 * and surcharges and how its orders arrive (issue 27, `features/shop-settings`).
 */
import { PAYMENT_ACCOUNT_MESSAGES as M } from '@comanda/core/back-office';
import type { PaymentAccountView } from '@comanda/core/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { type BackOfficePageProps, LoadFailed, OwnerShell } from '../back-office/owner-shell.tsx';
import { useAction } from '../console/use-action.ts';
import { ACCOUNT_CARD_ID, ShopSettingsSection } from '../shop-settings/shop-settings.tsx';
import { SHOP_SETTINGS_KEY } from '../shop-settings/shop-settings-api.ts';
import { fieldProblemsOf, paymentsApi, paymentsQueries } from './payments-api.ts';
import './payments.css';

/** What Mercado Pago's return (`?cuenta=`) says, as the owner reads it. */
const RETURN_NOTICES: Record<string, { tone: 'ok' | 'error'; text: string }> = {
  conectada: {
    tone: 'ok',
    text: 'Conectamos tu cuenta de Mercado Pago. Los pagos online de tus pedidos van a esa cuenta.',
  },
  rechazada: { tone: 'error', text: M.oauthDenied },
  vencida: { tone: 'error', text: M.oauthStateInvalid },
  error: { tone: 'error', text: M.providerUnavailable },
};

export function PaymentsPage({ go }: BackOfficePageProps) {
  return (
    <OwnerShell go={go} current="/console/cobros" title="Cobros online">
      {() => <PaymentsLoader />}
    </OwnerShell>
  );
}

function PaymentsLoader() {
  const view = useQuery(paymentsQueries.account());
  const [returned] = useState(() => {
    const outcome = new URLSearchParams(window.location.search).get('cuenta');
    if (outcome) window.history.replaceState(null, '', window.location.pathname);
    return outcome ? (RETURN_NOTICES[outcome] ?? null) : null;
  });
  if (view.isPending)
    return (
      <LoadingRegion label="Cargando tu cuenta de pagos…">
        <div className="back-office__skeleton">
          <Skeleton height={120} radius={12} />
          <Skeleton height={220} radius={12} />
          <Skeleton height={160} radius={12} />
        </div>
      </LoadingRegion>
    );
  if (view.isError) return <LoadFailed error={view.error} onRetry={() => void view.refetch()} />;
  return <Payments view={view.data} returned={returned} />;
}

function Payments({
  view,
  returned,
}: {
  view: PaymentAccountView;
  returned: (typeof RETURN_NOTICES)[string] | null;
}) {
  const queryClient = useQueryClient();
  const showToast = useToast();
  const show = (next: PaymentAccountView) => {
    queryClient.setQueryData(paymentsQueries.account().queryKey, next);
    // the online card and payment link of every shop follow the account
    void queryClient.invalidateQueries({ queryKey: SHOP_SETTINGS_KEY });
  };
  const connected = (next: PaymentAccountView) => {
    show(next);
    if (next.account) showToast(M.connected.replace('{provider}', next.account.name));
  };
  const disconnect = useAction(() => paymentsApi.disconnect(), {
    onSuccess: (next) => {
      show(next);
      showToast(M.disconnected);
    },
    onError: (error) => showToast(error instanceof Error ? error.message : M.providerUnavailable),
  });
  const sandbox = useAction(() => paymentsApi.connectSandbox(), {
    onSuccess: connected,
    onError: (error) => showToast(error instanceof Error ? error.message : M.providerUnavailable),
  });
  const { account, available } = view;

  return (
    <div className="payments">
      {returned ? (
        <p
          className={
            returned.tone === 'ok' ? 'payments__flash back-office__ok' : 'payments__flash back-office__error'
          }
          role="status"
        >
          {returned.text}
        </p>
      ) : null}

      <section className="back-office__card" aria-labelledby={ACCOUNT_CARD_ID}>
        <h2 id={ACCOUNT_CARD_ID} className="back-office__card-title" tabIndex={-1}>
          Tu cuenta de pagos
        </h2>
        {account ? (
          <>
            <div className="payments__account">
              <strong className="payments__account-name">{account.name}</strong>
              <span className={account.live ? 'payments__badge payments__badge--live' : 'payments__badge'}>
                {account.live ? 'Cobra dinero real' : 'Modo de prueba'}
              </span>
            </div>
            <p className="back-office__hint">
              {account.provider === 'SANDBOX'
                ? 'Los pagos con tarjeta y link son de prueba: no se cobra dinero real.'
                : `Cuenta ${account.externalAccountId}${account.label ? ` (${account.label})` : ''}`}
              {' · '}
              Conectada {account.connectedBy ? `por ${account.connectedBy} ` : ''}el{' '}
              {new Date(account.connectedAt).toLocaleDateString('es-AR', {
                day: 'numeric',
                month: 'long',
                year: 'numeric',
              })}
            </p>
            <p className="back-office__hint">
              Tus clientes pueden pagar con tarjeta online y link de pago. El dinero va a esta cuenta.
            </p>
            <div>
              <Button
                variant="secondary"
                disabled={disconnect.isPending}
                onClick={() => {
                  if (
                    window.confirm(
                      '¿Desconectar tu cuenta? Tu tienda deja de ofrecer tarjeta online y link de pago.',
                    )
                  )
                    disconnect.run(undefined);
                }}
              >
                {disconnect.isPending ? 'Desconectando…' : 'Desconectar'}
              </Button>
            </div>
          </>
        ) : (
          <p className="back-office__notice">
            Tu tienda no ofrece tarjeta online ni link de pago hasta que conectes una cuenta.
          </p>
        )}
        {view.marketplaceFeePercent > 0 ? (
          <p className="back-office__hint">
            Con Mercado Pago conectado desde su página, la plataforma retiene el{' '}
            {view.marketplaceFeePercent.toLocaleString('es-AR')} % de cada pago.
          </p>
        ) : null}
      </section>

      <ShopSettingsSection />

      <MercadoPagoCard oauth={available.mercadoPagoOAuth} onConnected={connected} />
      <TransbankCard integration={available.transbankIntegration} onConnected={connected} />

      {available.sandbox ? (
        <section className="back-office__card" aria-labelledby="payments-sandbox">
          <h2 id="payments-sandbox" className="back-office__card-title">
            Pagos de prueba
          </h2>
          <p className="back-office__hint">
            Para probar tu tienda sin cobrar: la tarjeta 4509 9535 6623 3704 se aprueba y la 4000 0000 0000
            0002 se rechaza. No se cobra dinero real.
          </p>
          <div>
            <Button
              variant="secondary"
              disabled={sandbox.isPending || account?.provider === 'SANDBOX'}
              onClick={() => sandbox.run(undefined)}
            >
              {account?.provider === 'SANDBOX' ? 'En uso' : 'Usar pagos de prueba'}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

function MercadoPagoCard({
  oauth,
  onConnected,
}: {
  oauth: boolean;
  onConnected: (view: PaymentAccountView) => void;
}) {
  const showToast = useToast();
  const authorize = useAction(() => paymentsApi.authorizeMercadoPago(), {
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => showToast(error instanceof Error ? error.message : M.providerUnavailable),
  });
  const form = (
    <CredentialsForm
      fields={[
        { name: 'accessToken', label: 'Access token', secret: true, hint: 'APP_USR-… o TEST-…' },
        { name: 'publicKey', label: 'Public key', hint: 'APP_USR-… o TEST-…' },
        { name: 'webhookSecret', label: 'Clave secreta de webhooks', secret: true },
      ]}
      submitLabel="Verificar y conectar"
      send={(values) =>
        paymentsApi.pasteMercadoPago({
          accessToken: values.accessToken ?? '',
          publicKey: values.publicKey ?? '',
          webhookSecret: values.webhookSecret ?? '',
        })
      }
      onConnected={onConnected}
    />
  );
  return (
    <section className="back-office__card" aria-labelledby="payments-mp">
      <h2 id="payments-mp" className="back-office__card-title">
        Mercado Pago
      </h2>
      <p className="back-office__hint">
        Tus clientes pagan con tarjeta en el formulario seguro de Mercado Pago o con un link de pago. Los
        datos de la tarjeta nunca pasan por nuestros servidores.
      </p>
      {oauth ? (
        <>
          <div>
            <Button disabled={authorize.isPending} onClick={() => authorize.run(undefined)}>
              {authorize.isPending ? 'Abriendo Mercado Pago…' : 'Conectar con Mercado Pago'}
            </Button>
          </div>
          <details className="payments__more">
            <summary>O pegá las credenciales de tu aplicación</summary>
            {form}
          </details>
        </>
      ) : (
        <>
          <p className="back-office__hint">
            Pegá las credenciales de tu aplicación (Mercado Pago › Tus integraciones › Credenciales y
            Webhooks). Las verificamos con Mercado Pago antes de guardarlas.
          </p>
          {form}
        </>
      )}
    </section>
  );
}

function TransbankCard({
  integration,
  onConnected,
}: {
  integration: boolean;
  onConnected: (view: PaymentAccountView) => void;
}) {
  const showToast = useToast();
  const integrationAction = useAction(() => paymentsApi.connectTransbank({ integration: true }), {
    onSuccess: onConnected,
    onError: (error) => showToast(error instanceof Error ? error.message : M.providerUnavailable),
  });
  return (
    <section className="back-office__card" aria-labelledby="payments-tbk">
      <h2 id="payments-tbk" className="back-office__card-title">
        Webpay Plus (Chile)
      </h2>
      <p className="back-office__hint">
        Tus clientes pagan con tarjeta en la página de Webpay y vuelven al seguimiento de su pedido.
      </p>
      <CredentialsForm
        fields={[
          { name: 'commerceCode', label: 'Código de comercio', hint: '12 dígitos', numeric: true },
          { name: 'apiKey', label: 'API key secreta', secret: true },
        ]}
        submitLabel="Verificar y conectar"
        send={(values) =>
          paymentsApi.connectTransbank({
            commerceCode: values.commerceCode ?? '',
            apiKey: values.apiKey ?? '',
          })
        }
        onConnected={onConnected}
      />
      {integration ? (
        <div>
          <Button
            variant="secondary"
            disabled={integrationAction.isPending}
            onClick={() => integrationAction.run(undefined)}
          >
            Usar el comercio de pruebas de Transbank
          </Button>
        </div>
      ) : null}
    </section>
  );
}

interface CredentialField {
  name: string;
  label: string;
  hint?: string;
  secret?: boolean;
  numeric?: boolean;
}

/** Pasted credentials: each field's problem under it, the provider's refusal above the button. */
function CredentialsForm({
  fields,
  submitLabel,
  send,
  onConnected,
}: {
  fields: CredentialField[];
  submitLabel: string;
  send: (values: Record<string, string>) => Promise<PaymentAccountView>;
  onConnected: (view: PaymentAccountView) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const save = useAction(send, {
    onSuccess: (view) => {
      setValues({});
      setProblems({});
      setProblem(null);
      onConnected(view);
    },
    onError: (error) => {
      const byField = isApiError(error) ? fieldProblemsOf(error.errors) : {};
      setProblems(byField);
      setProblem(
        Object.keys(byField).length > 0
          ? null
          : error instanceof Error
            ? error.message
            : M.providerUnavailable,
      );
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    save.run(values);
  }
  return (
    <form className="payments__form" onSubmit={submit} noValidate>
      {fields.map((field) => {
        const error = problems[field.name];
        const inputId = `${id}-${field.name}`;
        return (
          <Field key={field.name} id={inputId} label={field.label} hint={field.hint} error={error}>
            <input
              id={inputId}
              className="back-office__input"
              type={field.secret ? 'password' : 'text'}
              inputMode={field.numeric ? 'numeric' : undefined}
              autoComplete="off"
              spellCheck={false}
              value={values[field.name] ?? ''}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : field.hint ? `${inputId}-hint` : undefined}
              onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
            />
          </Field>
        );
      })}
      {problem ? (
        <p className="back-office__error" role="alert">
          {problem}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Verificando…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="back-office__field">
      <label className="back-office__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <span id={`${id}-error`} className="back-office__error">
          {error}
        </span>
      ) : hint ? (
        <span id={`${id}-hint`} className="back-office__hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

import { PHONE_PLACEHOLDERS } from '@comanda/core';
import { BACK_OFFICE_MESSAGES } from '@comanda/core/back-office';
import type { SignUpInfo } from '@comanda/core/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { useAction } from '../console/use-action.ts';
import { backOfficeApi } from './back-office-api.ts';
import { AppLink, type BackOfficePageProps, LoadFailed } from './owner-shell.tsx';
import {
  COUNTRY_CENTERS,
  EMPTY_SIGN_UP,
  fieldOfPath,
  type SignUpFieldName,
  type SignUpFields,
  signUpBody,
  signUpFieldErrors,
  suggestedAlias,
} from './sign-up-form.ts';
import '../console/console.css';
import './back-office.css';
import './sign-up.css';

// the map and its library load only on this page, after the form
const PinMap = lazy(() => import('../checkout/pin-map.tsx'));

const TITLE = 'Abrí tu tienda';

/** `/console/registro`: a new owner opens a shop (company, branch, first shop) and their account. */
export function SignUpPage({ go }: BackOfficePageProps) {
  const info = useQuery({
    queryKey: ['back-office', 'sign-up-info'],
    queryFn: ({ signal }) => backOfficeApi.signUpInfo(signal),
    staleTime: 10 * 60_000,
  });
  useEffect(() => {
    document.title = `${TITLE} · Comanda`;
  }, []);

  return (
    <div className="console sign-up">
      <main className="sign-up__card">
        <p className="console-login__brand">
          Comanda <span>· Tu tienda online</span>
        </p>
        <h1 className="sign-up__title">{TITLE}</h1>
        {info.data ? (
          info.data.mode === 'closed' ? (
            <p className="back-office__notice" role="alert">
              {BACK_OFFICE_MESSAGES.signUpClosed}
            </p>
          ) : (
            <SignUpForm info={info.data} go={go} />
          )
        ) : info.isError ? (
          <LoadFailed error={info.error} onRetry={() => void info.refetch()} />
        ) : (
          <LoadingRegion label="Cargando…">
            <div className="back-office__skeleton">
              <Skeleton height={48} />
              <Skeleton height={48} />
              <Skeleton height={220} />
            </div>
          </LoadingRegion>
        )}
        <p className="sign-up__footer">
          ¿Ya tenés una tienda?{' '}
          <AppLink to="/console/login" go={go}>
            Iniciá sesión
          </AppLink>
        </p>
      </main>
    </div>
  );
}

function SignUpForm({ info, go }: { info: SignUpInfo; go: (path: string) => void }) {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<SignUpFields>(EMPTY_SIGN_UP);
  // the alias follows the names until the owner writes one
  const [aliasTouched, setAliasTouched] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<SignUpFieldName, string>>>({});
  const [showPassword, setShowPassword] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const inviteNeeded = info.mode === 'invite';

  const alias = aliasTouched ? fields.alias : suggestedAlias(fields);
  const current = { ...fields, alias };
  const checkedAlias = useDebouncedValue(alias, 400);
  const availability = useQuery({
    queryKey: ['back-office', 'alias', checkedAlias],
    queryFn: ({ signal }) => backOfficeApi.aliasAvailability(checkedAlias, signal),
    enabled: checkedAlias.length >= 3,
    staleTime: 30_000,
    retry: false,
  });
  const aliasProblem =
    availability.data && availability.data.alias === alias && !availability.data.available
      ? availability.data.problem
      : null;

  const clientErrors = signUpFieldErrors(current, inviteNeeded);
  const errors: Partial<Record<SignUpFieldName, string>> = {
    ...(showErrors ? clientErrors : {}),
    ...(aliasProblem ? { alias: aliasProblem } : {}),
    ...serverErrors,
  };

  const signUp = useAction(backOfficeApi.signUp, {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['console', 'session'] });
      go('/console/tienda');
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      const byField: Partial<Record<SignUpFieldName, string>> = {};
      for (const item of (error.errors ?? []) as { path?: string; message?: string }[]) {
        const field = item.path ? fieldOfPath(item.path) : null;
        if (field && item.message && !byField[field]) byField[field] = item.message;
      }
      setServerErrors(byField);
    },
  });

  function update<K extends SignUpFieldName>(name: K, value: SignUpFields[K]) {
    setFields((previous) => ({ ...previous, [name]: value }));
    setServerErrors((previous) => {
      const { [name]: _gone, ...rest } = previous;
      return rest;
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(clientErrors).length > 0 || aliasProblem) {
      // the first field with a problem gets the focus, so a screen reader hears what to fix
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    signUp.run(signUpBody(current));
  }

  const country = info.countries.find((c) => c.code === fields.country);
  const center = COUNTRY_CENTERS[fields.country] ?? COUNTRY_CENTERS.ar ?? { lat: -34.6, lng: -58.38 };
  const generalError = signUp.error && Object.keys(serverErrors).length === 0 ? signUp.error.message : null;

  return (
    <form ref={formRef} className="sign-up__form" onSubmit={submit} noValidate>
      <Section title="Tu negocio">
        <TextField
          label="Nombre del negocio"
          name="businessName"
          value={fields.businessName}
          error={errors.businessName}
          onChange={(v) => update('businessName', v)}
          autoComplete="organization"
        />
        <TextField
          label="Nombre del local"
          hint="Por ejemplo, el barrio: Villa Crespo"
          name="shopName"
          value={fields.shopName}
          error={errors.shopName}
          onChange={(v) => update('shopName', v)}
        />
        <TextField
          label="Link de tu tienda"
          name="alias"
          value={alias}
          error={errors.alias}
          prefix="/menu/"
          onChange={(v) => {
            setAliasTouched(true);
            update('alias', v.toLowerCase());
          }}
          status={
            !errors.alias && availability.data?.available && availability.data.alias === alias ? (
              <span className="back-office__ok sign-up__link">
                ✓ Disponible: {window.location.host}/menu/{alias}
              </span>
            ) : null
          }
          hint="Minúsculas, números y guiones. Es el link que vas a compartir con tus clientes."
          autoCapitalize="none"
        />
      </Section>

      <Section title="Dónde está">
        <div className="back-office__row">
          <SelectField
            label="País"
            name="country"
            value={fields.country}
            onChange={(v) => update('country', v)}
            error={errors.country}
          >
            {info.countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({c.currencyCode})
              </option>
            ))}
          </SelectField>
          <TextField
            label="WhatsApp del local"
            name="whatsAppPhone"
            type="tel"
            value={fields.whatsAppPhone}
            error={errors.whatsAppPhone}
            onChange={(v) => update('whatsAppPhone', v)}
            placeholder={PHONE_PLACEHOLDERS[fields.country] ?? ''}
            prefix={country?.phonePrefix}
            autoComplete="tel-national"
          />
        </div>
        <div className="back-office__row">
          <TextField
            label="Calle"
            name="street"
            value={fields.street}
            error={errors.street}
            onChange={(v) => update('street', v)}
            autoComplete="address-line1"
          />
          <TextField
            label="Número"
            name="number"
            value={fields.number}
            error={errors.number}
            onChange={(v) => update('number', v)}
            inputMode="numeric"
          />
          <TextField
            label="Ciudad (opcional)"
            name="city"
            value={fields.city}
            error={errors.city}
            onChange={(v) => update('city', v)}
            autoComplete="address-level2"
          />
        </div>
        <div className="back-office__field">
          <span className="back-office__label" id="sign-up-map-label">
            Marcá tu local en el mapa
          </span>
          <span className="back-office__hint">
            Tocá el mapa donde está la puerta del local; podés arrastrar el pin.
          </span>
          <Suspense fallback={<Skeleton height={260} />}>
            <div className="sign-up__map">
              <PinMap
                key={fields.country}
                center={fields.location ?? center}
                zoom={fields.location ? 17 : 12}
                pin={fields.location}
                onPin={(point) => update('location', { lat: point.lat, lng: point.lng })}
                label="Mapa para marcar el local"
                errorId={errors.location ? 'sign-up-location-error' : undefined}
              />
            </div>
          </Suspense>
          {errors.location ? (
            <span className="back-office__error" id="sign-up-location-error" role="alert">
              {errors.location}
            </span>
          ) : fields.location ? (
            <span className="back-office__ok">✓ Local marcado en el mapa</span>
          ) : null}
        </div>
      </Section>

      <Section title="Tu cuenta">
        <TextField
          label="Tu nombre"
          name="ownerName"
          value={fields.ownerName}
          error={errors.ownerName}
          onChange={(v) => update('ownerName', v)}
          autoComplete="name"
        />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          value={fields.email}
          error={errors.email}
          onChange={(v) => update('email', v)}
          autoComplete="email"
          autoCapitalize="none"
        />
        <TextField
          label="Contraseña"
          name="password"
          type={showPassword ? 'text' : 'password'}
          value={fields.password}
          error={errors.password}
          onChange={(v) => update('password', v)}
          autoComplete="new-password"
          hint="Al menos 10 caracteres."
          status={
            <button
              type="button"
              className="sign-up__reveal"
              onClick={() => setShowPassword((shown) => !shown)}
              aria-pressed={showPassword}
            >
              {showPassword ? 'Ocultar' : 'Mostrar'}
            </button>
          }
        />
        {inviteNeeded ? (
          <TextField
            label="Código de invitación"
            name="inviteCode"
            value={fields.inviteCode}
            error={errors.inviteCode}
            onChange={(v) => update('inviteCode', v)}
            placeholder="ABCD-EFGH-JKMN"
            autoCapitalize="characters"
          />
        ) : null}
      </Section>

      {generalError ? (
        <p className="console-login__error" role="alert">
          {generalError}
        </p>
      ) : null}
      <Button type="submit" block className="console-login__submit" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creando tu tienda…' : 'Crear mi tienda'}
      </Button>
      <p className="back-office__hint">
        Tu tienda empieza cerrada: vas a poder armar el menú y los horarios antes de abrirla a tus clientes.
      </p>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="back-office__card sign-up__section">
      <legend className="back-office__card-title">{title}</legend>
      {children}
    </fieldset>
  );
}

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  prefix?: string;
  status?: ReactNode;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  autoCapitalize?: string;
  inputMode?: 'numeric' | 'text';
}

function TextField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  prefix,
  status,
  type = 'text',
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="back-office__field">
      <label className="back-office__label" htmlFor={id}>
        {label}
      </label>
      <div className={prefix ? 'sign-up__affix' : undefined}>
        {prefix ? (
          <span className="sign-up__prefix" aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          name={name}
          className="back-office__input"
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          {...input}
        />
      </div>
      {status}
      {hint ? (
        <span className="back-office__hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="back-office__error" id={errorId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

function SelectField({
  label,
  name,
  value,
  onChange,
  error,
  children,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="back-office__field">
      <label className="back-office__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="back-office__select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
      {error ? <span className="back-office__error">{error}</span> : null}
    </div>
  );
}

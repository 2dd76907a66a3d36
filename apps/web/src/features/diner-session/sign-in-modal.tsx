import {
  DINER_SESSION_MESSAGES,
  formatCountdown,
  formatPhoneForDisplay,
  MESSAGES,
  normalizePhone,
  PHONE_COUNTRIES,
  PHONE_PLACEHOLDERS,
  type PhoneCountry,
  phoneCallingCode,
  readSignInCode,
  SIGN_IN_CODE_LENGTH,
  SIGN_IN_CODE_TTL_MS,
  secondsUntil,
} from '@comanda/core';
import type { SignInCodeSent } from '@comanda/core/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useToast } from '../../ui/toast.tsx';
import { requestSignInCode } from './diner-session-api.ts';
import { useSignIn } from './use-diner-session.ts';
import './sign-in.css';

const COUNTRY_NAMES: Record<PhoneCountry, string> = {
  ar: 'Argentina',
  uy: 'Uruguay',
  cl: 'Chile',
  co: 'Colombia',
  pe: 'Perú',
  br: 'Brasil',
  ve: 'Venezuela',
  py: 'Paraguay',
  mx: 'México',
  ec: 'Ecuador',
  bo: 'Bolivia',
  us: 'Estados Unidos',
};

const messageOf = (error: unknown) => (isApiError(error) ? error.message : MESSAGES.genericRetry);

/** Seconds left until a moment of this browser's clock, ticking each second. */
function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : secondsUntil(until, now);
}

/**
 * The server's 'asked again too soon' (429 TOO_MANY_CODES): where the code already sent went and when
 * another may be asked for. Null for any other failure.
 */
function codeAlreadySent(error: unknown): { sent: SignInCodeSent; message: string } | null {
  if (!isApiError(error) || error.code !== 'TOO_MANY_CODES') return null;
  const [detail] = (error.errors ?? []) as Partial<SignInCodeSent>[];
  if (!detail || typeof detail.phone !== 'string' || typeof detail.resendInSeconds !== 'number') return null;
  return {
    sent: {
      phone: detail.phone,
      channel: detail.channel === 'WHATSAPP' ? 'WHATSAPP' : 'SANDBOX',
      expiresInSeconds: SIGN_IN_CODE_TTL_MS / 1000,
      resendInSeconds: detail.resendInSeconds,
    },
    message: error.message,
  };
}

export interface SignInModalProps {
  open: boolean;
  onClose: () => void;
  /** the branch whose country reads a phone typed without its prefix, and whose name for her we greet */
  branchId: number | null;
  defaultCountry: PhoneCountry;
}

/**
 * 'Iniciar sesión': the phone (with its country), then the 6-digit code sent to it. The sandbox (no
 * messages leave the server in development) shows the code here instead.
 */
export default function SignInModal({ open, onClose, branchId, defaultCountry }: SignInModalProps) {
  const showToast = useToast();
  const ids = useId();
  const codeInput = useRef<HTMLInputElement>(null);
  const [country, setCountry] = useState<PhoneCountry>(defaultCountry);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [sent, setSent] = useState<SignInCodeSent | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const resendIn = useSecondsLeft(resendAt);

  const askForCode = useMutation({
    mutationFn: requestSignInCode,
    onSuccess: (answer) => {
      setSent(answer);
      setCode('');
      setCodeError(null);
      setResendAt(Date.now() + answer.resendInSeconds * 1000);
    },
  });
  const signIn = useSignIn(branchId);

  useEffect(() => {
    if (sent) codeInput.current?.focus();
  }, [sent]);

  function close() {
    onClose();
    // the next opening starts over, unless a code is on its way
    if (!sent) setPhoneError(null);
  }

  function submitPhone(event: FormEvent) {
    event.preventDefault();
    if (!normalizePhone(phone, country)) {
      setPhoneError(DINER_SESSION_MESSAGES.phoneInvalid);
      return;
    }
    setPhoneError(null);
    askForCode.mutate(
      { phone, country, ...(branchId ? { branchId } : {}) },
      {
        onError: (error) => {
          // asked again too soon: the code already sent still works, so its field opens with when to ask again
          const already = codeAlreadySent(error);
          if (!already) {
            setPhoneError(messageOf(error));
            return;
          }
          setSent(already.sent);
          setCode('');
          setResendAt(Date.now() + already.sent.resendInSeconds * 1000);
          setCodeError(already.message);
        },
      },
    );
  }

  function resend() {
    if (!sent) return;
    askForCode.mutate(
      { phone: sent.phone, ...(branchId ? { branchId } : {}) },
      {
        onError: (error) => {
          const already = codeAlreadySent(error);
          if (already) setResendAt(Date.now() + already.sent.resendInSeconds * 1000);
          setCodeError(already ? already.message : messageOf(error));
        },
      },
    );
  }

  function submitCode(event: FormEvent) {
    event.preventDefault();
    if (!sent || signIn.isPending) return;
    const digits = readSignInCode(code);
    if (!digits) {
      setCodeError(DINER_SESSION_MESSAGES.codeFormat);
      return;
    }
    setCodeError(null);
    signIn.mutate(
      { phone: sent.phone, code: digits, ...(branchId ? { branchId } : {}) },
      {
        onSuccess: () => {
          showToast(MESSAGES.signInSucceeded);
          setSent(null);
          setPhone('');
          setCode('');
          setResendAt(null);
          onClose();
        },
        onError: (error) => {
          showToast(MESSAGES.signInFailed);
          setCodeError(messageOf(error));
        },
      },
    );
  }

  function changePhone() {
    setSent(null);
    setCode('');
    setCodeError(null);
  }

  return (
    <Modal open={open} onClose={close} title={MESSAGES.signIn} className="sign-in-modal">
      {sent ? (
        <form className="sign-in" onSubmit={submitCode} noValidate>
          <p className="sign-in__lead">
            {sent.channel === 'WHATSAPP'
              ? 'Te enviamos un código de 6 números por WhatsApp al '
              : 'Escribí el código de 6 números para el '}
            <strong className="sign-in__phone">{formatPhoneForDisplay(sent.phone)}</strong>.
          </p>
          {sent.sandboxCode ? (
            <p className="sign-in__sandbox">
              Modo de prueba: no se envían mensajes. Tu código es{' '}
              <strong data-testid="sandbox-code">{sent.sandboxCode}</strong>
            </p>
          ) : null}
          <div className="sign-in__field">
            <label className="field-label" htmlFor={`${ids}-code`}>
              Código
            </label>
            <input
              ref={codeInput}
              id={`${ids}-code`}
              className="text-input sign-in__code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={SIGN_IN_CODE_LENGTH + 2}
              value={code}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? `${ids}-code-error` : undefined}
              onChange={(event) => setCode(event.target.value)}
            />
            {codeError ? (
              <p id={`${ids}-code-error`} className="sign-in__error" role="alert">
                {codeError}
              </p>
            ) : null}
          </div>
          <Button type="submit" block disabled={signIn.isPending}>
            {signIn.isPending ? 'Verificando…' : MESSAGES.signIn}
          </Button>
          <div className="sign-in__actions">
            <button type="button" className="text-button" onClick={changePhone}>
              Cambiar número
            </button>
            <button
              type="button"
              className="text-button"
              disabled={resendIn > 0 || askForCode.isPending}
              onClick={resend}
            >
              {resendIn > 0 ? `Reenviar código en ${formatCountdown(resendIn)}` : 'Reenviar código'}
            </button>
          </div>
        </form>
      ) : (
        <form className="sign-in" onSubmit={submitPhone} noValidate>
          <p className="sign-in__lead">
            Ingresá tu teléfono y te enviamos un código para confirmar que es tuyo. Así vas a ver tus pedidos
            y tus puntos.
          </p>
          <div className="sign-in__field">
            <label className="field-label" htmlFor={`${ids}-phone`}>
              Teléfono
            </label>
            <div className="sign-in__phone-field">
              <select
                className="text-input sign-in__country"
                aria-label="País del teléfono"
                value={country}
                onChange={(event) => setCountry(event.target.value as PhoneCountry)}
              >
                {PHONE_COUNTRIES.map((code) => (
                  <option
                    key={code}
                    value={code}
                    aria-label={`${COUNTRY_NAMES[code]} ${phoneCallingCode(code)}`}
                  >
                    {code.toUpperCase()} {phoneCallingCode(code)}
                  </option>
                ))}
              </select>
              <input
                id={`${ids}-phone`}
                className="text-input"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder={PHONE_PLACEHOLDERS[country]}
                value={phone}
                aria-invalid={phoneError ? true : undefined}
                aria-describedby={phoneError ? `${ids}-phone-error` : undefined}
                onChange={(event) => setPhone(event.target.value)}
              />
            </div>
            {phoneError ? (
              <p id={`${ids}-phone-error`} className="sign-in__error" role="alert">
                {phoneError}
              </p>
            ) : null}
          </div>
          <Button type="submit" block disabled={askForCode.isPending}>
            {askForCode.isPending ? 'Enviando…' : 'Recibir código'}
          </Button>
        </form>
      )}
    </Modal>
  );
}

import { MESSAGES } from '../messages.ts';
import { formatCountdown, SIGN_IN_CODE_LENGTH } from './sign-in-code.ts';

/** The diner sign-in's texts: the spec's, and the one-time code's own (no schema here: screens import it). */
export const DINER_SESSION_MESSAGES = {
  /** the spec's phone message of the sign-in */
  phoneInvalid: MESSAGES.signInInvalidPhone,
  signedIn: MESSAGES.signInSucceeded,
  signInFailed: MESSAGES.signInFailed,
  loginRequired: MESSAGES.loginRequired,
  signedOut: 'Cerraste tu sesión',
  signOut: 'Cerrar sesión',
  codeFormat: `El código tiene ${SIGN_IN_CODE_LENGTH} números.`,
  codeExpired: 'El código venció o ya fue usado. Pedí uno nuevo.',
  codeLocked: 'Demasiados intentos con este código. Pedí uno nuevo.',
  tooManyCodes: 'Ya pediste varios códigos. Esperá unos minutos para pedir otro.',
  /** a new code asked for too soon: the one already sent still works, and when to ask again */
  codeAlreadySent: (seconds: number) =>
    `Ya te enviamos un código: escribilo acá. Podés pedir otro en ${
      seconds < 3600
        ? formatCountdown(seconds)
        : `${Math.ceil(seconds / 3600)} ${Math.ceil(seconds / 3600) === 1 ? 'hora' : 'horas'}`
    }.`,
  codeNotSent: 'No pudimos enviar el código a este número. Revisá que sea tu WhatsApp.',
  messagingUnavailable: 'No pudimos enviar el código en este momento. Intentá de nuevo en unos minutos.',
  otherPhone: 'Iniciá sesión con este número para ver sus datos.',
  codeWrong: (attemptsLeft: number) =>
    attemptsLeft > 0
      ? `El código no es correcto. Te ${attemptsLeft === 1 ? 'queda 1 intento' : `quedan ${attemptsLeft} intentos`}.`
      : 'El código no es correcto. Pedí uno nuevo.',
} as const;

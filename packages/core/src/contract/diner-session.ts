/**
 * The diner's sign-in (post-order-and-logistics.md: sign-in by phone, 'Iniciar sesión'): the diner asks
 * for a one-time code sent to the phone, then trades it for a session kept in the httpOnly cookie
 * `diner_session`. Paths are not in the spec: `/api/diner/session/...` (README).
 */
import { z } from 'zod';
import { DINER_SESSION_MESSAGES } from '../diner-session/messages.ts';
import { readSignInCode } from '../diner-session/sign-in-code.ts';
import { PHONE_COUNTRIES } from '../phone.ts';
import { IdParamSchema } from './common.ts';

export { DINER_SESSION_MESSAGES };

const phone = z
  .string({ error: DINER_SESSION_MESSAGES.phoneInvalid })
  .trim()
  .min(1, { error: DINER_SESSION_MESSAGES.phoneInvalid })
  .max(30, { error: DINER_SESSION_MESSAGES.phoneInvalid });

/**
 * Where a phone typed without its + prefix is read: the country the diner picked, else the branch's,
 * else Argentina.
 */
const phoneContext = {
  phone,
  country: z.enum(PHONE_COUNTRIES, { error: DINER_SESSION_MESSAGES.phoneInvalid }).optional(),
  branchId: z
    .number({ error: 'El identificador no es válido.' })
    .int()
    .positive()
    .max(2_147_483_647)
    .optional(),
};

/** POST /api/diner/session/code */
export const SignInCodeRequestSchema = z.strictObject(phoneContext);
export type SignInCodeRequest = z.infer<typeof SignInCodeRequestSchema>;

/** POST /api/diner/session/code → 202. The same answer whether or not the phone is a customer. */
export interface SignInCodeSent {
  /** the phone the code went to, E.164: send it back with the code */
  phone: string;
  /** WHATSAPP, or SANDBOX when no message leaves the server */
  channel: 'SANDBOX' | 'WHATSAPP';
  /** seconds the code works (durations, not dates: the server's clock may be fixed by NOW) */
  expiresInSeconds: number;
  /** seconds until another code may be asked for */
  resendInSeconds: number;
  /** the sandbox outside production shows the code on screen instead of sending it */
  sandboxCode?: string;
}

/** POST /api/diner/session: the code trades for the session cookie. */
export const SignInVerifySchema = z.strictObject({
  ...phoneContext,
  code: z
    .string({ error: DINER_SESSION_MESSAGES.codeFormat })
    .max(20, { error: DINER_SESSION_MESSAGES.codeFormat })
    .transform((raw, ctx) => {
      const code = readSignInCode(raw);
      if (code) return code;
      ctx.addIssue({ code: 'custom', message: DINER_SESSION_MESSAGES.codeFormat });
      return z.NEVER;
    }),
});
export type SignInVerify = z.infer<typeof SignInVerifySchema>;

/** GET /api/diner/session?branchId: the name is the one the diner gave that business. */
export const DinerSessionQuerySchema = z.object({ branchId: IdParamSchema.optional() });

/** The signed-in diner: the verified phone (E.164) and her name at the branch asked about, when known. */
export interface DinerSession {
  phone: string;
  name: string | null;
}

/** GET /api/diner/session (and POST's answer): `diner` is null without a live session. */
export interface DinerSessionAnswer {
  diner: DinerSession | null;
}

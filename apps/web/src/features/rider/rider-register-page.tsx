import { DINER_SESSION_MESSAGES, MESSAGES, RIDER_DEVICE_MESSAGES, readSignInCode } from '@comanda/core';
import type { BranchContact, RiderPhoneCodeSent, RiderShiftAnswer } from '@comanda/core/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type InputHTMLAttributes, useEffect, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { IconCheck } from '../../ui/icons.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { AppLink, type Go, type RiderScreenProps } from './app-link.tsx';
import { AccessDenied, LogisticsHeader, useDocumentTitle, useLogisticsContact } from './logistics-frame.tsx';
import { createRider, lookupRider, updateRiderShift } from './rider-api.ts';
import {
  checkPhoneIntake,
  checkRegisterForm,
  checkSecurityCode,
  isRiderNotFound,
  lookupErrorMessage,
  phoneIntakeTarget,
  type ShiftAction,
  shiftActions,
  shiftErrorMessage,
} from './rider-form.ts';
import { isRiderVariant, type RiderVariant, riderShipmentsPath, riderVariantPath } from './rider-paths.ts';
import {
  type RiderFlow,
  readRiderFlow,
  readStoredRider,
  saveRiderFlow,
  saveStoredRider,
} from './rider-storage.ts';

/** Which variants need what the earlier steps found; without it the rider starts over at the phone. */
function canShowVariant(variant: RiderVariant, flow: RiderFlow | null): boolean {
  switch (variant) {
    case 'phoneIntake':
      return true;
    case 'register':
      return Boolean(flow?.phone) && !flow?.rider;
    case 'logIn':
    case 'logOut':
      return Boolean(flow?.rider);
    case 'success':
      return Boolean(flow?.outcome);
  }
}

/**
 * The rider register page, /logistics/{alias}/rider/{variant} (section 2): 'Repartidores' with the
 * contact's name and logo, and one variant of the flow phone intake -> register, log in or log out ->
 * success. The phone and the rider found go from one variant to the next in session storage.
 */
export function RiderRegisterPage({ params, go }: RiderScreenProps) {
  const alias = params.alias ?? '';
  const variant = isRiderVariant(params.variant) ? params.variant : null;
  const { contact, failed } = useLogisticsContact(alias);
  useDocumentTitle(MESSAGES.ridersTitle, contact?.name);
  const titleId = useId();
  const flow = readRiderFlow(alias);
  const allowed = variant !== null && canShowVariant(variant, flow);

  useEffect(() => {
    if (!allowed) go(riderVariantPath(alias, 'phoneIntake'), { replace: true });
  }, [allowed, alias, go]);

  if (failed) return <AccessDenied alias="" go={go} />;
  return (
    <main className="rider-page" aria-labelledby={titleId}>
      <div className="rider-card">
        <LogisticsHeader contact={contact} title={MESSAGES.ridersTitle} titleId={titleId} />
        {!contact || !allowed || !variant ? (
          <FormSkeleton />
        ) : (
          <VariantBody key={variant} variant={variant} alias={alias} contact={contact} flow={flow} go={go} />
        )}
      </div>
    </main>
  );
}

interface VariantProps {
  alias: string;
  contact: BranchContact;
  flow: RiderFlow | null;
  go: Go;
}

function VariantBody({ variant, ...props }: VariantProps & { variant: RiderVariant }) {
  const { flow } = props;
  switch (variant) {
    case 'phoneIntake':
      return <PhoneIntakeForm {...props} />;
    case 'register':
      return flow ? <RegisterForm {...props} flow={flow} /> : null;
    case 'logIn':
    case 'logOut':
      return flow?.rider ? <ShiftForm {...props} flow={flow} rider={flow.rider} variant={variant} /> : null;
    case 'success':
      return flow ? <ShiftDone flow={flow} go={props.go} /> : null;
  }
}

/** A labelled text field; every field of the page is one of these. */
function Field({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="rider-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="text-input rider-field__input" {...input} />
    </div>
  );
}

function FormError({ message }: { message: string | null }) {
  // the region stays in the page so screen readers announce each new message
  return (
    <p className="rider-form__error" role="alert">
      {message}
    </p>
  );
}

/** `busy` locks it; `spinning` (busy by default) says this is the button whose call runs. */
function SubmitButton({
  busy,
  spinning = busy,
  type = 'submit',
  variant,
  onClick,
  children,
}: {
  busy: boolean;
  spinning?: boolean;
  type?: 'submit' | 'button';
  variant?: 'secondary';
  onClick?: () => void;
  children: string;
}) {
  return (
    <Button
      type={type}
      variant={variant}
      block
      className="rider-form__submit"
      disabled={busy}
      aria-busy={spinning || undefined}
      onClick={onClick}
    >
      {spinning ? <span className="rider-spinner" aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}

const phoneInput = {
  type: 'tel',
  inputMode: 'tel',
  autoComplete: 'tel',
  placeholder: MESSAGES.riderPhonePlaceholder,
} as const;

/** A form whose submit shows a message or runs a call, locked while the call runs. */
function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(task: () => Promise<string | null>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setError(await task());
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, run };
}

function PhoneIntakeForm({ alias, contact, flow, go }: VariantProps) {
  const stored = readStoredRider();
  const [phone, setPhone] = useState(
    () => flow?.typedPhone ?? (stored?.branchContactId === contact.id ? stored.phone : ''),
  );
  const { busy, error, setError, run } = useSubmit();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkPhoneIntake(phone, contact.country);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    void run(async () => {
      const next: RiderFlow = {
        typedPhone: phone.trim(),
        phone: checked.value,
        rider: null,
        outcome: null,
        shipmentsUrl: null,
      };
      try {
        const rider = await lookupRider(contact.id, checked.value);
        saveRiderFlow(alias, { ...next, rider: { id: rider.id, name: rider.name, active: rider.active } });
        go(riderVariantPath(alias, phoneIntakeTarget({ found: true, rider })));
        return null;
      } catch (failure) {
        if (!isRiderNotFound(failure)) return lookupErrorMessage(failure);
        saveRiderFlow(alias, next);
        go(riderVariantPath(alias, phoneIntakeTarget({ found: false })));
        return null;
      }
    });
  }

  return (
    <form className="rider-form" onSubmit={submit} noValidate>
      <Field
        {...phoneInput}
        label={MESSAGES.riderPhoneLabel}
        name="phone"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
      />
      <FormError message={error} />
      <SubmitButton busy={busy}>{MESSAGES.next}</SubmitButton>
    </form>
  );
}

/** After a shift starts or ends: the stored rider data, the flow's outcome, and the success variant. */
function useShiftDone(alias: string, flow: RiderFlow, go: Go) {
  const queryClient = useQueryClient();
  return (answer: RiderShiftAnswer) => {
    saveStoredRider(answer);
    saveRiderFlow(alias, {
      ...flow,
      rider: { id: answer.id, name: answer.name, active: answer.active },
      outcome: answer.active ? 'started' : 'ended',
      shipmentsUrl: answer.active ? riderShipmentsPath(alias, answer.id) : null,
    });
    // whoever the cookie named before, the rider's screens ask again
    queryClient.removeQueries({ queryKey: ['rider'] });
    queryClient.removeQueries({ queryKey: ['shipments'] });
    go(riderVariantPath(alias, 'success'), { replace: true });
  };
}

function RegisterForm({ alias, contact, flow, go }: VariantProps & { flow: RiderFlow }) {
  const [fields, setFields] = useState({ registerPhone: '', name: '', securityCode: '' });
  const { busy, error, setError, run } = useSubmit();
  const done = useShiftDone(alias, flow, go);
  const set = (key: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkRegisterForm({ initPhone: flow.typedPhone, ...fields }, contact.country);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    void run(async () => {
      try {
        done(
          await createRider({
            ...checked.value,
            active: true,
            riderUser: { branchContact: { id: contact.id } },
          }),
        );
        return null;
      } catch (failure) {
        return shiftErrorMessage(failure);
      }
    });
  }

  return (
    <form className="rider-form" onSubmit={submit} noValidate>
      <Field
        {...phoneInput}
        label={MESSAGES.riderPhoneLabel}
        name="initPhone"
        value={flow.typedPhone}
        disabled
      />
      <Field
        {...phoneInput}
        label={MESSAGES.confirmPhoneLabel}
        name="registerPhone"
        autoComplete="off"
        value={fields.registerPhone}
        onChange={set('registerPhone')}
      />
      <Field
        label={MESSAGES.fullNameLabel}
        name="name"
        autoComplete="name"
        autoCapitalize="words"
        maxLength={80}
        value={fields.name}
        onChange={set('name')}
      />
      <SecurityCodeField value={fields.securityCode} onChange={set('securityCode')} />
      <FormError message={error} />
      <SubmitButton busy={busy}>{MESSAGES.startShift}</SubmitButton>
    </form>
  );
}

function SecurityCodeField({
  value,
  onChange,
}: {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}) {
  return (
    <Field
      label={MESSAGES.securityCodeLabel}
      name="securityCode"
      type="password"
      autoComplete="off"
      maxLength={40}
      value={value}
      onChange={onChange}
    />
  );
}

/**
 * logIn starts a shift; logOut ends it, or takes it to this phone (shiftActions): the greeting and the
 * contact's security code. On a phone the rider never used, the right code brings a one-time code to
 * the rider's phone: its field appears, and the same button sends both.
 */
function ShiftForm({
  alias,
  contact,
  flow,
  rider,
  variant,
  go,
}: VariantProps & {
  flow: RiderFlow;
  rider: NonNullable<RiderFlow['rider']>;
  variant: 'logIn' | 'logOut';
}) {
  const [securityCode, setSecurityCode] = useState('');
  // the `active` of the action whose call runs: its button spins
  const [sent, setSent] = useState<boolean | null>(null);
  // the one-time code the server sent to the rider's phone, once it asked for one
  const [codeSent, setCodeSent] = useState<RiderPhoneCodeSent | null>(null);
  const [phoneCode, setPhoneCode] = useState('');
  const { busy, error, setError, run } = useSubmit();
  const done = useShiftDone(alias, flow, go);
  const actions = shiftActions(variant);

  function send(action: ShiftAction) {
    const checked = checkSecurityCode(securityCode);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    const code = codeSent ? readSignInCode(phoneCode) : null;
    if (codeSent && code === null) {
      setError(DINER_SESSION_MESSAGES.codeFormat);
      return;
    }
    setSent(action.active);
    void run(async () => {
      try {
        const answer = await updateRiderShift(rider.id, {
          active: action.active,
          securityCode: checked.value,
          riderUser: { branchContact: { id: contact.id } },
          ...(code ? { phoneCode: code } : {}),
        });
        if ('phoneCodeRequired' in answer) {
          setCodeSent(answer);
          return null;
        }
        done(answer);
        return null;
      } catch (failure) {
        return shiftErrorMessage(failure);
      }
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const primary = actions.find((action) => action.primary);
    if (primary) send(primary);
  }

  return (
    <form className="rider-form" onSubmit={submit} noValidate>
      <p className="rider-form__greeting">{MESSAGES.helloRider(rider.name)}</p>
      <SecurityCodeField value={securityCode} onChange={(event) => setSecurityCode(event.target.value)} />
      {codeSent ? <PhoneCodeField sent={codeSent} value={phoneCode} onChange={setPhoneCode} /> : null}
      <FormError message={error} />
      {actions.map((action) => (
        <SubmitButton
          key={action.text}
          busy={busy}
          spinning={busy && sent === action.active}
          type={action.primary ? 'submit' : 'button'}
          variant={action.primary ? undefined : 'secondary'}
          onClick={action.primary ? undefined : () => send(action)}
        >
          {action.text}
        </SubmitButton>
      ))}
    </form>
  );
}

/** Where the one-time code went, the sandbox's code when there is no real sender, and its field. */
function PhoneCodeField({
  sent,
  value,
  onChange,
}: {
  sent: RiderPhoneCodeSent;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="rider-phone-code">
      <p className="rider-phone-code__lead" role="status">
        {RIDER_DEVICE_MESSAGES.codeSent(sent.phoneEnding, sent.channel)}
      </p>
      {sent.sandboxCode ? (
        <p className="rider-phone-code__sandbox">
          Modo de prueba: no se envían mensajes. El código es{' '}
          <strong data-testid="sandbox-code">{sent.sandboxCode}</strong>
        </p>
      ) : null}
      <Field
        label={RIDER_DEVICE_MESSAGES.codeLabel}
        name="phoneCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={11}
        // the field appears after the first press: the rider types here next
        autoFocus
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

function ShiftDone({ flow, go }: { flow: RiderFlow; go: Go }) {
  const started = flow.outcome === 'started';
  return (
    <div className="rider-done">
      <span className="rider-done__icon" aria-hidden="true">
        <IconCheck size={32} />
      </span>
      <p className="rider-done__message" role="status">
        {started ? MESSAGES.shiftStarted : MESSAGES.shiftEnded}
      </p>
      {started && flow.shipmentsUrl ? (
        <AppLink className="button button--primary button--block" href={flow.shipmentsUrl} go={go}>
          {MESSAGES.seeShipments}
        </AppLink>
      ) : null}
    </div>
  );
}

function FormSkeleton() {
  return (
    <LoadingRegion>
      <div className="rider-form">
        <Skeleton width="55%" height={18} />
        <Skeleton height={48} radius={12} />
        <Skeleton height={48} radius={12} />
      </div>
    </LoadingRegion>
  );
}

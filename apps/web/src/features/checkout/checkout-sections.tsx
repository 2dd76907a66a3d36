import {
  type CheckoutField,
  cashChange,
  DAY_NAMES_ES,
  type DayOfWeek,
  MESSAGES,
  PHONE_COUNTRIES,
  PHONE_PLACEHOLDERS,
  type PhoneCountry,
  phoneCallingCode,
} from '@comanda/core';
import type { PaymentType } from '@comanda/core/contract';
import { type ReactNode, useId } from 'react';
import { LazyBankTransferCard } from '../../ui/bank-transfer-lazy.tsx';
import { MinorMoney, useFormatMinor } from '../../ui/money.tsx';
import { loadPhoneCheck } from './phone-check.ts';
import type { Checkout, CheckoutFields } from './use-checkout.ts';

type Change = (patch: Partial<CheckoutFields>) => void;

export function CheckoutSection({
  title,
  field,
  error,
  children,
}: {
  title: string;
  /** The check this section answers for when it has no control of its own to focus (the schedule). */
  field?: CheckoutField;
  error?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      className="card"
      aria-labelledby={id}
      aria-describedby={error ? `${id}-error` : undefined}
      data-field={field}
      // focusable only to be revealed with its error: a click inside must not focus it otherwise
      tabIndex={error ? -1 : undefined}
    >
      <h2 id={id} className="card__title">
        {title}
      </h2>
      {children}
      <FieldError id={`${id}-error`} error={error} />
    </section>
  );
}

/** The failing check's message under the field it concerns (its aria-describedby). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="checkout-hint checkout-hint--error">
      {error}
    </p>
  ) : null;
}

/** Brings the field a failing check concerns into view (clear of the bottom bar) and into focus. */
export function revealField(field: CheckoutField | 'card'): void {
  const target = document.querySelector<HTMLElement>(
    field === 'card' ? '.card-form [aria-invalid]' : `[data-field="${field}"]`,
  );
  target?.scrollIntoView({ block: 'center' });
  target?.focus({ preventScroll: true });
}

/** Ids of a field's hint and error, for aria-describedby. */
const describedBy = (id: string, hint?: string, error?: string) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  hint?: string;
  type?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email';
  autoComplete?: string;
  maxLength?: number;
  /** Which check's field this is: revealField finds it. */
  field?: CheckoutField;
  /** The failing check's message: the field is marked invalid and says why. */
  error?: string;
}

export function TextField({
  label,
  value,
  onChange,
  required,
  hint,
  field,
  error,
  ...input
}: TextFieldProps) {
  const id = useId();
  return (
    <div className="checkout-field">
      <label className="field-label" htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden="true"> *</span>
        ) : (
          <span className="checkout-optional"> (opcional)</span>
        )}
      </label>
      <input
        id={id}
        className="text-input"
        value={value}
        required={required}
        data-field={field}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="checkout-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

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

/** The phone with its country (the spec's country choices); the number is read in that country. */
export function PhoneField({
  country,
  phone,
  valid,
  error,
  onChange,
}: {
  country: PhoneCountry;
  phone: string;
  valid: boolean;
  /** The failing check's message, once the diner tried to place the order. */
  error?: string;
  onChange: Change;
}) {
  const id = useId();
  const showInvalid = Boolean(error) || (phone.replace(/\D/g, '').length >= 8 && !valid);
  return (
    <div className="checkout-field">
      <label className="field-label" htmlFor={id}>
        Teléfono<span aria-hidden="true"> *</span>
      </label>
      <div className="phone-field">
        <select
          className="text-input phone-field__country"
          aria-label="País del teléfono"
          value={country}
          onChange={(event) => onChange({ phoneCountry: event.target.value as PhoneCountry })}
        >
          {PHONE_COUNTRIES.map((code) => (
            // the closed select shows the short 'AR +54'; the country's name is read out
            <option key={code} value={code} aria-label={`${COUNTRY_NAMES[code]} ${phoneCallingCode(code)}`}>
              {code.toUpperCase()} {phoneCallingCode(code)}
            </option>
          ))}
        </select>
        <input
          id={id}
          className="text-input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          placeholder={PHONE_PLACEHOLDERS[country]}
          value={phone}
          data-field="phone"
          aria-invalid={showInvalid || undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange({ phone: event.target.value })}
          // the phone check downloads while the diner types
          onFocus={() => void loadPhoneCheck().catch(() => {})}
        />
      </div>
      <p id={`${id}-hint`} className={showInvalid ? 'checkout-hint checkout-hint--error' : 'checkout-hint'}>
        {showInvalid ? (error ?? MESSAGES.phoneInvalid) : 'Te avisamos por acá cómo va tu pedido.'}
      </p>
    </div>
  );
}

/** 'En el momento' / 'Programado', and the day and time of a scheduled order. */
export function SchedulePicker({ checkout, onChange }: { checkout: Checkout; onChange: Change }) {
  const ids = useId();
  const days = checkout.schedule.data?.schedulerDaysInfo ?? [];
  const { canOrderNow, canSchedule, scheduled, slotDay, slotHour } = checkout;
  if (checkout.schedule.isPending && !canOrderNow)
    return <p className="checkout-hint">{MESSAGES.scheduleLoading}</p>;
  if (!canOrderNow && !canSchedule)
    return <p className="checkout-error">Este local no tiene horarios disponibles para pedir ahora.</p>;
  return (
    <>
      {canOrderNow && canSchedule ? (
        <div className="checkout-toggle">
          <button
            type="button"
            className="chip"
            aria-pressed={!scheduled}
            onClick={() => onChange({ scheduled: false })}
          >
            {MESSAGES.scheduleNow}
          </button>
          <button
            type="button"
            className="chip"
            aria-pressed={scheduled}
            onClick={() => onChange({ scheduled: true })}
          >
            {MESSAGES.scheduleLater}
          </button>
        </div>
      ) : (
        <p className="checkout-value">{scheduled ? MESSAGES.scheduleLater : MESSAGES.scheduleNow}</p>
      )}
      {scheduled && slotDay ? (
        <div className="checkout-row">
          <div className="checkout-field">
            <label className="field-label" htmlFor={`${ids}-day`}>
              Día
            </label>
            <select
              id={`${ids}-day`}
              className="text-input"
              value={slotDay.date}
              onChange={(event) => onChange({ day: event.target.value })}
            >
              {days.map((day) => (
                <option key={day.date} value={day.date}>
                  {dayLabel(day.dayOfWeek, day.date)}
                </option>
              ))}
            </select>
          </div>
          <div className="checkout-field">
            <label className="field-label" htmlFor={`${ids}-hour`}>
              Hora
            </label>
            <select
              id={`${ids}-hour`}
              className="text-input"
              value={slotHour ?? ''}
              onChange={(event) => onChange({ hour: event.target.value })}
            >
              {slotDay.availableHours.map((hour) => (
                <option key={hour} value={hour}>
                  {hour} hs
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
    </>
  );
}

/** 'Miércoles 18/11': the weekday and date of the shop's calendar. */
export function dayLabel(dayOfWeek: string, date: string): string {
  const [, month, day] = date.split('-');
  return `${DAY_NAMES_ES[dayOfWeek as DayOfWeek] ?? dayOfWeek} ${Number(day)}/${Number(month)}`;
}

/** The payment types as radio buttons; cash asks how much the diner pays with. */
export function PaymentPicker({
  checkout,
  paysWith,
  error,
  onSelect,
  onChange,
}: {
  checkout: Checkout;
  paysWith: string;
  /** The failing checks of the payment ('payment') and of the cash amount ('paysWith'), when marked. */
  error: (field: 'payment' | 'paysWith') => string | undefined;
  onSelect: (type: PaymentType) => void;
  onChange: Change;
}) {
  const name = useId();
  const paymentError = error('payment');
  const formatMinor = useFormatMinor();
  if (checkout.paymentTypes.length === 0)
    return <p className="checkout-error">{MESSAGES.paymentTypeUnavailable}</p>;
  return (
    <>
      <div
        className="payment-options"
        role="radiogroup"
        aria-label="Medio de pago"
        aria-invalid={paymentError ? true : undefined}
        aria-describedby={paymentError ? `${name}-error` : undefined}
      >
        {checkout.paymentTypes.map((type) => {
          const checked = checkout.paymentType?.id === type.id;
          return (
            <label key={type.id} className="payment-option">
              <input
                type="radio"
                name={name}
                checked={checked}
                data-field={checked ? 'payment' : undefined}
                onChange={() => onSelect(type)}
              />
              <span>{type.showName}</span>
            </label>
          );
        })}
      </div>
      <FieldError id={`${name}-error`} error={paymentError} />
      {checkout.isCash ? (
        <TextField
          label="¿Con cuánto abonás?"
          value={paysWith}
          onChange={(value) => onChange({ paysWith: value.replace(/[^\d.,]/g, '') })}
          inputMode="decimal"
          required
          hint={changeHint(checkout, formatMinor)}
          field="paysWith"
          error={error('paysWith')}
        />
      ) : null}
      {checkout.paymentType?.bankTransfer ? (
        // downloaded with the checkout's other lazy parts on the diner's first touch (the tap on
        // 'Transferencia'); a stored transfer choice waits the moment it takes
        <LazyBankTransferCard
          info={checkout.paymentType.bankTransfer}
          amount={formatMinor(checkout.price.total)}
        />
      ) : null}
    </>
  );
}

/** 'Tu vuelto: $2.000' once the amount covers the total; until then why the amount is asked. */
function changeHint(checkout: Checkout, formatMinor: (minor: number) => string): string {
  const change = cashChange('CASH', checkout.paysWith, checkout.price.total);
  if (change !== null) return `Tu vuelto: ${formatMinor(change)}`;
  return checkout.paysWith === checkout.price.total
    ? 'Abonás justo, sin vuelto.'
    : 'Así el local prepara tu vuelto.';
}

/** Every amount of the order, as core computed it and the server will recompute it. */
export function PriceSummary({
  checkout,
  isDelivery,
  programName,
}: {
  checkout: Checkout;
  isDelivery: boolean;
  programName: string;
}) {
  const format = useFormatMinor();
  const { price } = checkout;
  const freeFrom = checkout.zone?.freeDeliveryFrom ?? null;
  const missingForFree = freeFrom !== null && freeFrom > 0 ? freeFrom - checkout.itemsPrice : 0;
  return (
    <dl className="price-summary">
      <div className="price-summary__row">
        <dt>Productos</dt>
        <dd>{format(price.itemsPrice)}</dd>
      </div>
      {price.surcharges
        .filter((s) => s.amount > 0)
        .map((s) => (
          <div key={`s-${s.referenceId}`} className="price-summary__row">
            <dt>{s.name}</dt>
            <dd>{format(s.amount)}</dd>
          </div>
        ))}
      {price.discounts
        .filter((d) => d.amount > 0)
        .map((d) => (
          <div
            key={`d-${d.code ?? d.referenceId}`}
            className="price-summary__row price-summary__row--discount"
          >
            <dt>{d.code ? `Código ${d.code}` : d.name}</dt>
            <dd>-{format(d.amount)}</dd>
          </div>
        ))}
      {price.pointsDiscount > 0 ? (
        <div className="price-summary__row price-summary__row--discount">
          <dt>{programName}</dt>
          <dd>-{format(price.pointsDiscount)}</dd>
        </div>
      ) : null}
      {isDelivery ? (
        <div className="price-summary__row">
          <dt>Envío</dt>
          <dd>
            {checkout.zone === null ? '—' : price.deliveryFee === 0 ? 'Gratis' : format(price.deliveryFee)}
          </dd>
        </div>
      ) : null}
      {isDelivery && checkout.zone && missingForFree > 0 ? (
        <p className="price-summary__note">
          {MESSAGES.sumForFreeDeliveryInProducts(format(missingForFree, { withDecimals: false }))}
        </p>
      ) : null}
      <div className="price-summary__row">
        <dt>
          {MESSAGES.serviceFee}
          {price.userServiceFee === 0 ? ` ${MESSAGES.serviceFeeWaived}` : ''}
        </dt>
        <dd>{format(price.userServiceFee)}</dd>
      </div>
      <div className="price-summary__row price-summary__row--total">
        <dt>Total</dt>
        <dd aria-live="polite">
          <MinorMoney minor={price.total} />
        </dd>
      </div>
    </dl>
  );
}

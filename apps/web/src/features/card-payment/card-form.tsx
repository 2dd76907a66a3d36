/**
 * The card inputs (storefront.md 'Card inputs': cardNumber, cardName, cardExpiry, cardSecurityCode,
 * cardDocument), shared by the checkout and the follow-up's card modal. Loaded lazily: only a diner who
 * chooses an online card downloads it.
 */
import { type CardField, type CardFields, cardBrandOf, cardFieldErrors } from '@comanda/core';
import { useId, useMemo, useState } from 'react';
import {
  CARD_BRAND_NAMES,
  formatCardNumberInput,
  formatDocumentInput,
  formatExpiryInput,
  formatSecurityCodeInput,
  securityCodeLength,
  visibleFieldErrors,
} from './card-input.ts';
import './card-form.css';

/**
 * Whether the typed card may be tokenised. Exported from this lazy module so core's card checks are
 * downloaded with the form, never with the menu.
 */
export function isCardComplete(card: CardFields): boolean {
  return cardFieldErrors(card, new Date()).length === 0;
}

export interface CardFormProps {
  value: CardFields;
  onChange: (card: CardFields) => void;
  /** After a try to pay every field's problem is shown, not only those of fields already left. */
  showAllErrors: boolean;
  disabled?: boolean;
}

export default function CardForm({ value, onChange, showAllErrors, disabled }: CardFormProps) {
  const id = useId();
  const [left, setLeft] = useState<ReadonlySet<CardField>>(() => new Set());
  const errors = useMemo(() => cardFieldErrors(value, new Date()), [value]);
  const visible = visibleFieldErrors(errors, showAllErrors ? 'all' : left);
  const brand = cardBrandOf(value.cardNumber);
  const codeLength = securityCodeLength(value.cardNumber);

  const set = (patch: Partial<CardFields>) => onChange({ ...value, ...patch });
  const leave = (field: CardField) => () => {
    if (value[field].trim() === '' && !left.has(field)) return;
    setLeft((current) => (current.has(field) ? current : new Set(current).add(field)));
  };
  const field = (name: CardField) => {
    const error = visible[name];
    return {
      id: `${id}-${name}`,
      name,
      className: 'text-input',
      disabled,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${name}-error` : undefined,
      onBlur: leave(name),
    };
  };
  const errorOf = (name: CardField) =>
    visible[name] ? (
      <p id={`${id}-${name}-error`} className="card-form__error">
        {visible[name]}
      </p>
    ) : null;

  return (
    <fieldset className="card-form" aria-label="Datos de tu tarjeta">
      <div className="card-form__field">
        <label className="field-label" htmlFor={`${id}-cardNumber`}>
          Número de tarjeta<span aria-hidden="true"> *</span>
        </label>
        <div className="card-form__number">
          <input
            {...field('cardNumber')}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            maxLength={23}
            value={value.cardNumber}
            onChange={(event) => set({ cardNumber: formatCardNumberInput(event.target.value) })}
          />
          {brand ? (
            <span className={`card-form__brand card-form__brand--${brand}`} data-testid="card-brand">
              {CARD_BRAND_NAMES[brand]}
            </span>
          ) : null}
        </div>
        {errorOf('cardNumber')}
      </div>

      <div className="card-form__field">
        <label className="field-label" htmlFor={`${id}-cardName`}>
          Nombre como figura en la tarjeta<span aria-hidden="true"> *</span>
        </label>
        <input
          {...field('cardName')}
          autoComplete="cc-name"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={60}
          value={value.cardName}
          onChange={(event) => set({ cardName: event.target.value })}
        />
        {errorOf('cardName')}
      </div>

      <div className="card-form__row">
        <div className="card-form__field">
          <label className="field-label" htmlFor={`${id}-cardExpiry`}>
            Vencimiento<span aria-hidden="true"> *</span>
          </label>
          <input
            {...field('cardExpiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/AA"
            maxLength={5}
            value={value.cardExpiry}
            onChange={(event) => set({ cardExpiry: formatExpiryInput(event.target.value) })}
          />
          {errorOf('cardExpiry')}
        </div>
        <div className="card-form__field">
          <label className="field-label" htmlFor={`${id}-cardSecurityCode`}>
            Código de seguridad<span aria-hidden="true"> *</span>
          </label>
          <input
            {...field('cardSecurityCode')}
            type="password"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={codeLength === 4 ? '1234' : '123'}
            maxLength={codeLength}
            value={value.cardSecurityCode}
            onChange={(event) =>
              set({ cardSecurityCode: formatSecurityCodeInput(event.target.value, value.cardNumber) })
            }
          />
          {errorOf('cardSecurityCode')}
        </div>
      </div>

      <div className="card-form__field">
        <label className="field-label" htmlFor={`${id}-cardDocument`}>
          DNI del titular<span aria-hidden="true"> *</span>
        </label>
        <input
          {...field('cardDocument')}
          inputMode="numeric"
          autoComplete="off"
          placeholder="30123456"
          maxLength={14}
          value={value.cardDocument}
          onChange={(event) => set({ cardDocument: formatDocumentInput(event.target.value) })}
        />
        {errorOf('cardDocument')}
      </div>
    </fieldset>
  );
}

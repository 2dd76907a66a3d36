import { onlinePaymentFlowOf } from '@comanda/core';
import type { FollowUpOrder } from '@comanda/core/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { apiPut, isApiError } from '../../api/api.ts';
import { dinerQueries } from '../../api/queries.ts';
import { Button } from '../../ui/button.tsx';

/**
 * After a declined card (or an unpaid link), the diner may pay on delivery instead where the shop's
 * mode offers it: the mode's payment types that are not paid online. The server decides whether the
 * switch keeps the price (core's paymentSwitchProblem) and answers the order, now on its way to the
 * kitchen; a refusal comes back in its own words.
 */
export function PayAnotherWay({
  order,
  onSwitched,
}: {
  order: FollowUpOrder;
  onSwitched: (order: FollowUpOrder, paymentName: string) => void;
}) {
  const modes = useQuery(dinerQueries.orderModes(order.branchContact.id));
  const mode = modes.data?.find((candidate) => candidate.showName === order.orderModeName);
  // whatever the contact's online settings, a type that can be paid online is not 'on delivery'
  const offline = (mode?.paymentTypes ?? []).filter(
    (type) =>
      type.active &&
      onlinePaymentFlowOf(
        { paymentMethod: type.paymentMethod, onlinePaymentMethod: type.onlinePayment?.paymentMethod ?? null },
        true,
      ) === null,
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const [paysWith, setPaysWith] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  if (offline.length === 0) return null;
  const selected = offline.find((type) => type.id === chosen) ?? null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!selected || busy) return;
    setBusy(true);
    setError(null);
    try {
      const amount = Number(paysWith.replace(/\./g, '').replace(',', '.'));
      const updated = await apiPut<FollowUpOrder>('/api/order/payment-type', {
        dinerOrderId: order.id,
        orderCode: order.code,
        paymentTypeId: selected.id,
        ...(selected.paymentMethod === 'CASH' && paysWith.trim() && Number.isFinite(amount)
          ? { paysWith: amount }
          : {}),
      });
      onSwitched(updated, selected.showName);
    } catch (failure) {
      setError(
        isApiError(failure) ? failure.message : 'No pudimos cambiar el medio de pago. Intentá de nuevo.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card pay-another-way" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="card__title">
        ¿Preferís pagar al recibir?
      </h2>
      <form className="pay-another-way__form" onSubmit={submit} noValidate>
        <fieldset className="pay-another-way__choices">
          <legend className="sr-only">Medio de pago al recibir</legend>
          {offline.map((type) => (
            <label key={type.id} className="pay-another-way__choice">
              <input
                type="radio"
                name={`${ids}-type`}
                checked={chosen === type.id}
                onChange={() => {
                  setChosen(type.id);
                  setError(null);
                }}
              />
              {type.showName}
            </label>
          ))}
        </fieldset>
        {selected?.paymentMethod === 'CASH' ? (
          <div className="pay-another-way__field">
            <label className="field-label" htmlFor={`${ids}-cash`}>
              ¿Con cuánto abonás?
            </label>
            <input
              id={`${ids}-cash`}
              className="text-input"
              inputMode="decimal"
              value={paysWith}
              onChange={(event) => {
                setPaysWith(event.target.value);
                setError(null);
              }}
            />
          </div>
        ) : null}
        {error ? (
          <p className="pay-another-way__error" role="alert">
            {error}
          </p>
        ) : null}
        <Button
          type="submit"
          variant="secondary"
          block
          disabled={!selected || busy}
          aria-busy={busy || undefined}
        >
          {selected ? `Pagar con ${selected.showName} al recibir` : 'Elegí cómo pagás'}
        </Button>
      </form>
    </section>
  );
}

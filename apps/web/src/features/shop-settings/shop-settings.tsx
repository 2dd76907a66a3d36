/**
 * `/console/cobros`, below the payment account: how each shop takes orders and money (issue 27). One card
 * per concern, each with its own save: the payment types (cash, where the checkout asks how much the diner
 * pays with; transfer with its alias, CBU or CVU and holder; the online card and payment link, only with
 * the account connected), the order modes and the payment types each offers, each mode's service fee and
 * surcharges, and how orders arrive (auto-accept, the checkout's confirmation modal, WhatsApp only).
 * Core's rules run on every keystroke; the server's Spanish problems land under their fields.
 */

import { ordersFlowProblems } from '@comanda/core/back-office';
import type { OwnerShop, ShopSettings } from '@comanda/core/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { backOfficeQueries } from '../back-office/back-office-api.ts';
import { LoadFailed } from '../back-office/owner-shell.tsx';
import { useAction } from '../console/use-action.ts';
import {
  byPath,
  type FeesDraft,
  feesBody,
  feesDraftOf,
  feesDraftProblems,
  jsonSafeFees,
  type ModeDraft,
  missingKinds,
  modeDraftProblems,
  modeDrafts,
  type PaymentTypeDraft,
  paymentTypeDraftProblems,
  paymentTypeDrafts,
  paymentTypesBody,
} from './settings-form.ts';
import { shopSettingsApi, shopSettingsQueries } from './shop-settings-api.ts';
import './shop-settings.css';

/** The id of the payment account's card, which the online types link to. */
export const ACCOUNT_CARD_ID = 'payments-current';

export function ShopSettingsSection() {
  const shops = useQuery(backOfficeQueries.shops());
  const [chosen, setChosen] = useState<number | null>(null);
  const selectId = useId();
  if (shops.isPending) return <SettingsSkeleton />;
  if (shops.isError) return <LoadFailed error={shops.error} onRetry={() => void shops.refetch()} />;
  const list: OwnerShop[] = shops.data;
  const shopId = chosen ?? list[0]?.id ?? null;
  if (shopId === null) return null;
  return (
    <section className="shop-settings" aria-labelledby={`${selectId}-title`}>
      <h2 id={`${selectId}-title`} className="shop-settings__title">
        Medios de pago y pedidos
      </h2>
      {list.length > 1 ? (
        <div className="back-office__field shop-settings__shop">
          <label className="back-office__label" htmlFor={selectId}>
            Tienda
          </label>
          <select
            id={selectId}
            className="back-office__select"
            value={shopId}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {list.map((shop) => (
              <option key={shop.id} value={shop.id}>
                {shop.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <ShopSettingsLoader key={shopId} shopId={shopId} />
    </section>
  );
}

function SettingsSkeleton() {
  return (
    <LoadingRegion label="Cargando los medios de pago…">
      <div className="back-office__skeleton">
        <Skeleton height={220} radius={12} />
        <Skeleton height={220} radius={12} />
      </div>
    </LoadingRegion>
  );
}

function ShopSettingsLoader({ shopId }: { shopId: number }) {
  const settings = useQuery(shopSettingsQueries.settings(shopId));
  if (settings.isPending) return <SettingsSkeleton />;
  if (settings.isError) return <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />;
  return <ShopSettingsCards settings={settings.data} />;
}

/** Each card remounts (a fresh draft) when what it shows changed on the server, its own save included. */
function ShopSettingsCards({ settings }: { settings: ShopSettings }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const saved = (message: string) => (next: ShopSettings) => {
    queryClient.setQueryData(shopSettingsQueries.settings(next.shopId).queryKey, next);
    // the opening checklist of /console/tienda and the change log read these too
    void queryClient.invalidateQueries({ queryKey: backOfficeQueries.shops().queryKey });
    void queryClient.invalidateQueries({ queryKey: ['back-office', 'changes'] });
    toast(message);
  };
  const stamp = (value: unknown) => JSON.stringify(value);
  // the mode whose fees are open stays open when the card remounts after its save
  const [feesModeId, setFeesModeId] = useState(settings.modes[0]?.id ?? 0);
  return (
    <div className="shop-settings__cards">
      <PaymentTypesCard
        key={stamp([settings.paymentTypes, settings.account])}
        settings={settings}
        onSaved={saved('Guardamos los medios de pago.')}
      />
      <OrderModesCard
        key={stamp([settings.modes.map((m) => [m.id, m.active, m.paymentTypeIds]), settings.paymentTypes])}
        settings={settings}
        onSaved={saved('Guardamos las formas de pedido.')}
      />
      <FeesCard
        key={stamp(settings.modes.map((m) => [m.id, m.serviceFee, m.surcharges]))}
        settings={settings}
        modeId={feesModeId}
        onModeChange={setFeesModeId}
        onSaved={saved('Guardamos la tasa de servicio y los recargos.')}
      />
      <OrdersFlowCard
        key={stamp(settings.ordersFlow)}
        settings={settings}
        onSaved={saved('Guardamos cómo recibís los pedidos.')}
      />
    </div>
  );
}

interface CardProps {
  settings: ShopSettings;
  onSaved: (next: ShopSettings) => void;
}

/**
 * A card's problems: core's, for the fields the owner touched (all of them once a save was tried), and
 * the server's answer, each until its field changes again.
 */
function useProblems(live: Record<string, string>) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const shown: Record<string, string> = { ...server };
  for (const [path, message] of Object.entries(live)) if (tried || touched.has(path)) shown[path] = message;
  return {
    shown,
    general,
    touch(path: string) {
      setTouched((previous) => (previous.has(path) ? previous : new Set(previous).add(path)));
      setServer((previous) => {
        if (!(path in previous)) return previous;
        const { [path]: _, ...rest } = previous;
        return rest;
      });
      setGeneral(null);
    },
    /** a save was tried: true when core finds nothing wrong, so the request may go */
    attempt(): boolean {
      setTried(true);
      setGeneral(null);
      return Object.keys(live).length === 0;
    },
    refused(error: unknown, known: (path: string) => boolean) {
      const problems = isApiError(error) ? byPath(error.errors) : {};
      const placed = Object.fromEntries(Object.entries(problems).filter(([path]) => known(path)));
      setServer(placed);
      const unplaced = Object.entries(problems).find(([path]) => !known(path));
      setGeneral(
        Object.keys(placed).length > 0 && !unplaced
          ? null
          : (unplaced?.[1] ?? (error instanceof Error ? error.message : String(error))),
      );
    },
  };
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

/** The attributes tying an input to its problem or hint. */
const described = (id: string, error: string | undefined, hint?: string) => ({
  'aria-invalid': error ? (true as const) : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

function CardFooter({
  pending,
  label,
  general,
}: {
  pending: boolean;
  label: string;
  general: string | null;
}) {
  return (
    <>
      {general ? (
        <p className="back-office__error" role="alert">
          {general}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Guardando…' : label}
        </Button>
      </div>
    </>
  );
}

// ------------------------------------------------------------------ payment types

const METHOD_HINTS: Record<string, string> = {
  CASH: 'En el checkout, tus clientes indican con cuánto van a pagar y el local prepara el vuelto.',
  TRANSFER: 'Tus clientes ven el alias, el CBU/CVU y el titular al pedir y en el seguimiento.',
  OTHER: 'Se cobra en el local.',
};

function PaymentTypesCard({ settings, onSaved }: CardProps) {
  const id = useId();
  const connected = settings.account.connected;
  const [drafts, setDrafts] = useState<PaymentTypeDraft[]>(() => paymentTypeDrafts(settings));
  const problems = useProblems(paymentTypeDraftProblems(drafts, connected));
  const save = useAction(() => shopSettingsApi.savePaymentTypes(settings.shopId, paymentTypesBody(drafts)), {
    onSuccess: onSaved,
    onError: (error) =>
      problems.refused(error, (path) =>
        /^paymentTypes\.\d+\.(showName|active|bankAlias|bankCbu|bankHolder)$/.test(path),
      ),
  });
  const change = (index: number, field: keyof PaymentTypeDraft, value: string | boolean) => {
    problems.touch(`paymentTypes.${index}.${field}`);
    // an active transfer asks for its account and holder: their problems show once it is turned on
    if (field === 'active') {
      problems.touch(`paymentTypes.${index}.bankAlias`);
      problems.touch(`paymentTypes.${index}.bankHolder`);
    }
    setDrafts((list) => list.map((draft, i) => (i === index ? { ...draft, [field]: value } : draft)));
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    if (problems.attempt()) save.run(undefined);
  }
  const missing = missingKinds(drafts);
  return (
    <form className="back-office__card" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h3 id={`${id}-title`} className="back-office__card-title">
        Medios de pago
      </h3>
      <p className="back-office__hint">
        Los que están activos se ofrecen en las formas de pedido que los incluyen (más abajo).
      </p>
      <ul className="shop-settings__types">
        {drafts.map((draft, index) => {
          const at = (field: string) => `paymentTypes.${index}.${field}`;
          const fieldId = (field: string) => `${id}-${draft.key}-${field}`;
          const error = (field: string) => problems.shown[at(field)];
          const online =
            draft.paymentMethod === 'PAYMENT_LINK' || (draft.paymentMethod === 'CARD' && draft.online);
          const lockedOff = online && !connected && !draft.active;
          return (
            <li key={draft.key} className="shop-settings__type">
              <label className="back-office__check">
                <input
                  type="checkbox"
                  checked={draft.active}
                  disabled={lockedOff}
                  onChange={(event) => change(index, 'active', event.target.checked)}
                  {...described(fieldId('active'), error('active'))}
                  id={fieldId('active')}
                />
                Ofrecer {draft.showName.trim() || 'este medio de pago'}
              </label>
              {error('active') ? (
                <span id={`${fieldId('active')}-error`} className="back-office__error">
                  {error('active')}
                </span>
              ) : null}
              {online ? (
                <p className="back-office__hint">
                  {connected ? (
                    `Se cobra online en tu cuenta de ${settings.account.name}.`
                  ) : (
                    <>
                      Necesita tu cuenta de pagos: <a href={`#${ACCOUNT_CARD_ID}`}>conectala arriba</a>.
                    </>
                  )}
                </p>
              ) : METHOD_HINTS[draft.paymentMethod] ? (
                <p className="back-office__hint">{METHOD_HINTS[draft.paymentMethod]}</p>
              ) : null}
              <Field id={fieldId('showName')} label="Nombre que ven tus clientes" error={error('showName')}>
                <input
                  id={fieldId('showName')}
                  className="back-office__input"
                  value={draft.showName}
                  maxLength={60}
                  onChange={(event) => change(index, 'showName', event.target.value)}
                  {...described(fieldId('showName'), error('showName'))}
                />
              </Field>
              {draft.paymentMethod === 'TRANSFER' ? (
                <div className="back-office__row">
                  <Field
                    id={fieldId('bankAlias')}
                    label="Alias"
                    hint="De 6 a 20 caracteres"
                    error={error('bankAlias')}
                  >
                    <input
                      id={fieldId('bankAlias')}
                      className="back-office__input"
                      value={draft.bankAlias}
                      autoComplete="off"
                      spellCheck={false}
                      maxLength={60}
                      onChange={(event) => change(index, 'bankAlias', event.target.value)}
                      {...described(fieldId('bankAlias'), error('bankAlias'), 'hint')}
                    />
                  </Field>
                  <Field id={fieldId('bankCbu')} label="CBU o CVU" hint="22 números" error={error('bankCbu')}>
                    <input
                      id={fieldId('bankCbu')}
                      className="back-office__input"
                      value={draft.bankCbu}
                      inputMode="numeric"
                      autoComplete="off"
                      maxLength={40}
                      onChange={(event) => change(index, 'bankCbu', event.target.value)}
                      {...described(fieldId('bankCbu'), error('bankCbu'), 'hint')}
                    />
                  </Field>
                  <Field id={fieldId('bankHolder')} label="Titular de la cuenta" error={error('bankHolder')}>
                    <input
                      id={fieldId('bankHolder')}
                      className="back-office__input"
                      value={draft.bankHolder}
                      maxLength={120}
                      onChange={(event) => change(index, 'bankHolder', event.target.value)}
                      {...described(fieldId('bankHolder'), error('bankHolder'))}
                    />
                  </Field>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {missing.length > 0 ? (
        <div className="shop-settings__add">
          {missing.map((kind) => {
            const online = kind.paymentMethod === 'PAYMENT_LINK' || kind.online;
            return (
              <Button
                key={kind.label}
                variant="secondary"
                disabled={online && !connected}
                onClick={() =>
                  setDrafts((list) => [
                    ...list,
                    {
                      key: `new-${kind.paymentMethod}-${list.length}`,
                      id: null,
                      paymentMethod: kind.paymentMethod,
                      online: kind.online,
                      showName: kind.showName,
                      active: true,
                      bankAlias: '',
                      bankCbu: '',
                      bankHolder: '',
                    },
                  ])
                }
              >
                {kind.label}
              </Button>
            );
          })}
        </div>
      ) : null}
      <CardFooter pending={save.isPending} label="Guardar medios de pago" general={problems.general} />
    </form>
  );
}

// ------------------------------------------------------------------ order modes

function OrderModesCard({ settings, onSaved }: CardProps) {
  const id = useId();
  const [drafts, setDrafts] = useState<ModeDraft[]>(() => modeDrafts(settings));
  const problems = useProblems(modeDraftProblems(drafts, settings));
  const save = useAction(
    () =>
      shopSettingsApi.saveOrderModes(settings.shopId, {
        modes: drafts.map(({ id: modeId, active, paymentTypeIds }) => ({
          id: modeId,
          active,
          paymentTypeIds,
        })),
      }),
    {
      onSuccess: onSaved,
      onError: (error) =>
        problems.refused(error, (path) => /^modes\.\d+\.(paymentTypeIds|active)$/.test(path)),
    },
  );
  const update = (index: number, change: (draft: ModeDraft) => ModeDraft) => {
    problems.touch(`modes.${index}.paymentTypeIds`);
    problems.touch(`modes.${index}.active`);
    problems.touch('modes');
    setDrafts((list) => list.map((draft, i) => (i === index ? change(draft) : draft)));
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    if (problems.attempt()) save.run(undefined);
  }
  if (settings.modes.length === 0) return null;
  return (
    <form className="back-office__card" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h3 id={`${id}-title`} className="back-office__card-title">
        Formas de pedido
      </h3>
      <p className="back-office__hint">
        Prendé o apagá cada forma de pedido y elegí con qué se puede pagar en cada una.
      </p>
      <ul className="shop-settings__modes">
        {drafts.map((draft, index) => {
          const error =
            problems.shown[`modes.${index}.paymentTypeIds`] ?? problems.shown[`modes.${index}.active`];
          const errorId = `${id}-${draft.id}-error`;
          return (
            <li key={draft.id} className="shop-settings__mode">
              <label className="back-office__check">
                <input
                  type="checkbox"
                  checked={draft.active}
                  onChange={(event) => update(index, (d) => ({ ...d, active: event.target.checked }))}
                />
                {draft.showName}
              </label>
              <fieldset
                className="shop-settings__offers"
                aria-describedby={error ? errorId : undefined}
                aria-invalid={error ? true : undefined}
              >
                <legend className="back-office__hint">Medios de pago en {draft.showName}</legend>
                {settings.paymentTypes.map((type) => (
                  <label key={type.id} className="back-office__check">
                    <input
                      type="checkbox"
                      checked={draft.paymentTypeIds.includes(type.id)}
                      onChange={(event) =>
                        update(index, (d) => ({
                          ...d,
                          paymentTypeIds: event.target.checked
                            ? [...d.paymentTypeIds, type.id]
                            : d.paymentTypeIds.filter((typeId) => typeId !== type.id),
                        }))
                      }
                    />
                    {type.showName}
                    {type.active ? null : <span className="shop-settings__off"> (apagado)</span>}
                  </label>
                ))}
              </fieldset>
              {error ? (
                <span id={errorId} className="back-office__error">
                  {error}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {problems.shown.modes ? (
        <p className="back-office__error" role="alert">
          {problems.shown.modes}
        </p>
      ) : null}
      <CardFooter pending={save.isPending} label="Guardar formas de pedido" general={problems.general} />
    </form>
  );
}

// ------------------------------------------------------------------ service fee and surcharges

function FeesCard({
  settings,
  onSaved,
  modeId,
  onModeChange: setModeId,
}: CardProps & { modeId: number; onModeChange: (modeId: number) => void }) {
  const id = useId();
  const [drafts, setDrafts] = useState<Record<number, FeesDraft>>(() =>
    Object.fromEntries(settings.modes.map((mode) => [mode.id, feesDraftOf(mode)])),
  );
  const draft = drafts[modeId];
  const problems = useProblems(draft ? feesDraftProblems(draft) : {});
  const save = useAction(
    () => shopSettingsApi.saveModeFees(settings.shopId, modeId, jsonSafeFees(feesBody(draft as FeesDraft))),
    {
      onSuccess: onSaved,
      onError: (error) =>
        problems.refused(error, (path) =>
          /^(serviceFee\.(userFee|percentage)|surcharges\.\d+\.(name|value))$/.test(path),
        ),
    },
  );
  if (!draft) return null;
  const mode = settings.modes.find((item) => item.id === modeId);
  const edit = (path: string, change: (current: FeesDraft) => FeesDraft) => {
    problems.touch(path);
    setDrafts((all) => ({ ...all, [modeId]: change(all[modeId] as FeesDraft) }));
  };
  const fieldId = (name: string) => `${id}-${modeId}-${name}`;
  const error = (path: string) => problems.shown[path];
  const currency = settings.currency;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (problems.attempt()) save.run(undefined);
  }
  return (
    <form className="back-office__card" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h3 id={`${id}-title`} className="back-office__card-title">
        Tasa de servicio y recargos
      </h3>
      <p className="back-office__hint">
        Tus clientes ven la 'Tasa de Servicio' (un monto fijo más un porcentaje del pedido) y cada recargo en
        el resumen del pedido.
      </p>
      <Field id={fieldId('mode')} label="Forma de pedido">
        <select
          id={fieldId('mode')}
          className="back-office__select"
          value={modeId}
          onChange={(event) => setModeId(Number(event.target.value))}
        >
          {settings.modes.map((item) => (
            <option key={item.id} value={item.id}>
              {item.showName}
            </option>
          ))}
        </select>
      </Field>
      <div className="back-office__row">
        <Field
          id={fieldId('userFee')}
          label={`Tasa fija (${currency})`}
          hint="0 si no cobrás un monto fijo"
          error={error('serviceFee.userFee')}
        >
          <input
            id={fieldId('userFee')}
            className="back-office__input"
            inputMode="decimal"
            value={draft.userFee}
            onChange={(event) => {
              const value = event.target.value;
              edit('serviceFee.userFee', (d) => ({ ...d, userFee: value }));
            }}
            {...described(fieldId('userFee'), error('serviceFee.userFee'), 'hint')}
          />
        </Field>
        <Field
          id={fieldId('percentage')}
          label="Porcentaje del pedido (%)"
          hint="De 0 a 100"
          error={error('serviceFee.percentage')}
        >
          <input
            id={fieldId('percentage')}
            className="back-office__input"
            inputMode="decimal"
            value={draft.percentage}
            onChange={(event) => {
              const value = event.target.value;
              edit('serviceFee.percentage', (d) => ({ ...d, percentage: value }));
            }}
            {...described(fieldId('percentage'), error('serviceFee.percentage'), 'hint')}
          />
        </Field>
      </div>
      <h4 className="shop-settings__subtitle">Recargos de {mode?.showName}</h4>
      {draft.surcharges.length === 0 ? <p className="back-office__hint">Sin recargos.</p> : null}
      <ul className="shop-settings__surcharges">
        {draft.surcharges.map((surcharge, index) => {
          const at = (field: string) => `surcharges.${index}.${field}`;
          const sid = (field: string) => fieldId(`${surcharge.key}-${field}`);
          const set = (field: string, value: string | boolean) =>
            edit(at(field), (d) => ({
              ...d,
              surcharges: d.surcharges.map((item, i) => (i === index ? { ...item, [field]: value } : item)),
            }));
          return (
            <li key={surcharge.key} className="shop-settings__surcharge">
              <Field id={sid('name')} label="Nombre" error={error(at('name'))}>
                <input
                  id={sid('name')}
                  className="back-office__input"
                  value={surcharge.name}
                  maxLength={80}
                  onChange={(event) => set('name', event.target.value)}
                  {...described(sid('name'), error(at('name')))}
                />
              </Field>
              <Field id={sid('type')} label="Tipo">
                <select
                  id={sid('type')}
                  className="back-office__select"
                  value={surcharge.type}
                  onChange={(event) => set('type', event.target.value)}
                >
                  <option value="PERCENT">Porcentaje (%)</option>
                  <option value="FIXED">Monto fijo ({currency})</option>
                </select>
              </Field>
              <Field id={sid('value')} label="Valor" error={error(at('value'))}>
                <input
                  id={sid('value')}
                  className="back-office__input"
                  inputMode="decimal"
                  value={surcharge.value}
                  onChange={(event) => set('value', event.target.value)}
                  {...described(sid('value'), error(at('value')))}
                />
              </Field>
              <div className="shop-settings__surcharge-actions">
                <label className="back-office__check">
                  <input
                    type="checkbox"
                    checked={surcharge.active}
                    onChange={(event) => set('active', event.target.checked)}
                  />
                  Activo
                </label>
                <Button
                  variant="ghost"
                  onClick={() =>
                    edit('surcharges', (d) => ({
                      ...d,
                      surcharges: d.surcharges.filter((_, i) => i !== index),
                    }))
                  }
                >
                  Quitar<span className="sr-only"> el recargo {surcharge.name}</span>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      {problems.shown.surcharges ? (
        <p className="back-office__error" role="alert">
          {problems.shown.surcharges}
        </p>
      ) : null}
      <div>
        <Button
          variant="secondary"
          onClick={() =>
            edit('surcharges', (d) => ({
              ...d,
              surcharges: [
                ...d.surcharges,
                { key: `new-${Date.now()}`, id: null, name: '', type: 'PERCENT', value: '', active: true },
              ],
            }))
          }
        >
          Agregar recargo
        </Button>
      </div>
      <CardFooter
        pending={save.isPending}
        label={`Guardar tasa y recargos de ${mode?.showName ?? ''}`}
        general={problems.general}
      />
    </form>
  );
}

// ------------------------------------------------------------------ how orders arrive

function OrdersFlowCard({ settings, onSaved }: CardProps) {
  const id = useId();
  const [flow, setFlow] = useState(settings.ordersFlow);
  const problems = useProblems(byPath(ordersFlowProblems(flow, settings.country)));
  const save = useAction(() => shopSettingsApi.saveOrdersFlow(settings.shopId, flow), {
    onSuccess: onSaved,
    onError: (error) => problems.refused(error, (path) => path === 'whatsAppPhone'),
  });
  const set = <K extends keyof typeof flow>(field: K, value: (typeof flow)[K]) => {
    problems.touch(field === 'whatsAppOnly' ? 'whatsAppPhone' : field);
    setFlow((current) => ({ ...current, [field]: value }));
  };
  const phoneError = problems.shown.whatsAppPhone;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (problems.attempt()) save.run(undefined);
  }
  return (
    <form className="back-office__card" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h3 id={`${id}-title`} className="back-office__card-title">
        Cómo recibís los pedidos
      </h3>
      <fieldset className="shop-settings__options">
        <legend className="back-office__label">Los pedidos llegan</legend>
        <label className="back-office__check">
          <input
            type="radio"
            name={`${id}-arrive`}
            checked={!flow.whatsAppOnly}
            onChange={() => set('whatsAppOnly', false)}
          />
          A la consola de pedidos
        </label>
        <label className="back-office__check">
          <input
            type="radio"
            name={`${id}-arrive`}
            checked={flow.whatsAppOnly}
            onChange={() => set('whatsAppOnly', true)}
          />
          Solo por WhatsApp (el cliente te manda el pedido como mensaje)
        </label>
      </fieldset>
      <Field
        id={`${id}-phone`}
        label="WhatsApp del local"
        hint={flow.whatsAppOnly ? 'Los pedidos llegan a este número.' : 'Tus clientes lo ven en tu tienda.'}
        error={phoneError}
      >
        <input
          id={`${id}-phone`}
          className="back-office__input"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={flow.whatsAppPhone}
          maxLength={40}
          onChange={(event) => set('whatsAppPhone', event.target.value)}
          {...described(`${id}-phone`, phoneError, 'hint')}
        />
      </Field>
      <label className="back-office__check">
        <input
          type="checkbox"
          checked={flow.autoAccept}
          onChange={(event) => set('autoAccept', event.target.checked)}
        />
        Aceptar los pedidos automáticamente
      </label>
      <p className="back-office__hint">
        Los pedidos nuevos pasan solos a la cocina; igual los marcás listos y entregados.
      </p>
      <label className="back-office__check">
        <input
          type="checkbox"
          checked={flow.confirmOrderBeforePlacing}
          onChange={(event) => set('confirmOrderBeforePlacing', event.target.checked)}
        />
        Pedir al cliente que confirme el resumen antes de enviar el pedido
      </label>
      <CardFooter pending={save.isPending} label="Guardar recepción de pedidos" general={problems.general} />
    </form>
  );
}

/**
 * The chosen zone's form: name, shape (a circle's radius and centre), fees for cash and other payments,
 * minimum order, free delivery, whether its riders take cash, paused or not, and its fee tiers by
 * distance from the shop and by the products' total. Problems arrive by path ('2.cashFee',
 * '2.totalTiers.0.fromTotal') and are shown under their field.
 */
import type { LatLng } from '@comanda/core';
import { type ReactNode, useId } from 'react';
import { Button } from '../../ui/button.tsx';
import { newKey, type TierDraft, type ZoneEdit } from './delivery-api.ts';

interface ZoneEditorProps {
  zone: ZoneEdit;
  index: number;
  origin: LatLng;
  problems: Record<string, string>;
  onChange: (patch: Partial<ZoneEdit>) => void;
  onRemove: () => void;
}

function Field({
  label,
  hint,
  problem,
  children,
}: {
  label: string;
  hint?: string;
  problem?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const describedBy =
    [hint ? hintId : null, problem ? problemId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="back-office__field">
      <label className="back-office__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(problem) })}
      {hint ? (
        <p className="back-office__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p className="back-office__error" id={problemId}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function TextInput({
  label,
  value,
  onChange,
  problem,
  hint,
  inputMode = 'decimal',
  prefix,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem?: string;
  hint?: string;
  inputMode?: 'decimal' | 'text';
  prefix?: string;
}) {
  return (
    <Field label={label} hint={hint} problem={problem}>
      {({ id, describedBy, invalid }) => (
        <div className={prefix ? 'delivery__affixed' : undefined}>
          {prefix ? (
            <span className="delivery__prefix" aria-hidden="true">
              {prefix}
            </span>
          ) : null}
          <input
            id={id}
            className="back-office__input"
            inputMode={inputMode}
            autoComplete="off"
            value={value}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      )}
    </Field>
  );
}

function Tiers({
  title,
  hint,
  limitLabel,
  limitPrefix,
  tiers,
  listPath,
  pathOf,
  problems,
  onChange,
  addLabel,
}: {
  title: string;
  hint: string;
  limitLabel: string;
  limitPrefix?: string;
  tiers: TierDraft[];
  /** where a problem of the whole list goes ('2.distanceTiers') */
  listPath: string;
  pathOf: (index: number, field: 'limit' | 'cashFee' | 'otherFee') => string;
  problems: Record<string, string>;
  onChange: (tiers: TierDraft[]) => void;
  addLabel: string;
}) {
  const titleId = useId();
  const listProblem = problems[listPath];
  const set = (key: string, patch: Partial<TierDraft>) =>
    onChange(tiers.map((tier) => (tier.key === key ? { ...tier, ...patch } : tier)));
  return (
    <fieldset className="delivery__tiers" aria-labelledby={titleId}>
      <legend className="delivery__legend" id={titleId}>
        {title}
      </legend>
      <p className="back-office__hint">{hint}</p>
      {tiers.map((tier, index) => (
        <div key={tier.key} className="delivery__tier">
          <TextInput
            label={`${limitLabel} (escalón ${index + 1})`}
            value={tier.limit}
            prefix={limitPrefix}
            problem={problems[pathOf(index, 'limit')]}
            onChange={(limit) => set(tier.key, { limit })}
          />
          <TextInput
            label="Envío en efectivo"
            value={tier.cashFee}
            prefix="$"
            problem={problems[pathOf(index, 'cashFee')]}
            onChange={(cashFee) => set(tier.key, { cashFee })}
          />
          <TextInput
            label="Envío con otros medios"
            value={tier.otherFee}
            prefix="$"
            problem={problems[pathOf(index, 'otherFee')]}
            onChange={(otherFee) => set(tier.key, { otherFee })}
          />
          <Button
            variant="ghost"
            className="delivery__tier-remove"
            onClick={() => onChange(tiers.filter((item) => item.key !== tier.key))}
          >
            Quitar
            <span className="sr-only">
              {' '}
              el escalón {index + 1} de {title.toLowerCase()}
            </span>
          </Button>
        </div>
      ))}
      {listProblem ? <p className="back-office__error">{listProblem}</p> : null}
      {tiers.length < 10 ? (
        <Button
          variant="secondary"
          onClick={() => onChange([...tiers, { key: newKey('tier'), limit: '', cashFee: '', otherFee: '' }])}
        >
          {addLabel}
        </Button>
      ) : null}
    </fieldset>
  );
}

export function ZoneEditor({ zone, index, origin, problems, onChange, onRemove }: ZoneEditorProps) {
  const titleId = useId();
  const at = (field: string) => problems[`${index}.${field}`];
  return (
    <section className="delivery__editor" aria-labelledby={titleId}>
      <h3 className="delivery__subtitle" id={titleId}>
        {zone.name.trim() ? `Zona ${zone.name.trim()}` : 'Zona sin nombre'}
      </h3>
      <TextInput
        label="Nombre"
        inputMode="text"
        value={zone.name}
        problem={at('name')}
        onChange={(name) => onChange({ name })}
      />
      {zone.shape.type === 'CIRCLE' ? (
        <div className="delivery__circle">
          <TextInput
            label="Radio del círculo"
            value={zone.radiusKm}
            prefix="km"
            hint="Entre 0,1 y 50 km. También podés arrastrar el borde en el mapa."
            problem={at('shape')}
            onChange={(radiusKm) => onChange({ radiusKm })}
          />
          <Button
            variant="secondary"
            onClick={() =>
              zone.shape.type === 'CIRCLE' && onChange({ shape: { ...zone.shape, center: origin } })
            }
          >
            Centrar en el local
          </Button>
        </div>
      ) : (
        <div>
          <p className="back-office__hint">
            Polígono de {zone.shape.points.length} puntos: arrastrá sus vértices en el mapa para cambiar el
            borde.
          </p>
          {at('shape') ? <p className="back-office__error">{at('shape')}</p> : null}
        </div>
      )}
      <div className="back-office__row">
        <TextInput
          label="Envío en efectivo"
          prefix="$"
          value={zone.cashFee}
          problem={at('cashFee')}
          onChange={(cashFee) => onChange({ cashFee })}
        />
        <TextInput
          label="Envío con otros medios"
          prefix="$"
          value={zone.otherFee}
          problem={at('otherFee')}
          onChange={(otherFee) => onChange({ otherFee })}
        />
        <TextInput
          label="Pedido mínimo"
          prefix="$"
          value={zone.minimumOrder}
          problem={at('minimumOrder')}
          onChange={(minimumOrder) => onChange({ minimumOrder })}
        />
        <TextInput
          label="Envío gratis desde"
          prefix="$"
          hint="Dejalo vacío si el envío nunca es gratis."
          value={zone.freeDeliveryFrom}
          problem={at('freeDeliveryFrom')}
          onChange={(freeDeliveryFrom) => onChange({ freeDeliveryFrom })}
        />
      </div>
      <label className="back-office__check">
        <input
          type="checkbox"
          checked={zone.acceptsCash}
          onChange={(event) => onChange({ acceptsCash: event.target.checked })}
        />
        Se puede pagar en efectivo
      </label>
      <label className="back-office__check">
        <input
          type="checkbox"
          checked={zone.active}
          onChange={(event) => onChange({ active: event.target.checked })}
        />
        Zona activa (pausada no recibe pedidos)
      </label>
      <Tiers
        title="Escalones por distancia"
        hint="Según la distancia en línea recta desde tu local. Más lejos que el último escalón, rige el envío de la zona."
        limitLabel="Hasta"
        limitPrefix="km"
        tiers={zone.distanceTiers}
        listPath={`${index}.distanceTiers`}
        pathOf={(tier, field) => `${index}.distanceTiers.${tier}.${field === 'limit' ? 'upToMeters' : field}`}
        problems={problems}
        onChange={(distanceTiers) => onChange({ distanceTiers })}
        addLabel="Agregar escalón por distancia"
      />
      <Tiers
        title="Escalones por total"
        hint="Desde ese monto en productos, el envío baja a este valor. Siempre se cobra el envío más bajo que corresponda."
        limitLabel="Desde"
        limitPrefix="$"
        tiers={zone.totalTiers}
        listPath={`${index}.totalTiers`}
        pathOf={(tier, field) => `${index}.totalTiers.${tier}.${field === 'limit' ? 'fromTotal' : field}`}
        problems={problems}
        onChange={(totalTiers) => onChange({ totalTiers })}
        addLabel="Agregar escalón por total"
      />
      <Button variant="ghost" className="delivery__remove" onClick={onRemove}>
        Eliminar zona<span className="sr-only"> {zone.name}</span>
      </Button>
    </section>
  );
}

import type { MenuDiscountType } from '@comanda/core';
import { MENU_DISCOUNT_TYPES, type MenuDraft } from '@comanda/core/back-office';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { IconPlus, IconSearch } from '../../ui/icons.tsx';
import { Modal } from '../../ui/modal.tsx';
import { DISCOUNT_TYPE_LABELS, discountSummary, platesCount, searchable } from './discount-text.ts';
import {
  allPlates,
  DRAFT_LIMITS,
  setDiscountType,
  toggleDiscountPlate,
  updateDiscount,
} from './draft-edits.ts';
import { IconAlert } from './editor-icons.tsx';
import { fieldId, onlyTouched, type ProblemIndex } from './editor-problems.ts';
import { AmountField, CheckField, TextField, WholeField } from './fields.tsx';

export const ADD_DISCOUNT_ID = 'menu-add-discount';

/** The menu discounts: promotions on chosen plates (a percentage, an amount off, 2x1, a final price). */
export function DiscountsSection({
  draft,
  problems,
  money,
  edit,
  onAdd,
  onOpen,
}: {
  draft: MenuDraft;
  problems: ProblemIndex;
  money: (amount: number) => string;
  edit: (change: (draft: MenuDraft) => MenuDraft) => void;
  onAdd: () => void;
  onOpen: (index: number) => void;
}) {
  const plateCount = allPlates(draft).length;
  return (
    <div className="menu-editor__discounts">
      {draft.menuDiscounts.length === 0 ? (
        <div className="menu-editor__empty">
          <h3 className="menu-editor__empty-title">Todavía no tenés descuentos</h3>
          <p className="back-office__hint">
            Armá promociones sobre tus platos: un porcentaje, un monto menos, un 2x1 o un precio final.
          </p>
          <Button id={ADD_DISCOUNT_ID} onClick={onAdd} disabled={plateCount === 0}>
            <IconPlus size={20} /> Agregar descuento
          </Button>
          {plateCount === 0 ? <p className="back-office__hint">Primero agregá platos a tu menú.</p> : null}
        </div>
      ) : (
        <>
          <ul className="menu-editor__discount-list">
            {draft.menuDiscounts.map((discount, d) => {
              const name = discount.name.trim() || 'Descuento sin nombre';
              const count = problems.under(`menuDiscounts.${d}`).length;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: discounts have no key; new ones have no id yet
                <li key={d} className="menu-editor__discount">
                  <button type="button" className="menu-editor__discount-open" onClick={() => onOpen(d)}>
                    <span className="menu-editor__plate-name user-text">{name}</span>
                    <span className="menu-editor__meta">
                      <span className="menu-editor__badge menu-editor__badge--featured">
                        {discountSummary(discount, money)}
                      </span>
                      <span>{platesCount(discount.plates.length)}</span>
                      {discount.active ? null : (
                        <span className="menu-editor__badge menu-editor__badge--muted">Pausado</span>
                      )}
                      {count ? (
                        <span className="menu-editor__badge menu-editor__badge--problem">
                          <IconAlert size={14} /> {count === 1 ? '1 para revisar' : `${count} para revisar`}
                        </span>
                      ) : null}
                    </span>
                    <span className="sr-only">. Editar</span>
                  </button>
                  <CheckField
                    id={`discount-${d}-active`}
                    label="Activo"
                    checked={discount.active}
                    onChange={(active) => edit((current) => updateDiscount(current, d, { active }))}
                  />
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            id={ADD_DISCOUNT_ID}
            className="menu-editor__add-row"
            disabled={draft.menuDiscounts.length >= DRAFT_LIMITS.discounts}
            onClick={onAdd}
          >
            <IconPlus size={20} /> Agregar descuento
          </button>
        </>
      )}
    </div>
  );
}

/** One discount's fields in a panel; edits go straight into the draft, like a plate's. */
export function DiscountEditor({
  draft,
  index,
  isNew,
  problems: allProblems,
  decimals,
  edit,
  onClose,
  onDelete,
}: {
  draft: MenuDraft;
  index: number;
  isNew: boolean;
  problems: ProblemIndex;
  decimals: number;
  edit: (change: (draft: MenuDraft) => MenuDraft) => void;
  onClose: () => void;
  onDelete: (index: number) => void;
}) {
  const discount = draft.menuDiscounts[index];
  const ids = useId();
  // a discount just added shows each field's problem once the owner has changed it
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const problems = isNew ? onlyTouched(allProblems, touched) : allProblems;
  const touch = (event: FormEvent<HTMLElement>) => {
    const id = (event.target as HTMLElement).id;
    if (isNew && id && !touched.has(id)) setTouched(new Set([...touched, id]));
  };
  const at = `menuDiscounts.${index}`;
  const set = (fields: Parameters<typeof updateDiscount>[2]) => edit((d) => updateDiscount(d, index, fields));
  return (
    <Modal
      open={discount !== undefined}
      onClose={onClose}
      variant="drawer"
      className="console-dialog menu-editor-dialog menu-editor-sheet"
      title={isNew ? 'Nuevo descuento' : 'Editar descuento'}
      footer={
        <div className="menu-editor__dialog-actions">
          <Button variant="ghost" className="menu-editor__danger" onClick={() => onDelete(index)}>
            Eliminar descuento
          </Button>
          <span className="menu-editor__spacer" />
          <Button onClick={onClose}>Listo</Button>
        </div>
      }
    >
      {discount ? (
        <form
          className="menu-editor__plate-form"
          aria-label="Datos del descuento"
          noValidate
          onInput={touch}
          onSubmit={(event) => event.preventDefault()}
        >
          <TextField
            label="Nombre"
            path={`${at}.name`}
            value={discount.name}
            maxLength={DRAFT_LIMITS.nameLength}
            placeholder="Por ejemplo: 2x1 de los martes"
            hint="Tus clientes lo ven junto al precio."
            problem={problems.at(`${at}.name`)}
            onChange={(name) => set({ name })}
          />
          <div className="back-office__field">
            <label className="back-office__label" htmlFor={`${ids}-type`}>
              Tipo de descuento
            </label>
            <select
              id={`${ids}-type`}
              className="back-office__select"
              value={discount.type}
              onChange={(event) =>
                edit((d) => setDiscountType(d, index, event.target.value as MenuDiscountType))
              }
            >
              {MENU_DISCOUNT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {DISCOUNT_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
          {discount.type === 'PERCENT' ? (
            <WholeField
              label="Porcentaje"
              path={`${at}.percentage`}
              value={discount.percentage}
              optional
              suffix="%"
              hint="De 1 a 100."
              problem={problems.at(`${at}.percentage`)}
              onChange={(percentage) => set({ percentage })}
            />
          ) : discount.type === 'FIXED' ? (
            <AmountField
              label="Monto que se descuenta"
              path={`${at}.fixedDiscount`}
              value={discount.fixedDiscount}
              decimals={decimals}
              hint="Por cada unidad del plato."
              problem={problems.at(`${at}.fixedDiscount`)}
              onChange={(fixedDiscount) => set({ fixedDiscount })}
            />
          ) : discount.type === 'MULTIPLE' ? (
            <div className="menu-editor__pair">
              <WholeField
                label="Lleva"
                path={`${at}.buy`}
                value={discount.buy}
                optional
                problem={problems.at(`${at}.buy`)}
                onChange={(buy) => set({ buy })}
              />
              <WholeField
                label="Paga"
                path={`${at}.pay`}
                value={discount.pay}
                optional
                problem={problems.at(`${at}.pay`)}
                onChange={(pay) => set({ pay })}
              />
            </div>
          ) : (
            <AmountField
              label="Precio final"
              path={`${at}.finalPrice`}
              value={discount.finalPrice}
              decimals={decimals}
              hint="Lo que paga el cliente por cada unidad, en vez del precio de la carta."
              problem={problems.at(`${at}.finalPrice`)}
              onChange={(finalPrice) => set({ finalPrice })}
            />
          )}
          <CheckField
            label="Activo"
            checked={discount.active}
            hint="Pausalo para dejar de aplicarlo sin perder cómo lo armaste."
            onChange={(active) => set({ active })}
          />
          <PlatePicker
            draft={draft}
            selected={discount.plates}
            path={`${at}.plates`}
            problem={problems.at(`${at}.plates`)}
            onToggle={(plateKey) => edit((d) => toggleDiscountPlate(d, index, plateKey))}
          />
        </form>
      ) : null}
    </Modal>
  );
}

/** The discount's plates: a searchable list of checkboxes, grouped by category. */
function PlatePicker({
  draft,
  selected,
  path,
  problem,
  onToggle,
}: {
  draft: MenuDraft;
  selected: readonly string[];
  path: string;
  problem?: string;
  onToggle: (plateKey: string) => void;
}) {
  const ids = useId();
  const [search, setSearch] = useState('');
  const wanted = searchable(search.trim());
  const plates = allPlates(draft).filter(({ plate }) => !wanted || searchable(plate.name).includes(wanted));
  const groups = new Map<string, { title: string; items: typeof plates }>();
  for (const entry of plates) {
    const title =
      draft.menus.length > 1
        ? `${entry.menu.name} › ${entry.category.name}`
        : entry.category.name || 'Sin categoría';
    const group = groups.get(entry.category.key) ?? { title, items: [] };
    group.items.push(entry);
    groups.set(entry.category.key, group);
  }
  return (
    <fieldset
      className="menu-editor__picker"
      aria-describedby={problem ? `${fieldId(path)}-error` : undefined}
    >
      <legend className="menu-editor__section-title">Platos con este descuento</legend>
      {/* one line that turns into the problem, so nothing below it moves while the owner ticks plates */}
      {problem ? (
        <p id={`${fieldId(path)}-error`} className="back-office__error">
          {problem}
        </p>
      ) : (
        <p className="back-office__hint" aria-live="polite">
          {selected.length === 0
            ? 'Elegí al menos un plato.'
            : selected.length === 1
              ? '1 plato elegido.'
              : `${selected.length} platos elegidos.`}
        </p>
      )}
      <div className="menu-editor__search">
        <label className="sr-only" htmlFor={fieldId(path)}>
          Buscar platos
        </label>
        <IconSearch size={20} className="menu-editor__search-icon" />
        <input
          id={fieldId(path)}
          className="back-office__input"
          type="search"
          placeholder="Buscar platos"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <div className="menu-editor__picker-list">
        {groups.size === 0 ? (
          <p className="back-office__hint">Ningún plato coincide con «{search.trim()}».</p>
        ) : null}
        {[...groups.entries()].map(([key, group]) => (
          <fieldset key={key} className="menu-editor__picker-group">
            <legend className="menu-editor__picker-title user-text">{group.title}</legend>
            {group.items.map(({ plate }) => (
              <label
                key={plate.key}
                className="back-office__check menu-editor__picker-item"
                htmlFor={`${ids}-${plate.key}`}
              >
                <input
                  id={`${ids}-${plate.key}`}
                  type="checkbox"
                  checked={selected.includes(plate.key)}
                  onChange={() => onToggle(plate.key)}
                />
                <span className="user-text">{plate.name || 'Plato sin nombre'}</span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}

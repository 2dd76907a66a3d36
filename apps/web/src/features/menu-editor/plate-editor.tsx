import type { DraftPlate, MenuDraft } from '@comanda/core/back-office';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import {
  addIndicator,
  DRAFT_LIMITS,
  findPlate,
  isPlateIn,
  movePlateBy,
  movePlateToCategory,
  type PlateList,
  platePath,
  setPlateIn,
  togglePlateIndicator,
  updatePlate,
} from './draft-edits.ts';
import { IconArrowDown, IconArrowUp } from './editor-icons.tsx';
import { onlyTouched, type ProblemIndex } from './editor-problems.ts';
import { AmountField, CheckField, TextField, WholeField } from './fields.tsx';
import { focusField } from './focus-field.ts';
import { IndicatorPicker } from './indicator-picker.tsx';
import { PhotoField } from './photo-field.tsx';
import { GarnishGroupsSection, SizesSection } from './plate-options.tsx';

/**
 * Everything about one plate, in a panel: full screen on a phone, at the side on a desktop. Edits go
 * straight into the draft (still only in this browser until 'Guardar borrador'), so closing with
 * Escape never loses typing; the problems show beside each field as the owner types.
 */
export function PlateEditor({
  draft,
  plateKey,
  isNew,
  problems,
  decimals,
  edit,
  onClose,
  onDelete,
}: {
  draft: MenuDraft;
  plateKey: string;
  isNew: boolean;
  problems: ProblemIndex;
  decimals: number;
  edit: (change: (draft: MenuDraft) => MenuDraft) => void;
  onClose: () => void;
  onDelete: (plateKey: string) => void;
}) {
  const place = findPlate(draft, plateKey);
  return (
    <Modal
      open={place !== null}
      onClose={onClose}
      variant="drawer"
      className="console-dialog menu-editor-dialog menu-editor-sheet"
      title={isNew ? 'Nuevo plato' : 'Editar plato'}
      footer={
        <div className="menu-editor__dialog-actions">
          <Button variant="ghost" className="menu-editor__danger" onClick={() => onDelete(plateKey)}>
            Eliminar plato
          </Button>
          <span className="menu-editor__spacer" />
          <Button onClick={onClose}>Listo</Button>
        </div>
      }
    >
      {place ? (
        <PlateFields
          draft={draft}
          plate={place.value}
          path={platePath(place)}
          menuIndex={place.menu}
          categoryIndex={place.category}
          plateIndex={place.plate}
          problems={problems}
          quiet={isNew}
          decimals={decimals}
          edit={edit}
        />
      ) : null}
    </Modal>
  );
}

function PlateFields({
  draft,
  plate,
  path,
  menuIndex,
  categoryIndex,
  plateIndex,
  problems: allProblems,
  quiet,
  decimals,
  edit,
}: {
  draft: MenuDraft;
  plate: DraftPlate;
  path: string;
  menuIndex: number;
  categoryIndex: number;
  plateIndex: number;
  problems: ProblemIndex;
  /** a plate just added: each field's problem shows once the owner has changed that field */
  quiet: boolean;
  decimals: number;
  edit: (change: (draft: MenuDraft) => MenuDraft) => void;
}) {
  const key = plate.key;
  const ids = useId();
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const problems = quiet ? onlyTouched(allProblems, touched) : allProblems;
  const touch = (event: FormEvent<HTMLElement>) => {
    const id = (event.target as HTMLElement).id;
    if (quiet && id && !touched.has(id)) setTouched(new Set([...touched, id]));
  };
  const change = (next: (plate: DraftPlate) => DraftPlate) => edit((d) => updatePlate(d, key, next));
  const set = (fields: Partial<Omit<DraftPlate, 'key' | 'id'>>) => edit((d) => updatePlate(d, key, fields));
  const mark = (list: PlateList, on: boolean) => edit((d) => setPlateIn(d, key, list, on));
  const menu = draft.menus[menuIndex];
  const category = menu?.categories[categoryIndex];
  const plateCount = category?.plates.length ?? 0;
  const featuredFull = (list: PlateList) =>
    !isPlateIn(draft, key, list) && (menu?.[list].length ?? 0) >= DRAFT_LIMITS.featured;

  return (
    <form
      className="menu-editor__plate-form"
      aria-label="Datos del plato"
      noValidate
      onInput={touch}
      onSubmit={(event) => event.preventDefault()}
    >
      <PhotoField
        imageUrl={plate.imageUrl}
        path={`${path}.imageUrl`}
        problem={problems.at(`${path}.imageUrl`)}
        plateName={plate.name}
        onUploaded={(url) => edit((d) => updatePlate(d, key, { imageUrl: url }))}
        onRemove={() => set({ imageUrl: null })}
      />

      <TextField
        label="Nombre"
        path={`${path}.name`}
        value={plate.name}
        maxLength={DRAFT_LIMITS.nameLength}
        placeholder="Por ejemplo: Pizza muzzarella"
        problem={problems.at(`${path}.name`)}
        onChange={(name) => set({ name })}
      />
      <TextField
        label="Descripción (opcional)"
        path={`${path}.description`}
        value={plate.description ?? ''}
        multiline
        maxLength={DRAFT_LIMITS.descriptionLength}
        placeholder="Ingredientes, porciones, cómo se sirve"
        problem={problems.at(`${path}.description`)}
        onChange={(description) => set({ description: description === '' ? null : description })}
      />
      <AmountField
        label="Precio"
        path={`${path}.price`}
        value={plate.price}
        decimals={decimals}
        problem={problems.at(`${path}.price`)}
        hint={
          plate.sizes.length ? 'Con tamaños, cada cliente paga el precio del tamaño que elige.' : undefined
        }
        onChange={(price) => set({ price })}
      />

      <div className="back-office__field">
        <label className="back-office__label" htmlFor={`${ids}-category`}>
          Categoría
        </label>
        <select
          id={`${ids}-category`}
          className="back-office__select"
          value={category?.key ?? ''}
          onChange={(event) => edit((d) => movePlateToCategory(d, key, event.target.value))}
        >
          {draft.menus.length > 1
            ? draft.menus.map((m) => (
                <optgroup key={m.key} label={m.name}>
                  {m.categories.map((c) => (
                    <option key={c.key} value={c.key}>
                      {c.name || 'Categoría sin nombre'}
                    </option>
                  ))}
                </optgroup>
              ))
            : menu?.categories.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.name || 'Categoría sin nombre'}
                </option>
              ))}
        </select>
      </div>
      {plateCount > 1 ? (
        <div className="menu-editor__position">
          <span className="back-office__hint" aria-live="polite">
            Lugar {plateIndex + 1} de {plateCount} en {category?.name || 'la categoría'}
          </span>
          <div className="menu-editor__inline-actions">
            <Button
              variant="secondary"
              disabled={plateIndex === 0}
              onClick={() => edit((d) => movePlateBy(d, key, -1))}
            >
              <IconArrowUp size={18} /> Subir
            </Button>
            <Button
              variant="secondary"
              disabled={plateIndex >= plateCount - 1}
              onClick={() => edit((d) => movePlateBy(d, key, 1))}
            >
              <IconArrowDown size={18} /> Bajar
            </Button>
          </div>
        </div>
      ) : null}

      <section className="menu-editor__section" aria-labelledby={`${ids}-show`}>
        <h3 id={`${ids}-show`} className="menu-editor__section-title">
          Cómo se muestra
        </h3>
        <CheckField
          label="Visible en la tienda"
          checked={plate.visible}
          hint="Si lo ocultás, tus clientes no lo ven hasta que lo vuelvas a mostrar."
          onChange={(visible) => set({ visible })}
        />
        <CheckField
          label="Destacado"
          checked={isPlateIn(draft, key, 'remarked')}
          hint={
            featuredFull('remarked')
              ? 'Ya tenés 30 platos destacados: quitá uno para sumar este.'
              : 'Aparece en «Lo más destacado», arriba de tu menú.'
          }
          onChange={(on) => (on && featuredFull('remarked') ? undefined : mark('remarked', on))}
        />
        <CheckField
          label="Recomendado en el carrito"
          checked={isPlateIn(draft, key, 'upsold')}
          hint={
            featuredFull('upsold')
              ? 'Ya tenés 30 platos recomendados: quitá uno para sumar este.'
              : 'Se sugiere en «Te recomendamos» antes de confirmar el pedido.'
          }
          onChange={(on) => (on && featuredFull('upsold') ? undefined : mark('upsold', on))}
        />
      </section>

      <section className="menu-editor__section" aria-labelledby={`${ids}-stock`}>
        <h3 id={`${ids}-stock`} className="menu-editor__section-title">
          Stock
        </h3>
        {plate.id === undefined ? (
          <CheckField
            label="Sin stock por ahora"
            checked={plate.outOfStock}
            hint="Después de publicarlo, el stock del día se cambia desde Pedidos."
            onChange={(outOfStock) => set({ outOfStock })}
          />
        ) : (
          <p className="menu-editor__stock">
            <span
              className={`menu-editor__badge ${plate.outOfStock ? 'menu-editor__badge--stock' : 'menu-editor__badge--ok'}`}
            >
              {plate.outOfStock ? 'Sin stock' : 'Con stock'}
            </span>
            <span className="back-office__hint">El stock del día se cambia desde Pedidos.</span>
          </p>
        )}
      </section>

      <IndicatorPicker
        indicators={draft.indicators}
        selected={plate.indicators}
        problem={problems.under(`${path}.indicators`)[0]?.message}
        onToggle={(indicatorKey) => edit((d) => togglePlateIndicator(d, key, indicatorKey))}
        onCreate={(fields) =>
          edit((d) => {
            const added = addIndicator(d, fields);
            return togglePlateIndicator(added.draft, key, added.key);
          })
        }
      />

      <SizesSection plate={plate} path={path} problems={problems} decimals={decimals} change={change} />
      <GarnishGroupsSection
        plate={plate}
        path={path}
        problems={problems}
        decimals={decimals}
        change={change}
      />

      <section className="menu-editor__section" aria-labelledby={`${ids}-more`}>
        <h3 id={`${ids}-more`} className="menu-editor__section-title">
          Límite por pedido
        </h3>
        <WholeField
          label="Cantidad máxima"
          path={`${path}.maxQuantity`}
          value={plate.maxQuantity}
          optional
          placeholder="Sin límite"
          hint="Cuántas unidades de este plato puede llevar un cliente en un pedido. Vacío: sin límite."
          problem={problems.at(`${path}.maxQuantity`)}
          onChange={(maxQuantity) => set({ maxQuantity })}
        />
      </section>
      {problems.under(path).length ? (
        <p className="menu-editor__form-summary" role="status">
          Este plato tiene{' '}
          {problems.under(path).length === 1 ? '1 dato' : `${problems.under(path).length} datos`} para
          revisar.{' '}
          <button
            type="button"
            className="menu-editor__text-button"
            onClick={() => focusField(problems.under(path)[0]?.path ?? path)}
          >
            Ir al primero
          </button>
        </p>
      ) : null}
    </form>
  );
}

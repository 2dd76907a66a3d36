import type { DraftCategory, DraftMenu, DraftPlate, MenuDraft } from '@comanda/core/back-office';
import { type ReactNode, useState } from 'react';
import { IconButton } from '../../ui/button.tsx';
import { IconPlus, IconStar } from '../../ui/icons.tsx';
import { platesCount } from './discount-text.ts';
import { moveCategoryBy, movePlateBy, reorderCategories, reorderPlates } from './draft-edits.ts';
import {
  IconAlert,
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconEyeOff,
  IconImage,
  IconPencil,
} from './editor-icons.tsx';
import type { ProblemIndex } from './editor-problems.ts';
import { DragHandle, SortableItem, SortableList } from './sortable.tsx';

interface ListProps {
  menu: DraftMenu;
  menuIndex: number;
  problems: ProblemIndex;
  money: (amount: number) => string;
  edit: (change: (draft: MenuDraft) => MenuDraft) => void;
  onOpenPlate: (plateKey: string) => void;
  onAddPlate: (categoryKey: string) => void;
  onEditCategory: (categoryKey: string) => void;
}

/** The menu's categories, each with its plates; both lists reorder by dragging or with 'Subir'/'Bajar'. */
export function CategoryList(props: ListProps) {
  const { menu, edit } = props;
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const ids = menu.categories.map((category) => category.key);
  const names = new Map(
    menu.categories.map((category) => [category.key, category.name || 'Categoría sin nombre']),
  );

  function toggle(key: string) {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }

  return (
    <SortableList
      ids={ids}
      labelOf={(id) => names.get(id) ?? id}
      onReorder={(active, over) => edit((draft) => reorderCategories(draft, active, over))}
    >
      <ol className="menu-editor__categories" aria-label={`Categorías de ${menu.name || 'tu menú'}`}>
        {menu.categories.map((category, c) => (
          <SortableItem key={category.key} id={category.key} className="menu-editor__category">
            {(handle) => (
              <CategoryCard
                {...props}
                category={category}
                index={c}
                count={menu.categories.length}
                open={!collapsed.has(category.key)}
                onToggle={() => toggle(category.key)}
                handle={
                  <DragHandle handle={handle} label={`Mover la categoría ${names.get(category.key)}`} />
                }
              />
            )}
          </SortableItem>
        ))}
      </ol>
    </SortableList>
  );
}

function CategoryCard({
  category,
  index,
  count,
  open,
  onToggle,
  handle,
  menu,
  menuIndex,
  problems,
  money,
  edit,
  onOpenPlate,
  onAddPlate,
  onEditCategory,
}: ListProps & {
  category: DraftCategory;
  index: number;
  count: number;
  open: boolean;
  onToggle: () => void;
  handle: ReactNode;
}) {
  const name = category.name || 'Categoría sin nombre';
  const path = `menus.${menuIndex}.categories.${index}`;
  const ownProblems = problems.under(path).length;
  const bodyId = `menu-category-${category.key}`;
  const plateNames = new Map(category.plates.map((plate) => [plate.key, plate.name || 'Plato sin nombre']));
  return (
    <>
      <div className="menu-editor__category-head">
        {handle}
        <button
          type="button"
          className="menu-editor__category-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          <span className="menu-editor__category-name">
            <IconChevronDown className="menu-editor__chevron" size={20} />
            <span className="user-text">{name}</span>
          </span>
          <span className="menu-editor__meta">
            <span>{platesCount(category.plates.length)}</span>
            {category.visible ? null : (
              <span className="menu-editor__badge menu-editor__badge--muted">
                <IconEyeOff size={14} /> Oculta
              </span>
            )}
            {ownProblems ? (
              <span className="menu-editor__badge menu-editor__badge--problem">
                <IconAlert size={14} /> {ownProblems === 1 ? '1 para revisar' : `${ownProblems} para revisar`}
              </span>
            ) : null}
          </span>
        </button>
        <div className="menu-editor__row-actions">
          <IconButton
            label={`Subir la categoría ${name}`}
            className="menu-editor__icon-button menu-editor__wide-only"
            disabled={index === 0}
            onClick={() => edit((draft) => moveCategoryBy(draft, category.key, -1))}
          >
            <IconArrowUp size={20} />
          </IconButton>
          <IconButton
            label={`Bajar la categoría ${name}`}
            className="menu-editor__icon-button menu-editor__wide-only"
            disabled={index === count - 1}
            onClick={() => edit((draft) => moveCategoryBy(draft, category.key, 1))}
          >
            <IconArrowDown size={20} />
          </IconButton>
          <IconButton
            label={`Editar la categoría ${name}`}
            className="menu-editor__icon-button"
            onClick={() => onEditCategory(category.key)}
          >
            <IconPencil size={20} />
          </IconButton>
        </div>
      </div>
      <div id={bodyId} className="menu-editor__category-body" hidden={!open}>
        {category.description ? <p className="back-office__hint user-text">{category.description}</p> : null}
        {category.plates.length === 0 ? (
          <button
            type="button"
            className="menu-editor__empty-plates"
            onClick={() => onAddPlate(category.key)}
          >
            <IconPlus size={22} />
            <span>
              <strong>Agregá tu primer plato</strong>
              <span className="back-office__hint">Nombre, precio y foto: con eso ya se puede pedir.</span>
            </span>
          </button>
        ) : (
          <SortableList
            ids={category.plates.map((plate) => plate.key)}
            labelOf={(id) => plateNames.get(id) ?? id}
            onReorder={(active, over) => edit((draft) => reorderPlates(draft, active, over))}
          >
            <ol className="menu-editor__plates" aria-label={`Platos de ${name}`}>
              {category.plates.map((plate, p) => (
                <SortableItem key={plate.key} id={plate.key} className="menu-editor__plate">
                  {(plateHandle) => (
                    <PlateRow
                      plate={plate}
                      index={p}
                      count={category.plates.length}
                      featured={menu.remarked.includes(plate.key)}
                      upsold={menu.upsold.includes(plate.key)}
                      problemCount={problems.under(`${path}.plates.${p}`).length}
                      money={money}
                      onOpen={() => onOpenPlate(plate.key)}
                      onMove={(delta) => edit((draft) => movePlateBy(draft, plate.key, delta))}
                      handle={
                        <DragHandle
                          handle={plateHandle}
                          label={`Mover el plato ${plateNames.get(plate.key)}`}
                        />
                      }
                    />
                  )}
                </SortableItem>
              ))}
            </ol>
          </SortableList>
        )}
        {category.plates.length > 0 ? (
          <button
            type="button"
            id={addPlateId(category.key)}
            className="menu-editor__add-row"
            onClick={() => onAddPlate(category.key)}
          >
            <IconPlus size={20} /> Agregar plato a {name}
          </button>
        ) : null}
      </div>
    </>
  );
}

/** Ids of the controls focus goes back to when what had it is gone (a deleted plate's panel). */
export const plateRowId = (plateKey: string) => `menu-plate-${plateKey}`;
export const addPlateId = (categoryKey: string) => `menu-add-plate-${categoryKey}`;
export const ADD_CATEGORY_ID = 'menu-add-category';

/** 'desde $8.000' for a plate with sizes (the cheapest), as the storefront shows it. */
export function plateMoney(plate: DraftPlate, money: (amount: number) => string): string {
  const prices = plate.sizes.map((size) => size.price).filter(Number.isFinite);
  if (plate.sizes.length > 0 && prices.length > 0) return `desde ${money(Math.min(...prices))}`;
  return Number.isFinite(plate.price) ? money(plate.price) : 'Sin precio';
}

function PlateRow({
  plate,
  index,
  count,
  featured,
  upsold,
  problemCount,
  money,
  onOpen,
  onMove,
  handle,
}: {
  plate: DraftPlate;
  index: number;
  count: number;
  featured: boolean;
  upsold: boolean;
  problemCount: number;
  money: (amount: number) => string;
  onOpen: () => void;
  onMove: (delta: number) => void;
  handle: ReactNode;
}) {
  const name = plate.name || 'Plato sin nombre';
  return (
    <div className={`menu-editor__plate-row${plate.visible ? '' : ' is-hidden'}`}>
      {handle}
      <button type="button" id={plateRowId(plate.key)} className="menu-editor__plate-open" onClick={onOpen}>
        <span className="menu-editor__thumb" aria-hidden="true">
          {plate.imageUrl ? <img src={plate.imageUrl} alt="" loading="lazy" /> : <IconImage size={22} />}
        </span>
        <span className="menu-editor__plate-text">
          <span className="menu-editor__plate-name user-text">{name}</span>
          <span className="menu-editor__meta">
            <span className="menu-editor__price">{plateMoney(plate, money)}</span>
            {plate.visible ? null : (
              <span className="menu-editor__badge menu-editor__badge--muted">
                <IconEyeOff size={14} /> Oculto
              </span>
            )}
            {plate.outOfStock ? (
              <span className="menu-editor__badge menu-editor__badge--stock">Sin stock</span>
            ) : null}
            {featured ? (
              <span className="menu-editor__badge menu-editor__badge--featured">
                <IconStar size={13} /> Destacado
              </span>
            ) : null}
            {upsold ? <span className="menu-editor__badge">Recomendado</span> : null}
            {problemCount ? (
              <span className="menu-editor__badge menu-editor__badge--problem">
                <IconAlert size={14} />{' '}
                {problemCount === 1 ? '1 para revisar' : `${problemCount} para revisar`}
              </span>
            ) : null}
          </span>
        </span>
        <span className="sr-only">. Editar</span>
      </button>
      <div className="menu-editor__row-actions menu-editor__row-actions--wide">
        <IconButton
          label={`Subir el plato ${name}`}
          className="menu-editor__icon-button"
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <IconArrowUp size={20} />
        </IconButton>
        <IconButton
          label={`Bajar el plato ${name}`}
          className="menu-editor__icon-button"
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <IconArrowDown size={20} />
        </IconButton>
      </div>
    </div>
  );
}

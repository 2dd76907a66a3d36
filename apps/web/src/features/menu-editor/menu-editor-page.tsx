import { formatMoney, toMinor } from '@comanda/core';
import type { DraftProblem, MenuDraft } from '@comanda/core/back-office';
import type { ConsoleSession, MenuDraftState } from '@comanda/core/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { IconPlus } from '../../ui/icons.tsx';
import { backOfficeQueries } from '../back-office/back-office-api.ts';
import { type BackOfficePageProps, LoadFailed, OwnerShell } from '../back-office/owner-shell.tsx';
import { useContactCurrency } from '../menu/use-contact-currency.ts';
import { CategoryDialog } from './category-dialog.tsx';
import { ADD_CATEGORY_ID, addPlateId, CategoryList, plateRowId } from './category-list.tsx';
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog.tsx';
import { ADD_DISCOUNT_ID, DiscountEditor, DiscountsSection } from './discounts-section.tsx';
import {
  addCategory,
  addDiscount,
  addMenu,
  addPlate,
  categoryPath,
  DRAFT_LIMITS,
  deleteCategory,
  deleteDiscount,
  deletePlate,
  findCategory,
  findPlate,
  isBlankDiscount,
  isBlankPlate,
  moveCategoryBy,
  updateCategory,
} from './draft-edits.ts';
import { EditorBar } from './editor-bar.tsx';
import { IconExternal } from './editor-icons.tsx';
import { EditorNotices, MenuEditorSkeleton } from './editor-parts.tsx';
import { problemTarget } from './editor-problems.ts';
import { focusFieldSoon, refocusSoon } from './focus-field.ts';
import { PlateEditor } from './plate-editor.tsx';
import { type MenuEditorModel, useMenuEditor } from './use-menu-editor.ts';
import '../console/console.css';
import './menu-editor.css';

/**
 * `/console/menu`: the owner's menu editor. The menu is edited here as a draft (categories, plates,
 * discounts), saved as a draft and published when the owner says so; diners see nothing until then.
 */
export function MenuEditorPage({ go }: BackOfficePageProps) {
  // the draft is the owner's: a kitchen account is told so by the shell and never asks for it
  const session = useQuery(backOfficeQueries.session());
  const editor = useMenuEditor(session.data?.staff.role === 'OWNER');
  const [leaving, setLeaving] = useState<ConfirmRequest | null>(null);
  const { dirty } = editor;
  // the sections' links ask before leaving unsaved edits (the browser's own prompt covers reloads)
  const guardedGo = useCallback(
    (path: string) => {
      if (!dirty) {
        go(path);
        return;
      }
      setLeaving({
        title: '¿Salir sin guardar?',
        body: 'Tenés cambios en el menú que todavía no guardaste. Si salís ahora, se pierden.',
        confirmLabel: 'Salir sin guardar',
        cancelLabel: 'Seguir editando',
        danger: true,
        onConfirm: () => go(path),
      });
    },
    [dirty, go],
  );
  return (
    <>
      <OwnerShell go={guardedGo} current="/console/menu" title="Menú">
        {(session) => <MenuEditorScreen editor={editor} session={session} />}
      </OwnerShell>
      <ConfirmDialog request={leaving} onClose={() => setLeaving(null)} />
    </>
  );
}

function MenuEditorScreen({ editor, session }: { editor: MenuEditorModel; session: ConsoleSession }) {
  const { draft, state, query } = editor;
  if (!draft || !state) {
    if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
    return <MenuEditorSkeleton />;
  }
  return <EditorContent editor={editor} draft={draft} state={state} session={session} />;
}

type CategoryDialogState = { mode: 'create'; menuKey: string } | { mode: 'edit'; key: string };

function EditorContent({
  editor,
  draft,
  state,
  session,
}: {
  editor: MenuEditorModel;
  draft: MenuDraft;
  state: MenuDraftState;
  session: ConsoleSession;
}) {
  const { edit, problems, busy } = editor;
  const firstContact = session.contacts[0];
  const contactCurrency = useContactCurrency(firstContact ?? { country: 'ar', currency: state.currency });
  const currency = useMemo(
    () => ({ code: state.currency, symbol: contactCurrency.symbol, decimals: state.currencyDecimals }),
    [state.currency, state.currencyDecimals, contactCurrency.symbol],
  );
  const money = useCallback(
    (amount: number) => formatMoney(toMinor(amount, currency.decimals), currency),
    [currency],
  );

  const [menuIndex, setMenuIndex] = useState(0);
  const [tab, setTab] = useState<'menu' | 'discounts'>('menu');
  const [categoryDialog, setCategoryDialog] = useState<CategoryDialogState | null>(null);
  const [plateOpen, setPlateOpen] = useState<{ key: string; isNew: boolean } | null>(null);
  const [discountOpen, setDiscountOpen] = useState<{ index: number; isNew: boolean } | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const m = Math.min(menuIndex, Math.max(0, draft.menus.length - 1));
  const menu = draft.menus[m];

  // ---- plates
  function openNewPlate(categoryKey: string) {
    const added = addPlate(draft, categoryKey);
    edit(() => added.draft);
    setPlateOpen({ key: added.key, isNew: true });
    const place = findPlate(added.draft, added.key);
    if (place) focusFieldSoon(`menus.${place.menu}.categories.${place.category}.plates.${place.plate}.name`);
  }
  function closePlate() {
    const open = plateOpen;
    setPlateOpen(null);
    if (!open) return;
    refocusAfterPlate(open.key);
    if (!open.isNew) return;
    // a plate added and left blank goes away instead of staying as an empty row with problems
    edit((current) => {
      const plate = findPlate(current, open.key)?.value;
      return plate && isBlankPlate(plate) ? deletePlate(current, open.key) : current;
    });
  }
  /** Focus back on the plate's row, or on its category's 'Agregar plato' when the plate is gone. */
  function refocusAfterPlate(plateKey: string) {
    const place = findPlate(draft, plateKey);
    const categoryKey = place ? draft.menus[place.menu]?.categories[place.category]?.key : undefined;
    refocusSoon([plateRowId(plateKey), ...(categoryKey ? [addPlateId(categoryKey)] : []), ADD_CATEGORY_ID]);
  }
  function askDeletePlate(plateKey: string) {
    const plate = findPlate(draft, plateKey)?.value;
    if (plate && isBlankPlate(plate)) {
      setPlateOpen(null);
      refocusAfterPlate(plateKey);
      edit((current) => deletePlate(current, plateKey));
      return;
    }
    setConfirm({
      title: `¿Eliminar ${plate?.name.trim() || 'este plato'}?`,
      body: 'Deja de estar en tu menú cuando publiques. Hasta entonces podés descartar los cambios.',
      confirmLabel: 'Eliminar plato',
      danger: true,
      onConfirm: () => {
        setPlateOpen(null);
        refocusAfterPlate(plateKey);
        edit((current) => deletePlate(current, plateKey));
      },
    });
  }

  // ---- categories
  const dialogCategory = categoryDialog?.mode === 'edit' ? findCategory(draft, categoryDialog.key) : null;
  function askDeleteCategory(categoryKey: string) {
    const category = findCategory(draft, categoryKey)?.value;
    if (!category) return;
    const count = category.plates.length;
    setConfirm({
      title: `¿Eliminar la categoría ${category.name.trim() || 'sin nombre'}?`,
      body:
        count === 0
          ? 'La categoría no tiene platos.'
          : `También se eliminan ${count === 1 ? 'su plato' : `sus ${count} platos`}. Si solo querés que no se vea, ocultala.`,
      confirmLabel: 'Eliminar categoría',
      danger: true,
      onConfirm: () => {
        setCategoryDialog(null);
        refocusSoon([ADD_CATEGORY_ID]);
        edit((current) => deleteCategory(current, categoryKey));
      },
    });
  }

  // ---- discounts
  function openNewDiscount() {
    const added = addDiscount(draft);
    edit(() => added.draft);
    setDiscountOpen({ index: added.index, isNew: true });
    focusFieldSoon(`menuDiscounts.${added.index}.name`);
  }
  function closeDiscount() {
    const open = discountOpen;
    setDiscountOpen(null);
    if (!open?.isNew) return;
    refocusSoon([ADD_DISCOUNT_ID]);
    edit((current) => {
      const discount = current.menuDiscounts[open.index];
      return discount && isBlankDiscount(discount) ? deleteDiscount(current, open.index) : current;
    });
  }
  function askDeleteDiscount(index: number) {
    const discount = draft.menuDiscounts[index];
    if (!discount) return;
    setConfirm({
      title: `¿Eliminar el descuento ${discount.name.trim() || 'sin nombre'}?`,
      body: 'Si solo querés frenarlo por un tiempo, desactivalo.',
      confirmLabel: 'Eliminar descuento',
      danger: true,
      onConfirm: () => {
        setDiscountOpen(null);
        refocusSoon([ADD_DISCOUNT_ID]);
        edit((current) => deleteDiscount(current, index));
      },
    });
  }

  // ---- the bar
  function showProblem(problem: DraftProblem) {
    const target = problemTarget(problem.path);
    if (target.kind === 'plate') {
      const key = draft.menus[target.menu]?.categories[target.category]?.plates[target.plate]?.key;
      if (!key) return;
      setTab('menu');
      setMenuIndex(target.menu);
      setPlateOpen({ key, isNew: false });
      focusFieldSoon(problem.path);
    } else if (target.kind === 'category') {
      const key = draft.menus[target.menu]?.categories[target.category]?.key;
      if (!key) return;
      setTab('menu');
      setMenuIndex(target.menu);
      setCategoryDialog({ mode: 'edit', key });
    } else if (target.kind === 'discount') {
      setTab('discounts');
      setDiscountOpen({ index: target.discount, isNew: false });
      focusFieldSoon(problem.path);
    }
  }
  function askDiscard() {
    setConfirm({
      title: '¿Descartar los cambios?',
      body: state.hasChanges
        ? 'Se borra el borrador guardado y volvés al menú que ven tus clientes.'
        : 'Se pierden los cambios que no guardaste y volvés al menú que ven tus clientes.',
      confirmLabel: 'Descartar cambios',
      danger: true,
      onConfirm: () => void editor.discard(),
    });
  }

  const savedNote = state.updatedAt ? savedText(state, firstContact?.timeZone) : null;
  const locked = busy === 'publishing' || busy === 'discarding' || busy === 'reloading';
  const { aliases, open } = useShopAliases(session);

  return (
    <div className="menu-editor">
      <EditorBar
        draft={draft}
        busy={busy}
        dirty={editor.dirty}
        hasChanges={state.hasChanges}
        savedNote={savedNote}
        problems={problems.all}
        onSave={() => void editor.save()}
        onPublish={() => void editor.publish()}
        onDiscard={askDiscard}
        onShowProblem={showProblem}
        stale={editor.notice?.kind === 'conflict'}
        shopOpen={open}
      />
      <EditorNotices
        notice={editor.notice}
        aliases={aliases}
        shopOpen={open}
        busy={busy}
        onDismiss={editor.dismissNotice}
        onReload={() => void editor.reload()}
      />
      <div className="menu-editor__content" inert={locked}>
        {draft.menus.length === 0 ? (
          <div className="menu-editor__empty back-office__card">
            <h2 className="menu-editor__empty-title">Armá tu menú</h2>
            <p className="back-office__hint">
              Tu tienda todavía no tiene menú. Creá uno y sumale categorías y platos.
            </p>
            <Button onClick={() => edit((current) => addMenu(current, 'Carta').draft)}>
              <IconPlus size={20} /> Crear menú
            </Button>
          </div>
        ) : (
          <>
            <div className="menu-editor__toolbar">
              {draft.menus.length > 1 ? (
                <div className="back-office__field menu-editor__menu-select">
                  <label className="back-office__label" htmlFor="menu-editor-menu">
                    Menú
                  </label>
                  <select
                    id="menu-editor-menu"
                    className="back-office__select"
                    value={m}
                    onChange={(event) => setMenuIndex(Number(event.target.value))}
                  >
                    {draft.menus.map((item, i) => (
                      <option key={item.key} value={i}>
                        {item.name || `Menú ${i + 1}`}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
              <Tabs
                tab={tab}
                onChange={setTab}
                discounts={draft.menuDiscounts.length}
                plates={menu?.categories.reduce((sum, category) => sum + category.plates.length, 0) ?? 0}
              />
            </div>
            {tab === 'menu' && menu ? (
              <div id="menu-editor-panel-menu" role="tabpanel" aria-labelledby="menu-editor-tab-menu">
                {menu.categories.length === 0 ? (
                  <div className="menu-editor__empty back-office__card">
                    <h2 className="menu-editor__empty-title">Agregá tu primera categoría</h2>
                    <p className="back-office__hint">
                      Las categorías ordenan tu carta: Pizzas, Empanadas, Bebidas, Postres. Después sumás los
                      platos de cada una.
                    </p>
                    <Button onClick={() => setCategoryDialog({ mode: 'create', menuKey: menu.key })}>
                      <IconPlus size={20} /> Agregar categoría
                    </Button>
                  </div>
                ) : (
                  <>
                    <p className="back-office__hint menu-editor__drag-hint">
                      Arrastrá desde <span aria-hidden="true">⠿</span> para ordenar categorías y platos, o usá
                      las flechas. Abrí un plato para editarlo.
                    </p>
                    <CategoryList
                      menu={menu}
                      menuIndex={m}
                      problems={problems}
                      money={money}
                      edit={edit}
                      onOpenPlate={(key) => setPlateOpen({ key, isNew: false })}
                      onAddPlate={openNewPlate}
                      onEditCategory={(key) => setCategoryDialog({ mode: 'edit', key })}
                    />
                    <button
                      type="button"
                      id={ADD_CATEGORY_ID}
                      className="menu-editor__add-category"
                      disabled={menu.categories.length >= DRAFT_LIMITS.categories}
                      onClick={() => setCategoryDialog({ mode: 'create', menuKey: menu.key })}
                    >
                      <IconPlus size={22} /> Agregar categoría
                    </button>
                  </>
                )}
              </div>
            ) : null}
            {tab === 'discounts' ? (
              <div
                id="menu-editor-panel-discounts"
                role="tabpanel"
                aria-labelledby="menu-editor-tab-discounts"
                className="back-office__card"
              >
                <DiscountsSection
                  draft={draft}
                  problems={problems}
                  money={money}
                  edit={edit}
                  onAdd={openNewDiscount}
                  onOpen={(index) => setDiscountOpen({ index, isNew: false })}
                />
              </div>
            ) : null}
          </>
        )}
        {aliases.length ? (
          <p className="menu-editor__shop-link back-office__hint">
            Tu tienda:{' '}
            {aliases.map((alias) => (
              <a key={alias} href={`/menu/${alias}`} target="_blank" rel="noopener">
                /menu/{alias} <IconExternal size={14} />
                <span className="sr-only"> (se abre en otra pestaña)</span>
              </a>
            ))}
          </p>
        ) : null}
      </div>

      {categoryDialog ? (
        <CategoryDialog
          key={categoryDialog.mode === 'edit' ? categoryDialog.key : 'new'}
          open
          mode={categoryDialog.mode}
          initial={
            dialogCategory
              ? {
                  name: dialogCategory.value.name,
                  description: dialogCategory.value.description ?? '',
                  visible: dialogCategory.value.visible,
                }
              : { name: '', description: '', visible: true }
          }
          path={
            dialogCategory
              ? categoryPath(dialogCategory)
              : `menus.${m}.categories.${menu?.categories.length ?? 0}`
          }
          problem={dialogCategory ? problems.at(`${categoryPath(dialogCategory)}.name`) : undefined}
          onClose={() => setCategoryDialog(null)}
          onDelete={dialogCategory ? () => askDeleteCategory(dialogCategory.value.key) : undefined}
          position={
            dialogCategory
              ? {
                  index: dialogCategory.category,
                  count: draft.menus[dialogCategory.menu]?.categories.length ?? 1,
                  onMove: (delta) =>
                    edit((current) => moveCategoryBy(current, dialogCategory.value.key, delta)),
                }
              : undefined
          }
          onSubmit={(fields) => {
            if (categoryDialog.mode === 'edit')
              edit((current) => updateCategory(current, categoryDialog.key, fields));
            else edit((current) => addCategory(current, categoryDialog.menuKey, fields).draft);
            setCategoryDialog(null);
          }}
        />
      ) : null}
      {plateOpen ? (
        <PlateEditor
          key={plateOpen.key}
          draft={draft}
          plateKey={plateOpen.key}
          isNew={plateOpen.isNew}
          problems={problems}
          decimals={currency.decimals}
          edit={edit}
          onClose={closePlate}
          onDelete={askDeletePlate}
        />
      ) : null}
      {discountOpen ? (
        <DiscountEditor
          key={discountOpen.index}
          draft={draft}
          index={discountOpen.index}
          isNew={discountOpen.isNew}
          problems={problems}
          decimals={currency.decimals}
          edit={edit}
          onClose={closeDiscount}
          onDelete={askDeleteDiscount}
        />
      ) : null}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}

/**
 * The shop links to show: the session's contacts, or the owner's shops when the session lists none
 * (a shop that has not opened yet).
 */
/**
 * The shops' links, and whether any is open: the session lists open shops only, so a new owner's closed
 * shop comes from the owner's shop list (diners see the menu once the shop opens).
 */
function useShopAliases(session: ConsoleSession): { aliases: string[]; open: boolean } {
  const fromSession = session.contacts.map((contact) => contact.alias);
  const shops = useQuery({ ...backOfficeQueries.shops(), enabled: fromSession.length === 0 });
  if (fromSession.length) return { aliases: fromSession, open: true };
  return { aliases: (shops.data ?? []).map((shop) => shop.alias), open: false };
}

/** 'Platos' and 'Descuentos' as tabs (arrow keys move between them). */
function Tabs({
  tab,
  onChange,
  plates,
  discounts,
}: {
  tab: 'menu' | 'discounts';
  onChange: (tab: 'menu' | 'discounts') => void;
  plates: number;
  discounts: number;
}) {
  const tabs = [
    { id: 'menu' as const, label: 'Platos', count: plates },
    { id: 'discounts' as const, label: 'Descuentos', count: discounts },
  ];
  return (
    <div className="menu-editor__tabs" role="tablist" aria-label="Qué editar">
      {tabs.map((item) => (
        <button
          key={item.id}
          type="button"
          role="tab"
          id={`menu-editor-tab-${item.id}`}
          aria-selected={tab === item.id}
          aria-controls={`menu-editor-panel-${item.id}`}
          tabIndex={tab === item.id ? 0 : -1}
          className="menu-editor__tab"
          onClick={() => onChange(item.id)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
            const next = item.id === 'menu' ? 'discounts' : 'menu';
            onChange(next);
            document.getElementById(`menu-editor-tab-${next}`)?.focus();
          }}
        >
          {item.label}
          <span className="menu-editor__tab-count">{item.count}</span>
        </button>
      ))}
    </div>
  );
}

/** 'Borrador guardado el 25/11 a las 18:05 por Mateo Rossi'. */
function savedText(state: MenuDraftState, timeZone: string | undefined): string {
  const when = state.updatedAt ? new Date(state.updatedAt) : null;
  if (!when || Number.isNaN(when.getTime())) return 'Borrador guardado.';
  const zone = timeZone ? { timeZone } : {};
  const day = new Intl.DateTimeFormat('es-AR', { day: '2-digit', month: '2-digit', ...zone }).format(when);
  const time = new Intl.DateTimeFormat('es-AR', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    ...zone,
  }).format(when);
  return `Borrador guardado el ${day} a las ${time}${state.updatedBy ? ` por ${state.updatedBy}` : ''}.`;
}

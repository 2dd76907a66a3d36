import { BACK_OFFICE_MESSAGES } from '@comanda/core/back-office';
import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { type CategoryFields, DRAFT_LIMITS } from './draft-edits.ts';
import { IconArrowDown, IconArrowUp } from './editor-icons.tsx';
import { CheckField, TextField } from './fields.tsx';

/**
 * A category's name, description and visibility: a small form of its own, applied with its button
 * (Escape or 'Cancelar' leave the category as it was). Creating one uses the same form.
 */
export function CategoryDialog({
  open,
  mode,
  initial,
  path,
  problem,
  onSubmit,
  onDelete,
  onClose,
  position,
}: {
  open: boolean;
  mode: 'create' | 'edit';
  initial: CategoryFields;
  /** the category's draft path (for ids); a new one's is where it will land */
  path: string;
  /** a problem the saved draft already has on the name */
  problem?: string;
  onSubmit: (fields: CategoryFields) => void;
  onDelete?: () => void;
  onClose: () => void;
  /** an existing category's place in its menu, with 'Subir' and 'Bajar' (applied at once) */
  position?: { index: number; count: number; onMove: (delta: number) => void };
}) {
  const [fields, setFields] = useState(initial);
  const [tried, setTried] = useState(false);
  const nameProblem =
    fields.name.trim() === '' && (tried || problem) ? BACK_OFFICE_MESSAGES.nameRequired : undefined;
  const formId = `${path}-form`;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (fields.name.trim() === '') {
      document.getElementById(`menu-field-${path.replace(/\./g, '-')}-name`)?.focus();
      return;
    }
    onSubmit(fields);
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={mode === 'create' ? 'Nueva categoría' : 'Editar categoría'}
      className="console-dialog menu-editor-dialog"
      footer={
        <div className="menu-editor__dialog-actions">
          {onDelete ? (
            <Button variant="ghost" className="menu-editor__danger" onClick={onDelete}>
              Eliminar categoría
            </Button>
          ) : null}
          <span className="menu-editor__spacer" />
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" form={formId}>
            {mode === 'create' ? 'Agregar categoría' : 'Guardar'}
          </Button>
        </div>
      }
    >
      <form id={formId} className="menu-editor__form" onSubmit={submit} noValidate>
        <TextField
          label="Nombre"
          path={`${path}.name`}
          value={fields.name}
          maxLength={DRAFT_LIMITS.nameLength}
          placeholder="Por ejemplo: Pizzas, Empanadas, Bebidas"
          problem={nameProblem}
          onChange={(name) => setFields({ ...fields, name })}
        />
        <TextField
          label="Descripción (opcional)"
          path={`${path}.description`}
          value={fields.description}
          multiline
          maxLength={DRAFT_LIMITS.descriptionLength}
          hint="Se muestra debajo del nombre de la categoría en tu tienda."
          onChange={(description) => setFields({ ...fields, description })}
        />
        {position ? (
          <div className="menu-editor__position">
            <span className="back-office__hint" aria-live="polite">
              Lugar {position.index + 1} de {position.count} en el menú
            </span>
            <div className="menu-editor__inline-actions">
              <Button variant="secondary" disabled={position.index === 0} onClick={() => position.onMove(-1)}>
                <IconArrowUp size={18} /> Subir
              </Button>
              <Button
                variant="secondary"
                disabled={position.index >= position.count - 1}
                onClick={() => position.onMove(1)}
              >
                <IconArrowDown size={18} /> Bajar
              </Button>
            </div>
          </div>
        ) : null}
        <CheckField
          label="Visible en la tienda"
          checked={fields.visible}
          hint="Si la ocultás, tus clientes no ven la categoría ni sus platos."
          onChange={(visible) => setFields({ ...fields, visible })}
        />
      </form>
    </Modal>
  );
}

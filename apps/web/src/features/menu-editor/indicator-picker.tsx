import { BACK_OFFICE_MESSAGES, type DraftIndicator } from '@comanda/core/back-office';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { IconCheck, IconPlus } from '../../ui/icons.tsx';
import { DRAFT_LIMITS, type IndicatorFields } from './draft-edits.ts';

/**
 * The branch's indicators ('Vegetariana', 'Sin TACC') as chips the plate turns on and off, and a small
 * form to create one with its colours.
 */
export function IndicatorPicker({
  indicators,
  selected,
  problem,
  onToggle,
  onCreate,
}: {
  indicators: readonly DraftIndicator[];
  selected: readonly string[];
  problem?: string;
  onToggle: (key: string) => void;
  onCreate: (fields: IndicatorFields) => void;
}) {
  const titleId = useId();
  const [creating, setCreating] = useState(false);
  return (
    <section className="menu-editor__section" aria-labelledby={titleId}>
      <div className="menu-editor__section-head">
        <h3 id={titleId} className="menu-editor__section-title">
          Indicadores
        </h3>
        <p className="back-office__hint">Etiquetas que ayudan a elegir: vegetariano, sin TACC, picante.</p>
      </div>
      {indicators.length ? (
        <ul className="menu-editor__chips">
          {indicators.map((indicator) => {
            const on = selected.includes(indicator.key);
            return (
              <li key={indicator.key}>
                <button
                  type="button"
                  className={`menu-editor__chip${on ? ' is-on' : ''}`}
                  aria-pressed={on}
                  style={
                    on ? { background: indicator.backgroundColor, color: indicator.textColor } : undefined
                  }
                  disabled={!on && selected.length >= DRAFT_LIMITS.plateIndicators}
                  onClick={() => onToggle(indicator.key)}
                >
                  {on ? <IconCheck size={16} /> : null}
                  <span className="user-text">{indicator.showName || 'Sin nombre'}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="back-office__hint">Todavía no tenés indicadores.</p>
      )}
      {problem ? <p className="back-office__error">{problem}</p> : null}
      {creating ? (
        <NewIndicatorForm
          onCancel={() => setCreating(false)}
          onCreate={(fields) => {
            onCreate(fields);
            setCreating(false);
          }}
        />
      ) : (
        <button
          type="button"
          className="menu-editor__add-row"
          disabled={indicators.length >= DRAFT_LIMITS.indicators}
          onClick={() => setCreating(true)}
        >
          <IconPlus size={20} /> Crear indicador
        </button>
      )}
    </section>
  );
}

function NewIndicatorForm({
  onCreate,
  onCancel,
}: {
  onCreate: (fields: IndicatorFields) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [fields, setFields] = useState<IndicatorFields>({
    showName: '',
    backgroundColor: '#0f766e',
    textColor: '#ffffff',
  });
  const [tried, setTried] = useState(false);
  const nameProblem = tried && !fields.showName.trim() ? BACK_OFFICE_MESSAGES.nameRequired : undefined;

  // a form inside the plate's panel, without a <form> (the panel's fields are not one): Enter adds
  function submit(event?: FormEvent) {
    event?.preventDefault();
    setTried(true);
    if (!fields.showName.trim()) {
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    onCreate(fields);
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form nested in the plate's fields would be invalid HTML
    <div className="menu-editor__new-indicator" role="group" aria-label="Nuevo indicador">
      <div className="back-office__field">
        <label className="back-office__label" htmlFor={`${id}-name`}>
          Nombre del indicador
        </label>
        <input
          id={`${id}-name`}
          className="back-office__input"
          type="text"
          maxLength={DRAFT_LIMITS.nameLength}
          placeholder="Picante"
          value={fields.showName}
          aria-invalid={nameProblem ? true : undefined}
          aria-describedby={nameProblem ? `${id}-error` : undefined}
          // biome-ignore lint/a11y/noAutofocus: the owner just asked for this form
          autoFocus
          onChange={(event) => setFields({ ...fields, showName: event.target.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit(event);
          }}
        />
        {nameProblem ? (
          <span id={`${id}-error`} className="back-office__error">
            {nameProblem}
          </span>
        ) : null}
      </div>
      <div className="menu-editor__pair">
        <label className="menu-editor__color" htmlFor={`${id}-bg`}>
          <input
            id={`${id}-bg`}
            type="color"
            value={fields.backgroundColor}
            onChange={(event) => setFields({ ...fields, backgroundColor: event.target.value })}
          />
          <span>Color de fondo</span>
        </label>
        <label className="menu-editor__color" htmlFor={`${id}-text`}>
          <input
            id={`${id}-text`}
            type="color"
            value={fields.textColor}
            onChange={(event) => setFields({ ...fields, textColor: event.target.value })}
          />
          <span>Color del texto</span>
        </label>
      </div>
      <p className="menu-editor__preview-line">
        <span className="back-office__hint">Así se ve:</span>
        <span
          className="menu-editor__chip is-on menu-editor__chip--preview"
          style={{ background: fields.backgroundColor, color: fields.textColor }}
        >
          {fields.showName.trim() || 'Picante'}
        </span>
      </p>
      <div className="menu-editor__inline-actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
        <Button onClick={() => submit()}>Agregar indicador</Button>
      </div>
    </div>
  );
}

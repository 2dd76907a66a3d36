import type { DraftProblem, MenuDraft } from '@comanda/core/back-office';
import { useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { IconAlert } from './editor-icons.tsx';
import { problemPlace } from './editor-problems.ts';
import type { EditorBusy } from './use-menu-editor.ts';

const SHOWN_PROBLEMS = 8;

/**
 * Where the menu stands and what to do with it: 'Publicado', 'Cambios sin publicar' or 'Guardando…',
 * with 'Guardar borrador', 'Publicar cambios' and 'Descartar cambios'. Sticky at the top on a desktop
 * and at the bottom on a phone (where the thumb is), so it is never a scroll away. While the draft has
 * problems the bar says how many and lists them; saving waits until they are fixed.
 */
export function EditorBar({
  draft,
  busy,
  dirty,
  hasChanges,
  savedNote,
  problems,
  onSave,
  onPublish,
  onDiscard,
  onShowProblem,
  stale,
  shopOpen,
}: {
  draft: MenuDraft;
  busy: EditorBusy;
  dirty: boolean;
  hasChanges: boolean;
  /** 'Borrador guardado a las 18:05 por Mateo' */
  savedNote: string | null;
  problems: readonly DraftProblem[];
  onSave: () => void;
  onPublish: () => void;
  onDiscard: () => void;
  onShowProblem: (problem: DraftProblem) => void;
  /** someone else saved meanwhile: nothing can be saved over their version until a reload */
  stale: boolean;
  /** whether diners can reach a shop of the branch (a new shop stays closed until it opens) */
  shopOpen: boolean;
}) {
  const listId = useId();
  const [listOpen, setListOpen] = useState(false);
  const pending = dirty || hasChanges;
  const status =
    busy === 'saving'
      ? 'Guardando…'
      : busy === 'publishing'
        ? 'Publicando…'
        : busy === 'discarding'
          ? 'Descartando…'
          : pending
            ? 'Cambios sin publicar'
            : 'Publicado';
  const tone = busy ? 'busy' : pending ? 'pending' : 'published';
  const detail = dirty
    ? 'Sin guardar todavía.'
    : hasChanges
      ? (savedNote ?? 'Borrador guardado.')
      : shopOpen
        ? 'Tus clientes ven este menú.'
        : 'Tus clientes lo van a ver cuando abras la tienda.';
  const blocked = problems.length > 0;
  const locked = blocked || stale || busy !== null;

  return (
    <section
      className={`menu-editor__bar${pending || blocked ? ' is-active' : ''}`}
      aria-label="Estado del menú"
    >
      <div className="menu-editor__bar-status">
        <p className="menu-editor__state" role="status">
          <span className={`menu-editor__dot menu-editor__dot--${tone}`} aria-hidden="true" />
          <strong>{status}</strong>
        </p>
        <p className="back-office__hint menu-editor__bar-detail">{detail}</p>
      </div>
      {blocked ? (
        <button
          type="button"
          className="menu-editor__problems-toggle"
          aria-expanded={listOpen}
          aria-controls={listId}
          onClick={() => setListOpen(!listOpen)}
        >
          <IconAlert size={18} />
          <span>
            {problems.length}
            <span className="menu-editor__problems-why">{problems.length === 1 ? ' dato' : ' datos'}</span>{' '}
            para revisar<span className="menu-editor__problems-why"> antes de guardar</span>
          </span>
        </button>
      ) : null}
      <div className="menu-editor__bar-actions">
        {pending ? (
          <Button
            variant="ghost"
            className="menu-editor__discard"
            disabled={busy !== null}
            onClick={onDiscard}
          >
            Descartar cambios
          </Button>
        ) : null}
        <Button variant="secondary" disabled={!dirty || locked} onClick={onSave}>
          Guardar borrador
        </Button>
        <Button
          disabled={!pending || locked}
          aria-busy={busy === 'publishing' || undefined}
          onClick={onPublish}
        >
          Publicar cambios
        </Button>
      </div>
      {blocked && listOpen ? (
        <div id={listId} className="menu-editor__problems">
          <p className="menu-editor__problems-title">Corregí esto para poder guardar:</p>
          <ul>
            {problems.slice(0, SHOWN_PROBLEMS).map((problem) => (
              <li key={`${problem.path}\n${problem.message}`}>
                <button
                  type="button"
                  className="menu-editor__problem"
                  onClick={() => {
                    setListOpen(false);
                    onShowProblem(problem);
                  }}
                >
                  <span className="menu-editor__problem-place user-text">
                    {problemPlace(draft, problem.path)}
                  </span>
                  <span>{problem.message}</span>
                </button>
              </li>
            ))}
          </ul>
          {problems.length > SHOWN_PROBLEMS ? (
            <p className="back-office__hint">Y {problems.length - SHOWN_PROBLEMS} más.</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

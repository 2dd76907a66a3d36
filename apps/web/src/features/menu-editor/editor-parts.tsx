import { IconButton } from '../../ui/button.tsx';
import { IconCheck, IconClose } from '../../ui/icons.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { IconAlert, IconExternal } from './editor-icons.tsx';
import type { EditorBusy, EditorNotice } from './use-menu-editor.ts';

/** What the last save, publish or discard answered, above the editor. */
export function EditorNotices({
  notice,
  aliases,
  shopOpen,
  busy,
  onDismiss,
  onReload,
}: {
  notice: EditorNotice | null;
  aliases: string[];
  /** a closed shop's diners see the menu once it opens */
  shopOpen: boolean;
  busy: EditorBusy;
  onDismiss: () => void;
  onReload: () => void;
}) {
  if (!notice) return null;
  if (notice.kind === 'published')
    return (
      <div className="menu-editor__notice menu-editor__notice--ok" role="status">
        <IconCheck size={22} />
        <div className="menu-editor__notice-text">
          <strong>¡Listo! Publicaste tu menú.</strong>
          <span>
            {!shopOpen
              ? 'Tus clientes lo van a ver cuando abras la tienda, en:'
              : aliases.length
                ? 'Tus clientes ya lo ven en:'
                : 'Tus clientes ya lo ven en tu tienda.'}
          </span>
          {aliases.length ? (
            <ul className="menu-editor__notice-links">
              {aliases.map((alias) => (
                <li key={alias}>
                  <a href={`/menu/${alias}`} target="_blank" rel="noopener">
                    /menu/{alias} <IconExternal size={14} />
                    <span className="sr-only"> (se abre en otra pestaña)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <IconButton label="Cerrar aviso" className="menu-editor__icon-button" onClick={onDismiss}>
          <IconClose size={20} />
        </IconButton>
      </div>
    );
  if (notice.kind === 'discarded')
    return (
      <div className="menu-editor__notice menu-editor__notice--ok" role="status">
        <IconCheck size={22} />
        <div className="menu-editor__notice-text">
          <strong>Descartaste los cambios.</strong>
          <span>Estás viendo el menú que ven tus clientes.</span>
        </div>
        <IconButton label="Cerrar aviso" className="menu-editor__icon-button" onClick={onDismiss}>
          <IconClose size={20} />
        </IconButton>
      </div>
    );
  return (
    <div className="menu-editor__notice menu-editor__notice--error" role="alert">
      <IconAlert size={22} />
      <div className="menu-editor__notice-text">
        <span>{notice.message}</span>
        {notice.kind === 'conflict' ? (
          <span className="back-office__hint">Al recargar se pierden los cambios que no guardaste acá.</span>
        ) : null}
      </div>
      {notice.kind === 'conflict' ? (
        <button type="button" className="back-office__retry" disabled={busy !== null} onClick={onReload}>
          {busy === 'reloading' ? 'Recargando…' : 'Recargar'}
        </button>
      ) : (
        <IconButton label="Cerrar aviso" className="menu-editor__icon-button" onClick={onDismiss}>
          <IconClose size={20} />
        </IconButton>
      )}
    </div>
  );
}

/** The editor's shape while the draft loads: the bar, then a few categories with plates. */
export function MenuEditorSkeleton() {
  return (
    <LoadingRegion label="Cargando el menú…">
      <div className="menu-editor__skeleton">
        <Skeleton height={72} radius={12} />
        <Skeleton height={48} width="60%" radius={24} />
        {[3, 2].map((rows, c) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <div key={c} className="menu-editor__skeleton-card">
            <Skeleton height={22} width="40%" />
            {Array.from({ length: rows }, (_, p) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <div key={p} className="menu-editor__skeleton-row">
                <Skeleton width={56} height={56} radius={8} />
                <span className="menu-editor__skeleton-lines">
                  <Skeleton height={16} width="55%" />
                  <Skeleton height={14} width="30%" />
                </span>
              </div>
            ))}
          </div>
        ))}
      </div>
    </LoadingRegion>
  );
}

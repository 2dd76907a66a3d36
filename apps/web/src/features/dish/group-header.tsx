import { IconCheck } from '../../ui/icons.tsx';

export const MANDATORY_LABEL = 'Obligatorio';

export interface GroupHeaderProps {
  /** Prefix of the title and hint ids (`${id}-title`, `${id}-hint`). */
  id: string;
  title: string;
  hint: string;
  /** '2/3' for groups of more than one choice. */
  count?: string | null;
  mandatory: boolean;
  /** A mandatory group already satisfied shows a check beside 'Obligatorio'. */
  complete: boolean;
}

/** Title, what to choose, and the 'Obligatorio' badge of a size or garnish group. */
export function GroupHeader({ id, title, hint, count, mandatory, complete }: GroupHeaderProps) {
  return (
    <header className="dish-group__header">
      <div className="dish-group__titles">
        <h3 id={`${id}-title`} className="dish-group__title">
          {title}
        </h3>
        <p id={`${id}-hint`} className="dish-group__hint">
          {hint}
          {count ? <span className="dish-group__count"> · {count}</span> : null}
        </p>
      </div>
      {mandatory ? (
        <span className={`dish-group__badge${complete ? ' dish-group__badge--done' : ''}`}>
          {complete ? <IconCheck size={14} /> : null}
          {MANDATORY_LABEL}
        </span>
      ) : null}
    </header>
  );
}

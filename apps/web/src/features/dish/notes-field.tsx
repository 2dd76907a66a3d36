import { useId } from 'react';

export const NOTES_LABEL = 'Aclaraciones';
const NOTES_PLACEHOLDER = 'Ej.: sin cebolla, bien cocida';

/** Item notes; typing past the limit is simply not taken (the counter shows why). */
export function NotesField({
  value,
  limit,
  onChange,
}: {
  value: string;
  limit: number | null;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="dish-notes">
      <label className="dish-group__title" htmlFor={id}>
        {NOTES_LABEL} <span className="dish-notes__optional">(opcional)</span>
      </label>
      <textarea
        id={id}
        className="text-input dish-notes__input"
        rows={2}
        value={value}
        placeholder={NOTES_PLACEHOLDER}
        maxLength={limit ?? undefined}
        aria-describedby={limit !== null ? `${id}-count` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {limit !== null ? (
        <p id={`${id}-count`} className="dish-notes__count">
          {value.length}/{limit}
        </p>
      ) : null}
    </div>
  );
}

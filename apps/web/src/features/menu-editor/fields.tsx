import { type ReactNode, useEffect, useId, useState } from 'react';
import { amountText, parseAmount, parseWhole, sameAmount } from './amount-text.ts';
import { fieldId } from './editor-problems.ts';

/**
 * The editor's form fields: a real label, the hint and the problem under the input, tied to it with
 * aria-describedby, and the id of the draft path so the problems summary can take the owner there.
 */

interface FieldFrame {
  label: ReactNode;
  /** the draft path the field edits: its id and where its problem comes from */
  path: string;
  problem?: string;
  hint?: ReactNode;
  className?: string;
}

function useDescribedBy(path: string, problem: string | undefined, hint: ReactNode) {
  const id = fieldId(path);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, problem ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

function FieldNotes({
  hint,
  hintId,
  problem,
  errorId,
}: {
  hint: ReactNode;
  hintId: string;
  problem?: string;
  errorId: string;
}) {
  return (
    <>
      {hint ? (
        <span id={hintId} className="back-office__hint">
          {hint}
        </span>
      ) : null}
      {problem ? (
        <span id={errorId} className="back-office__error">
          {problem}
        </span>
      ) : null}
    </>
  );
}

export function TextField({
  label,
  path,
  problem,
  hint,
  className,
  value,
  onChange,
  multiline = false,
  maxLength,
  placeholder,
}: FieldFrame & {
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  maxLength?: number;
  placeholder?: string;
}) {
  const { id, hintId, errorId, describedBy } = useDescribedBy(path, problem, hint);
  const shared = {
    id,
    value,
    maxLength,
    placeholder,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <div className={`back-office__field ${className ?? ''}`}>
      <label className="back-office__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea
          {...shared}
          className="back-office__input menu-editor__textarea"
          rows={3}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          {...shared}
          className="back-office__input"
          type="text"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <FieldNotes hint={hint} hintId={hintId} problem={problem} errorId={errorId} />
    </div>
  );
}

/**
 * An amount in currency units. The owner's text is kept while it still means the draft's amount, so
 * typing '1.' on the way to '1.500' is not rewritten; an unreadable text is NaN in the draft, which the
 * problems mark.
 */
export function AmountField({
  label,
  path,
  problem,
  hint,
  className,
  value,
  onChange,
  decimals,
  prefix = '$',
}: FieldFrame & {
  value: number | null | undefined;
  onChange: (value: number) => void;
  decimals: number;
  prefix?: string;
}) {
  const { id, hintId, errorId, describedBy } = useDescribedBy(path, problem, hint);
  const [text, setText] = useState(() => amountText(value, decimals));
  useEffect(() => {
    setText((current) => (sameAmount(current, value, decimals) ? current : amountText(value, decimals)));
  }, [value, decimals]);
  return (
    <div className={`back-office__field ${className ?? ''}`}>
      <label className="back-office__label" htmlFor={id}>
        {label}
      </label>
      <span className="menu-editor__affixed">
        <span className="menu-editor__affix" aria-hidden="true">
          {prefix}
        </span>
        <input
          id={id}
          className="back-office__input"
          type="text"
          inputMode={decimals > 0 ? 'decimal' : 'numeric'}
          autoComplete="off"
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            onChange(parseAmount(event.target.value, decimals));
          }}
        />
      </span>
      <FieldNotes hint={hint} hintId={hintId} problem={problem} errorId={errorId} />
    </div>
  );
}

/** A whole number; empty is null when `optional`, else NaN (marked as a problem). */
export function WholeField({
  label,
  path,
  problem,
  hint,
  className,
  value,
  onChange,
  optional = false,
  suffix,
  placeholder,
}: FieldFrame & {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  optional?: boolean;
  suffix?: string;
  placeholder?: string;
}) {
  const { id, hintId, errorId, describedBy } = useDescribedBy(path, problem, hint);
  const shown = value == null || Number.isNaN(value) ? '' : String(value);
  const [text, setText] = useState(shown);
  useEffect(() => {
    setText((current) => {
      const parsed = parseWhole(current);
      const same = value == null || Number.isNaN(value) ? Number.isNaN(parsed) : parsed === value;
      return same ? current : shown;
    });
  }, [value, shown]);
  return (
    <div className={`back-office__field ${className ?? ''}`}>
      <label className="back-office__label" htmlFor={id}>
        {label}
      </label>
      <span className="menu-editor__affixed menu-editor__affixed--suffix">
        <input
          id={id}
          className="back-office__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={placeholder}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            const empty = event.target.value.trim() === '';
            onChange(empty && optional ? null : parseWhole(event.target.value));
          }}
        />
        {suffix ? (
          <span className="menu-editor__affix" aria-hidden="true">
            {suffix}
          </span>
        ) : null}
      </span>
      <FieldNotes hint={hint} hintId={hintId} problem={problem} errorId={errorId} />
    </div>
  );
}

/** A checkbox with its label beside it (44px high), and its hint under. */
export function CheckField({
  label,
  checked,
  onChange,
  hint,
  id: givenId,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  id?: string;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  return (
    <div className="menu-editor__check-field">
      <label className="back-office__check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      {hint ? (
        <span id={`${id}-hint`} className="back-office__hint menu-editor__check-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/** A problem that belongs to a group rather than one input ('Cada grupo necesita una opción'). */
export function GroupProblem({ path, problem }: { path: string; problem?: string }) {
  if (!problem) return null;
  return (
    <p id={fieldId(path)} className="back-office__error" tabIndex={-1}>
      {problem}
    </p>
  );
}

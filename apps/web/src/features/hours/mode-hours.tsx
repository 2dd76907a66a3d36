/**
 * 'Horarios por forma de pedido' (issue 27, item 1): per active order mode, a disclosure with its hours
 * for orders now and for scheduled orders (several ranges a day, an end before the start runs into the
 * next day) and the scheduling settings, sent whole by `PUT /api/console/shop/{id}/modes/{modeId}/hours`.
 */
import { DAY_NAMES_ES, type DayOfWeek } from '@comanda/core';
import type { OwnerShop, OwnerShopMode } from '@comanda/core/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { Button } from '../../ui/button.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useAction } from '../console/use-action.ts';
import { hoursApi } from './hours-api.ts';
import {
  hasProblems,
  type ModeHoursDraft,
  type ModeHoursProblems,
  modeDraft,
  modeHoursInput,
  nextKey,
  noProblems,
  type ScheduleField,
  SLOT_MINUTES,
  sentDays,
  splitModeHoursProblems,
  WEEK,
  type WeekDraft,
  type WeekKind,
} from './mode-hours-form.ts';

const MIDNIGHT_HINT =
  'Si termina después de medianoche, poné la hora del día siguiente (por ejemplo 19:00 a 01:00).';

export function ModeHours({ shop, onSaved }: { shop: OwnerShop; onSaved: (shop: OwnerShop) => void }) {
  const titleId = useId();
  const modes = shop.modes.filter((mode) => mode.active);
  return (
    <section className="mode-hours" aria-labelledby={titleId}>
      <h3 className="hours__subtitle" id={titleId}>
        Horarios por forma de pedido
      </h3>
      {modes.length === 0 ? (
        <p className="back-office__hint">Activá una forma de pedido en Tu tienda para cargar sus horarios.</p>
      ) : (
        <>
          <p className="back-office__hint">{MIDNIGHT_HINT}</p>
          {modes.map((mode) => (
            <ModeSection key={mode.id} shop={shop} mode={mode} onSaved={onSaved} />
          ))}
        </>
      )}
    </section>
  );
}

function ModeSection({
  shop,
  mode,
  onSaved,
}: {
  shop: OwnerShop;
  mode: OwnerShopMode;
  onSaved: (shop: OwnerShop) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="mode-hours__mode">
      <h4 className="mode-hours__heading">
        <button
          type="button"
          className="mode-hours__toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="mode-hours__name">{mode.showName}</span>
          <span className="mode-hours__summary">{summary(mode)}</span>
          <span className="mode-hours__chevron" aria-hidden="true" />
        </button>
      </h4>
      <div id={`${id}-panel`} className="mode-hours__panel" hidden={!open}>
        {open ? <ModeForm shop={shop} mode={mode} onSaved={onSaved} /> : null}
      </div>
    </div>
  );
}

function summary(mode: OwnerShopMode): string {
  const parts = [mode.nowEnabled ? 'para ahora' : null, mode.useSchedule ? 'programados' : null].filter(
    Boolean,
  );
  if (parts.length === 0) return 'No toma pedidos';
  const text = `Pedidos ${parts.join(' y ')}`;
  return text;
}

function ModeForm({
  shop,
  mode,
  onSaved,
}: {
  shop: OwnerShop;
  mode: OwnerShopMode;
  onSaved: (shop: OwnerShop) => void;
}) {
  const id = useId();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<ModeHoursDraft>(() => modeDraft(mode));
  const [problems, setProblems] = useState<ModeHoursProblems>(noProblems);
  const sent = useRef<Record<WeekKind, DayOfWeek[]>>({ now: [], scheduled: [] });

  // problems just shown move the focus to the first field they mark, once that render is committed,
  // so a screen reader reads the field with its problem
  const focusProblem = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs after each render of new problems
  useEffect(() => {
    if (!focusProblem.current) return;
    focusProblem.current = false;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first) first.focus();
    else formRef.current?.querySelector<HTMLElement>('[data-general-problem]')?.focus();
  }, [problems]);

  function show(next: ModeHoursProblems) {
    focusProblem.current = true;
    setProblems(next);
  }

  const save = useAction(
    (input: Parameters<typeof hoursApi.saveModeHours>[2]) => hoursApi.saveModeHours(shop.id, mode.id, input),
    {
      onSuccess: (updated) => {
        setProblems(noProblems());
        const saved = updated.modes.find((item) => item.id === mode.id);
        if (saved) setDraft(modeDraft(saved));
        onSaved(updated);
        toast(`Guardamos los horarios de ${mode.showName}.`);
      },
      onError: (error) => {
        const message = error instanceof Error ? error.message : String(error);
        show(
          splitModeHoursProblems(
            isApiError(error) ? error.errors : undefined,
            sent.current,
            { now: draft.nowEnabled, scheduled: draft.useSchedule },
            message,
          ),
        );
      },
    },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const built = modeHoursInput(draft);
    if (!built.input) {
      show({ ...noProblems(), fields: built.problems });
      return;
    }
    sent.current = { now: sentDays(draft.now), scheduled: sentDays(draft.scheduled) };
    save.run(built.input);
  }

  const change = (update: (draft: ModeHoursDraft) => ModeHoursDraft) => setDraft(update);
  const clearDay = (kind: WeekKind, day: DayOfWeek) => {
    if (problems.days[kind][day])
      setProblems((current) => {
        const { [day]: _, ...rest } = current.days[kind];
        return { ...current, days: { ...current.days, [kind]: rest } };
      });
  };
  const clearField = (field: ScheduleField) => {
    if (problems.fields[field])
      setProblems((current) => {
        const { [field]: _, ...rest } = current.fields;
        return { ...current, fields: rest };
      });
  };

  const numberField = (field: ScheduleField, label: string, hint: string, min: number) => (
    <div className="back-office__field">
      <label className="back-office__label" htmlFor={`${id}-${field}`}>
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        type="number"
        inputMode="numeric"
        min={min}
        step={1}
        className="back-office__input"
        value={draft[field]}
        aria-invalid={problems.fields[field] ? true : undefined}
        aria-describedby={problems.fields[field] ? `${id}-${field}-error` : `${id}-${field}-hint`}
        onChange={(event) => {
          const value = event.target.value;
          change((current) => ({ ...current, [field]: value }));
          clearField(field);
        }}
      />
      {problems.fields[field] ? (
        <span id={`${id}-${field}-error`} className="back-office__error">
          {problems.fields[field]}
        </span>
      ) : (
        <span id={`${id}-${field}-hint`} className="back-office__hint">
          {hint}
        </span>
      )}
    </div>
  );

  return (
    <form ref={formRef} className="mode-hours__form" onSubmit={submit} noValidate aria-label={mode.showName}>
      <fieldset className="mode-hours__kind">
        <legend className="mode-hours__legend">
          <label className="mode-hours__check">
            <input
              type="checkbox"
              checked={draft.nowEnabled}
              onChange={(event) => {
                const checked = event.target.checked;
                change((current) => ({ ...current, nowEnabled: checked }));
              }}
            />
            <span>Pedidos para ahora</span>
          </label>
        </legend>
        {draft.nowEnabled ? (
          <WeekEditor
            label="Pedidos para ahora"
            week={draft.now}
            problems={problems.days.now}
            onChange={(week, day) => {
              change((current) => ({ ...current, now: week(current.now) }));
              if (day) clearDay('now', day);
              else setProblems((current) => ({ ...current, days: { ...current.days, now: {} } }));
            }}
          />
        ) : (
          <p className="back-office__hint">{mode.showName} no toma pedidos para ahora.</p>
        )}
      </fieldset>

      <fieldset className="mode-hours__kind">
        <legend className="mode-hours__legend">
          <label className="mode-hours__check">
            <input
              type="checkbox"
              checked={draft.useSchedule}
              onChange={(event) => {
                const checked = event.target.checked;
                change((current) => ({ ...current, useSchedule: checked }));
              }}
            />
            <span>Pedidos programados</span>
          </label>
        </legend>
        {draft.useSchedule ? (
          <>
            <p className="back-office__hint">
              Los horarios en que se pueden recibir los pedidos programados.
            </p>
            <WeekEditor
              label="Pedidos programados"
              week={draft.scheduled}
              problems={problems.days.scheduled}
              onChange={(week, day) => {
                change((current) => ({ ...current, scheduled: week(current.scheduled) }));
                if (day) clearDay('scheduled', day);
                else setProblems((current) => ({ ...current, days: { ...current.days, scheduled: {} } }));
              }}
            />
            <div className="mode-hours__settings">
              {numberField(
                'leadMinutes',
                'Anticipación (minutos)',
                'Lo mínimo que necesitás para prepararlo.',
                0,
              )}
              <div className="back-office__field">
                <label className="back-office__label" htmlFor={`${id}-slotMinutes`}>
                  Duración de cada turno
                </label>
                <select
                  id={`${id}-slotMinutes`}
                  className="back-office__select"
                  value={draft.slotMinutes}
                  aria-invalid={problems.fields.slotMinutes ? true : undefined}
                  aria-describedby={problems.fields.slotMinutes ? `${id}-slotMinutes-error` : undefined}
                  onChange={(event) => {
                    const value = event.target.value;
                    change((current) => ({ ...current, slotMinutes: value }));
                    clearField('slotMinutes');
                  }}
                >
                  {SLOT_MINUTES.map((minutes) => (
                    <option key={minutes} value={String(minutes)}>
                      {minutes} minutos
                    </option>
                  ))}
                  {SLOT_MINUTES.some((minutes) => String(minutes) === draft.slotMinutes) ? null : (
                    <option value={draft.slotMinutes}>{draft.slotMinutes} minutos</option>
                  )}
                </select>
                {problems.fields.slotMinutes ? (
                  <span id={`${id}-slotMinutes-error`} className="back-office__error">
                    {problems.fields.slotMinutes}
                  </span>
                ) : null}
              </div>
              {numberField(
                'daysAhead',
                'Días para programar',
                'Cuántos días hacia adelante pueden elegir.',
                1,
              )}
            </div>
          </>
        ) : (
          <p className="back-office__hint">{mode.showName} no toma pedidos programados.</p>
        )}
      </fieldset>

      {problems.general.length > 0 ? (
        <div className="back-office__error" role="alert" tabIndex={-1} data-general-problem>
          {problems.general.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      ) : null}
      <div>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Guardando…' : `Guardar horarios de ${mode.showName}`}
        </Button>
      </div>
      {hasProblems(problems) && problems.general.length === 0 ? (
        <p className="sr-only" role="status">
          Revisá los horarios marcados.
        </p>
      ) : null}
    </form>
  );
}

type WeekUpdate = (week: WeekDraft) => WeekDraft;

/** Seven days, Monday first: each its ranges ('Desde', 'Hasta', 'Quitar'), 'Agregar horario', or 'Cerrado'. */
function WeekEditor({
  label,
  week,
  problems,
  onChange,
}: {
  label: string;
  week: WeekDraft;
  problems: Partial<Record<DayOfWeek, string>>;
  /** a change of one day clears its problem; of the whole week (a copy), all of them */
  onChange: (update: WeekUpdate, day: DayOfWeek | null) => void;
}) {
  const id = useId();
  const [copied, setCopied] = useState('');
  const focusLater = (selector: string) =>
    requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());

  const setDay = (day: DayOfWeek, ranges: WeekDraft[DayOfWeek]) =>
    onChange((current) => ({ ...current, [day]: ranges }), day);

  const monday = week.MONDAY;
  return (
    <div className="mode-hours__week">
      <ul className="mode-hours__days" aria-label={`Horarios de ${label}`}>
        {WEEK.map((day) => {
          const name = DAY_NAMES_ES[day];
          const lower = name.toLowerCase();
          const ranges = week[day];
          const problem = problems[day];
          const dayId = `${id}-${day}`;
          return (
            <li key={day} className="mode-hours__day">
              <fieldset
                aria-describedby={problem ? `${dayId}-error` : undefined}
                className="mode-hours__day-group"
              >
                <legend className="sr-only">{name}</legend>
                <span className="mode-hours__day-name" aria-hidden="true">
                  {name}
                </span>
                <div className="mode-hours__ranges">
                  {ranges.length === 0 ? (
                    <p className="hours__closed-day mode-hours__closed">Cerrado</p>
                  ) : null}
                  {ranges.map((range, index) => {
                    const which = ranges.length > 1 ? ` (horario ${index + 1})` : '';
                    const update = (patch: Partial<typeof range>) =>
                      setDay(
                        day,
                        ranges.map((item) => (item.key === range.key ? { ...item, ...patch } : item)),
                      );
                    return (
                      <div key={range.key} className="mode-hours__range">
                        <TimeField
                          id={`${dayId}-${range.key}-from`}
                          label="Desde"
                          detail={`el ${lower}${which}`}
                          value={range.startAt}
                          problemId={problem ? `${dayId}-error` : null}
                          onChange={(startAt) => update({ startAt })}
                        />
                        <TimeField
                          id={`${dayId}-${range.key}-to`}
                          label="Hasta"
                          detail={`el ${lower}${which}`}
                          value={range.endAt}
                          problemId={problem ? `${dayId}-error` : null}
                          onChange={(endAt) => update({ endAt })}
                        />
                        <Button
                          variant="ghost"
                          className="mode-hours__remove"
                          onClick={() => {
                            setDay(
                              day,
                              ranges.filter((item) => item.key !== range.key),
                            );
                            // the button is gone: the focus goes to the day's 'Agregar horario'
                            focusLater(`#${CSS.escape(`${dayId}-add`)}`);
                          }}
                        >
                          <span className="mode-hours__remove-icon" aria-hidden="true">
                            ×
                          </span>
                          <span className="mode-hours__remove-text">
                            Quitar
                            <span className="sr-only">
                              {' '}
                              el horario{ranges.length > 1 ? ` ${index + 1}` : ''} del {lower}
                            </span>
                          </span>
                        </Button>
                      </div>
                    );
                  })}
                  {problem ? (
                    <p id={`${dayId}-error`} className="back-office__error">
                      {problem}
                    </p>
                  ) : null}
                  <Button
                    id={`${dayId}-add`}
                    variant="secondary"
                    className="mode-hours__add"
                    disabled={ranges.length >= 6}
                    onClick={() => {
                      const key = nextKey();
                      const last = ranges[ranges.length - 1];
                      setDay(day, [...ranges, { key, startAt: last ? last.endAt : '', endAt: '' }]);
                      focusLater(`#${CSS.escape(`${dayId}-${key}-from`)}`);
                    }}
                  >
                    Agregar horario
                    <span className="sr-only"> el {lower}</span>
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <div className="mode-hours__copy">
        <button
          type="button"
          className="mode-hours__copy-button"
          disabled={monday.length === 0}
          onClick={() => {
            onChange(
              (current) =>
                Object.fromEntries(
                  WEEK.map((day) => [
                    day,
                    current.MONDAY.map(({ startAt, endAt }) => ({ key: nextKey(), startAt, endAt })),
                  ]),
                ) as WeekDraft,
              null,
            );
            setCopied('Copiamos los horarios del lunes a todos los días.');
          }}
        >
          Copiar el lunes a todos los días
          <span className="sr-only"> ({label.toLowerCase()})</span>
        </button>
        <p className="sr-only" role="status">
          {copied}
        </p>
      </div>
    </div>
  );
}

/** One end of a range: its visible label ('Desde', 'Hasta') and, for screen readers, which day and range. */
function TimeField({
  id,
  label,
  detail,
  value,
  problemId,
  onChange,
}: {
  id: string;
  label: string;
  detail: string;
  value: string;
  /** the day's error, when it has one */
  problemId: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <div className="mode-hours__time">
      <label htmlFor={id} className="mode-hours__time-label">
        {label}
        <span className="sr-only"> {detail}</span>
      </label>
      <input
        id={id}
        type="time"
        className="back-office__input mode-hours__input"
        value={value}
        aria-invalid={problemId ? true : undefined}
        aria-describedby={problemId ?? undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

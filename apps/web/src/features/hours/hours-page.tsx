/**
 * `/console/horarios` (issue 27, "Hours"): each shop's opening hours at a glance and its holidays and
 * one-off closures. A closure is whole local days, from one date to another included, with a message the
 * diners read while it lasts; on those days the shop takes no order, not even a scheduled one. The list
 * goes up whole on every change (`PUT /api/console/shop/{id}/closures`). Under the week, each order
 * mode's own hours (for now and scheduled) and scheduling settings are edited (mode-hours.tsx); the
 * shop's opening time is still set on /console/tienda.
 */
import {
  CLOSURE_MESSAGES,
  closureProblems,
  DAY_NAMES_ES,
  type DayOfWeek,
  formatWorkingHours,
  MAX_CLOSURE_MESSAGE_LENGTH,
  type ShopClosure,
} from '@comanda/core';
import type { OwnerShop } from '@comanda/core/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { backOfficeQueries } from '../back-office/back-office-api.ts';
import { AppLink, type BackOfficePageProps, LoadFailed, OwnerShell } from '../back-office/owner-shell.tsx';
import { useAction } from '../console/use-action.ts';
import { closureDates, closureTitle } from './closure-text.ts';
import { hoursApi, splitClosureProblems } from './hours-api.ts';
import { ModeHours } from './mode-hours.tsx';
import './hours.css';

const WEEK = Object.keys(DAY_NAMES_ES) as DayOfWeek[];

export function HoursPage({ go }: BackOfficePageProps) {
  return (
    <OwnerShell go={go} current="/console/horarios" title="Horarios y cierres">
      {() => <HoursLoader go={go} />}
    </OwnerShell>
  );
}

function HoursLoader({ go }: { go: (path: string) => void }) {
  const shops = useQuery(backOfficeQueries.shops());
  if (shops.isPending)
    return (
      <LoadingRegion label="Cargando tus horarios…">
        <div className="back-office__skeleton">
          <Skeleton height={220} radius={12} />
          <Skeleton height={320} radius={12} />
        </div>
      </LoadingRegion>
    );
  if (shops.isError) return <LoadFailed error={shops.error} onRetry={() => void shops.refetch()} />;
  return (
    <div className="hours">
      {shops.data.map((shop) => (
        <ShopHours key={shop.id} shop={shop} go={go} />
      ))}
    </div>
  );
}

/** The device's local date, 'YYYY-MM-DD' (a closure in effect is marked by it; the server decides). */
function deviceToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function ShopHours({ shop, go }: { shop: OwnerShop; go: (path: string) => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const titleId = useId();
  const closuresTitle = useRef<HTMLHeadingElement>(null);
  const [removeProblem, setRemoveProblem] = useState<string | null>(null);
  const today = deviceToday();
  const year = Number(today.slice(0, 4));

  const show = (updated: OwnerShop) => {
    queryClient.setQueryData<OwnerShop[]>(backOfficeQueries.shops().queryKey, (list) =>
      list?.map((item) => (item.id === updated.id ? updated : item)),
    );
    void queryClient.invalidateQueries({ queryKey: ['back-office', 'changes'] });
  };
  const remove = useAction(
    (closure: ShopClosure) =>
      hoursApi.saveClosures(
        shop.id,
        shop.closures.filter((item) => item !== closure),
      ),
    {
      onSuccess: (updated) => {
        setRemoveProblem(null);
        show(updated);
        toast('Quitamos el cierre.');
        // the button is gone: the focus goes to the list's title instead of the page's start
        closuresTitle.current?.focus();
      },
      onError: (error) => setRemoveProblem(error instanceof Error ? error.message : String(error)),
    },
  );
  const hasHours = shop.workingDays.some((day) => day.workingHours.length > 0);

  return (
    <section className="back-office__card hours__shop" aria-labelledby={titleId}>
      <h2 className="back-office__card-title" id={titleId}>
        {shop.name}
      </h2>
      <div className="hours__columns">
        <section className="hours__part" aria-labelledby={`${titleId}-hours`}>
          <h3 className="hours__subtitle" id={`${titleId}-hours`}>
            Horarios de atención
          </h3>
          {hasHours ? (
            <dl className="hours__week">
              {WEEK.map((dayOfWeek) => {
                const day = {
                  dayOfWeek,
                  workingHours: shop.workingDays
                    .filter((item) => item.dayOfWeek === dayOfWeek)
                    .flatMap((item) => item.workingHours),
                };
                return (
                  <div key={dayOfWeek} className="hours__day">
                    <dt>{DAY_NAMES_ES[dayOfWeek]}</dt>
                    <dd className={day.workingHours.length === 0 ? 'hours__closed-day' : undefined}>
                      {formatWorkingHours(day)}
                    </dd>
                  </div>
                );
              })}
            </dl>
          ) : (
            <p className="back-office__hint">Todavía no cargaste tus horarios.</p>
          )}
          <AppLink to="/console/tienda" go={go} className="hours__link">
            {hasHours ? 'Cambiar horarios' : 'Cargar horarios'}
            <span className="sr-only"> de {shop.name} en Tu tienda</span>
          </AppLink>
          <ModeHours
            shop={shop}
            onSaved={(updated) => {
              show(updated);
            }}
          />
        </section>

        <section className="hours__part" aria-labelledby={`${titleId}-closures`}>
          <h3 className="hours__subtitle" id={`${titleId}-closures`} ref={closuresTitle} tabIndex={-1}>
            Feriados y cierres
          </h3>
          <p className="back-office__hint">
            Esos días tu tienda no toma pedidos, ni para más tarde, y tus clientes leen tu mensaje.
          </p>
          {shop.closures.length > 0 ? (
            <ul className="hours__closures">
              {shop.closures.map((closure) => {
                const removing = remove.isPending && remove.variables === closure;
                const now = closure.startsOn <= today && today <= closure.endsOn;
                return (
                  <li key={`${closure.startsOn}-${closure.endsOn}`} className="hours__closure">
                    <div className="hours__closure-text">
                      <p className="hours__closure-dates">
                        <span>{closureTitle(closure, year)}</span>
                        {now ? (
                          <span className="hours__now">
                            <span className="sr-only">, </span>
                            Hoy
                          </span>
                        ) : null}
                      </p>
                      {closure.message ? (
                        <p className="hours__closure-message">{closure.message}</p>
                      ) : (
                        <p className="back-office__hint">Sin mensaje</p>
                      )}
                    </div>
                    <Button
                      variant="secondary"
                      className="hours__remove"
                      disabled={remove.isPending}
                      aria-busy={removing || undefined}
                      onClick={() => remove.run(closure)}
                    >
                      {removing ? 'Quitando…' : 'Quitar'}
                      <span className="sr-only"> el cierre {closureDates(closure, year)}</span>
                    </Button>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="hours__empty">No tenés cierres programados.</p>
          )}
          {removeProblem ? (
            <p className="back-office__error" role="alert">
              {removeProblem}
            </p>
          ) : null}
          <ClosureForm
            shop={shop}
            onSaved={(updated) => {
              show(updated);
              toast('Guardamos el cierre.');
            }}
          />
        </section>
      </div>
    </section>
  );
}

type ClosureField = 'startsOn' | 'endsOn' | 'message';

/** 'Agregar un cierre': from, to (the same day unless changed), the diners' message. */
function ClosureForm({ shop, onSaved }: { shop: OwnerShop; onSaved: (shop: OwnerShop) => void }) {
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [toChosen, setToChosen] = useState(false);
  const [message, setMessage] = useState('');
  const [fields, setFields] = useState<Partial<Record<ClosureField, string>>>({});
  const [other, setOther] = useState<string[]>([]);
  const index = shop.closures.length;

  function showProblems(problems: ReturnType<typeof splitClosureProblems>) {
    setFields(problems.fields);
    setOther(problems.other);
    const first = (['startsOn', 'endsOn', 'message'] as const).find((name) => problems.fields[name]);
    // after the render that marks it, so a screen reader reads the field with its problem
    if (first) requestAnimationFrame(() => document.getElementById(`${id}-${first}`)?.focus());
  }

  const save = useAction((closures: ShopClosure[]) => hoursApi.saveClosures(shop.id, closures), {
    onSuccess: (updated) => {
      setFrom('');
      setTo('');
      setToChosen(false);
      setMessage('');
      setFields({});
      setOther([]);
      onSaved(updated);
    },
    onError: (error) => {
      const problems = isApiError(error) ? splitClosureProblems(error.errors, index) : null;
      if (problems && (Object.keys(problems.fields).length > 0 || problems.other.length > 0))
        showProblems(problems);
      else showProblems({ fields: {}, other: [error instanceof Error ? error.message : String(error)] });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const added: ShopClosure = {
      startsOn: from,
      endsOn: to || from,
      message: message.trim() || null,
    };
    const closures = [...shop.closures, added];
    if (!from) {
      showProblems({ fields: { startsOn: CLOSURE_MESSAGES.dateInvalid }, other: [] });
      return;
    }
    // the same rules as the server's but the past (this device's clock may not be the shop's)
    const problems = splitClosureProblems(closureProblems(closures, null), index);
    if (Object.keys(problems.fields).length > 0 || problems.other.length > 0) {
      showProblems(problems);
      return;
    }
    save.run(closures);
  }

  function clear(name: ClosureField) {
    if (fields[name]) setFields(({ [name]: _, ...rest }) => rest);
  }

  const described = (name: ClosureField, hint?: string) =>
    fields[name] ? `${id}-${name}-error` : hint ? `${id}-${name}-hint` : undefined;

  return (
    <form className="hours__form" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h4 className="hours__form-title" id={`${id}-title`}>
        Agregar un cierre
      </h4>
      <div className="hours__dates">
        <div className="back-office__field">
          <label className="back-office__label" htmlFor={`${id}-startsOn`}>
            Desde
          </label>
          <input
            id={`${id}-startsOn`}
            type="date"
            className="back-office__input"
            value={from}
            aria-invalid={fields.startsOn ? true : undefined}
            aria-describedby={described('startsOn')}
            onChange={(event) => {
              setFrom(event.target.value);
              if (!toChosen) setTo(event.target.value);
              clear('startsOn');
            }}
          />
          {fields.startsOn ? (
            <span id={`${id}-startsOn-error`} className="back-office__error">
              {fields.startsOn}
            </span>
          ) : null}
        </div>
        <div className="back-office__field">
          <label className="back-office__label" htmlFor={`${id}-endsOn`}>
            Hasta
          </label>
          <input
            id={`${id}-endsOn`}
            type="date"
            className="back-office__input"
            value={to}
            min={from || undefined}
            aria-invalid={fields.endsOn ? true : undefined}
            aria-describedby={described('endsOn', 'hint')}
            onChange={(event) => {
              setTo(event.target.value);
              setToChosen(event.target.value !== '');
              clear('endsOn');
            }}
          />
          {fields.endsOn ? (
            <span id={`${id}-endsOn-error`} className="back-office__error">
              {fields.endsOn}
            </span>
          ) : (
            <span id={`${id}-endsOn-hint`} className="back-office__hint">
              Incluido. Para un solo día, la misma fecha.
            </span>
          )}
        </div>
      </div>
      <div className="back-office__field">
        <label className="back-office__label" htmlFor={`${id}-message`}>
          Mensaje para tus clientes
        </label>
        <textarea
          id={`${id}-message`}
          className="back-office__input hours__textarea"
          rows={3}
          maxLength={MAX_CLOSURE_MESSAGE_LENGTH}
          placeholder="Ej.: Cerramos por vacaciones, volvemos el lunes 5."
          value={message}
          aria-invalid={fields.message ? true : undefined}
          aria-describedby={`${described('message', 'hint')} ${id}-count`}
          onChange={(event) => {
            setMessage(event.target.value);
            clear('message');
          }}
        />
        <div className="hours__message-notes">
          {fields.message ? (
            <span id={`${id}-message-error`} className="back-office__error">
              {fields.message}
            </span>
          ) : (
            <span id={`${id}-message-hint`} className="back-office__hint">
              Opcional. Lo leen al entrar a tu tienda mientras esté cerrada.
            </span>
          )}
          <span id={`${id}-count`} className="back-office__hint hours__count">
            {message.length}/{MAX_CLOSURE_MESSAGE_LENGTH}
            <span className="sr-only"> caracteres</span>
          </span>
        </div>
      </div>
      {other.length > 0 ? (
        <div className="back-office__error" role="alert">
          {other.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      ) : null}
      <div>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Guardando…' : 'Guardar cierre'}
        </Button>
      </div>
    </form>
  );
}

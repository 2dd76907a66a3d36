import type { DayOfWeek, WorkingDay } from '@comanda/core';
import { DAY_NAMES } from '@comanda/core/back-office';
import type { OwnerShop } from '@comanda/core/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useAction } from '../console/use-action.ts';
import { backOfficeApi, backOfficeQueries } from './back-office-api.ts';
import { AppLink, type BackOfficePageProps, LoadFailed, OwnerShell } from './owner-shell.tsx';
import './shop.css';

const DAYS: DayOfWeek[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const MODE_CHOICES = [
  { type: 'TAKE_AWAY', label: 'Retiro en el local' },
  { type: 'TABLE', label: 'Mesa' },
  { type: 'COUNTER_SELF_SERVICE', label: 'Mostrador' },
  { type: 'DELIVERY', label: 'Delivery' },
] as const;

/** `/console/tienda`: the owner's shops, what each still needs before it opens, and opening it. */
export function ShopPage({ go }: BackOfficePageProps) {
  return (
    <OwnerShell go={go} current="/console/tienda" title="Tu tienda">
      {() => <Shops go={go} />}
    </OwnerShell>
  );
}

function Shops({ go }: { go: (path: string) => void }) {
  const shops = useQuery(backOfficeQueries.shops());
  const changes = useQuery({
    queryKey: ['back-office', 'changes'],
    queryFn: ({ signal }) => backOfficeApi.changes(signal),
    staleTime: 0,
  });
  if (shops.isError) return <LoadFailed error={shops.error} onRetry={() => void shops.refetch()} />;
  if (!shops.data)
    return (
      <div className="back-office__skeleton" aria-busy="true">
        <Skeleton height={160} />
        <Skeleton height={240} />
      </div>
    );
  return (
    <>
      {shops.data.map((shop) => (
        <ShopCard key={shop.id} shop={shop} go={go} />
      ))}
      <section className="back-office__card" aria-labelledby="changes-title">
        <h2 className="back-office__card-title" id="changes-title">
          Últimos cambios
        </h2>
        {changes.data?.length ? (
          <ul className="shop__changes">
            {changes.data.slice(0, 10).map((change) => (
              <li key={change.id}>
                <span>{change.summary}</span>
                <span className="back-office__hint">
                  {change.staffName ?? 'Alguien del equipo'} ·{' '}
                  {new Date(change.createdAt).toLocaleString('es-AR', {
                    dateStyle: 'short',
                    timeStyle: 'short',
                    hourCycle: 'h23',
                  })}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="back-office__hint">{changes.isPending ? 'Cargando…' : 'Todavía no hay cambios.'}</p>
        )}
      </section>
    </>
  );
}

function ShopCard({ shop, go }: { shop: OwnerShop; go: (path: string) => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const refresh = (updated: OwnerShop) => {
    queryClient.setQueryData<OwnerShop[]>(backOfficeQueries.shops().queryKey, (list) =>
      list?.map((item) => (item.id === updated.id ? updated : item)),
    );
    void queryClient.invalidateQueries({ queryKey: ['back-office', 'changes'] });
  };
  // the board lists open shops only: opening or closing one changes what 'Pedidos' shows
  const refreshBoard = (updated: OwnerShop) => {
    refresh(updated);
    void queryClient.invalidateQueries({ queryKey: backOfficeQueries.session().queryKey });
  };
  const open = useAction(() => backOfficeApi.openShop(shop.id), {
    onSuccess: (updated) => {
      refreshBoard(updated);
      toast('¡Tu tienda está abierta!');
    },
  });
  const close = useAction(() => backOfficeApi.closeShop(shop.id), { onSuccess: refreshBoard });
  const done = shop.checklist.filter((item) => item.done).length;
  const link = `${window.location.origin}/menu/${shop.alias}`;

  return (
    <section className="back-office__card shop" aria-labelledby={`shop-${shop.id}`}>
      <div className="shop__head">
        <div>
          <h2 className="back-office__card-title" id={`shop-${shop.id}`}>
            {shop.name}
          </h2>
          <a className="shop__link" href={`/menu/${shop.alias}`} target="_blank" rel="noreferrer">
            {link}
          </a>
        </div>
        <span className={`shop__badge ${shop.open ? 'shop__badge--open' : ''}`}>
          {shop.open ? 'Abierta a clientes' : 'Cerrada'}
        </span>
      </div>

      {shop.open ? (
        <p>Tus clientes ya pueden pedir en {link}. Compartí el link por WhatsApp e Instagram.</p>
      ) : (
        <p>
          Para abrir tu tienda completá estos pasos ({done} de {shop.checklist.length}).
        </p>
      )}

      <ol className="shop__checklist">
        {shop.checklist.map((item) => (
          <li key={item.key} className={`shop__step ${item.done ? 'shop__step--done' : ''}`}>
            <span className="shop__step-mark" aria-hidden="true">
              {item.done ? '✓' : ''}
            </span>
            <div className="shop__step-body">
              <span className="shop__step-label">
                {item.label}
                <span className="sr-only">{item.done ? ' (listo)' : ' (pendiente)'}</span>
              </span>
              {item.key === 'MENU' ? (
                <AppLink to="/console/menu" go={go} className="shop__step-action">
                  {item.done ? 'Editar el menú' : 'Armar el menú'}
                </AppLink>
              ) : null}
              {item.key === 'HOURS' ? <HoursForm shop={shop} onSaved={refresh} /> : null}
              {item.key === 'MODE' ? <ModesForm shop={shop} onSaved={refresh} go={go} /> : null}
              {item.key === 'PAYMENT' ? <CashForm shop={shop} onSaved={refresh} /> : null}
            </div>
          </li>
        ))}
      </ol>

      {open.error ? (
        <p className="console-login__error" role="alert">
          {open.error.message}
        </p>
      ) : null}
      {shop.open ? (
        <Button variant="secondary" onClick={() => close.run(undefined)} disabled={close.isPending}>
          Cerrar la tienda
        </Button>
      ) : (
        <Button
          onClick={() => open.run(undefined)}
          disabled={!shop.canOpen || open.isPending}
          className="shop__open"
        >
          {open.isPending ? 'Abriendo…' : 'Abrir la tienda'}
        </Button>
      )}
    </section>
  );
}

/** One opening time for the chosen days; finer hours per mode come with the hours screen. */
function HoursForm({ shop, onSaved }: { shop: OwnerShop; onSaved: (shop: OwnerShop) => void }) {
  const first = shop.workingDays.find((day) => day.workingHours.length > 0)?.workingHours[0];
  const [days, setDays] = useState<Set<DayOfWeek>>(
    () =>
      new Set(
        shop.workingDays.length
          ? shop.workingDays.filter((day) => day.workingHours.length).map((day) => day.dayOfWeek as DayOfWeek)
          : DAYS,
      ),
  );
  const [from, setFrom] = useState(first?.startAt ?? '11:00');
  const [to, setTo] = useState(first?.endAt ?? '23:00');
  const save = useAction((workingDays: WorkingDay[]) => backOfficeApi.saveHours(shop.id, workingDays), {
    onSuccess: onSaved,
  });
  const fromId = useId();
  const toId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    save.run(
      DAYS.filter((day) => days.has(day)).map((dayOfWeek) => ({
        dayOfWeek,
        workingHours: [{ startAt: from, endAt: to }],
      })),
    );
  }

  return (
    <form className="shop__form" onSubmit={submit}>
      <fieldset className="shop__days">
        <legend className="back-office__hint">Días</legend>
        {DAYS.map((day) => (
          <label key={day} className="shop__day">
            <input
              type="checkbox"
              checked={days.has(day)}
              onChange={(event) =>
                setDays((previous) => {
                  const next = new Set(previous);
                  if (event.target.checked) next.add(day);
                  else next.delete(day);
                  return next;
                })
              }
            />
            <span aria-hidden="true">{DAY_NAMES[day].slice(0, 3)}</span>
            <span className="sr-only">{DAY_NAMES[day]}</span>
          </label>
        ))}
      </fieldset>
      <div className="shop__times">
        <label htmlFor={fromId}>Desde</label>
        <input
          id={fromId}
          type="time"
          className="back-office__input"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          required
        />
        <label htmlFor={toId}>Hasta</label>
        <input
          id={toId}
          type="time"
          className="back-office__input"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          required
        />
      </div>
      {save.error ? (
        <p className="back-office__error" role="alert">
          {save.error.message}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" disabled={save.isPending || days.size === 0}>
        {save.isPending ? 'Guardando…' : 'Guardar horarios'}
      </Button>
    </form>
  );
}

function ModesForm({
  shop,
  onSaved,
  go,
}: {
  shop: OwnerShop;
  onSaved: (shop: OwnerShop) => void;
  go: (path: string) => void;
}) {
  const [types, setTypes] = useState<Set<string>>(
    () => new Set(shop.modes.filter((mode) => mode.active).map((mode) => mode.type)),
  );
  const save = useAction((chosen: string[]) => backOfficeApi.saveModes(shop.id, chosen), {
    onSuccess: onSaved,
  });
  return (
    <form
      className="shop__form"
      onSubmit={(event) => {
        event.preventDefault();
        save.run([...types]);
      }}
    >
      <fieldset className="shop__options">
        <legend className="sr-only">Formas de pedido</legend>
        {MODE_CHOICES.map((choice) => (
          <label key={choice.type} className="back-office__check">
            <input
              type="checkbox"
              checked={types.has(choice.type)}
              onChange={(event) =>
                setTypes((previous) => {
                  const next = new Set(previous);
                  if (event.target.checked) next.add(choice.type);
                  else next.delete(choice.type);
                  return next;
                })
              }
            />
            {choice.label}
          </label>
        ))}
        <p className="back-office__hint">
          Delivery necesita al menos una zona de envío:{' '}
          <AppLink to="/console/envios" go={go}>
            dibujala en Envíos
          </AppLink>
          .
        </p>
      </fieldset>
      {save.error ? (
        <p className="back-office__error" role="alert">
          {save.error.message}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        {save.isPending ? 'Guardando…' : 'Guardar formas de pedido'}
      </Button>
    </form>
  );
}

function CashForm({ shop, onSaved }: { shop: OwnerShop; onSaved: (shop: OwnerShop) => void }) {
  const saved = shop.paymentTypes.some((type) => type.paymentMethod === 'CASH' && type.active);
  // the switch answers the tap at once; a refusal puts it back
  const [cash, setCash] = useState(saved);
  const save = useAction((on: boolean) => backOfficeApi.saveCash(shop.id, on), {
    onSuccess: onSaved,
    onError: () => setCash(saved),
  });
  const others = shop.paymentTypes.filter((type) => type.paymentMethod !== 'CASH' && type.active);
  return (
    <div className="shop__form">
      <label className="back-office__check">
        <input
          type="checkbox"
          checked={cash}
          disabled={save.isPending}
          onChange={(event) => {
            setCash(event.target.checked);
            save.run(event.target.checked);
          }}
        />
        Efectivo
      </label>
      {others.length ? (
        <p className="back-office__hint">También: {others.map((type) => type.showName).join(', ')}.</p>
      ) : (
        <p className="back-office__hint">Tarjeta online y transferencia llegan con la pantalla de cobros.</p>
      )}
      {save.error ? (
        <p className="back-office__error" role="alert">
          {save.error.message}
        </p>
      ) : null}
    </div>
  );
}

import type { ConsoleBoard, ConsoleContact, ConsoleOrder, ConsoleSession } from '@comanda/core/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { useToast } from '../../ui/toast.tsx';
import { useContactCurrency } from '../menu/use-contact-currency.ts';
import {
  type ArrivalState,
  acknowledge,
  arrivalAnnouncement,
  consoleTitle,
  startArrivals,
  trackArrivals,
  unseenBadgeText,
} from './arrivals.ts';
import { isAudioLocked, playBeep, unlockAudio } from './beep.ts';
import { COLUMNS, type ColumnId, groupByColumn, upsertOrder } from './board-columns.ts';
import { consoleApi } from './console-api.ts';
import type { FeedState } from './console-feed.ts';
import { IconBell, IconBellOff, IconLogOut, IconSettings, IconStore } from './console-icons.tsx';
import { consoleQueries } from './console-queries.ts';
import { BoardSkeleton } from './console-skeletons.tsx';
import { SETTING_KEYS, useLocalFlag, useLocalText } from './local-setting.ts';
import { OrderCard } from './order-card.tsx';
import { money } from './order-text.ts';
import { PrintProvider } from './print-ticket.tsx';
import { ShopSettings } from './shop-settings.tsx';
import { useAction } from './use-action.ts';
import { useConsoleLive, useServerNow } from './use-console-live.ts';
import './console.css';

export interface ConsolePageProps {
  /** Client-side navigation, handed in by the route (this chunk imports nothing of react-router). */
  go: (path: string) => void;
}

const isUnauthorized = (error: unknown) => isApiError(error) && error.status === 401;

/** `/console`: the branch's live order board. Without a session, the sign-in. */
export function ConsoleBoardPage({ go }: ConsolePageProps) {
  const session = useQuery(consoleQueries.session());
  const unauthorized = isUnauthorized(session.error);
  useEffect(() => {
    if (unauthorized) go('/console/login');
  }, [unauthorized, go]);

  if (session.data) return <BoardScreen session={session.data} go={go} />;
  if (session.isError && !unauthorized)
    return <ConsoleProblem message={session.error.message} onRetry={() => void session.refetch()} />;
  return <BoardSkeleton />;
}

function ConsoleProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <main className="console console-problem">
      <h1 className="console-problem__title">No pudimos cargar los pedidos</h1>
      <p role="alert">{message}</p>
      <button type="button" className="console-action console-action--accept" onClick={onRetry}>
        Reintentar
      </button>
    </main>
  );
}

function BoardScreen({ session, go }: { session: ConsoleSession; go: (path: string) => void }) {
  const [storedId, setStoredId] = useLocalText(SETTING_KEYS.contactId);
  const contact =
    session.contacts.find((candidate) => String(candidate.id) === storedId) ?? session.contacts[0] ?? null;
  if (!contact)
    return (
      <main className="console console-problem">
        <h1 className="console-problem__title">{session.staff.branchName}</h1>
        <p>Este local todavía no tiene puntos de venta abiertos para recibir pedidos.</p>
        {session.staff.role === 'OWNER' ? (
          <a className="console-action console-action--accept" href="/console/tienda">
            Abrir mi tienda
          </a>
        ) : null}
      </main>
    );
  return (
    // a new contact starts a new board: its own feed, arrivals and unseen orders
    <ContactBoard
      key={contact.id}
      session={session}
      contact={contact}
      onPickContact={(id) => setStoredId(String(id))}
      go={go}
    />
  );
}

interface ContactBoardProps {
  session: ConsoleSession;
  contact: ConsoleContact;
  onPickContact: (contactId: number) => void;
  go: (path: string) => void;
}

function ContactBoard({ session, contact, onPickContact, go }: ContactBoardProps) {
  const queryClient = useQueryClient();
  const showToast = useToast();
  const currency = useContactCurrency(contact);
  const [muted, setMuted] = useLocalFlag(SETTING_KEYS.muted);
  const [printOnAccept, setPrintOnAccept] = useLocalFlag(SETTING_KEYS.printOnAccept);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const signedOut = useCallback(() => {
    queryClient.removeQueries({ queryKey: ['console'] });
    go('/console/login');
  }, [go, queryClient]);

  const feed = useConsoleLive(contact.id, signedOut);
  const boardQuery = useQuery({
    ...consoleQueries.board(contact.id),
    // while the live feed is down, the board still refreshes now and then
    refetchInterval: feed === 'connected' ? false : 30_000,
  });
  const board = boardQuery.data;
  useEffect(() => {
    if (isUnauthorized(boardQuery.error)) signedOut();
  }, [boardQuery.error, signedOut]);

  const nowMs = useServerNow(board?.now);
  const arrivals = useArrivals(board?.orders, muted);
  const { unseen, announcement, seen, seeAll } = arrivals;

  const boardKey = consoleQueries.board(contact.id).queryKey;
  const onChanged = useCallback(
    (order: ConsoleOrder) => {
      queryClient.setQueryData<ConsoleBoard>(boardKey, (current) =>
        current ? upsertOrder(current, order) : current,
      );
      void queryClient.invalidateQueries({ queryKey: boardKey });
      // the card may have moved to another column, taking the focused button along: the keyboard
      // stays on the card (without scrolling a touch user's page to it)
      setTimeout(() => {
        if (!document.activeElement || document.activeElement === document.body)
          document.getElementById(`order-${order.id}`)?.focus({ preventScroll: true });
      }, 100);
    },
    [queryClient, boardKey],
  );
  const onFailed = useCallback(
    (error: unknown) => {
      if (isUnauthorized(error)) return signedOut();
      showToast(error instanceof Error ? error.message : 'No pudimos guardar el cambio.');
      void queryClient.invalidateQueries({ queryKey: boardKey });
    },
    [queryClient, boardKey, showToast, signedOut],
  );

  const signOut = useAction(consoleApi.signOut, { onSettled: signedOut });

  return (
    <PrintProvider currency={currency} timeZone={contact.timeZone} nowMs={() => Date.now()}>
      <div className="console">
        <ConsoleHeader
          session={session}
          contact={contact}
          feed={feed}
          unseen={unseen}
          muted={muted}
          onPickContact={onPickContact}
          onMute={setMuted}
          onSeeAll={seeAll}
          onOpenSettings={() => setSettingsOpen(true)}
          onSignOut={() => signOut.run(undefined)}
          signingOut={signOut.isPending}
        />
        <div className="sr-only" aria-live="polite">
          {announcement}
        </div>
        {feed === 'reconnecting' ? (
          // over the board, not in its flow: a short drop must not move the cards under a finger
          <p className="console-offline" aria-hidden="true">
            <span className="console-live__dot" />
            {FEED_TEXT.reconnecting}
          </p>
        ) : null}
        <main className="console-main">
          <Notices contact={contact} muted={muted} onOpenSettings={() => setSettingsOpen(true)} />
          {board ? (
            <>
              <TotalsStrip board={board} currency={currency} />
              <Board
                board={board}
                nowMs={nowMs}
                contact={contact}
                currency={currency}
                unseen={unseen}
                printOnAccept={printOnAccept}
                onSeen={seen}
                onChanged={onChanged}
                onFailed={onFailed}
              />
            </>
          ) : boardQuery.isError && !isUnauthorized(boardQuery.error) ? (
            <ConsoleProblem message={boardQuery.error.message} onRetry={() => void boardQuery.refetch()} />
          ) : (
            <BoardSkeleton bare />
          )}
        </main>
        <ShopSettings
          canManage={session.staff.role === 'OWNER'}
          open={settingsOpen}
          onClose={() => setSettingsOpen(false)}
          contact={contact}
          muted={muted}
          onMute={setMuted}
          printOnAccept={printOnAccept}
          onPrintOnAccept={setPrintOnAccept}
          onFailed={onFailed}
        />
      </div>
    </PrintProvider>
  );
}

/** New orders: the sound, the announcement, the unseen badge and the tab's title. */
function useArrivals(orders: readonly ConsoleOrder[] | undefined, muted: boolean) {
  const state = useRef<ArrivalState | null>(null);
  const [unseen, setUnseen] = useState<ReadonlyMap<number, unknown>>(() => new Map());
  const [announcement, setAnnouncement] = useState('');
  const mutedRef = useRef(muted);
  mutedRef.current = muted;

  useEffect(() => {
    if (!orders) return;
    if (!state.current) {
      state.current = startArrivals(orders);
      return;
    }
    const next = trackArrivals(state.current, orders);
    state.current = next.state;
    setUnseen(next.state.unseen);
    if (next.arrivals.length > 0) {
      if (!mutedRef.current) playBeep();
      setAnnouncement(arrivalAnnouncement(next.arrivals));
    }
  }, [orders]);

  useEffect(() => {
    document.title = consoleTitle(unseen.size);
  }, [unseen.size]);
  useEffect(
    () => () => {
      document.title = consoleTitle(0);
    },
    [],
  );

  const see = useCallback((ids: number[] | 'all') => {
    if (!state.current) return;
    const next = acknowledge(state.current, ids);
    if (next === state.current) return;
    state.current = next;
    setUnseen(next.unseen);
  }, []);
  const seen = useCallback((orderId: number) => see([orderId]), [see]);
  const seeAll = useCallback(() => see('all'), [see]);
  return { unseen, announcement, seen, seeAll };
}

const FEED_TEXT: Record<FeedState, string> = {
  connecting: 'Conectando…',
  connected: 'En vivo',
  reconnecting: 'Sin conexión, reconectando…',
};

function ConsoleHeader({
  session,
  contact,
  feed,
  unseen,
  muted,
  onPickContact,
  onMute,
  onSeeAll,
  onOpenSettings,
  onSignOut,
  signingOut,
}: {
  session: ConsoleSession;
  contact: ConsoleContact;
  feed: FeedState;
  unseen: ReadonlyMap<number, unknown>;
  muted: boolean;
  onPickContact: (contactId: number) => void;
  onMute: (muted: boolean) => void;
  onSeeAll: () => void;
  onOpenSettings: () => void;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  return (
    <header className="console-header">
      <div className="console-header__brand">
        <h1 className="console-header__title">{session.staff.branchName}</h1>
        {session.contacts.length > 1 ? (
          <label className="console-header__picker">
            <span className="sr-only">Local</span>
            <select
              className="console-select"
              value={contact.id}
              onChange={(event) => onPickContact(Number(event.target.value))}
            >
              {session.contacts.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <p className="console-header__contact">{contact.name}</p>
        )}
      </div>
      <p className={`console-live console-live--${feed}`} role="status">
        <span className="console-live__dot" aria-hidden="true" />
        {FEED_TEXT[feed]}
      </p>
      <div className="console-header__tools">
        {unseen.size > 0 ? (
          <button
            type="button"
            className="console-unseen"
            onClick={() => {
              onSeeAll();
              document.getElementById('column-new')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            }}
          >
            <span className="console-unseen__count" aria-hidden="true">
              {unseen.size}
            </span>
            <span aria-hidden="true">{unseen.size === 1 ? 'nuevo' : 'nuevos'}</span>
            <span className="sr-only">{unseenBadgeText(unseen.size)}</span>
          </button>
        ) : null}
        <button
          type="button"
          className="console-tool"
          aria-pressed={muted}
          onClick={() => {
            unlockAudio();
            onMute(!muted);
          }}
        >
          {muted ? <IconBellOff size={20} /> : <IconBell size={20} />}
          <span>Silenciar</span>
        </button>
        <button type="button" className="console-tool" onClick={onOpenSettings}>
          <IconSettings size={20} />
          <span>Ajustes del local</span>
        </button>
        {session.staff.role === 'OWNER' ? (
          // the owner's back office: a page of its own (its chunks load only from there)
          <a className="console-tool" href="/console/tienda" aria-label="Tu tienda y menú">
            <IconStore size={20} />
            <span aria-hidden="true">Tu tienda y menú</span>
          </a>
        ) : null}
        <span className="console-header__staff">{session.staff.name}</span>
        <button type="button" className="console-tool" onClick={onSignOut} disabled={signingOut}>
          <IconLogOut size={20} />
          <span>Cerrar sesión</span>
        </button>
      </div>
    </header>
  );
}

/** What the staff must not miss: paused modes, and a browser that keeps the sound locked. */
function Notices({
  contact,
  muted,
  onOpenSettings,
}: {
  contact: ConsoleContact;
  muted: boolean;
  onOpenSettings: () => void;
}) {
  const [locked, setLocked] = useState(() => !muted && isAudioLocked());
  useEffect(() => {
    if (!locked) return;
    const unlock = () => {
      unlockAudio();
      setLocked(false);
    };
    // on the click, not the press: the notice leaving must not move anything under a finger still down
    window.addEventListener('click', unlock, { once: true });
    window.addEventListener('keydown', unlock, { once: true });
    return () => {
      window.removeEventListener('click', unlock);
      window.removeEventListener('keydown', unlock);
    };
  }, [locked]);
  const paused = contact.modes.filter((mode) => !mode.orderEnabled);

  return (
    <>
      {paused.length > 0 ? (
        <div className="console-notice console-notice--paused">
          <p>
            <strong>Pausado:</strong> {paused.map((mode) => mode.showName).join(', ')}. La tienda no recibe
            pedidos
            {paused.length === 1 ? ' de este modo' : ' de estos modos'}.
          </p>
          <button type="button" className="console-small-action" onClick={onOpenSettings}>
            Ver ajustes
          </button>
        </div>
      ) : null}
      {locked && !muted ? (
        <div className="console-notice console-notice--floating">
          <p>El navegador bloquea el sonido hasta que toques la pantalla.</p>
          <button
            type="button"
            className="console-small-action"
            onClick={() => {
              unlockAudio();
              playBeep();
              setLocked(false);
            }}
          >
            Activar sonido
          </button>
        </div>
      ) : null}
    </>
  );
}

function TotalsStrip({
  board,
  currency,
}: {
  board: ConsoleBoard;
  currency: ReturnType<typeof useContactCurrency>;
}) {
  const { totals } = board;
  return (
    // scrolls sideways on a phone: a labelled region that a keyboard can focus to scroll (WCAG 2.1.1)
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="console-totals" aria-label="Resumen de hoy" tabIndex={0}>
      <div className="console-stat">
        <span className="console-stat__label">Pedidos hoy</span>
        <span className="console-stat__value">{totals.orders}</span>
      </div>
      <div className="console-stat">
        <span className="console-stat__label">Ventas</span>
        <span className="console-stat__value">{money(totals.revenue, currency)}</span>
      </div>
      {totals.revenueByPayment.map((entry) => (
        <div key={`${entry.paymentMethod}-${entry.showName}`} className="console-stat console-stat--minor">
          <span className="console-stat__label">{entry.showName}</span>
          <span className="console-stat__value">{money(entry.total, currency)}</span>
        </div>
      ))}
      <div className="console-stat console-stat--minor">
        <span className="console-stat__label">Preparación promedio</span>
        <span className="console-stat__value">
          {totals.averagePreparationMinutes === null ? '—' : `${totals.averagePreparationMinutes} min`}
        </span>
      </div>
      <div className="console-stat console-stat--minor">
        <span className="console-stat__label">Entregados / Cancelados</span>
        <span className="console-stat__value">
          {totals.delivered} / {totals.canceled}
        </span>
      </div>
    </section>
  );
}

/** The always-present kitchen columns; the others appear when they have orders. */
const MAIN_COLUMNS: readonly ColumnId[] = ['new', 'preparing', 'ready'];

function Board({
  board,
  nowMs,
  contact,
  currency,
  unseen,
  printOnAccept,
  onSeen,
  onChanged,
  onFailed,
}: {
  board: ConsoleBoard;
  nowMs: number;
  contact: ConsoleContact;
  currency: ReturnType<typeof useContactCurrency>;
  unseen: ReadonlyMap<number, unknown>;
  printOnAccept: boolean;
  onSeen: (orderId: number) => void;
  onChanged: (order: ConsoleOrder) => void;
  onFailed: (error: unknown) => void;
}) {
  const groups = useMemo(() => groupByColumn(board.orders, nowMs), [board.orders, nowMs]);
  const [tab, setTab] = useState<ColumnId>('new');
  const visible = COLUMNS.filter(
    (column) => MAIN_COLUMNS.includes(column.id) || column.id === 'done' || groups[column.id].length > 0,
  );
  const side = visible.filter((column) => !MAIN_COLUMNS.includes(column.id));

  const renderColumn = (column: (typeof COLUMNS)[number]) => {
    const orders = groups[column.id];
    const headingId = `column-${column.id}-title`;
    const cards = orders.map((order) => (
      <li key={order.id}>
        <OrderCard
          order={order}
          nowMs={nowMs}
          timeZone={contact.timeZone}
          currency={currency}
          unseen={unseen.has(order.id)}
          compact={column.id === 'done'}
          printOnAccept={printOnAccept}
          onSeen={onSeen}
          onChanged={onChanged}
          onFailed={onFailed}
        />
      </li>
    ));
    return (
      <section
        key={column.id}
        id={`column-${column.id}`}
        className={`console-column console-column--${column.id}${orders.length ? '' : ' console-column--empty'}`}
        data-active={tab === column.id || undefined}
        aria-labelledby={headingId}
      >
        <h2 id={headingId} className="console-column__title">
          {column.title}
          <span className="console-column__count">{orders.length}</span>
        </h2>
        {orders.length === 0 ? (
          <p className="console-column__empty">{column.empty}</p>
        ) : (
          <ul className="console-column__list">{cards}</ul>
        )}
      </section>
    );
  };

  return (
    <div className="console-board console-board--live">
      <nav className="console-tabs" aria-label="Columnas">
        {visible.map((column) => (
          <button
            key={column.id}
            type="button"
            className={`console-tab console-tab--${column.id}${groups[column.id].length ? '' : ' console-tab--empty'}`}
            aria-pressed={tab === column.id}
            onClick={() => setTab(column.id)}
          >
            {column.title}
            <span className="console-tab__count">{groups[column.id].length}</span>
          </button>
        ))}
      </nav>
      <div className="console-columns">
        {visible.filter((column) => MAIN_COLUMNS.includes(column.id)).map(renderColumn)}
        <div className="console-side">{side.map(renderColumn)}</div>
      </div>
    </div>
  );
}

import {
  CANCEL_REASON_MAX_CHARS,
  CANCEL_REASONS,
  type CurrencyInfo,
  PREPARATION_MINUTES,
} from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { SheetRoom } from '../../ui/sheet-room.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { consoleQueries } from './console-queries.ts';
import { historyLines } from './order-text.ts';

const DEFAULT_PREPARATION = 20;

/** 'Aceptar': the staff promise a preparation time (the diner sees it on the follow-up). */
export function AcceptDialog({
  open,
  code,
  busy,
  onClose,
  onAccept,
}: {
  open: boolean;
  code: string;
  busy: boolean;
  onClose: () => void;
  onAccept: (minutes: number) => void;
}) {
  const [minutes, setMinutes] = useState<number>(DEFAULT_PREPARATION);
  const labelId = useId();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Aceptar pedido #${code}`}
      className="console-dialog"
      footer={
        <div className="console-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Volver
          </Button>
          <Button
            onClick={() => !busy && onAccept(minutes)}
            aria-disabled={busy || undefined}
            aria-busy={busy || undefined}
          >
            {busy ? 'Aceptando…' : `Aceptar · ${minutes} min`}
          </Button>
        </div>
      }
    >
      <SheetRoom />
      <p id={labelId} className="console-dialog__label">
        Tiempo de preparación
      </p>
      <fieldset className="console-choices console-choices--grid" aria-labelledby={labelId}>
        {PREPARATION_MINUTES.choices.map((choice) => (
          <button
            key={choice}
            type="button"
            className="console-choice"
            aria-pressed={minutes === choice}
            onClick={() => setMinutes(choice)}
          >
            {choice} min
          </button>
        ))}
      </fieldset>
    </Modal>
  );
}

/**
 * 'Cancelar': a reason is required (the diner and the audits read it); quick choices or free text. An
 * order paid online says, before the button, what goes back to the diner's card.
 */
export function CancelDialog({
  open,
  code,
  busy,
  refundText = null,
  onClose,
  onCancelOrder,
}: {
  open: boolean;
  code: string;
  busy: boolean;
  /** PAYMENT_MESSAGES.refundOnCancel with the amount; null when nothing was paid online. */
  refundText?: string | null;
  onClose: () => void;
  onCancelOrder: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const fieldId = useId();
  // each opening starts without a reason: one typed for another order must not carry over
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  const countId = useId();
  const trimmed = reason.trim();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Cancelar pedido #${code}`}
      className="console-dialog"
      footer={
        <>
          {refundText ? <p className="console-dialog__refund">{refundText}</p> : null}
          <div className="console-dialog__actions">
            <Button variant="secondary" onClick={onClose}>
              Volver
            </Button>
            <Button
              className="console-button--danger"
              onClick={() => !busy && trimmed !== '' && onCancelOrder(trimmed)}
              aria-disabled={busy || trimmed === '' || undefined}
              aria-busy={busy || undefined}
            >
              {busy ? 'Cancelando…' : 'Cancelar pedido'}
            </Button>
          </div>
        </>
      }
    >
      <SheetRoom />
      <p className="console-dialog__label">Motivo de la cancelación</p>
      <fieldset className="console-choices" aria-label="Motivos frecuentes">
        {CANCEL_REASONS.map((choice) => (
          <button
            key={choice}
            type="button"
            className="console-choice"
            aria-pressed={trimmed === choice}
            onClick={() => setReason(choice)}
          >
            {choice}
          </button>
        ))}
      </fieldset>
      <label className="field-label console-dialog__field-label" htmlFor={fieldId}>
        Otro motivo
      </label>
      <textarea
        id={fieldId}
        className="text-input console-textarea"
        value={reason}
        maxLength={CANCEL_REASON_MAX_CHARS}
        rows={3}
        aria-describedby={countId}
        onChange={(event) => setReason(event.target.value)}
      />
      <p id={countId} className="console-dialog__count">
        {reason.length}/{CANCEL_REASON_MAX_CHARS}
      </p>
    </Modal>
  );
}

/**
 * 'Historial': every move of the order, its shipments and its payments, oldest first, each with its
 * time, who made it, and the reason and amount when there are. Loaded each time it opens.
 */
export function HistoryDialog({
  open,
  orderId,
  code,
  timeZone,
  currency,
  onClose,
  onUnauthorized,
}: {
  open: boolean;
  orderId: number;
  code: string;
  timeZone: string;
  currency: CurrencyInfo;
  onClose: () => void;
  /** A lost session goes back to the sign-in, as the card's other calls do. */
  onUnauthorized: (error: unknown) => void;
}) {
  const history = useQuery({ ...consoleQueries.history(orderId), enabled: open });
  const unauthorized = isApiError(history.error) && history.error.status === 401;
  useEffect(() => {
    if (open && unauthorized) onUnauthorized(history.error);
  }, [open, unauthorized, history.error, onUnauthorized]);
  const lines = history.data ? historyLines(history.data, timeZone, currency) : [];

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Historial del pedido #${code}`}
      className="console-dialog console-history-dialog"
      footer={
        <Button variant="secondary" block onClick={onClose}>
          Cerrar
        </Button>
      }
    >
      {history.data ? (
        lines.length > 0 ? (
          <ol className="console-history">
            {lines.map((line) => (
              <li key={line.key} className="console-history__event">
                <time className="console-history__time" dateTime={line.at}>
                  {line.day ? <span className="console-history__day">{line.day} </span> : null}
                  {line.time}
                </time>
                <div className="console-history__body">
                  <p className="console-history__label">{line.label}</p>
                  <p className="console-history__meta">
                    {line.who}
                    {line.amount ? <span className="console-history__amount"> · {line.amount}</span> : null}
                  </p>
                  {line.reason ? (
                    <p className="console-history__reason user-text">Motivo: {line.reason}</p>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="console-history__empty">Todavía no hay movimientos en este pedido.</p>
        )
      ) : history.isError ? (
        <div className="console-history__problem">
          <p role="alert">
            No pudimos cargar el historial.
            {unauthorized ? null : ` ${history.error.message}`}
          </p>
          <button
            type="button"
            className="console-small-action"
            aria-busy={history.isFetching || undefined}
            onClick={() => void history.refetch()}
          >
            {history.isFetching ? 'Cargando…' : 'Reintentar'}
          </button>
        </div>
      ) : (
        <LoadingRegion label="Cargando historial…">
          <div className="console-history__loading">
            {[0, 1, 2, 3].map((row) => (
              <div key={row} className="console-history__event">
                <Skeleton width={44} height={18} />
                <div className="console-history__body">
                  <Skeleton width="75%" height={18} />
                  <Skeleton width="40%" height={14} />
                </div>
              </div>
            ))}
          </div>
        </LoadingRegion>
      )}
    </Modal>
  );
}

import {
  MESSAGES,
  ORDER_ERROR_DETAIL_MAX,
  ORDER_ERROR_REPORT_MESSAGES,
  ORDER_ERROR_TYPES,
  type OrderErrorType,
  orderErrorDetailProblem,
  orderErrorTypesFor,
} from '@comanda/core';
import type { FollowUpOrder } from '@comanda/core/contract';
import { useId, useRef, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { updateOrderDetails } from './follow-up-queries.ts';

export interface ReportProblemModalProps {
  open: boolean;
  code: string;
  /** The order's type: each mode offers its own problems (core). */
  orderType: string;
  onClose: () => void;
  onReported: (order: FollowUpOrder) => void;
}

/**
 * The spec's report-error modal: one problem type, chosen before confirming, among those that fit the
 * order's mode; 'Otro problema' asks what happened in a few words.
 */
export function ReportProblemModal({ open, code, orderType, onClose, onReported }: ReportProblemModalProps) {
  const [type, setType] = useState<OrderErrorType | null>(null);
  const [detail, setDetail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [detailProblem, setDetailProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const detailRef = useRef<HTMLTextAreaElement>(null);
  const detailId = useId();
  const detailErrorId = useId();
  const countId = useId();
  const other = type === 'OTHER';

  async function confirm() {
    if (sending) return;
    if (!type) {
      setProblem(ORDER_ERROR_REPORT_MESSAGES.typeRequired);
      return;
    }
    const refused = other ? orderErrorDetailProblem(type, detail) : null;
    if (refused) {
      setDetailProblem(refused);
      detailRef.current?.focus();
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      onReported(
        await updateOrderDetails({ code, errorType: type, ...(other ? { errorDetail: detail.trim() } : {}) }),
      );
      setType(null);
      setDetail('');
    } catch (error) {
      // a refusal carries the server's reason; anything else is the spec's update failure
      setProblem(
        isApiError(error) && error.status >= 400 && error.status < 500
          ? error.message
          : MESSAGES.orderDetailsUpdateFailed,
      );
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Reportar un problema"
      footer={
        <Button
          className="button--block"
          onClick={() => void confirm()}
          disabled={sending}
          aria-busy={sending || undefined}
        >
          {sending ? 'Enviando' : 'Confirmar'}
        </Button>
      }
    >
      <div className="payment-options" role="radiogroup" aria-label="¿Qué pasó con tu pedido?">
        {orderErrorTypesFor(orderType).map((key) => (
          <label key={key} className="payment-option">
            <input
              type="radio"
              name="order-error-type"
              value={key}
              checked={type === key}
              onChange={() => {
                setType(key);
                setProblem(null);
                setDetailProblem(null);
              }}
            />
            {ORDER_ERROR_TYPES[key]}
          </label>
        ))}
      </div>
      {other ? (
        <div className="report-detail">
          <label htmlFor={detailId}>Contanos qué pasó</label>
          <textarea
            id={detailId}
            ref={detailRef}
            value={detail}
            maxLength={ORDER_ERROR_DETAIL_MAX}
            required
            rows={3}
            aria-invalid={detailProblem ? true : undefined}
            aria-describedby={detailProblem ? `${detailErrorId} ${countId}` : countId}
            onChange={(event) => {
              setDetail(event.target.value);
              setDetailProblem(null);
            }}
          />
          <span id={countId} className="report-detail__count">
            {detail.length}/{ORDER_ERROR_DETAIL_MAX}
          </span>
          {detailProblem ? (
            <p id={detailErrorId} className="follow-up-error" role="alert">
              {detailProblem}
            </p>
          ) : null}
        </div>
      ) : null}
      {problem ? (
        <p className="follow-up-error" role="alert">
          {problem}
        </p>
      ) : null}
    </Modal>
  );
}

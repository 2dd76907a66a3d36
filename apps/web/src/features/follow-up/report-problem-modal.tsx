import { MESSAGES, ORDER_ERROR_REPORT_MESSAGES, ORDER_ERROR_TYPES, type OrderErrorType } from '@comanda/core';
import type { FollowUpOrder } from '@comanda/core/contract';
import { useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { reportOrderError } from './follow-up-queries.ts';

export interface ReportProblemModalProps {
  open: boolean;
  code: string;
  onClose: () => void;
  onReported: (order: FollowUpOrder) => void;
}

/** The spec's report-error modal: one problem type, chosen before confirming. */
export function ReportProblemModal({ open, code, onClose, onReported }: ReportProblemModalProps) {
  const [type, setType] = useState<OrderErrorType | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function confirm() {
    if (sending) return;
    if (!type) {
      setProblem(ORDER_ERROR_REPORT_MESSAGES.typeRequired);
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      onReported(await reportOrderError({ code, errorType: type }));
      setType(null);
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
        {(Object.entries(ORDER_ERROR_TYPES) as [OrderErrorType, string][]).map(([key, label]) => (
          <label key={key} className="payment-option">
            <input
              type="radio"
              name="order-error-type"
              value={key}
              checked={type === key}
              onChange={() => {
                setType(key);
                setProblem(null);
              }}
            />
            {label}
          </label>
        ))}
      </div>
      {problem ? (
        <p className="follow-up-error" role="alert">
          {problem}
        </p>
      ) : null}
    </Modal>
  );
}

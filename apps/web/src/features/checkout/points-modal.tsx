import { groupThousands, type LoyaltyProgramRule, redemptionError } from '@comanda/core';
import { useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';

export interface PointsModalProps {
  open: boolean;
  program: LoyaltyProgramRule;
  balance: number;
  /** Minor units points may pay for (products after discounts and code). */
  orderAmount: number;
  pointValue: number;
  initialValue: number;
  onClose: () => void;
  onRedeem: (points: number) => void;
}

/** The loyalty modal in redeem mode: how many points to use, checked against every limit of the programme. */
export function PointsModal({
  open,
  program,
  balance,
  orderAmount,
  pointValue,
  initialValue,
  onClose,
  onRedeem,
}: PointsModalProps) {
  const [value, setValue] = useState(String(initialValue));
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();

  function redeem() {
    const points = Number(value);
    const error = redemptionError(points, program, { balance, orderAmount, pointValue });
    setProblem(error);
    if (!error) onRedeem(points);
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Usar ${program.name}`}
      footer={
        <Button className="button--block" onClick={redeem}>
          Canjear
        </Button>
      }
    >
      <form
        className="code-form"
        onSubmit={(event) => {
          event.preventDefault();
          redeem();
        }}
      >
        <p className="points-balance">
          Tenés <strong>{groupThousands(balance)}</strong> {program.name}. Cada punto vale $1.
        </p>
        <label className="checkout-field" htmlFor={inputId}>
          <span className="field-label">Puntos a canjear</span>
          <input
            id={inputId}
            className="text-input"
            inputMode="numeric"
            value={value}
            onChange={(event) => {
              setValue(event.target.value.replace(/\D/g, ''));
              setProblem(null);
            }}
          />
        </label>
        {problem ? (
          <p className="checkout-error" role="alert">
            {problem}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}

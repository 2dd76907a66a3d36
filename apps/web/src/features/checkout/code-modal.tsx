import { MESSAGES } from '@comanda/core';
import { useId, useState } from 'react';
import { isApiError } from '../../api/api.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';

// a refused code may send the diner where the branch's redirect customisation says (decision 020)
export { invalidCodeRedirect } from './custom-redirect.ts';

/** The spec's discount-code states: the button reads 'Aplicar', 'Aplicando' or 'Continuar'. */
export type CodeStatus = 'init' | 'loading' | 'failed' | 'success';

export interface CodeModalProps {
  open: boolean;
  /** A campaign link's code still to apply: the field starts with it. */
  initialCode?: string | undefined;
  onClose: () => void;
  /** Checks the code with the server and the cart; resolves to the problem's text, or null when applied. */
  onApply: (code: string) => Promise<string | null>;
}

export function CodeModal({ open, initialCode, onClose, onApply }: CodeModalProps) {
  const [code, setCode] = useState(initialCode ?? '');
  const [status, setStatus] = useState<CodeStatus>('init');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();

  async function submit() {
    if (status === 'success') {
      close();
      return;
    }
    if (status === 'loading' || !code.trim()) return;
    setStatus('loading');
    setProblem(null);
    try {
      const failure = await onApply(code.trim());
      setStatus(failure ? 'failed' : 'success');
      setProblem(failure);
    } catch (error) {
      setStatus('failed');
      setProblem(isApiError(error) ? error.message : MESSAGES.discountCodeNotFound);
    }
  }

  function close() {
    onClose();
    setCode('');
    setStatus('init');
    setProblem(null);
  }

  const label =
    status === 'loading'
      ? MESSAGES.applyingCode
      : status === 'success'
        ? MESSAGES.continue
        : MESSAGES.applyCode;
  return (
    <Modal
      open={open}
      onClose={close}
      title="Código de descuento"
      footer={
        <Button
          className="button--block"
          onClick={() => void submit()}
          disabled={status === 'loading' || (status !== 'success' && !code.trim())}
          aria-busy={status === 'loading' || undefined}
        >
          {label}
        </Button>
      }
    >
      <form
        className="code-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label className="checkout-field" htmlFor={inputId}>
          <span className="field-label">Ingresá tu código</span>
          <input
            id={inputId}
            className="text-input code-form__input"
            value={code}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={60}
            onChange={(event) => {
              setCode(event.target.value.toUpperCase());
              // changing the code starts over
              setStatus('init');
              setProblem(null);
            }}
          />
        </label>
        {problem ? (
          <p className="checkout-error" role="alert">
            {problem}
          </p>
        ) : null}
        {status === 'success' ? (
          <p className="checkout-success" role="status">
            ¡Código aplicado!
          </p>
        ) : null}
      </form>
    </Modal>
  );
}

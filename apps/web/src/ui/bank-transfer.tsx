import { type BankTransferInfo, formatCbu } from '@comanda/core';
import { useToast } from './toast.tsx';
import './bank-transfer.css';

/**
 * Where a transfer goes and how much: the shop's alias, CBU and holder, each copied with one tap
 * (diners paste them in their bank's app). Shown on checkout when 'Transferencia' is chosen and on the
 * follow-up of a transfer order.
 */
export function BankTransferCard({ info, amount }: { info: BankTransferInfo; amount: string }) {
  return (
    <section className="bank-transfer" aria-label="Datos para transferir">
      <p className="bank-transfer__lead">
        Transferí <strong>{amount}</strong> a esta cuenta:
      </p>
      <dl className="bank-transfer__rows">
        {info.alias ? <CopyRow label="Alias" value={info.alias} /> : null}
        {info.cbu ? <CopyRow label="CBU" value={info.cbu} shown={formatCbu(info.cbu)} /> : null}
        {info.holder ? (
          <div className="bank-transfer__row">
            <dt>Titular</dt>
            <dd>{info.holder}</dd>
          </div>
        ) : null}
      </dl>
      <p className="bank-transfer__note">Guardá el comprobante: el local puede pedírtelo al entregar.</p>
    </section>
  );
}

function CopyRow({ label, value, shown = value }: { label: string; value: string; shown?: string }) {
  const showToast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      showToast(`${label} copiado`);
    } catch {
      showToast(`No pudimos copiar el ${label}; mantené presionado para copiarlo.`);
    }
  }
  return (
    <div className="bank-transfer__row">
      <dt>{label}</dt>
      <dd>
        <span className="bank-transfer__value">{shown}</span>
        <button type="button" className="text-button bank-transfer__copy" onClick={() => void copy()}>
          Copiar<span className="sr-only"> {label}</span>
        </button>
      </dd>
    </div>
  );
}

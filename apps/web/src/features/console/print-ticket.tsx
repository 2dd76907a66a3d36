import type { CurrencyInfo } from '@comanda/core';
import type { ConsoleOrder } from '@comanda/core/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { kitchenTicket, packageTicket, type TicketKind, type TicketLine } from './tickets.ts';

interface PrintJob {
  kind: TicketKind;
  order: ConsoleOrder;
}

type PrintTicket = (kind: TicketKind, order: ConsoleOrder) => void;

const PrintContext = createContext<PrintTicket>(() => {});

export function usePrintTicket(): PrintTicket {
  return useContext(PrintContext);
}

/**
 * Printing a ticket: the ticket is drawn in a print-only block at the end of the body, and the print
 * stylesheet (console.css, @media print) hides everything else and narrows the page to 80 mm paper.
 */
export function PrintProvider({
  children,
  currency,
  timeZone,
  nowMs,
}: {
  children: ReactNode;
  currency: CurrencyInfo;
  timeZone: string;
  nowMs: () => number;
}) {
  const [job, setJob] = useState<PrintJob | null>(null);
  const print = useCallback<PrintTicket>((kind, order) => setJob({ kind, order }), []);

  useEffect(() => {
    if (!job) return;
    document.body.classList.add('console-printing');
    const done = () => setJob(null);
    window.addEventListener('afterprint', done);
    // a frame later, so the ticket is laid out before the print dialog takes its picture
    const frame = requestAnimationFrame(() => {
      window.print();
    });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', done);
      document.body.classList.remove('console-printing');
    };
  }, [job]);

  const lines = job
    ? job.kind === 'kitchen'
      ? kitchenTicket(job.order, nowMs(), timeZone)
      : packageTicket(job.order, currency, nowMs(), timeZone)
    : null;

  return (
    <PrintContext.Provider value={print}>
      {children}
      {lines ? createPortal(<Ticket lines={lines} />, document.body) : null}
    </PrintContext.Provider>
  );
}

function Ticket({ lines }: { lines: TicketLine[] }) {
  return (
    <div className="console-print" aria-hidden="true">
      {lines.map((line, index) => {
        const key = `${index}-${line.kind}`;
        if (line.kind === 'rule') return <hr key={key} className="ticket__rule" />;
        if (line.kind === 'row')
          return (
            <p key={key} className={`ticket__row${line.strong ? ' ticket__row--strong' : ''}`}>
              <span>{line.text}</span>
              <span>{line.amount}</span>
            </p>
          );
        return (
          <p key={key} className={`ticket__${line.kind}`}>
            {line.text}
          </p>
        );
      })}
    </div>
  );
}

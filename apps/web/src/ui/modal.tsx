import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { IconButton } from './button.tsx';
import { IconClose } from './icons.tsx';
import './modal.css';

/** The spec's modal closing animation. */
export const MODAL_CLOSE_MS = 190;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** 'sheet': bottom sheet on phones, centred dialog on wide screens. 'drawer': side panel from the right. */
  variant?: 'sheet' | 'drawer';
  footer?: ReactNode;
  /** Extra class on the modal root, for a screen's own sizing of the panel. */
  className?: string;
}

/** Accessible modal: focus moves in and is trapped, Escape and the backdrop close it, focus returns after. */
export function Modal({ open, onClose, ...frame }: ModalProps) {
  const [mounted, setMounted] = useState(open);
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    if (open) {
      setMounted(true);
      setClosing(false);
      return;
    }
    setClosing(true);
    const timer = setTimeout(() => {
      setMounted(false);
      setClosing(false);
    }, MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open]);

  if (!mounted) return null;
  return createPortal(<ModalFrame {...frame} closing={closing} onClose={onClose} />, document.body);
}

/** The open modals, last opened last: Escape closes only the top one. */
const openFrames: symbol[] = [];

function ModalFrame({
  title,
  children,
  footer,
  variant = 'sheet',
  className,
  closing,
  onClose,
}: Omit<ModalProps, 'open'> & { closing: boolean }) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // A button disabled while it works (e.g. 'Aplicar' checking a code) drops the focus to the page's
  // body, out of reach of the panel's own key handler: from there Escape still closes the top modal
  // and Tab comes back into it
  useEffect(() => {
    const frame = Symbol('modal');
    openFrames.push(frame);
    function keyOutsidePanel(event: globalThis.KeyboardEvent) {
      const panel = panelRef.current;
      if (!panel || event.defaultPrevented || openFrames.at(-1) !== frame) return;
      if (panel.contains(event.target as Node)) return; // handled by handleKeyDown
      if (event.key === 'Escape') closeRef.current();
      else if (event.key === 'Tab') {
        event.preventDefault();
        (panel.querySelector<HTMLElement>(FOCUSABLE) ?? panel).focus();
      }
    }
    document.addEventListener('keydown', keyOutsidePanel);
    return () => {
      document.removeEventListener('keydown', keyOutsidePanel);
      openFrames.splice(openFrames.indexOf(frame), 1);
    };
  }, []);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      previouslyFocused?.focus?.();
    };
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusables = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusables[0];
    const last = focusables.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className={`modal modal--${variant}${closing ? ' modal--closing' : ''} ${className ?? ''}`}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users close with Escape or the close button */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is a pointer convenience only */}
      <div className="modal__backdrop" onClick={onClose} />
      <div
        ref={panelRef}
        className="modal__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={handleKeyDown}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <IconButton label="Cerrar" onClick={onClose}>
            <IconClose />
          </IconButton>
        </header>
        <div className="modal__body">{children}</div>
        {footer ? <footer className="modal__footer">{footer}</footer> : null}
      </div>
    </div>
  );
}

import type { ConsoleContact, ConsoleOrderMode, ConsoleSession } from '@comanda/core/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Modal } from '../../ui/modal.tsx';
import { consoleApi } from './console-api.ts';
import { consoleQueries } from './console-queries.ts';
import { StockSection } from './stock-section.tsx';
import { useAction } from './use-action.ts';

/**
 * 'Ajustes del local': the contact's settings (shared by every device), this device's preferences, and the
 * plates out of stock (last: the longest).
 */
/** The server's words for the same refusal (platform/auth/face-guard.ts). */
const OWNER_ONLY = 'Solo el dueño del local puede cambiar esto.';

export function ShopSettings({
  canManage,
  open,
  onClose,
  contact,
  muted,
  onMute,
  printOnAccept,
  onPrintOnAccept,
  onFailed,
}: {
  /** the OWNER changes auto-accept and pauses modes; the kitchen (STAFF) sees them only */
  canManage: boolean;
  open: boolean;
  onClose: () => void;
  contact: ConsoleContact;
  muted: boolean;
  onMute: (muted: boolean) => void;
  printOnAccept: boolean;
  onPrintOnAccept: (on: boolean) => void;
  onFailed: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  const sessionKey = consoleQueries.session().queryKey;
  const updateContact = (change: (contact: ConsoleContact) => ConsoleContact) =>
    queryClient.setQueryData<ConsoleSession>(sessionKey, (session) =>
      session
        ? {
            ...session,
            contacts: session.contacts.map((candidate) =>
              candidate.id === contact.id ? change(candidate) : candidate,
            ),
          }
        : session,
    );

  const autoAccept = useAction((on: boolean) => consoleApi.saveSettings(contact.id, { autoAccept: on }), {
    onSuccess: (saved) => updateContact((current) => ({ ...current, ...saved })),
    onError: onFailed,
  });
  const pause = useAction(
    ({ mode, enabled }: { mode: ConsoleOrderMode; enabled: boolean }) =>
      consoleApi.setModeEnabled(mode.id, enabled),
    {
      onSuccess: (saved) =>
        updateContact((current) => ({
          ...current,
          modes: current.modes.map((mode) => (mode.id === saved.id ? { ...mode, ...saved } : mode)),
        })),
      onError: onFailed,
    },
  );
  const autoAcceptOn = autoAccept.isPending
    ? (autoAccept.variables ?? contact.autoAccept)
    : contact.autoAccept;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Ajustes del local"
      variant="drawer"
      className="console-settings"
    >
      <section className="console-settings__section" aria-labelledby="settings-orders">
        <h3 id="settings-orders" className="console-settings__heading">
          Pedidos de {contact.name}
        </h3>
        <Switch
          label="Aceptar pedidos automáticamente"
          hint="Los pedidos nuevos pasan solos a preparación."
          checked={autoAcceptOn}
          disabled={autoAccept.isPending || !canManage}
          onChange={(on) => autoAccept.run(on)}
        />
        {canManage ? null : <p className="console-settings__note">{OWNER_ONLY}</p>}
      </section>

      <section className="console-settings__section" aria-labelledby="settings-modes">
        <h3 id="settings-modes" className="console-settings__heading">
          Recibir pedidos
        </h3>
        <ul className="console-modes">
          {contact.modes.map((mode) => {
            const busy = pause.isPending && pause.variables?.mode.id === mode.id;
            return (
              <li key={mode.id} className={`console-mode${mode.orderEnabled ? '' : ' console-mode--paused'}`}>
                <span className="console-mode__name">{mode.showName}</span>
                <span className="console-mode__state">
                  {mode.orderEnabled ? 'Recibiendo pedidos' : 'Pausado'}
                </span>
                {canManage ? (
                  <button
                    type="button"
                    className={`console-small-action${mode.orderEnabled ? ' console-small-action--danger' : ''}`}
                    aria-disabled={busy || undefined}
                    aria-busy={busy || undefined}
                    onClick={() => pause.run({ mode, enabled: !mode.orderEnabled })}
                  >
                    {mode.orderEnabled ? `Pausar ${mode.showName}` : `Reanudar ${mode.showName}`}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      <section className="console-settings__section" aria-labelledby="settings-device">
        <h3 id="settings-device" className="console-settings__heading">
          En este dispositivo
        </h3>
        <Switch label="Sonido de pedidos nuevos" checked={!muted} onChange={(on) => onMute(!on)} />
        <Switch
          label="Imprimir al aceptar"
          hint="Imprime la comanda de cocina al aceptar un pedido."
          checked={printOnAccept}
          onChange={onPrintOnAccept}
        />
      </section>

      <StockSection contactId={contact.id} onUnauthorized={onFailed} />
    </Modal>
  );
}

function Switch({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  const hintId = useId();
  return (
    <div className="console-switch-row">
      <button
        type="button"
        role="switch"
        className="console-switch"
        aria-checked={checked}
        aria-describedby={hint ? hintId : undefined}
        aria-disabled={disabled || undefined}
        onClick={() => !disabled && onChange(!checked)}
      >
        <span className="console-switch__label">{label}</span>
        <span className="console-switch__track" aria-hidden="true">
          <span className="console-switch__thumb" />
        </span>
      </button>
      {hint ? (
        <p id={hintId} className="console-switch__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

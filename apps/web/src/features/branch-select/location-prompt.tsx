import { Button } from '../../ui/button.tsx';
import { IconClose, IconLocate } from '../../ui/icons.tsx';
import type { GeolocationStatus } from './use-geolocation.ts';

export interface LocationPromptProps {
  address: string;
  onAddressChange: (address: string) => void;
  status: GeolocationStatus;
  hasLocation: boolean;
  onLocate: () => void;
  onClearLocation: () => void;
}

/** Where the order goes: a typed address, or the device's position for distances and delivery reach. */
export function LocationPrompt({
  address,
  onAddressChange,
  status,
  hasLocation,
  onLocate,
  onClearLocation,
}: LocationPromptProps) {
  const locating = status === 'loading';
  return (
    <section className="location-prompt" aria-labelledby="location-prompt-label">
      <label id="location-prompt-label" htmlFor="delivery-address" className="field-label">
        Dirección de entrega
      </label>
      <input
        id="delivery-address"
        className="text-input"
        type="text"
        autoComplete="street-address"
        placeholder="Calle y número"
        value={address}
        onChange={(event) => onAddressChange(event.target.value)}
      />
      <Button variant="secondary" block onClick={onLocate} disabled={locating} aria-busy={locating}>
        <IconLocate size={20} />
        {locating ? 'Buscando tu ubicación…' : 'Usar mi ubicación'}
      </Button>
      {hasLocation ? (
        <p className="location-prompt__status">
          <span>Mostrando distancias desde tu ubicación.</span>
          <button type="button" className="text-button" onClick={onClearLocation}>
            <IconClose size={16} />
            Quitar
          </button>
        </p>
      ) : null}
    </section>
  );
}

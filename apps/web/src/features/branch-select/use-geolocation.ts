import { useCallback, useState } from 'react';

export interface Coordinates {
  lat: number;
  lng: number;
}

export type GeolocationStatus = 'idle' | 'loading' | 'success' | 'error';

/** navigator.geolocation as a small state machine: idle, loading, then success or error. */
export function useGeolocation(onError: () => void) {
  const [status, setStatus] = useState<GeolocationStatus>('idle');
  const [coords, setCoords] = useState<Coordinates | null>(null);

  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setStatus('error');
      onError();
      return;
    }
    setStatus('loading');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setCoords({ lat: position.coords.latitude, lng: position.coords.longitude });
        setStatus('success');
      },
      () => {
        setStatus('error');
        onError();
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  }, [onError]);

  const clear = useCallback(() => {
    setCoords(null);
    setStatus('idle');
  }, []);

  return { status, coords, locate, clear };
}

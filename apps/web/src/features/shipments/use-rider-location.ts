import { useEffect } from 'react';
import { sendRiderLocation } from './shipment-api.ts';
import { shouldSendLocation } from './shipment-rules.ts';

/**
 * While the rider has a shipment on its way, the phone's position goes to the server (at most every
 * 15 s) for the diner's tracking map; it stops when there is none or the page closes.
 */
export function useRiderLocation(sharing: boolean): void {
  useEffect(() => {
    if (!sharing || typeof navigator === 'undefined' || !navigator.geolocation) return;
    let lastSentAt: number | null = null;
    const watchId = navigator.geolocation.watchPosition(
      (position) => {
        const now = Date.now();
        if (!shouldSendLocation(lastSentAt, now)) return;
        lastSentAt = now;
        // a position that fails to arrive is replaced by the next one, 15 s later; the rider is not interrupted
        sendRiderLocation(position.coords.latitude, position.coords.longitude).catch(() => undefined);
      },
      // a denied or unavailable position only means the diner's map shows no rider
      () => undefined,
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 30_000 },
    );
    return () => navigator.geolocation.clearWatch(watchId);
  }, [sharing]);
}

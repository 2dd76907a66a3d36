/**
 * What the rider feels and reads after a shipment call (sections 4, 6, 8 and 9): a toast, a vibration,
 * and whether the page refetches, shows the lost auction, or goes to the 404.
 */
import {
  MESSAGES,
  SHIPMENT_LIFECYCLE_MESSAGES,
  type ShipmentStatus,
  VIBRATION_FAILURE,
  VIBRATION_SUCCESS,
} from '@comanda/core';
import { isApiError } from '../../api/api.ts';

/** The toast after a successful step, by the status the shipment reached. */
const SUCCESS_MESSAGES: Partial<Record<ShipmentStatus, string>> = {
  ON_ROUTE_TO_PICK_UP: 'Envío aceptado',
  IN_STORE: 'Llegaste al local',
  ON_ROUTE_TO_DROP_OFF: 'En camino al cliente',
  ON_ROUTE_TO_DROP_OFFS: 'En camino al cliente',
  DELIVERED: 'Envío entregado',
  RETURNED: 'Regresaste al local',
  DRIVER_CANCELED: 'Envío cancelado',
};

export interface UpdateFeedback {
  message: string;
  vibration: readonly number[];
  /** The page shows the spec's 404 ('Acceso denegado o link expirado'). */
  accessDenied: boolean;
  /** The delivery code was wrong: the code dialog stays open for another try. */
  codeWrong: boolean;
}

/** The toast after 'No pude entregar': the shipment is DELIVERED, but on its way back. */
export const UNDELIVERABLE_SUCCESS = 'Avisamos al local. Volvé con el pedido.';

export function updateSuccessFeedback(status: ShipmentStatus, undeliverable = false): UpdateFeedback {
  return {
    message: undeliverable ? UNDELIVERABLE_SUCCESS : (SUCCESS_MESSAGES[status] ?? 'Envío actualizado'),
    vibration: VIBRATION_SUCCESS,
    accessDenied: false,
    codeWrong: false,
  };
}

/**
 * A failed update: another rider won ('Otro repartidor ya tomó este envío.'), a wrong delivery code or
 * another refusal the server explains, a lost session or no permission (the 404), or the catalogue's
 * update failure.
 */
export function updateFailureFeedback(error: unknown): UpdateFeedback {
  const failure = { vibration: VIBRATION_FAILURE, accessDenied: false, codeWrong: false };
  if (!isApiError(error)) return { ...failure, message: MESSAGES.shipmentUpdateFailed };
  if (error.code === 'SHIPMENT_TAKEN')
    return { ...failure, message: SHIPMENT_LIFECYCLE_MESSAGES.takenByOther };
  // a wrong code, or too many of them: the code dialog stays open with the server's words
  if (error.code === 'DELIVERY_CODE_WRONG' || error.code === 'DELIVERY_CODE_LOCKED')
    return { ...failure, message: error.message, codeWrong: true };
  if (error.status === 401) return { ...failure, message: MESSAGES.accessDenied, accessDenied: true };
  // any 403 of a rider call ends on the 404 page, after the toast of the server's reason
  if (error.status === 403)
    return {
      ...failure,
      message: error.code.startsWith('HTTP_') ? MESSAGES.noShipmentPermission : error.message,
      accessDenied: true,
    };
  // other refusals carry the server's reason (not yours, finished, busy with another shipment)
  if (error.status >= 400 && error.status < 500 && !error.code.startsWith('HTTP_'))
    return { ...failure, message: error.message };
  return { ...failure, message: MESSAGES.shipmentUpdateFailed };
}

export interface FetchFailure {
  message: string;
  accessDenied: boolean;
}

/**
 * A failed read (section 8): 403 is 'No tienes permisos para ver los envíos' and the 404 page; a lost
 * session (401) or a missing shipment (404) is the 404 page; otherwise the list's or the shipment's
 * catalogue text.
 */
export function fetchFailure(error: unknown, what: 'list' | 'shipment'): FetchFailure {
  const retry = what === 'list' ? MESSAGES.shipmentsFetchFailed : MESSAGES.shipmentFetchFailed;
  if (!isApiError(error)) return { message: retry, accessDenied: false };
  if (error.status === 403) return { message: MESSAGES.noShipmentPermission, accessDenied: true };
  if (error.status === 401 || error.status === 404)
    return { message: MESSAGES.accessDenied, accessDenied: true };
  return { message: retry, accessDenied: false };
}

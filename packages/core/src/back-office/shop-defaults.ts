/** The time zone a new shop starts with, by country (the capital's); the hours screen can change it later. */
export const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  ar: 'America/Argentina/Buenos_Aires',
  bo: 'America/La_Paz',
  br: 'America/Sao_Paulo',
  cl: 'America/Santiago',
  co: 'America/Bogota',
  ec: 'America/Guayaquil',
  mx: 'America/Mexico_City',
  pe: 'America/Lima',
  py: 'America/Asuncion',
  us: 'America/New_York',
  uy: 'America/Montevideo',
  ve: 'America/Caracas',
};

/** The show names a shop's first order modes get (the diner sees them on the mode screen). */
export const STARTER_MODE_NAMES: Readonly<Record<string, string>> = {
  TAKE_AWAY: 'Retiro en el local',
  TABLE: 'Mesa',
  COUNTER_SELF_SERVICE: 'Mostrador',
  DELIVERY: 'Delivery',
};

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api.ts';
import { invalidCodeRedirect } from './custom-redirect.ts';

const url = 'https://aurora.example/promociones';
const customization = (displayType: string | null, commands: unknown = { action: 'INVALID_CODE', url }) => [
  { id: 1, resource: 'REDIRECT_ACTION', displayType, theme: null, commands: JSON.stringify(commands) },
];
const notFound = new ApiError(
  404,
  'DISCOUNT_CODE_NOT_FOUND',
  'No se encontró ningún descuento con el código ingresado.',
);

describe('invalidCodeRedirect', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the url for the link’s own code refused as not found (MANUAL)', () => {
    expect(invalidCodeRedirect(notFound, '?code=verano', 'VERANO ', customization('MANUAL'))).toEqual({
      text: 'El código de descuento del enlace no es válido.',
      label: 'Ver promociones vigentes',
      url,
    });
  });

  it('sends the diner to the url at once when AUTOMATIC', () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    expect(invalidCodeRedirect(notFound, '?code=VERANO', 'VERANO', customization('AUTOMATIC'))).toBeNull();
    expect(assign).toHaveBeenCalledWith(url);
  });

  it('does nothing for a typed code, another refusal, or a customisation that is missing or invalid', () => {
    const other = new ApiError(400, 'BAD_REQUEST', 'Asegurese de haber elegido un medio de pago primero');
    expect(invalidCodeRedirect(notFound, '?code=VERANO', 'OTRO', customization('MANUAL'))).toBeNull();
    expect(invalidCodeRedirect(notFound, '', 'VERANO', customization('MANUAL'))).toBeNull();
    expect(invalidCodeRedirect(other, '?code=VERANO', 'VERANO', customization('MANUAL'))).toBeNull();
    expect(invalidCodeRedirect(new Error('x'), '?code=VERANO', 'VERANO', customization('MANUAL'))).toBeNull();
    expect(invalidCodeRedirect(notFound, '?code=VERANO', 'VERANO', [])).toBeNull();
    expect(
      invalidCodeRedirect(
        notFound,
        '?code=VERANO',
        'VERANO',
        customization('MANUAL', { action: 'INVALID_CODE' }),
      ),
    ).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { dayText, linkUrl, tokenOfPath, whatsAppShareUrl, whenText } from './team-text.ts';

describe('team page texts', () => {
  it('say when a rider was last seen, in the device’s day', () => {
    const now = new Date(2026, 10, 18, 15, 0);
    expect(whenText(new Date(2026, 10, 18, 14, 32).toISOString(), now)).toBe('hoy 14:32');
    expect(whenText(new Date(2026, 10, 17, 9, 5).toISOString(), now)).toBe('ayer 09:05');
    expect(whenText(new Date(2026, 10, 2, 21, 0).toISOString(), now)).toBe('02/11 21:00');
    expect(dayText(new Date(2026, 10, 25, 15, 0).toISOString())).toBe('25/11');
  });

  it('build the link to share, and read the token back from the invitee’s path', () => {
    const url = linkUrl('/console/invitacion/abc_DEF-123', 'https://pedidos.example');
    expect(url).toBe('https://pedidos.example/console/invitacion/abc_DEF-123');
    expect(whatsAppShareUrl('Lola', url)).toBe(
      `https://wa.me/?text=${encodeURIComponent(`Hola Lola, te sumé a la consola de pedidos. Entrá acá para elegir tu contraseña: ${url}`)}`,
    );
    expect(tokenOfPath('/console/invitacion/abc_DEF-123')).toBe('abc_DEF-123');
    expect(tokenOfPath('/console/invitacion/abc/')).toBe('abc');
    expect(tokenOfPath('/console/invitacion/')).toBe('');
    expect(tokenOfPath('/console/invitacion/%E0%A4%A')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { redirectCustomizationOf } from './redirect-action.ts';

const entry = (commands: unknown, displayType?: string | null) => [
  { resource: 'NOTES_LIMIT', displayType: null, commands: '{}' },
  {
    resource: 'REDIRECT_ACTION',
    displayType: displayType ?? null,
    commands: typeof commands === 'string' ? commands : JSON.stringify(commands),
  },
];

describe('redirectCustomizationOf', () => {
  it('is none without a REDIRECT_ACTION customisation', () => {
    expect(redirectCustomizationOf(undefined)).toEqual({ status: 'none' });
    expect(redirectCustomizationOf([{ resource: 'DOCUMENT_LABEL', commands: '{"label":"DNI"}' }])).toEqual({
      status: 'none',
    });
  });

  it('follows INVALID_CODE to an http(s) url, MANUAL unless the displayType says AUTOMATIC', () => {
    const url = 'https://donmateo.example/promociones';
    expect(redirectCustomizationOf(entry({ action: 'INVALID_CODE', url }))).toEqual({
      status: 'valid',
      action: 'INVALID_CODE',
      url,
      redirect: 'MANUAL',
    });
    expect(redirectCustomizationOf(entry({ action: 'INVALID_CODE', url }, 'AUTOMATIC'))).toMatchObject({
      status: 'valid',
      redirect: 'AUTOMATIC',
    });
    expect(
      redirectCustomizationOf(entry({ action: 'INVALID_CODE', url: ' http://a.example ' }, 'MANUAL')),
    ).toMatchObject({
      url: 'http://a.example',
    });
  });

  it('is invalid when it cannot be followed', () => {
    const url = 'https://donmateo.example/promociones';
    for (const bad of [
      entry('not json'),
      entry(null),
      entry({ action: 'OTHER', url }),
      entry({ action: 'INVALID_CODE' }),
      entry({ action: 'INVALID_CODE', url: 'promociones' }),
      entry({ action: 'INVALID_CODE', url: 'javascript:alert(1)' }),
      entry({ action: 'INVALID_CODE', url: 'https://a.example/con espacio' }),
      entry({ action: 'INVALID_CODE', url: 'https:///sin-host' }),
      entry({ action: 'INVALID_CODE', url }, 'POPUP'),
    ])
      expect(redirectCustomizationOf(bad)).toEqual({ status: 'invalid' });
  });
});

import { describe, expect, it } from 'vitest';
import { documentLabel } from './document-label.ts';

const labelled = (commands: string) => [{ resource: 'DOCUMENT_LABEL', commands }];

describe('documentLabel', () => {
  it('reads the customisation’s label, else "Documento"', () => {
    expect(documentLabel(labelled('{"label":"DNI"}'))).toBe('DNI');
    expect(documentLabel(labelled('{"label":"  RUT "}'))).toBe('RUT');
    expect(documentLabel(undefined)).toBe('Documento');
    expect(documentLabel(labelled('{"label":""}'))).toBe('Documento');
    expect(documentLabel(labelled('not json'))).toBe('Documento');
    expect(documentLabel([{ resource: 'NOTES_LIMIT', commands: '{}' }])).toBe('Documento');
  });
});

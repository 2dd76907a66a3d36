import { notesLimit } from '@comanda/core';
import type { MenuCustomization } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import { itemNotesLimit } from './notes-limit.ts';

const notes = (commands: object | string): MenuCustomization => ({
  id: 1,
  resource: 'NOTES_LIMIT',
  displayType: null,
  theme: null,
  commands: typeof commands === 'string' ? commands : JSON.stringify(commands),
});

describe('itemNotesLimit', () => {
  it('reads the item limit of the NOTES_LIMIT customisation', () => {
    expect(itemNotesLimit([notes({ itemNotesLimit: 120, hasItemNotesLimit: true })])).toBe(120);
  });

  it('defaults to 250, and has no limit only when the customisation turns it off', () => {
    expect(itemNotesLimit(undefined)).toBe(250);
    expect(itemNotesLimit([notes({ orderNotesLimit: 80 })])).toBe(250);
    expect(itemNotesLimit([notes('not json')])).toBe(250);
    expect(itemNotesLimit([notes({ itemNotesLimit: 120, hasItemNotesLimit: false })])).toBeNull();
  });
});

describe('notesLimit for order notes', () => {
  it('reads the order limit on its own, 250 by default', () => {
    expect(notesLimit([notes({ itemNotesLimit: 120, hasItemNotesLimit: true })], 'order')).toBe(250);
    expect(notesLimit([notes({ orderNotesLimit: 80 })], 'order')).toBe(80);
    expect(notesLimit([notes({ orderNotesLimit: 80, hasOrderNotesLimit: false })], 'order')).toBeNull();
  });
});

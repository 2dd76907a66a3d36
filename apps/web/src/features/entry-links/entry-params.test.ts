import { describe, expect, it } from 'vitest';
import {
  acquisitionChannelOf,
  isCampaignWithoutId,
  parseEntryParams,
  withoutAbandoned,
} from './entry-params.ts';
import { getEntry, mergeEntry } from './entry-store.ts';

describe('parseEntryParams', () => {
  it('reads every entry parameter of the spec', () => {
    const params = parseEntryParams(
      '?campaignId=verano&utm_source=ig&name=Ana%20P%C3%A9rez&phone=11%204444-0202&menu=12&menu=Muzzarella&abandoned=true',
    );
    expect(params).toEqual({
      campaignId: 'verano',
      utmSource: 'ig',
      utmCampaign: null,
      name: 'Ana Pérez',
      phone: '11 4444-0202',
      menu: ['12', 'Muzzarella'],
      abandoned: true,
    });
  });

  it('reads a comma-separated menu list and drops repeats', () => {
    expect(parseEntryParams('?menu=1,2&menu=2').menu).toEqual(['1', '2']);
  });

  it('treats abandoned=false as no recovery link', () => {
    expect(parseEntryParams('?abandoned=false&phone=1').abandoned).toBe(false);
  });
});

describe('acquisitionChannelOf', () => {
  it.each([
    ['?campaignId=c1&utm_source=fb', 'c1'],
    ['?utm_source=fb', 'fb'],
    ['', 'DIRECT'],
  ])('%s -> %s', (search, channel) => {
    expect(acquisitionChannelOf(parseEntryParams(search))).toBe(channel);
  });
});

describe('isCampaignWithoutId', () => {
  it.each([
    ['?utm_source=fb', true],
    ['?utm_campaign=verano', true],
    ['?utm_source=fb&campaignId=1', false],
    ['', false],
    ['?name=Ana', false],
    ['?utm_source=pwa', false],
  ])('%s -> %s', (search, expected) => {
    expect(isCampaignWithoutId(parseEntryParams(search))).toBe(expected);
  });
});

describe('withoutAbandoned', () => {
  it('keeps the rest of the query string', () => {
    expect(withoutAbandoned('?abandoned=true&phone=549')).toBe('?phone=549');
    expect(withoutAbandoned('?abandoned=true')).toBe('');
  });
});

describe('mergeEntry', () => {
  it('keeps the stored campaign when a later link has none', () => {
    const first = mergeEntry(getEntry(), parseEntryParams('?campaignId=c1'));
    const second = mergeEntry(first, parseEntryParams('?menu=3'));
    expect(second.acquisitionChannel).toBe('c1');
    expect(second.menu).toEqual(['3']);
  });

  it('does not pre-fill the same link twice, so a reload keeps what the diner edited', () => {
    const first = mergeEntry(getEntry(), parseEntryParams('?name=Ana&phone=1144440202'));
    expect(first.pendingName).toBe('Ana');
    const applied = { ...first, pendingName: null, pendingPhone: null };
    expect(mergeEntry(applied, parseEntryParams('?name=Ana&phone=1144440202')).pendingName).toBeNull();
  });
});

/**
 * The activity zone's table of rows: the document's items as rows (banner languages as columns)
 * and back, every activity listed in catalogue order when the zone was never saved.
 */
import { describe, expect, it } from 'vitest';
import { rowsToZone, zoneToRows } from './screens';

describe('activity zone rows', () => {
  it('a never-saved zone lists every activity, shown, in catalogue order', () => {
    expect(zoneToRows([], ['relief', 'mining'])).toEqual([
      { activity: 'relief', visible: true, order: 1, bannerEn: '', bannerZh: '' },
      { activity: 'mining', visible: true, order: 2, bannerEn: '', bannerZh: '' },
    ]);
  });

  it('round-trips a saved zone; banners trimmed, a missing one empty', () => {
    const items = [
      { activity: 'mining', visible: false, order: 3, banner: { en: 'Dig!', zh: '挖矿' } },
      { activity: 'relief', visible: true, order: 1, banner: { en: '', zh: '' } },
    ];
    expect(rowsToZone(zoneToRows(items, ['relief', 'mining']))).toEqual({ items });
    expect(rowsToZone([{ activity: 'relief', visible: true, order: 2, bannerEn: '  Free chips  ' }])).toEqual({
      items: [{ activity: 'relief', visible: true, order: 2, banner: { en: 'Free chips', zh: '' } }],
    });
  });
});

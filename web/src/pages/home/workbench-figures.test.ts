import { describe, expect, it } from 'vitest';
import { figureTiles } from './workbench-figures.ts';

const season = { kind: 'season' as const, seasonId: 3, seasonName: '2026秋冬现货', limited: true, leftFen: 1_573_536, leftPieces: null };

describe('figureTiles', () => {
  it("shows an agent's own 可用授信, 本季额度剩余 and 欠款 in formatYuan", () => {
    const tiles = figureTiles({ account: { kind: 'own', partyName: '杭州衣尚', availableFen: 3_000_000, owedFen: 481_482 }, quota: season });
    expect(tiles.map((t) => [t.key, t.title, t.value, t.alert])).toEqual([
      ['credit', '可用授信', '¥30,000.00', false],
      ['quota', '本季额度剩余', '¥15,735.36', false],
      ['owed', '欠款', '¥4,814.82', true],
    ]);
    expect(tiles[0]!.note).toContain('杭州衣尚');
    expect(tiles[1]!.note).toBe('2026秋冬现货');
  });

  it('says 不限 without a credit limit or a quota, and a negative room in red', () => {
    const open = figureTiles({ account: { kind: 'own', partyName: 'A', availableFen: null, owedFen: 0 }, quota: { ...season, limited: false, leftFen: null } });
    expect(open.map((t) => t.value)).toEqual(['不限', '不限', '¥0.00']);
    const over = figureTiles({ account: { kind: 'own', partyName: 'A', availableFen: -12_345, owedFen: 0 }, quota: { ...season, leftFen: null, leftPieces: 7 } });
    expect(over.map((t) => [t.value, t.alert])).toEqual([
      ['−¥123.45', true],
      ['7 件', false],
      ['¥0.00', false],
    ]);
  });

  it("never shows an agent's money to its shop: 由代理商结算; HQ's shop 不结算; no season open", () => {
    expect(figureTiles({ account: { kind: 'byAgent' }, quota: { kind: 'noSeason' } }).map((t) => [t.title, t.value])).toEqual([
      ['可用授信', '由代理商结算'],
      ['本季额度剩余', '--'],
      ['欠款', '由代理商结算'],
    ]);
    expect(figureTiles({ account: { kind: 'unbilled' }, quota: null }).map((t) => t.value)).toEqual(['不结算', '不结算']);
    expect(figureTiles({ account: null, quota: null })).toEqual([]);
  });
});

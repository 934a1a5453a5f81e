import { describe, expect, it } from 'vitest';
import { compositionToText, fenToYuanText, parseCompositionText, PRODUCT_IMPORT_COLUMNS, yuanTextToFen } from './product-import.ts';

describe('product import cells', () => {
  it('reads yuan text as fen, exactly', () => {
    expect(yuanTextToFen('299')).toBe(29900);
    expect(yuanTextToFen(' 299.5 ')).toBe(29950);
    expect(yuanTextToFen('299.00')).toBe(29900);
    expect(yuanTextToFen('0.07')).toBe(7);
    expect(yuanTextToFen('1,299.90')).toBe(129990);
    expect(yuanTextToFen('¥18.99')).toBe(1899);
    expect(yuanTextToFen('0')).toBe(0);
    // 0.1 + 0.2 style float traps stay exact
    expect(yuanTextToFen('1234567.89')).toBe(123456789);
  });

  it('refuses what is not an amount with at most two decimals', () => {
    for (const bad of ['', '-1', '1.234', 'abc', '1,2', '12,34.5', '.5', '5.', '1e3', '１２']) {
      expect(yuanTextToFen(bad), bad).toBeNull();
    }
  });

  it('writes fen as yuan with two decimals', () => {
    expect(fenToYuanText(29900)).toBe('299.00');
    expect(fenToYuanText(7)).toBe('0.07');
    expect(fenToYuanText(0)).toBe('0.00');
    expect(fenToYuanText(129990)).toBe('1299.90');
    for (const fen of [0, 1, 99, 100, 12345, 99999999]) expect(yuanTextToFen(fenToYuanText(fen))).toBe(fen);
  });

  it('writes and reads the composition text', () => {
    const parts = [
      {
        part: '面料',
        fibres: [
          { name: '羊毛', percent: 80 },
          { name: '锦纶', percent: 20 },
        ],
      },
      { part: '里料', fibres: [{ name: '聚酯纤维', percent: 100 }] },
    ];
    const text = compositionToText(parts);
    expect(text).toBe('面料:羊毛80%,锦纶20%;里料:聚酯纤维100%');
    expect(parseCompositionText(text)).toEqual(parts);
    expect(
      compositionToText([
        {
          fibres: [
            { name: '棉', percent: 97.5 },
            { name: '氨纶', percent: 2.5 },
          ],
        },
      ]),
    ).toBe('棉97.5%,氨纶2.5%');
    expect(parseCompositionText('棉97.5%,氨纶2.5%')).toEqual([
      {
        fibres: [
          { name: '棉', percent: 97.5 },
          { name: '氨纶', percent: 2.5 },
        ],
      },
    ]);
    expect(compositionToText([])).toBe('');
  });

  it('reads full-width punctuation and spaces, and blank as none', () => {
    expect(parseCompositionText('面料：羊毛 80％，锦纶 20％；里料：聚酯纤维100%')).toEqual([
      {
        part: '面料',
        fibres: [
          { name: '羊毛', percent: 80 },
          { name: '锦纶', percent: 20 },
        ],
      },
      { part: '里料', fibres: [{ name: '聚酯纤维', percent: 100 }] },
    ]);
    expect(parseCompositionText('棉98%、氨纶2%')).toEqual([
      {
        fibres: [
          { name: '棉', percent: 98 },
          { name: '氨纶', percent: 2 },
        ],
      },
    ]);
    expect(parseCompositionText('  ')).toEqual([]);
  });

  it('refuses composition text without names or percents', () => {
    for (const bad of ['羊毛', '80%', ':羊毛100%', '面料:羊毛80,锦纶20', '面料:', '羊毛80%,,锦纶20%', ';']) {
      expect(parseCompositionText(bad), bad).toBeNull();
    }
  });

  it('keeps its column keys unique', () => {
    const keys = PRODUCT_IMPORT_COLUMNS.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

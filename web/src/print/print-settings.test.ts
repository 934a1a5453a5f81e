import { describe, expect, it } from 'vitest';
import { DEFAULT_PRINT_SETTINGS, loadPrintSettings, normalizeSettings, PRINT_SETTINGS_KEY, resetPrintSettings, savePrintSettings, settingsErrors } from './print-settings.ts';
import { PRINT_KINDS } from './print-types.ts';

function memoryStorage(initial?: string) {
  const data = new Map<string, string>(initial === undefined ? [] : [[PRINT_SETTINGS_KEY, initial]]);
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('print settings', () => {
  it('has the paper defaults of each kind', () => {
    const size = (k: keyof typeof DEFAULT_PRINT_SETTINGS) => [DEFAULT_PRINT_SETTINGS[k].widthMm, DEFAULT_PRINT_SETTINGS[k].heightMm];
    expect(size('label')).toEqual([40, 60]);
    expect(size('hangtag')).toEqual([50, 90]);
    expect(size('washlabel')).toEqual([30, 80]);
    expect(size('outbound')).toEqual([210, 297]);
    expect(size('transfer')).toEqual([210, 297]);
    expect(size('statement')).toEqual([210, 297]);
    expect(Object.keys(DEFAULT_PRINT_SETTINGS)).toEqual([...PRINT_KINDS]);
    for (const s of Object.values(DEFAULT_PRINT_SETTINGS)) expect(settingsErrors(s)).toEqual({});
  });

  it('wants whole millimetres in range', () => {
    const base = DEFAULT_PRINT_SETTINGS.hangtag;
    expect(settingsErrors({ ...base, widthMm: 50.5 })).toEqual({ widthMm: '纸张宽度须为20-300之间的整数（毫米）' });
    expect(settingsErrors({ ...base, heightMm: 500 })).toEqual({ heightMm: '纸张高度须为20-420之间的整数（毫米）' });
    expect(settingsErrors({ ...base, marginTopMm: -1 })).toEqual({ marginTopMm: '上边距须为0-30之间的整数（毫米）' });
    expect(settingsErrors({ ...base, marginLeftMm: '4' as unknown as number })).toEqual({ marginLeftMm: '左边距须为0-30之间的整数（毫米）' });
    expect(settingsErrors({ ...base, widthMm: undefined })).toEqual({ widthMm: '请输入纸张宽度' });
  });

  it('keeps room for the content', () => {
    const narrow = { ...DEFAULT_PRINT_SETTINGS.label, widthMm: 30, marginLeftMm: 10, marginRightMm: 11 };
    expect(settingsErrors(narrow)).toEqual({ marginRightMm: '左右边距之和过大，内容宽度须至少10毫米' });
    const low = { ...DEFAULT_PRINT_SETTINGS.label, heightMm: 20, marginTopMm: 6, marginBottomMm: 5 };
    expect(settingsErrors(low)).toEqual({ marginBottomMm: '上下边距之和过大，内容高度须至少10毫米' });
  });

  it('falls back to the defaults of a kind whose stored settings are bad', () => {
    const s = normalizeSettings({
      label: { widthMm: 50, heightMm: 30, barcode: 'CODE128' },
      hangtag: { widthMm: 'wide' },
      washlabel: { widthMm: 30, heightMm: 80, marginLeftMm: 15, marginRightMm: 15 },
      outbound: { barcode: 'CODE128' },
      transfer: 'nonsense',
      statement: { widthMm: 297, heightMm: 210, marginTopMm: 10 },
    });
    expect(s.label).toEqual({ ...DEFAULT_PRINT_SETTINGS.label, widthMm: 50, heightMm: 30, barcode: 'CODE128' });
    expect(s.hangtag).toEqual(DEFAULT_PRINT_SETTINGS.hangtag);
    expect(s.washlabel).toEqual(DEFAULT_PRINT_SETTINGS.washlabel);
    expect(s.outbound).toEqual(DEFAULT_PRINT_SETTINGS.outbound);
    expect(s.transfer).toEqual(DEFAULT_PRINT_SETTINGS.transfer);
    expect(s.statement).toEqual({ ...DEFAULT_PRINT_SETTINGS.statement, widthMm: 297, heightMm: 210, marginTopMm: 10 });
    expect(normalizeSettings(null)).toEqual(DEFAULT_PRINT_SETTINGS);
  });

  it('loads, saves and resets under erp:print-settings', () => {
    expect(loadPrintSettings(memoryStorage('{not json'))).toEqual(DEFAULT_PRINT_SETTINGS);
    expect(loadPrintSettings(null)).toEqual(DEFAULT_PRINT_SETTINGS);
    const storage = memoryStorage();
    const next = { ...DEFAULT_PRINT_SETTINGS.hangtag, widthMm: 60, heightMm: 100 };
    expect(savePrintSettings('hangtag', next, storage).hangtag).toEqual(next);
    expect(JSON.parse(storage.data.get(PRINT_SETTINGS_KEY)!).hangtag.widthMm).toBe(60);
    expect(loadPrintSettings(storage).hangtag).toEqual(next);
    expect(loadPrintSettings(storage).label).toEqual(DEFAULT_PRINT_SETTINGS.label);
    expect(() => savePrintSettings('hangtag', { ...next, widthMm: 5 }, storage)).toThrow('纸张宽度须为20-300之间的整数（毫米）');
    expect(resetPrintSettings('hangtag', storage).hangtag).toEqual(DEFAULT_PRINT_SETTINGS.hangtag);
    expect(loadPrintSettings(storage).hangtag).toEqual(DEFAULT_PRINT_SETTINGS.hangtag);
  });
});

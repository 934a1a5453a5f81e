import type { BarcodePreference } from './barcode-rules.ts';
import { PRINT_KINDS, type PrintKind } from './print-types.ts';

/** Paper and margins of one template, in whole millimetres. Stored per workstation (printers are). */
export interface TemplateSettings {
  widthMm: number;
  heightMm: number;
  marginTopMm: number;
  marginRightMm: number;
  marginBottomMm: number;
  marginLeftMm: number;
  /** Label and hang tag only: `auto` prints valid EAN-13 values as EAN-13. */
  barcode: BarcodePreference;
}

export type PrintSettings = Readonly<Record<PrintKind, TemplateSettings>>;
export type SettingsField = Exclude<keyof TemplateSettings, 'barcode'>;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

export const PRINT_SETTINGS_KEY = 'erp:print-settings';

const sheet = (widthMm: number, heightMm: number, v: number, h: number): TemplateSettings => ({
  widthMm,
  heightMm,
  marginTopMm: v,
  marginRightMm: h,
  marginBottomMm: v,
  marginLeftMm: h,
  barcode: 'auto',
});

export const DEFAULT_PRINT_SETTINGS: PrintSettings = {
  label: sheet(40, 60, 2, 2),
  hangtag: sheet(50, 90, 4, 4),
  washlabel: { ...sheet(30, 80, 3, 2), marginTopMm: 8 },
  outbound: sheet(210, 297, 12, 12),
  transfer: sheet(210, 297, 12, 12),
  statement: sheet(210, 297, 12, 12),
  order: sheet(210, 297, 12, 12),
  parcel: sheet(210, 297, 12, 12),
};

export const SETTINGS_FIELDS: readonly { field: SettingsField; label: string; min: number; max: number }[] = [
  { field: 'widthMm', label: '纸张宽度', min: 20, max: 300 },
  { field: 'heightMm', label: '纸张高度', min: 20, max: 420 },
  { field: 'marginTopMm', label: '上边距', min: 0, max: 30 },
  { field: 'marginRightMm', label: '右边距', min: 0, max: 30 },
  { field: 'marginBottomMm', label: '下边距', min: 0, max: 30 },
  { field: 'marginLeftMm', label: '左边距', min: 0, max: 30 },
];

/** The content box must keep at least this much after margins. */
export const MIN_CONTENT_MM = 10;

export function usesBarcodePreference(kind: PrintKind): boolean {
  return kind === 'label' || kind === 'hangtag';
}

/** Field and cross-field errors, in Chinese; empty when the settings are usable. */
export function settingsErrors(s: Partial<Record<SettingsField, unknown>>): SettingsErrors {
  const errors: SettingsErrors = {};
  for (const { field, label, min, max } of SETTINGS_FIELDS) {
    const value = s[field];
    if (value === undefined || value === null || value === '') errors[field] = `请输入${label}`;
    else if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      errors[field] = `${label}须为${min}-${max}之间的整数（毫米）`;
    }
  }
  const n = s as Record<SettingsField, number>;
  if (!errors.widthMm && !errors.marginLeftMm && !errors.marginRightMm && n.widthMm - n.marginLeftMm - n.marginRightMm < MIN_CONTENT_MM) {
    errors.marginRightMm = `左右边距之和过大，内容宽度须至少${MIN_CONTENT_MM}毫米`;
  }
  if (!errors.heightMm && !errors.marginTopMm && !errors.marginBottomMm && n.heightMm - n.marginTopMm - n.marginBottomMm < MIN_CONTENT_MM) {
    errors.marginBottomMm = `上下边距之和过大，内容高度须至少${MIN_CONTENT_MM}毫米`;
  }
  return errors;
}

/** Stored settings of one kind, or its defaults when anything is missing or out of range. */
function normalizeKind(kind: PrintKind, raw: unknown): TemplateSettings {
  const fallback = DEFAULT_PRINT_SETTINGS[kind];
  if (!raw || typeof raw !== 'object') return fallback;
  const stored = raw as Record<string, unknown>;
  const merged = { ...fallback } as Record<string, unknown>;
  for (const { field } of SETTINGS_FIELDS) if (field in stored) merged[field] = stored[field];
  if (Object.keys(settingsErrors(merged)).length > 0) return fallback;
  const barcode = stored.barcode === 'CODE128' && usesBarcodePreference(kind) ? 'CODE128' : 'auto';
  return { ...(merged as unknown as TemplateSettings), barcode };
}

export function normalizeSettings(raw: unknown): PrintSettings {
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  return Object.fromEntries(PRINT_KINDS.map((kind) => [kind, normalizeKind(kind, source[kind])])) as Record<PrintKind, TemplateSettings>;
}

type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'>;
const browserStorage = (): SettingsStorage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function loadPrintSettings(storage: SettingsStorage | null = browserStorage()): PrintSettings {
  try {
    const text = storage?.getItem(PRINT_SETTINGS_KEY);
    return normalizeSettings(text ? JSON.parse(text) : null);
  } catch {
    return normalizeSettings(null);
  }
}

/** Saves one kind; throws with the first error when the settings are not usable. */
export function savePrintSettings(kind: PrintKind, next: TemplateSettings, storage: SettingsStorage | null = browserStorage()): PrintSettings {
  const errors = Object.values(settingsErrors(next));
  if (errors.length > 0) throw new Error(errors[0]);
  const all = { ...loadPrintSettings(storage), [kind]: normalizeKind(kind, next) };
  storage?.setItem(PRINT_SETTINGS_KEY, JSON.stringify(all));
  return all;
}

export function resetPrintSettings(kind: PrintKind, storage: SettingsStorage | null = browserStorage()): PrintSettings {
  return savePrintSettings(kind, DEFAULT_PRINT_SETTINGS[kind], storage);
}

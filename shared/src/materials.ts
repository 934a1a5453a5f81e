/**
 * 物料 (product/material): the rules and messages the server enforces and the form applies
 * before sending. Unit and category are dictionary item values; whether they exist and are
 * enabled only the server can tell, so those checks are the server's alone.
 */
import { fileKeyFromUrl } from './uploads.ts';

/** Letters, digits, underscore and hyphen, 2 to 32 (e.g. WL-BAG-L). */
export const MATERIAL_CODE_PATTERN = /^[A-Za-z0-9_-]{2,32}$/;
export const MATERIAL_NAME_MAX = 60;
export const MATERIAL_SPEC_MAX = 200;
export const MATERIAL_REMARK_MAX = 200;
/** 1 000 000 yuan: far above any material, low enough to stay an int column. */
export const MATERIAL_COST_MAX_FEN = 100_000_000;
/** Dictionaries the form's selects read. */
export const MATERIAL_UNIT_DICT = 'unit';
export const MATERIAL_CATEGORY_DICT = 'material_category';

export const MaterialMessages = {
  codeRequired: '请输入物料编码',
  codeInvalid: '物料编码须为2-32位字母、数字、下划线或短横线',
  nameRequired: '请输入物料名称',
  nameTooLong: `物料名称不能超过${MATERIAL_NAME_MAX}个字符`,
  unitRequired: '请选择单位',
  unitInvalid: '单位不存在或已停用，请重新选择',
  categoryRequired: '请选择物料类别',
  categoryInvalid: '物料类别不存在或已停用，请重新选择',
  specTooLong: `规格不能超过${MATERIAL_SPEC_MAX}个字符`,
  remarkTooLong: `备注不能超过${MATERIAL_REMARK_MAX}个字符`,
  costInvalid: '成本价须为0-1000000元之间的金额，最多两位小数',
  imageInvalid: '物料图片须为本系统上传的图片',
  supplierInvalid: '供应商编号不正确',
  supplierNotFound: '供应商不存在',
  supplierDisabled: '供应商已停用，请选择其他供应商',
  enabledInvalid: '启用状态不正确',
  notFound: '物料不存在',
  inUse: '该物料已有库存记录，不能删除，可改为停用',
  alreadyEnabled: '该物料已是启用状态',
  alreadyDisabled: '该物料已是停用状态',
  deleteConfirm: '删除后不可恢复，确定删除该物料？',
  created: '新增成功',
  updated: '修改成功',
  deleted: '删除成功',
  enabled: '已启用',
  disabled: '已停用',
} as const;

export const materialCodeTaken = (code: string) => `物料编码“${code}”已存在`;

export interface MaterialInput {
  code: string;
  name: string;
  unit: string;
  specification?: string | null;
  category: string;
  imageUrl?: string | null;
  supplierId?: number | null;
  costPriceFen?: number | null;
  remark?: string | null;
  enabled?: boolean | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function materialCostProblem(fen: unknown): string | null {
  if (fen === null || fen === undefined) return null;
  if (typeof fen !== 'number' || !Number.isInteger(fen) || fen < 0 || fen > MATERIAL_COST_MAX_FEN) return MaterialMessages.costInvalid;
  return null;
}

export function materialCodeProblem(value: unknown): string | null {
  const code = text(value);
  if (!code) return MaterialMessages.codeRequired;
  return MATERIAL_CODE_PATTERN.test(code) ? null : MaterialMessages.codeInvalid;
}

export function materialNameProblem(value: unknown): string | null {
  const name = text(value);
  if (!name) return MaterialMessages.nameRequired;
  return name.length > MATERIAL_NAME_MAX ? MaterialMessages.nameTooLong : null;
}

export const materialCategoryProblem = (value: unknown) => (text(value) ? null : MaterialMessages.categoryRequired);
export const materialUnitProblem = (value: unknown) => (text(value) ? null : MaterialMessages.unitRequired);
export const materialSpecProblem = (value: unknown) => (text(value).length > MATERIAL_SPEC_MAX ? MaterialMessages.specTooLong : null);
export const materialRemarkProblem = (value: unknown) => (text(value).length > MATERIAL_REMARK_MAX ? MaterialMessages.remarkTooLong : null);

/** The first problem in form order (dictionary values and the supplier are the server's to check). */
export function materialInputProblem(input: Partial<Record<keyof MaterialInput, unknown>>): string | null {
  const problem =
    materialCodeProblem(input.code) ??
    materialNameProblem(input.name) ??
    materialCategoryProblem(input.category) ??
    materialUnitProblem(input.unit) ??
    materialSpecProblem(input.specification) ??
    materialCostProblem(input.costPriceFen);
  if (problem) return problem;
  const image = text(input.imageUrl);
  if (image && !fileKeyFromUrl(image)) return MaterialMessages.imageInvalid;
  const supplierId = input.supplierId;
  if (supplierId !== null && supplierId !== undefined && (typeof supplierId !== 'number' || !Number.isInteger(supplierId) || supplierId <= 0))
    return MaterialMessages.supplierInvalid;
  if (input.enabled !== null && input.enabled !== undefined && typeof input.enabled !== 'boolean') return MaterialMessages.enabledInvalid;
  return materialRemarkProblem(input.remark);
}

export interface MaterialRecord {
  id: number;
  code: string;
  name: string;
  unit: string;
  /** the unit's dictionary item name ('' when the item is gone) */
  unitName: string;
  specification: string;
  category: string;
  categoryName: string;
  imageUrl: string;
  supplierId: number | null;
  supplierName: string;
  costPriceFen: number | null;
  remark: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

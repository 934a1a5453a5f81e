import {
  fenToYuan,
  materialCategoryProblem,
  materialCodeProblem,
  materialCostProblem,
  materialNameProblem,
  materialRemarkProblem,
  materialSpecProblem,
  materialUnitProblem,
  yuanToFen,
  type MaterialInput,
  type MaterialRecord,
} from '@erp/shared';

/** An antd form rule from a shared checker: the same message the server would answer. */
function checkRule(check: (value: unknown) => string | null) {
  return {
    validator: (_rule: unknown, value: unknown) => {
      const problem = check(value);
      return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
    },
  };
}

/** The form holds the cost in yuan (up to two decimals); the server takes integer fen. */
export interface MaterialFormValues {
  code: string;
  name: string;
  category?: string;
  unit?: string;
  specification: string;
  imageUrl: string;
  costYuan?: number | null;
  supplierId?: number | null;
  remark: string;
}

const costYuanProblem = (value: unknown) => {
  if (value === null || value === undefined || value === '') return null;
  return materialCostProblem(yuanToFen(value as string | number) ?? -1);
};

export const materialFormRules = {
  code: [checkRule(materialCodeProblem)],
  name: [checkRule(materialNameProblem)],
  category: [checkRule(materialCategoryProblem)],
  unit: [checkRule(materialUnitProblem)],
  specification: [checkRule(materialSpecProblem)],
  costYuan: [checkRule(costYuanProblem)],
  remark: [checkRule(materialRemarkProblem)],
};

export function formValuesOf(record: MaterialRecord | null): MaterialFormValues {
  if (!record) return { code: '', name: '', specification: '', imageUrl: '', remark: '', costYuan: null, supplierId: null };
  return {
    code: record.code,
    name: record.name,
    category: record.category,
    unit: record.unit,
    specification: record.specification,
    imageUrl: record.imageUrl,
    costYuan: record.costPriceFen === null ? null : Number(fenToYuan(record.costPriceFen)),
    supplierId: record.supplierId,
    remark: record.remark,
  };
}

/** The body to send. */
export function inputOf(values: MaterialFormValues): MaterialInput {
  const cost = values.costYuan;
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    category: values.category ?? '',
    unit: values.unit ?? '',
    specification: (values.specification ?? '').trim(),
    imageUrl: values.imageUrl ?? '',
    costPriceFen: cost === null || cost === undefined ? null : yuanToFen(cost.toFixed(2)),
    supplierId: values.supplierId ?? null,
    remark: (values.remark ?? '').trim(),
  };
}

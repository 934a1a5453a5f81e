import {
  materialCategoryProblem,
  materialCodeProblem,
  materialCostProblem,
  materialNameProblem,
  materialRemarkProblem,
  materialSpecProblem,
  materialUnitProblem,
  type MaterialInput,
  type MaterialRecord,
} from '@erp/shared';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';

/** The form holds the cost in fen (typed in yuan through YuanInput), as the server takes it. */
export interface MaterialFormValues {
  code: string;
  name: string;
  category?: string;
  unit?: string;
  specification: string;
  imageUrl: string;
  costFen?: number | null;
  supplierId?: number | null;
  remark: string;
}

const costProblem = (value: unknown) => materialCostProblem(value);

export const materialFormRules = {
  code: [checkRule(materialCodeProblem)],
  name: [checkRule(materialNameProblem)],
  category: [checkRule(materialCategoryProblem)],
  unit: [checkRule(materialUnitProblem)],
  specification: [checkRule(materialSpecProblem)],
  costFen: [checkRule(costProblem)],
  remark: [checkRule(materialRemarkProblem)],
};

export function formValuesOf(record: MaterialRecord | null): MaterialFormValues {
  if (!record) return { code: '', name: '', specification: '', imageUrl: '', remark: '', costFen: null, supplierId: null };
  return {
    code: record.code,
    name: record.name,
    category: record.category,
    unit: record.unit,
    specification: record.specification,
    imageUrl: record.imageUrl,
    costFen: record.costPriceFen,
    supplierId: record.supplierId,
    remark: record.remark,
  };
}

/** The body to send. */
export function inputOf(values: MaterialFormValues): MaterialInput {
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    category: values.category ?? '',
    unit: values.unit ?? '',
    specification: (values.specification ?? '').trim(),
    imageUrl: values.imageUrl ?? '',
    costPriceFen: values.costFen ?? null,
    supplierId: values.supplierId ?? null,
    remark: (values.remark ?? '').trim(),
  };
}

import { z } from 'zod';
import { listQueryShape } from '../../http/list-params.ts';
import { keywordFilter, looseText, partyRecordShape, statusFilter } from './parties.schema.ts';

export const supplierBody = z.object({
  code: looseText.describe('供应商编码：2-32位字母、数字、下划线或短横线，唯一'),
  name: looseText.describe('供应商名称，1-64个字符'),
  contactName: looseText.describe('联系人，最多32个字符'),
  phone: looseText.describe('联系电话：手机号或座机号（如 020-84321234）'),
  address: looseText.describe('地址，最多200个字符'),
  remark: looseText.describe('备注，最多200个字符'),
});
export type SupplierBody = z.infer<typeof supplierBody>;

export const suppliersQuery = z.object({
  ...listQueryShape,
  keyword: keywordFilter.describe('匹配编码、名称、联系人或电话'),
  status: statusFilter,
});

export const SUPPLIER_SORTS = { code: 'suppliers.code', name: 'suppliers.name', createdAt: 'suppliers.created_at' } as const;
export type SupplierSortColumn = (typeof SUPPLIER_SORTS)[keyof typeof SUPPLIER_SORTS];

export const supplierRecord = z.object(partyRecordShape);

export const supplierOptionsQuery = z.object({ keyword: keywordFilter.describe('匹配编码或名称（包含）') });
export const supplierOption = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

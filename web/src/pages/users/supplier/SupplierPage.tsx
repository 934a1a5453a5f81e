import type { SupplierRecord } from '@erp/shared';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { supplierApi } from '../party/party-api.ts';
import { keywordField, partyColumns, statusField } from '../party/party-columns.tsx';
import { PartyFormModal } from '../party/PartyFormModal.tsx';
import { PartyListPage } from '../party/PartyListPage.tsx';

const SEARCH_FIELDS: ListSearchField[] = [keywordField('编码 / 名称 / 联系人 / 电话', 'supplier-keyword'), statusField('supplier-status')];

const c = partyColumns<SupplierRecord>();
const COLUMNS = [c.code, c.name, c.contactName, c.phone, c.address, c.accountCount, c.status, c.remark, c.createdAt];

/** 供应商 (users/supplier): the suppliers HQ buys from, with their sign-in accounts; a supplier sees only itself. */
export function SupplierPage() {
  return (
    <PartyListPage
      kind="supplier"
      fetchPage={supplierApi.page}
      columns={COLUMNS}
      searchFields={SEARCH_FIELDS}
      scrollX={1000}
      renderEditor={(editor) => <PartyFormModal {...editor} />}
    />
  );
}

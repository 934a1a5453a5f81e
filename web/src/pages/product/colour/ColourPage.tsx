import { EMPTY_DISPLAY, Permissions } from '@erp/shared';
import type { ListColumn } from '../../../ui/list-page/ListPage.tsx';
import { colourApi, masterKeys, type Colour } from '../../../api/product-master.ts';
import { MasterDataPage } from '../MasterDataPage.tsx';
import '../product-master.css';
import { ColourFormModal } from './ColourFormModal.tsx';

const LEAD_COLUMNS: ListColumn<Colour>[] = [
  {
    key: 'hex',
    title: '色块',
    dataIndex: 'hex',
    width: 72,
    exportable: false,
    render: (hex: string) => (hex ? <span className="erp-colour-swatch" style={{ background: hex }} title={hex} /> : EMPTY_DISPLAY),
  },
  { key: 'code', title: '颜色编码', dataIndex: 'code', width: 120, sortable: true },
  { key: 'name', title: '颜色名称', dataIndex: 'name', sortable: true },
  { key: 'hexText', title: '色值', dataIndex: 'hex', width: 110, render: (hex: string) => hex || EMPTY_DISPLAY },
];

/** 颜色: the colours of SKUs, each with a swatch. */
export function ColourPage() {
  return (
    <MasterDataPage<Colour>
      noun="颜色"
      testId="colour"
      api={colourApi}
      queryKey={masterKeys.colours}
      editPermission={Permissions.colourEdit}
      leadColumns={LEAD_COLUMNS}
      FormModal={ColourFormModal}
    />
  );
}

import { Image } from 'antd';
import { displayOrEmpty, EMPTY_DISPLAY, Permissions, thumbnailUrl } from '@erp/shared';
import type { ListColumn } from '../../../ui/list-page/ListPage.tsx';
import { brandApi, masterKeys, type Brand } from '../../../api/product-master.ts';
import { MasterDataPage } from '../MasterDataPage.tsx';
import { BrandFormModal } from './BrandFormModal.tsx';

const LEAD_COLUMNS: ListColumn<Brand>[] = [
  {
    key: 'logoUrl',
    title: '标志',
    dataIndex: 'logoUrl',
    width: 72,
    exportable: false,
    render: (url: string) => (url ? <Image src={thumbnailUrl(url)} preview={{ src: url }} width={40} height={40} style={{ objectFit: 'contain' }} /> : EMPTY_DISPLAY),
  },
  { key: 'code', title: '品牌编码', dataIndex: 'code', width: 120, sortable: true },
  { key: 'name', title: '品牌名称', dataIndex: 'name', sortable: true, ellipsis: { showTitle: true } },
];
const TAIL_COLUMNS: ListColumn<Brand>[] = [{ key: 'remark', title: '备注', dataIndex: 'remark', ellipsis: { showTitle: true }, render: displayOrEmpty }];

/** 品牌: the brands products are filed under. */
export function BrandPage() {
  return (
    <MasterDataPage<Brand>
      noun="品牌"
      testId="brand"
      api={brandApi}
      queryKey={masterKeys.brands}
      editPermission={Permissions.brandEdit}
      leadColumns={LEAD_COLUMNS}
      tailColumns={TAIL_COLUMNS}
      FormModal={BrandFormModal}
    />
  );
}

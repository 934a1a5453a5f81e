import { useNavigate } from 'react-router';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { INBOUND_TYPE_LABELS, type InboundType } from '@erp/shared';
import { docPath } from '../docs/doc-hooks.ts';
import { useDocIdParam } from '../../../ui/document/use-doc-id-param.ts';
import { DocEditForm, type DocParty } from '../docs/DocEditForm.tsx';
import { DocInfoView, DocScanView } from '../docs/DocInfoView.tsx';
import { DocListPage } from '../docs/DocListPage.tsx';
import type { ListToolbarButton } from '../../../ui/list-page/ListPage.tsx';
import { useAfterSave } from '../../../shell/tabs/use-after-save.ts';

// 入库单 (warehouse/inbound/*): list, 新增/编辑草稿 (kept alive), 详情, 扫描.

const LABELS = { post: '审核入库' } as const;

/** 采购入库 and 其他入库 name a supplier; returns and transfers do not. */
export const inboundParty = (bizType: string): DocParty => (bizType === ('purchase' satisfies InboundType) || bizType === 'other' ? 'supplier' : null);

export function InboundListPage() {
  const navigate = useNavigate();
  // 采购入库: receive audited purchase orders (shown with the 收货 code)
  const purchase: ListToolbarButton = {
    key: 'purchase',
    label: '采购入库',
    icon: <ShoppingCartOutlined />,
    permission: 'purchase:order:receive',
    onClick: () => navigate('/erp/warehouse/inbound/purchase'),
    testId: 'inbound-purchase',
  };
  return <DocListPage kind="inbound" bizTypes={INBOUND_TYPE_LABELS} extraToolbar={[purchase]} />;
}

/** 新增 (no id) and editing a draft (?id=); kept alive, so what is typed survives leaving the tab. */
export function InboundAddPage() {
  const id = useDocIdParam();
  const afterSave = useAfterSave(id !== null);
  return (
    <DocEditForm
      key={id ?? 'new'}
      kind="inbound"
      bizTypes={INBOUND_TYPE_LABELS}
      partyOf={inboundParty}
      docId={id}
      onSaved={(doc) => afterSave(docPath('inbound', 'info', doc.id))}
    />
  );
}

export function InboundInfoPage() {
  return <DocInfoView kind="inbound" bizTypes={INBOUND_TYPE_LABELS} labels={LABELS} />;
}

export function InboundScanPage() {
  return <DocScanView kind="inbound" bizTypes={INBOUND_TYPE_LABELS} labels={LABELS} />;
}

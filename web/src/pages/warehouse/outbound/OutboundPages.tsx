import { useNavigate } from 'react-router';
import { Alert, Button } from 'antd';
import { DiffOutlined } from '@ant-design/icons';
import { OUTBOUND_MANUAL_TYPES, OUTBOUND_TYPE_LABELS, type StockDocDetail, type StockDocRecord } from '@erp/shared';
import { docPath } from '../docs/doc-hooks.ts';
import { useDocIdParam } from '../../../ui/document/use-doc-id-param.ts';
import { DocEditForm, type DocParty } from '../docs/DocEditForm.tsx';
import { DocInfoView, DocScanView } from '../docs/DocInfoView.tsx';
import { DocListPage } from '../docs/DocListPage.tsx';
import { hasDifference } from '../docs/doc-rules.ts';
import type { DocRouteAction } from '../../../api/stock-docs.ts';
import { useAfterSave } from '../../../shell/tabs/use-after-save.ts';

// 出库单 (warehouse/outbound/*): list, 新增 (kept alive), 编辑, 详情, 扫描; 差异 is its own page.

const LABELS = { post: '审核出库' } as const;

/** 采购退货 names the supplier (a hand-made outbound names no shop: goods for a shop go on a 配货出库). */
export const outboundParty = (bizType: string): DocParty => (bizType === 'purchase_refund' ? 'supplier' : null);

function usePostGuard() {
  const navigate = useNavigate();
  // posting with scanned ≠ expected needs a reason and 差异出库: that happens on the difference page
  return (action: DocRouteAction, doc: StockDocRecord) => {
    // the action bar is handed the whole detail on these pages
    if (action !== 'post' || !('lines' in doc) || !hasDifference(doc as StockDocDetail)) return false;
    navigate(docPath('outbound', 'difference', doc.id));
    return true;
  };
}

export function OutboundListPage() {
  return <DocListPage kind="outbound" bizTypes={OUTBOUND_TYPE_LABELS} />;
}

/** 新增: kept alive, so what is typed survives leaving the tab. */
export function OutboundAddPage() {
  const navigate = useNavigate();
  return (
    <DocEditForm
      kind="outbound"
      bizTypes={OUTBOUND_TYPE_LABELS}
      offered={OUTBOUND_MANUAL_TYPES}
      partyOf={outboundParty}
      docId={null}
      onSaved={(doc) => navigate(docPath('outbound', 'info', doc.id))}
    />
  );
}

export function OutboundEditPage() {
  const id = useDocIdParam();
  const afterSave = useAfterSave(true);
  if (id === null) return <Alert type="warning" showIcon title="缺少单据编号，请从单据列表打开" />;
  return (
    <DocEditForm
      key={id}
      kind="outbound"
      bizTypes={OUTBOUND_TYPE_LABELS}
      offered={OUTBOUND_MANUAL_TYPES}
      partyOf={outboundParty}
      docId={id}
      onSaved={(doc) => afterSave(docPath('outbound', 'info', doc.id))}
    />
  );
}

function DifferenceLink({ doc }: { doc: StockDocDetail }) {
  const navigate = useNavigate();
  if (!doc.scanStarted) return null;
  return (
    <Button icon={<DiffOutlined />} onClick={() => navigate(docPath('outbound', 'difference', doc.id))} data-testid="doc-difference-link">
      差异
    </Button>
  );
}

const differenceNotice = (doc: StockDocDetail) =>
  doc.status !== 'void' && doc.status !== 'posted' && hasDifference(doc) ? (
    <Alert type="warning" showIcon title="已扫描数量与应有数量不一致：审核出库须在差异页填写原因（需要「差异出库」权限）" data-testid="doc-difference-notice" />
  ) : null;

export function OutboundInfoPage() {
  const onBefore = usePostGuard();
  return (
    <DocInfoView
      kind="outbound"
      bizTypes={OUTBOUND_TYPE_LABELS}
      labels={LABELS}
      editPath={(id) => docPath('outbound', 'edit', id)}
      onBefore={onBefore}
      notice={differenceNotice}
      extra={(doc) => <DifferenceLink doc={doc} />}
    />
  );
}

export function OutboundScanPage() {
  const onBefore = usePostGuard();
  return <DocScanView kind="outbound" bizTypes={OUTBOUND_TYPE_LABELS} labels={LABELS} onBefore={onBefore} extra={(doc) => <DifferenceLink doc={doc} />} />;
}

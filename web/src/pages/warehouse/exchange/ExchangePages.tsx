import { useNavigate } from 'react-router';
import { Alert, Button, Card, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { EXCHANGE_LEG_LABELS, type StockDocDetail } from '@erp/shared';
import { usePermission } from '../../../access/route-meta.ts';
import { docPath } from '../docs/doc-hooks.ts';
import { useDocIdParam } from '../../../ui/document/use-doc-id-param.ts';
import { actionPermission } from '../docs/doc-rules.ts';
import { DocActionBar } from '../docs/DocActionBar.tsx';
import { WithDoc } from '../docs/DocInfoView.tsx';
import { DocLinesTable } from '../docs/DocLinesTable.tsx';
import { DocListPage } from '../docs/DocListPage.tsx';
import '../../../ui/document/stock-docs.css';
import { ExchangeEditForm } from './ExchangeEditForm.tsx';
import { legTotals } from './exchange-rules.ts';
import { KindHeaderCard } from './KindHeaderCard.tsx';
import { useAfterSave } from '../../../shell/tabs/use-after-save.ts';

// 换货单 (warehouse/exchange/*): list, 新建/编辑草稿, 详情 (both legs; 审核过账 posts them together).

const LABELS = { post: '审核过账' } as const;
const CONFIRMS = { post: '审核后门店退回的货品入总部仓库、换出的货品入门店仓，两边一起过账（任一边库存不足则都不过账）。确定审核？' };

export function ExchangeListPage() {
  return <DocListPage kind="exchange" />;
}

export function ExchangeAddPage() {
  const id = useDocIdParam();
  const afterSave = useAfterSave(id !== null);
  return <ExchangeEditForm key={id ?? 'new'} docId={id} onSaved={(doc) => afterSave(docPath('exchange', 'info', doc.id))} />;
}

function ExchangeInfo({ doc }: { doc: StockDocDetail }) {
  const navigate = useNavigate();
  const can = usePermission();
  const totals = legTotals(doc.lines);
  const canEdit = doc.actions.includes('edit') && can(actionPermission('exchange', 'edit'));
  return (
    <div className="doc-page" data-testid="doc-info">
      <KindHeaderCard
        doc={doc}
        warehouseLabel="总部仓库"
        items={[
          { key: 'shop', label: '门店', children: doc.shopName },
          { key: 'shopWarehouse', label: '门店仓库', children: doc.toWarehouseName },
          { key: 'legs', label: '退回 / 换出', children: <span data-testid="exchange-leg-totals">{`${totals.in} / ${totals.out}`}</span> },
        ]}
        extra={
          <Space wrap>
            <DocActionBar doc={doc} labels={LABELS} confirms={CONFIRMS} />
            {canEdit ? (
              <Button icon={<EditOutlined />} onClick={() => navigate(docPath('exchange', 'add', doc.id))} data-testid="doc-edit">
                编辑
              </Button>
            ) : null}
          </Space>
        }
      />
      {doc.status === 'void' ? <Alert type="warning" showIcon title={`单据已作废${doc.voidReason ? `：${doc.voidReason}` : ''}`} /> : null}
      <Card title={EXCHANGE_LEG_LABELS.in} data-testid="exchange-in-lines">
        <DocLinesTable lines={doc.lines.filter((l) => l.leg === 'in')} showActual={false} quantityTitle="退回数量" />
      </Card>
      <Card title={EXCHANGE_LEG_LABELS.out} data-testid="exchange-out-lines">
        <DocLinesTable lines={doc.lines.filter((l) => l.leg === 'out')} showActual={false} quantityTitle="换出数量" />
      </Card>
    </div>
  );
}

export function ExchangeInfoPage() {
  return <WithDoc kind="exchange">{(doc) => <ExchangeInfo doc={doc} />}</WithDoc>;
}

import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Space, Spin } from 'antd';
import { EditOutlined, ScanOutlined } from '@ant-design/icons';
import { STOCK_DOC_KIND_LABELS, type StockDocDetail, type StockDocKind } from '@erp/shared';
import { DocumentUnavailable } from '../../../ui/document/DocumentUnavailable.tsx';
import { ScanKeyBuffer } from '../../../ui/document/ScanKeyBuffer.tsx';
import { usePermission } from '../../../access/route-meta.ts';
import { docPath, useDocDetail } from './doc-hooks.ts';
import { useDocIdParam } from '../../../ui/document/use-doc-id-param.ts';
import { actionPermission } from './doc-rules.ts';
import { DocActionBar, type DocActionBarProps } from './DocActionBar.tsx';
import { DocHeaderCard } from './DocHeaderCard.tsx';
import { DocLinesTable } from './DocLinesTable.tsx';
import { PrintDocButton } from './PrintDocButton.tsx';
import { ScanLogTable } from './ScanLogTable.tsx';
import { ScanPanel } from './ScanPanel.tsx';
import '../../../ui/document/stock-docs.css';

/** The document of the page's ?id=, with loading, missing and failed states handled. */
export function WithDoc({ kind, children }: { kind: StockDocKind; children: (doc: StockDocDetail) => ReactNode }) {
  const id = useDocIdParam();
  const detail = useDocDetail(kind, id);
  const list = { listPath: docPath(kind, 'index'), listName: `${STOCK_DOC_KIND_LABELS[kind]}列表` };
  if (id === null) return <DocumentUnavailable {...list} missingId />;
  if (detail.isError && !detail.data) return <DocumentUnavailable {...list} error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Spin style={{ margin: 48 }} />;
  return children(detail.data);
}

export interface DocInfoViewProps extends Pick<DocActionBarProps, 'labels' | 'confirms' | 'reasonFor' | 'onBefore'> {
  kind: StockDocKind;
  bizTypes?: Readonly<Record<string, string>>;
  /** where 编辑 of a draft goes (default /erp/warehouse/{kind}/add?id=) */
  editPath?: (id: number) => string;
  /** 扫描 page (default /erp/warehouse/{kind}/scan?id=); null: no scan page */
  scanPath?: ((id: number) => string) | null;
  /** more buttons beside the actions */
  extra?: (doc: StockDocDetail) => ReactNode;
  /** shown between the header and the lines (e.g. a difference notice) */
  notice?: (doc: StockDocDetail) => ReactNode;
}

/** 详情 of a stock document: header with actions (提交/撤回/审核/作废/打印, 编辑, 扫描), lines, scan log. */
export function DocInfoView({ kind, bizTypes, editPath, scanPath, extra, notice, ...actionProps }: DocInfoViewProps) {
  const navigate = useNavigate();
  const can = usePermission();
  return (
    <WithDoc kind={kind}>
      {(doc) => {
        const canEdit = doc.actions.includes('edit') && can(actionPermission(kind, 'edit'));
        const scanTo = scanPath === null ? null : (scanPath ?? ((id: number) => docPath(kind, 'scan', id)));
        const buttons = (
          <Space wrap>
            <DocActionBar doc={doc} {...actionProps} />
            {canEdit ? (
              <Button icon={<EditOutlined />} onClick={() => navigate((editPath ?? ((id: number) => docPath(kind, 'add', id)))(doc.id))} data-testid="doc-edit">
                编辑
              </Button>
            ) : null}
            {scanTo && (doc.actions.includes('scan') || doc.scanStarted) ? (
              <Button icon={<ScanOutlined />} onClick={() => navigate(scanTo(doc.id))} data-testid="doc-scan-link">
                {doc.actions.includes('scan') ? '扫描' : '扫描明细'}
              </Button>
            ) : null}
            <PrintDocButton doc={doc} />
            {extra?.(doc)}
          </Space>
        );
        return (
          <div className="doc-page" data-testid="doc-info">
            <DocHeaderCard doc={doc} bizTypes={bizTypes} extra={buttons} />
            {notice?.(doc)}
            {doc.status === 'void' ? <Alert type="warning" showIcon title={`单据已作废${doc.voidReason ? `：${doc.voidReason}` : ''}`} /> : null}
            <Card title="明细">
              <DocLinesTable lines={doc.lines} showActual={doc.scanStarted} />
            </Card>
            {scanTo ? (
              <Card title="扫描记录">
                <ScanLogTable kind={kind} docId={doc.id} />
              </Card>
            ) : null}
          </div>
        );
      }}
    </WithDoc>
  );
}

export interface DocScanViewProps extends Pick<DocActionBarProps, 'labels' | 'confirms' | 'reasonFor' | 'onBefore'> {
  kind: StockDocKind;
  bizTypes?: Readonly<Record<string, string>>;
  /** more buttons beside the actions */
  extra?: (doc: StockDocDetail) => ReactNode;
}

/** 扫描 page: the scan station over the document, its lines (expected vs scanned) and the scan log. */
export function DocScanView({ kind, bizTypes, extra, ...actionProps }: DocScanViewProps) {
  const navigate = useNavigate();
  return (
    // a scanner may fire while the document loads: its keys wait for the scan box
    <ScanKeyBuffer>
      <WithDoc kind={kind}>
        {(doc) => (
          <div className="doc-page" data-testid="doc-scan-page">
            <DocHeaderCard
              doc={doc}
              bizTypes={bizTypes}
              extra={
                <Space wrap>
                  <DocActionBar doc={doc} {...actionProps} />
                  {extra?.(doc)}
                  <Button onClick={() => navigate(docPath(kind, 'info', doc.id))} data-testid="doc-info-link">
                    单据详情
                  </Button>
                </Space>
              }
            />
            <ScanPanel doc={doc} />
            <Card title="明细（应有 / 已扫）">
              <DocLinesTable lines={doc.lines} quantityTitle="应有" actualTitle="已扫" />
            </Card>
            <Card title="扫描记录">
              <ScanLogTable kind={kind} docId={doc.id} />
            </Card>
          </div>
        )}
      </WithDoc>
    </ScanKeyBuffer>
  );
}

import { Alert, Button, Card, Col, Modal, Row, Space, Statistic, Tag } from 'antd';
import { FINANCE_PARTY_LABELS, formatYuan, type StatementRecord } from '@erp/shared';
import { formatDateTime } from '../../../ui/format-time.ts';
import { StatementDisputeButton } from './StatementDispute.tsx';

export interface StatementSummaryProps {
  statement: StatementRecord;
  /** the route grants 确认对账单 */
  mayConfirm: boolean;
  confirming?: boolean;
  onConfirm: () => Promise<unknown>;
  /** 有异议 with the party's note (offered with 确认) */
  onDispute?: (note: string) => Promise<unknown>;
}

/**
 * 对账单's head: the party and period, 期初余额 / 本期增加 / 本期减少 / 期末余额 (应收 or 应付, in the
 * account's own sign), the confirmation (who, when, and whether the figures still match), and for
 * the party itself the 确认对账单 button with a confirmation dialog naming the figures.
 */
export function StatementSummary({ statement: s, mayConfirm, confirming, onConfirm, onDispute }: StatementSummaryProps) {
  const [modal, holder] = Modal.useModal();
  const kind = s.accountKind === 'payable' ? '应付' : '应收';
  const ask = () =>
    void modal.confirm({
      title: '确认对账单',
      content: `确认 ${s.from} 至 ${s.to} 的对账单：期初${kind} ${formatYuan(s.openingFen)}，本期增加 ${formatYuan(s.increaseFen)}，本期减少 ${formatYuan(s.decreaseFen)}，期末${kind} ${formatYuan(s.closingFen)}，共 ${s.entryCount} 笔。确认后不能撤回。`,
      okText: '确认无误',
      cancelText: '取消',
      onOk: onConfirm,
    });
  const c = s.confirmation;
  return (
    <Card
      size="small"
      className="statement-summary"
      data-testid="statement-summary"
      title={`${FINANCE_PARTY_LABELS[s.partyType]} ${s.partyName}（${s.partyCode}） ${s.from} 至 ${s.to}`}
      extra={
        c?.outcome === 'disputed' ? (
          <Tag color="error" data-testid="statement-disputed">
            有异议
          </Tag>
        ) : c ? (
          <Tag color={c.matches ? 'success' : 'warning'} data-testid="statement-confirmed">
            {c.matches ? '已确认' : '已确认，但确认后有变动'}
          </Tag>
        ) : mayConfirm && s.canConfirm ? (
          <Space>
            {onDispute ? <StatementDisputeButton statement={s} onDispute={onDispute} /> : null}
            <Button type="primary" loading={confirming} onClick={ask} data-testid="statement-confirm">
              确认对账单
            </Button>
          </Space>
        ) : (
          <Tag>未确认</Tag>
        )
      }
    >
      {holder}
      <Row gutter={16}>
        {(
          [
            ['opening', `期初余额（${kind}）`, s.openingFen],
            ['increase', '本期增加', s.increaseFen],
            ['decrease', '本期减少', s.decreaseFen],
            ['closing', `期末余额（${kind}）`, s.closingFen],
          ] as const
        ).map(([key, title, fen]) => (
          <Col key={key} xs={12} lg={6}>
            <Statistic title={title} value={formatYuan(fen)} data-testid={`statement-${key}`} />
          </Col>
        ))}
      </Row>
      {c?.outcome === 'disputed' ? (
        <Alert
          className="statement-summary__confirmation"
          type="error"
          showIcon
          title={`${c.confirmedByName} 于 ${formatDateTime(c.confirmedAt)} 提出异议：${c.note}`}
          description={`异议时：期初 ${formatYuan(c.openingFen)}，期末 ${formatYuan(c.closingFen)}，${c.entryCount} 笔。请总部财务与对方核对。`}
          data-testid="statement-dispute-note-shown"
        />
      ) : c ? (
        <Alert
          className="statement-summary__confirmation"
          type={c.matches ? 'success' : 'warning'}
          showIcon
          title={`${c.confirmedByName} 于 ${formatDateTime(c.confirmedAt)} 确认：期初 ${formatYuan(c.openingFen)}，期末 ${formatYuan(c.closingFen)}，${c.entryCount} 笔`}
          description={c.matches ? undefined : '确认之后本期间又有入账，当前数字与确认时不同，请与对方核对。'}
        />
      ) : null}
    </Card>
  );
}

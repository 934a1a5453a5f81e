import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { formatYuan, REBATE_BASIS_LABELS, rebateRateText, type RebatePreviewLine, type RebateRuleRecord } from '@erp/shared';
import { toast } from '../../../api/feedback.ts';
import { newIdempotencyKey } from '../../../api/stock-docs.ts';
import { rebateApi, rebateKeys } from './rebate-api.ts';
import { moneyColumn, MoneyText } from '../../../ui/money/index.ts';

const postable = (l: RebatePreviewLine) => l.postedRebateId === null && l.amountFen > 0;

/**
 * 计算返利: every agent of the rule with its figure, the tier met, the rate and the amount,
 * computed by the server on opening (nothing is written). 入账 asks first, then posts the chosen
 * agents (or all that reached a tier and are not posted yet), one 返利单 each.
 */
export function RebatePreviewDrawer({ rule, onClose, onPosted }: { rule: RebateRuleRecord | null; onClose: () => void; onPosted: () => void }) {
  const [chosen, setChosen] = useState<number[]>([]);
  const [posting, setPosting] = useState(false);
  const preview = useQuery({
    queryKey: rebateKeys.preview(rule?.id ?? 0),
    queryFn: ({ signal }) => rebateApi.preview(rule!.id, signal),
    enabled: rule !== null,
    staleTime: 0,
  });
  const lines = preview.data?.lines ?? [];
  const chosenFen = lines.filter((l) => chosen.includes(l.agentId)).reduce((sum, l) => sum + l.amountFen, 0);

  const columns = useMemo<TableColumnsType<RebatePreviewLine>>(
    () => [
      { key: 'agent', title: '代理商', render: (_, l) => `${l.agentName}（${l.agentCode}）`, width: 220 },
      { key: 'level', title: '级别', dataIndex: 'agentLevelName', width: 100, render: (v: string) => v || '未定级' },
      // 订货发货额: 发货额 less what returns credited back (净发货额) decides the tier (issue 26)
      ...(rule?.basis === 'ordered'
        ? [
            moneyColumn<RebatePreviewLine>({ key: 'shipped', title: '发货额', fen: (l) => l.shippedFen ?? 0, width: 120 }),
            moneyColumn<RebatePreviewLine>({ key: 'returned', title: '退货额', fen: (l) => l.returnedFen ?? 0, width: 120 }),
          ]
        : []),
      {
        ...moneyColumn<RebatePreviewLine>({ key: 'basis', title: rule?.basis === 'ordered' ? '净发货额' : '回款额', dataIndex: 'basisFen', width: 130 }),
        render: (_, l) => <MoneyText fen={l.basisFen} data-testid={`rebate-basis-${l.agentCode}`} />,
      },
      {
        ...moneyColumn<RebatePreviewLine>({ key: 'tier', title: '达到门槛', dataIndex: 'thresholdFen', width: 130 }),
        render: (_, l) => (l.thresholdFen === null ? '未达门槛' : formatYuan(l.thresholdFen)),
      },
      { key: 'rate', title: '比例', align: 'right', width: 80, render: (_, l) => rebateRateText(l.rateBp) },
      moneyColumn<RebatePreviewLine>({ key: 'amount', title: '返利金额', dataIndex: 'amountFen', width: 130, strong: true }),
      {
        key: 'posted',
        title: '入账',
        width: 200,
        render: (_, l) =>
          l.postedRebateId !== null ? (
            <Tag color="green">
              已入账 {l.postedDocNo} · <MoneyText fen={l.postedFen} />
            </Tag>
          ) : l.amountFen > 0 ? (
            <Tag color="blue">待入账</Tag>
          ) : (
            <Tag>无返利</Tag>
          ),
      },
    ],
    [rule?.basis],
  );

  const post = async (agentIds: number[] | undefined) => {
    if (!rule) return;
    setPosting(true);
    try {
      const result = await rebateApi.post(rule.id, agentIds, newIdempotencyKey());
      toast().success(`已入账${result.records.length}张返利单，合计${formatYuan(result.totalFen)}`);
      setChosen([]);
      await preview.refetch();
      onPosted();
    } catch {
      // the request layer showed the server's message
    } finally {
      setPosting(false);
    }
  };

  const allFen = preview.data?.postableFen ?? 0;
  // 发货额 and 退货额 stand before 净发货额 on 订货发货额 rules: the 合计 cell moves with them
  const figureColumns = rule?.basis === 'ordered' ? 2 : 0;
  const allCount = preview.data?.postableCount ?? 0;
  return (
    <Drawer
      open={rule !== null}
      onClose={() => {
        setChosen([]);
        onClose();
      }}
      size={1100}
      title={rule ? `计算返利 · ${rule.seasonName} · ${rule.agentLevelName} · ${REBATE_BASIS_LABELS[rule.basis]}` : ''}
      destroyOnHidden
      data-testid="rebate-preview"
      extra={
        <Space>
          <Popconfirm
            title="入账所选代理商的返利？"
            description={`${chosen.length} 个代理商，合计 ${formatYuan(chosenFen)}，将计入其账户（可用于后续订货）`}
            okText="入账"
            disabled={chosen.length === 0 || !rule?.enabled}
            onConfirm={() => post(chosen)}
          >
            <Button disabled={chosen.length === 0 || !rule?.enabled} loading={posting} data-testid="rebate-post-chosen">
              入账所选
            </Button>
          </Popconfirm>
          <Popconfirm
            title="全部入账？"
            description={`${allCount} 个达到门槛且未入账的代理商，合计 ${formatYuan(allFen)}`}
            okText="入账"
            disabled={allCount === 0 || !rule?.enabled}
            onConfirm={() => post(undefined)}
          >
            <Button type="primary" disabled={allCount === 0 || !rule?.enabled} loading={posting} data-testid="rebate-post-all">
              全部入账
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      {rule && !rule.enabled ? <Alert type="warning" showIcon title="该规则已停用，不能入账" style={{ marginBottom: 12 }} /> : null}
      <Typography.Paragraph type="secondary">
        档位：
        {rule?.tiers.map((t) => `满 ${formatYuan(t.thresholdFen)}返 ${rebateRateText(t.rateBp)}`).join('；')}。
        {rule?.basis === 'ordered' ? '返利基数为净发货额 = 本季发货额 − 已入账的退货额。' : ''}
        金额为打开时按当前数据计算，入账时以服务器重新计算的结果为准。
      </Typography.Paragraph>
      <Table<RebatePreviewLine>
        rowKey="agentId"
        size="small"
        loading={preview.isFetching}
        columns={columns}
        dataSource={lines}
        pagination={false}
        scroll={{ y: 560 }}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as number[]), getCheckboxProps: (l) => ({ disabled: !postable(l) }) }}
        summary={() => (
          <Table.Summary fixed>
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={6 + figureColumns}>
                待入账 {allCount} 个，合计
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6 + figureColumns} align="right">
                <MoneyText strong fen={allFen} data-testid="rebate-preview-total" />
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7 + figureColumns} />
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </Drawer>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, DatePicker, Descriptions, Empty, Form, Radio, Row, Table, Typography, type TableColumnType } from 'antd';
import type { Dayjs } from 'dayjs';
import { formatYuan, PRICE_STEP_LABELS, shanghaiToday, type BuyerType, type PriceStep } from '@erp/shared';
import { planningApi } from '../planning-api.ts';
import { PlanningPicker } from '../PlanningPicker.tsx';
import { formatSignedYuan, moneyColumn } from '../../../ui/money/index.ts';
import '../planning.css';

interface SimulationForm {
  buyerType: BuyerType;
  buyerId?: number;
  productId?: number;
  day?: Dayjs | null;
}

interface StepRow extends PriceStep {
  key: number;
  /** the price after this step */
  after: number;
}

const STEP_COLUMNS: TableColumnType<StepRow>[] = [
  { key: 'step', title: '步骤', width: 96, render: (_: unknown, row: StepRow) => PRICE_STEP_LABELS[row.step] },
  { key: 'rule', title: '规则', dataIndex: 'ruleName' },
  moneyColumn<StepRow>({ key: 'base', title: '基数', fen: (row) => (row.step === 'list' ? null : row.base), width: 120 }),
  {
    ...moneyColumn<StepRow>({ key: 'amount', title: '金额', dataIndex: 'amount', width: 120 }),
    render: (_: unknown, row: StepRow) => (row.step === 'list' ? formatYuan(row.amount) : formatSignedYuan(row.amount)),
  },
  moneyColumn<StepRow>({ key: 'after', title: '本步后价格', dataIndex: 'after', width: 150 }),
];

/** 价格模拟 (planning/simulation): pick a style and a buyer, see the server's price breakdown. */
export function PriceSimulationPage() {
  const [form] = Form.useForm<SimulationForm>();
  const [values, setValues] = useState<SimulationForm>({ buyerType: 'agent' });
  const day = values.day ? values.day.format('YYYY-MM-DD') : undefined;
  const ready = values.buyerId !== undefined && values.productId !== undefined;
  const query = useQuery({
    queryKey: ['planning', 'price', values.buyerType, values.buyerId, values.productId, day],
    queryFn: ({ signal }) => planningApi.price({ productId: values.productId!, buyerType: values.buyerType, buyerId: values.buyerId!, ...(day ? { day } : {}) }, signal),
    enabled: ready,
  });

  let running = 0;
  const rows: StepRow[] = (query.data?.steps ?? []).map((step, index) => {
    running += step.amount;
    return { ...step, key: index, after: running };
  });

  return (
    <div className="planning-simulation" data-testid="price-simulation">
      <Card title="价格模拟" size="small">
        <Form<SimulationForm>
          form={form}
          layout="vertical"
          initialValues={{ buyerType: 'agent' }}
          onValuesChange={(changed, all) => {
            // a new buyer type needs a new buyer
            if ('buyerType' in changed) form.setFieldValue('buyerId', undefined);
            setValues({ ...all, buyerId: 'buyerType' in changed ? undefined : all.buyerId });
          }}
        >
          <Row gutter={16}>
            <Col span={5}>
              <Form.Item name="buyerType" label="购货方类型">
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: 'agent', label: '代理商' },
                    { value: 'shop', label: '门店' },
                  ]}
                  data-testid="simulation-buyer-type"
                />
              </Form.Item>
            </Col>
            <Col span={7}>
              <Form.Item name="buyerId" label={values.buyerType === 'agent' ? '代理商' : '门店'}>
                <PlanningPicker key={values.buyerType} kind={values.buyerType === 'agent' ? 'agents' : 'shops'} data-testid="simulation-buyer" />
              </Form.Item>
            </Col>
            <Col span={7}>
              <Form.Item name="productId" label="款式">
                <PlanningPicker kind="products" placeholder="输入款号或名称搜索" data-testid="simulation-product" />
              </Form.Item>
            </Col>
            <Col span={5}>
              <Form.Item name="day" label="订货日期" extra="默认今天（北京时间）">
                <DatePicker style={{ width: '100%' }} placeholder={shanghaiToday()} data-testid="simulation-day" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>
      <Card size="small" className="planning-simulation__result">
        {!ready ? (
          <Empty description="请选择购货方和款式" />
        ) : query.isError ? (
          <Alert type="error" showIcon title="价格计算失败，请检查所选的购货方和款式" />
        ) : (
          <>
            {query.data ? (
              <Descriptions size="small" column={3} className="planning-simulation__head">
                <Descriptions.Item label="购货方">
                  {query.data.buyer.name}（{query.data.buyer.description}）
                </Descriptions.Item>
                <Descriptions.Item label="款式">
                  {query.data.product.styleNo} {query.data.product.name}
                </Descriptions.Item>
                <Descriptions.Item label="订货日期">{query.data.day}</Descriptions.Item>
              </Descriptions>
            ) : null}
            <Table<StepRow> size="small" rowKey="key" columns={STEP_COLUMNS} dataSource={rows} loading={query.isFetching} pagination={false} data-testid="simulation-steps" />
            {query.data ? (
              <div className="planning-simulation__total" data-testid="simulation-total">
                <Typography.Text type="secondary">单价 = 各步金额之和</Typography.Text>
                <Typography.Text strong>{formatYuan(query.data.unitPriceFen)}</Typography.Text>
              </div>
            ) : null}
          </>
        )}
      </Card>
    </div>
  );
}

import { useState } from 'react';
import { Alert, Button, Col, DatePicker, Divider, Drawer, Form, Input, Radio, Row, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import {
  openedOnProblem,
  PARTY_ADDRESS_MAX,
  PARTY_NAME_MAX,
  PARTY_PERSON_MAX,
  PARTY_PLACE_MAX,
  PARTY_REMARK_MAX,
  PartyMessages,
  positiveIntegerOnly,
  regionProblem,
  shanghaiToday,
  SHOP_KIND_LABELS,
  SHOP_KINDS,
  shopAgentProblem,
  shopKindProblem,
  type ShopInput,
  type ShopKind,
  type ShopRecord,
} from '@erp/shared';
import { DictSelect } from '../../../ui/DictSelect.tsx';
import { toast } from '../../../api/feedback.ts';
import { agentApi, partyKeys, shopApi } from '../party/party-api.ts';
import { PartyStatusTag } from '../../../ui/account/PartyStatusTag.tsx';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { partyFormRules, trimAll } from '../party/party-rules.ts';

export interface ShopEditTarget {
  /** null: a new shop (HQ only) */
  record: ShopRecord | null;
}

interface ShopEditDrawerProps {
  target: ShopEditTarget | null;
  /** HQ sets code, kind and agent; an agent edits the rest of its own shops */
  hq: boolean;
  onClose: () => void;
  onSaved: () => void;
}

interface ShopFormValues extends Omit<ShopInput, 'openedOn'> {
  openedOn: Dayjs | null;
}

const rules = partyFormRules('shop');
const EMPTY: ShopFormValues = {
  code: '',
  name: '',
  kind: 'franchise',
  agentId: null,
  region: undefined,
  contactName: '',
  phone: '',
  managerName: '',
  province: '',
  city: '',
  address: '',
  areaSqm: null,
  openedOn: null,
  remark: '',
};

function initialValues(record: ShopRecord | null): ShopFormValues {
  if (!record) return EMPTY;
  return {
    ...EMPTY,
    ...Object.fromEntries(Object.keys(EMPTY).map((key) => [key, record[key as keyof ShopRecord]])),
    region: record.region || undefined,
    openedOn: record.openedOn ? dayjs(record.openedOn) : null,
  } as ShopFormValues;
}

/** 门店编辑: every field of a shop in one drawer (新增 for HQ, 编辑 for HQ and the shop's agent). */
export function ShopEditDrawer({ target, hq, onClose, onSaved }: ShopEditDrawerProps) {
  const [form] = Form.useForm<ShopFormValues>();
  const [saving, setSaving] = useState(false);
  const record = target?.record ?? null;
  const kind = Form.useWatch('kind', form) as ShopKind | undefined;
  const agents = useQuery({ queryKey: partyKeys.agentOptions, queryFn: ({ signal }) => agentApi.options(signal), enabled: target !== null });

  const agentOptions = (agents.data ?? []).map((agent) => ({
    value: agent.id,
    label: `${agent.name}（${agent.code}）${agent.status === 'disabled' ? ' · 已停用' : ''}`,
    disabled: agent.status === 'disabled' && agent.id !== record?.agentId,
  }));
  // an agent's own shops: the select may not list the agent when the caller cannot read agents
  if (record?.agentId && !agentOptions.some((option) => option.value === record.agentId)) {
    agentOptions.push({ value: record.agentId, label: record.agentName, disabled: true });
  }

  const submit = async (values: ShopFormValues) => {
    setSaving(true);
    try {
      const input: ShopInput = {
        ...trimAll({ ...values, region: values.region ?? '' }),
        agentId: values.kind === 'franchise' ? (values.agentId ?? null) : null,
        areaSqm: values.areaSqm ?? null,
        openedOn: values.openedOn ? values.openedOn.format('YYYY-MM-DD') : null,
      };
      if (!record) await shopApi.create(input);
      else if (hq) await shopApi.update(record.id, input);
      else {
        // outside HQ the code, kind and agent are left out: the server keeps them
        const { code: _code, kind: _kind, agentId: _agentId, ...rest } = input;
        await shopApi.update(record.id, rest);
      }
      toast().success(record ? PartyMessages.updated : PartyMessages.created);
      onSaved();
    } catch {
      // the request client has shown the server's message; the form keeps the input
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      title={record ? `门店编辑 · ${record.name}` : '新增门店'}
      open={target !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      data-testid="shop-edit-drawer"
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="shop-form-save">
            保存
          </Button>
        </Space>
      }
    >
      {target ? (
        <Form form={form} name="shopForm" layout="vertical" initialValues={initialValues(record)} onFinish={submit} preserve={false} autoComplete="off">
          {!hq ? <Alert type="info" showIcon style={{ marginBottom: 16 }} title="门店编码、类型和所属代理商由总部设置，如需调整请联系总部。" /> : null}
          <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
            基本信息
          </Divider>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="code" label="门店编码" required rules={rules.code}>
                <Input maxLength={32} placeholder="如 SH101" disabled={!hq} data-testid="shop-form-code" />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item name="name" label="门店名称" required rules={rules.name}>
                <Input maxLength={PARTY_NAME_MAX} placeholder="如 衣尚·苏州观前街店" data-testid="shop-form-name" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="kind" label="门店类型" required rules={[checkRule(shopKindProblem)]}>
                <Radio.Group
                  disabled={!hq}
                  options={SHOP_KINDS.map((value) => ({ value, label: SHOP_KIND_LABELS[value] }))}
                  onChange={(event) => {
                    if (event.target.value === 'direct') form.setFieldValue('agentId', null);
                  }}
                  data-testid="shop-form-kind"
                />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item
                name="agentId"
                label="所属代理商"
                dependencies={['kind']}
                rules={[checkRule((value) => shopAgentProblem(form.getFieldValue('kind'), value ?? null))]}
                extra={kind === 'direct' ? '直营店由总部直接管理，不属于代理商' : '不选代理商：由总部直接供货并结算（在往来账户中有自己的账户）'}
              >
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={kind === 'direct' ? '直营店无需选择' : '总部直接结算（可选择代理商）'}
                  disabled={!hq || kind === 'direct'}
                  loading={agents.isLoading}
                  options={agentOptions}
                  data-testid="shop-form-agent"
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="region" label="区域" rules={[checkRule(regionProblem)]}>
                <DictSelect code="region" placeholder="请选择区域" data-testid="shop-form-region" />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item label="状态">
                {record ? <PartyStatusTag status={record.status} /> : <Typography.Text type="secondary">新增后为启用状态；停用和启用在列表中操作</Typography.Text>}
              </Form.Item>
            </Col>
          </Row>
          <Divider titlePlacement="start" plain>
            经营信息
          </Divider>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="managerName" label="店长" rules={rules.managerName}>
                <Input maxLength={PARTY_PERSON_MAX} data-testid="shop-form-manager" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="areaSqm"
                label="营业面积"
                rules={rules.areaSqm}
                getValueFromEvent={(event: { target: { value: string } }) => {
                  const digits = positiveIntegerOnly(event.target.value);
                  return digits === '' ? null : Number(digits);
                }}
              >
                <Input suffix="㎡" maxLength={6} inputMode="numeric" placeholder="正整数" data-testid="shop-form-area" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="openedOn" label="开业日期" rules={[checkRule((value) => openedOnProblem(value ? (value as Dayjs).format('YYYY-MM-DD') : null))]}>
                <DatePicker style={{ width: '100%' }} placeholder="请选择日期" disabledDate={(day) => day.format('YYYY-MM-DD') > shanghaiToday()} data-testid="shop-form-opened" />
              </Form.Item>
            </Col>
          </Row>
          <Divider titlePlacement="start" plain>
            联系方式
          </Divider>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="contactName" label="联系人" rules={rules.contactName}>
                <Input maxLength={PARTY_PERSON_MAX} data-testid="shop-form-contact" />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item name="phone" label="联系电话" required rules={rules.phone}>
                <Input maxLength={24} placeholder="手机号或座机号，如 0571-87001234" data-testid="shop-form-phone" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="province" label="省份" rules={rules.province}>
                <Input maxLength={PARTY_PLACE_MAX} placeholder="如 浙江省" />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item name="city" label="城市" rules={rules.city}>
                <Input maxLength={PARTY_PLACE_MAX} placeholder="如 杭州市" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="address" label="地址" rules={rules.address}>
                <Input maxLength={PARTY_ADDRESS_MAX} data-testid="shop-form-address" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label="备注" rules={rules.remark}>
                <Input.TextArea rows={2} maxLength={PARTY_REMARK_MAX} showCount />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      ) : null}
    </Drawer>
  );
}

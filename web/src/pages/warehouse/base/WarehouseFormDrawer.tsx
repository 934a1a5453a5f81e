import { useMemo, useState } from 'react';
import { Alert, Button, Col, Divider, Drawer, Form, Input, Row, Select, Space, Switch, Tag, TreeSelect, Typography } from 'antd';
import {
  regionProblem,
  WAREHOUSE_ADDRESS_MAX,
  WAREHOUSE_CONTACT_MAX,
  WAREHOUSE_COUNTRY_MAX,
  WAREHOUSE_NAME_MAX,
  WAREHOUSE_REMARK_MAX,
  WAREHOUSE_TYPE_LABELS,
  WAREHOUSE_TYPES,
  warehouseCodeProblem,
  warehouseCountryProblem,
  WarehouseMessages,
  warehouseNameProblem,
  warehousePhoneProblem,
  warehouseShopProblem,
  type WarehouseRecord,
  type WarehouseTreeNode,
  type WarehouseType,
} from '@erp/shared';
import { ApiError } from '../../../api/request.ts';
import { DictSelect } from '../../../ui/DictSelect.tsx';
import { toast } from '../../../api/feedback.ts';
import { warehouseApi } from '../warehouse-api.ts';
import { ShopSelect } from './ShopSelect.tsx';
import { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { fieldOfServerMessage, formValuesOf, inputOf, parentOptions, placementProblem, typesUnder, WAREHOUSE_TYPE_COLORS, type WarehouseFormValues } from './warehouse-rules.ts';

export interface WarehouseFormTarget {
  /** null: a new warehouse (HQ only) */
  record: WarehouseRecord | null;
  /** a new warehouse's parent (新增下级); null: top level */
  parent: WarehouseTreeNode | null;
}

interface WarehouseFormDrawerProps {
  target: WarehouseFormTarget | null;
  tree: readonly WarehouseTreeNode[];
  /** HQ sets code, type, parent, shop and the negative-stock flag; others edit the address fields */
  hq: boolean;
  onClose: () => void;
  onSaved: (id: number) => void;
}

const FORM_ID = 'warehouse-form';

const tooLong = (max: number, message: string) => checkRule((value) => (typeof value === 'string' && value.trim().length > max ? message : null));

/** 新增仓库 / 新增下级 / 编辑仓库 in one drawer. */
export function WarehouseFormDrawer({ target, tree, hq, onClose, onSaved }: WarehouseFormDrawerProps) {
  const [saving, setSaving] = useState(false);
  const record = target?.record ?? null;
  const title = record ? `编辑仓库 · ${record.name}` : target?.parent ? `新增下级仓库 · ${target.parent.name}` : '新增仓库';

  return (
    <Drawer
      title={title}
      open={target !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
      data-testid="warehouse-form-drawer"
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" htmlType="submit" form={FORM_ID} loading={saving} data-testid="warehouse-form-save">
            保存
          </Button>
        </Space>
      }
    >
      {target ? <WarehouseForm target={target} tree={tree} hq={hq} onSaving={setSaving} onSaved={onSaved} /> : null}
    </Drawer>
  );
}

interface WarehouseFormProps {
  target: WarehouseFormTarget;
  tree: readonly WarehouseTreeNode[];
  hq: boolean;
  onSaving: (saving: boolean) => void;
  onSaved: (id: number) => void;
}

/** The form, mounted per opening: its own instance, so no opening carries the last one's values. */
function WarehouseForm({ target, tree, hq, onSaving, onSaved }: WarehouseFormProps) {
  const [form] = Form.useForm<WarehouseFormValues>();
  const record = target.record;
  const type = Form.useWatch('type', form);
  const parentId = Form.useWatch('parentId', form) ?? null;

  const parents = useMemo(() => parentOptions(tree, record?.id ?? null, record?.parentId ?? null), [tree, record]);
  const allowed = typesUnder(tree, parentId);
  const typeOptions = WAREHOUSE_TYPES.map((value) => ({
    value,
    label: <Tag color={WAREHOUSE_TYPE_COLORS[value]}>{WAREHOUSE_TYPE_LABELS[value]}</Tag>,
    disabled: !allowed.includes(value) && value !== record?.type,
  }));

  /** The tree rule only when the place or the type changes: outside HQ part of the tree is not visible. */
  const checkPlacement = (value: unknown) => {
    const chosenType = form.getFieldValue('type') as WarehouseType | undefined;
    if (!chosenType) return null;
    const parent = (value as number | null | undefined) ?? null;
    if (record && parent === record.parentId && chosenType === record.type) return null;
    return placementProblem(tree, { id: record?.id, type: chosenType, parentId: parent });
  };

  const submit = async (values: WarehouseFormValues) => {
    onSaving(true);
    try {
      const input = inputOf(values);
      let id = record?.id;
      if (record) await warehouseApi.update(record.id, input);
      else id = (await warehouseApi.create(input)).id;
      toast().success(record ? WarehouseMessages.updated : WarehouseMessages.created);
      onSaved(id!);
    } catch (error) {
      // the request client has shown the message; it goes under its field too, and the input stays
      const field = error instanceof ApiError ? fieldOfServerMessage(error.msg) : null;
      if (field && error instanceof ApiError) form.setFields([{ name: field, errors: [error.msg] }]);
    } finally {
      onSaving(false);
    }
  };

  return (
    <Form form={form} id={FORM_ID} name="warehouseForm" layout="vertical" initialValues={formValuesOf(record, target.parent)} onFinish={submit} preserve={false} autoComplete="off">
      {!hq ? <Alert type="info" showIcon style={{ marginBottom: 16 }} title="仓库编码、类型、上级仓库、所属门店和负库存设置由总部维护，如需调整请联系总部。" /> : null}
      <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
        基本信息
      </Divider>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="parentId" label="上级仓库" dependencies={['type']} rules={[checkRule(checkPlacement)]} normalize={(value) => value ?? null} extra="不选为顶级仓库">
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              showSearch={{ treeNodeFilterProp: 'title' }}
              placeholder="无（顶级仓库）"
              treeData={parents}
              disabled={!hq}
              data-testid="warehouse-form-parent"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="type" label="仓库类型" required rules={[checkRule((value) => (value ? null : WarehouseMessages.typeRequired))]}>
            <Select
              placeholder="请选择仓库类型"
              options={typeOptions}
              disabled={!hq}
              onChange={(value: WarehouseType) => {
                if (value !== 'shop') form.setFieldValue('shopId', null);
                if (value !== 'overseas') form.setFieldValue('country', '');
              }}
              data-testid="warehouse-form-type"
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="code" label="仓库编码" required rules={[checkRule(warehouseCodeProblem)]}>
            <Input maxLength={32} placeholder="如 WH-HZ01" disabled={!hq} data-testid="warehouse-form-code" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="name" label="仓库名称" required rules={[checkRule(warehouseNameProblem)]}>
            <Input maxLength={WAREHOUSE_NAME_MAX} placeholder="如 杭州总仓 A 区" data-testid="warehouse-form-name" />
          </Form.Item>
        </Col>
        {type === 'shop' ? (
          <Col span={12}>
            <Form.Item
              name="shopId"
              label="所属门店"
              required
              dependencies={['type']}
              rules={[checkRule((value) => warehouseShopProblem(form.getFieldValue('type'), value ?? null))]}
              extra="一个门店只有一个门店仓"
            >
              <ShopSelect current={record?.shopId ? { id: record.shopId, name: record.shopName } : null} disabled={!hq} data-testid="warehouse-form-shop" />
            </Form.Item>
          </Col>
        ) : null}
        {type === 'overseas' ? (
          <Col span={12}>
            <Form.Item name="country" label="国家/地区" required dependencies={['type']} rules={[checkRule((value) => warehouseCountryProblem(form.getFieldValue('type'), value))]}>
              <Input maxLength={WAREHOUSE_COUNTRY_MAX} placeholder="如 美国" data-testid="warehouse-form-country" />
            </Form.Item>
          </Col>
        ) : null}
        <Col span={12}>
          <Form.Item name="allowNegative" label="允许负库存" valuePropName="checked" extra="允许后出库可使库存小于 0（先出后补单）">
            <Switch checkedChildren="允许" unCheckedChildren="不允许" disabled={!hq} data-testid="warehouse-form-negative" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="状态">
            {record ? record.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag> : <Typography.Text type="secondary">新增后为启用状态</Typography.Text>}
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain>
        联系与地址
      </Divider>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="contactName" label="联系人" rules={[tooLong(WAREHOUSE_CONTACT_MAX, WarehouseMessages.contactTooLong)]}>
            <Input maxLength={WAREHOUSE_CONTACT_MAX} data-testid="warehouse-form-contact" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="phone" label="联系电话" rules={[checkRule(warehousePhoneProblem)]}>
            <Input maxLength={20} placeholder="手机号或座机号" data-testid="warehouse-form-phone" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="region" label="区域" rules={[checkRule((value) => (regionProblem(value ?? '') ? WarehouseMessages.regionInvalid : null))]}>
            <DictSelect code="region" placeholder="请选择区域" data-testid="warehouse-form-region" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label="地址" rules={[tooLong(WAREHOUSE_ADDRESS_MAX, WarehouseMessages.addressTooLong)]}>
            <Input maxLength={WAREHOUSE_ADDRESS_MAX} data-testid="warehouse-form-address" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label="备注" rules={[tooLong(WAREHOUSE_REMARK_MAX, WarehouseMessages.remarkTooLong)]}>
            <Input.TextArea rows={2} maxLength={WAREHOUSE_REMARK_MAX} showCount data-testid="warehouse-form-remark" />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

import { Col, Form, Input, Row } from 'antd';
import {
  AGENT_LEVEL_DICT,
  PARTY_ADDRESS_MAX,
  PARTY_KIND_LABELS,
  PARTY_NAME_MAX,
  PARTY_PERSON_MAX,
  PARTY_PLACE_MAX,
  PARTY_REMARK_MAX,
  PartyMessages,
  type AgentInput,
  type AgentRecord,
  type SupplierRecord,
} from '@erp/shared';
import { DictSelect } from '../../../ui/DictSelect.tsx';
import { FormModal } from '../../../ui/form-modal/FormModal.tsx';
import { agentApi, supplierApi } from './party-api.ts';
import { partyFormRules, trimAll } from './party-rules.ts';

export type PartyFormTarget = { kind: 'agent'; record: AgentRecord | null } | { kind: 'supplier'; record: SupplierRecord | null };

interface PartyFormModalProps {
  /** null closes the dialog; a null record adds a new one */
  target: PartyFormTarget | null;
  onClose: () => void;
  onSaved: () => void;
}

const EMPTY: AgentInput = { code: '', name: '', contactName: '', phone: '', province: '', city: '', address: '', remark: '' };

/** 新增 / 编辑 of an agent or a supplier (an agent also has a province and a city). */
export function PartyFormModal({ target, onClose, onSaved }: PartyFormModalProps) {
  const kind = target?.kind ?? 'agent';
  const record = target?.record ?? null;
  const label = PARTY_KIND_LABELS[kind];
  const rules = partyFormRules(kind);

  const save = async (values: AgentInput) => {
    const all = trimAll({ ...EMPTY, ...values });
    const common = { code: all.code, name: all.name, contactName: all.contactName, phone: all.phone, address: all.address, remark: all.remark };
    if (kind === 'agent') {
      // a cleared select is undefined: send '' so the level is removed, not kept
      const input = { ...common, province: all.province, city: all.city, level: all.level ?? '' };
      if (record) await agentApi.update(record.id, input);
      else await agentApi.create(input);
    } else if (record) await supplierApi.update(record.id, common);
    else await supplierApi.create(common);
  };

  return (
    <FormModal
      open={target !== null}
      title={record ? `编辑${label}` : `新增${label}`}
      width={680}
      testId={`${kind}-form-dialog`}
      formName={`${kind}Form`}
      layout="vertical"
      // no level shows the placeholder, not an empty choice
      initialValues={target && { ...EMPTY, ...record, level: (target?.kind === 'agent' && target.record?.level) || undefined }}
      onSubmit={save}
      savedMessage={record ? PartyMessages.updated : PartyMessages.created}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={10}>
          <Form.Item name="code" label={`${label}编码`} required rules={rules.code}>
            <Input maxLength={32} placeholder={kind === 'agent' ? '如 AG002' : '如 SP002'} data-testid={`${kind}-form-code`} />
          </Form.Item>
        </Col>
        <Col span={14}>
          <Form.Item name="name" label={`${label}名称`} required rules={rules.name}>
            <Input maxLength={PARTY_NAME_MAX} placeholder="单位全称" data-testid={`${kind}-form-name`} />
          </Form.Item>
        </Col>
        <Col span={10}>
          <Form.Item name="contactName" label="联系人" rules={rules.contactName}>
            <Input maxLength={PARTY_PERSON_MAX} data-testid={`${kind}-form-contact`} />
          </Form.Item>
        </Col>
        <Col span={14}>
          <Form.Item name="phone" label="联系电话" required rules={rules.phone}>
            <Input maxLength={24} placeholder="手机号或座机号，如 0571-87001234" data-testid={`${kind}-form-phone`} />
          </Form.Item>
        </Col>
        {kind === 'agent' ? (
          <>
            <Col span={10}>
              <Form.Item name="province" label="省份" rules={rules.province}>
                <Input maxLength={PARTY_PLACE_MAX} placeholder="如 浙江省" />
              </Form.Item>
            </Col>
            <Col span={14}>
              <Form.Item name="city" label="城市" rules={rules.city}>
                <Input maxLength={PARTY_PLACE_MAX} placeholder="如 杭州市" />
              </Form.Item>
            </Col>
            <Col span={10}>
              <Form.Item name="level" label="代理级别" extra="决定其订货政策（企划管理 › 政策明细）">
                <DictSelect code={AGENT_LEVEL_DICT} placeholder="未定级" data-testid="agent-form-level" />
              </Form.Item>
            </Col>
          </>
        ) : null}
        <Col span={24}>
          <Form.Item name="address" label="地址" rules={rules.address}>
            <Input maxLength={PARTY_ADDRESS_MAX} data-testid={`${kind}-form-address`} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label="备注" rules={rules.remark}>
            <Input.TextArea rows={2} maxLength={PARTY_REMARK_MAX} showCount />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}

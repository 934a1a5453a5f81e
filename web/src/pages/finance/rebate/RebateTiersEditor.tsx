import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, InputNumber, Space, Typography } from 'antd';
import { REBATE_THRESHOLD_MAX_FEN, REBATE_TIERS_MAX } from '@erp/shared';
import { YuanInput } from '../../../ui/money/index.ts';
import { tiersFormProblem, type TierFormValue } from './rebate-form.ts';

/**
 * 返利档位: rows of 门槛（元）and 返利比例（%）inside a Form, under `tiers`. The whole list is checked
 * by the shared rule (unique thresholds, rates not falling as thresholds rise), with its message.
 */
export function RebateTiersEditor({ disabled = false }: { disabled?: boolean }) {
  return (
    <Form.List
      name="tiers"
      rules={[
        {
          validator: (_rule, list: TierFormValue[] | undefined) => {
            const problem = tiersFormProblem(list);
            return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div data-testid="rebate-tiers">
          <Typography.Text type="secondary">达到门槛即按该档比例返利（取不超过口径金额的最高门槛）；门槛越高，比例不能越低。</Typography.Text>
          {fields.map((field, index) => (
            <Space key={field.key} align="baseline" style={{ display: 'flex', marginTop: 8 }}>
              <span style={{ width: 48, display: 'inline-block' }}>第{index + 1}档</span>
              <Form.Item name={[field.name, 'thresholdFen']} noStyle>
                <YuanInput
                  minFen={0}
                  maxFen={REBATE_THRESHOLD_MAX_FEN}
                  placeholder="门槛金额"
                  suffix="元"
                  disabled={disabled}
                  style={{ width: 200 }}
                  data-testid={`rebate-tier-threshold-${index}`}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'ratePercent']} noStyle>
                <InputNumber
                  min={0}
                  max={100}
                  precision={2}
                  placeholder="返利比例"
                  suffix="%"
                  disabled={disabled}
                  style={{ width: 150 }}
                  data-testid={`rebate-tier-rate-${index}`}
                />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={`删除第${index + 1}档`}
                disabled={disabled || fields.length <= 1}
                onClick={() => remove(field.name)}
                data-testid={`rebate-tier-remove-${index}`}
              />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            style={{ marginTop: 8 }}
            disabled={disabled || fields.length >= REBATE_TIERS_MAX}
            onClick={() => add({ thresholdFen: null, ratePercent: null })}
            data-testid="rebate-tier-add"
          >
            添加档位
          </Button>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}

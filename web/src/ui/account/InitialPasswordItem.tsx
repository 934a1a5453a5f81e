import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { accountFormRules, suggestPassword } from './account-rules.ts';

/**
 * 初始密码 of a new account (a party's or a sub-user's), with 随机生成: a generated password is
 * shown so it can be passed on. Must sit inside the form whose `password` field it is.
 */
export function InitialPasswordItem({ extra, testIdPrefix }: { extra: string; testIdPrefix: string }) {
  const form = Form.useFormInstance();
  const [visible, setVisible] = useState(false);

  const generate = () => {
    form.setFieldValue('password', suggestPassword());
    setVisible(true);
    void form.validateFields(['password']);
  };

  return (
    <Form.Item label="初始密码" required extra={extra}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="password" noStyle rules={accountFormRules.password}>
          <Input.Password
            maxLength={30}
            placeholder="请输入初始密码"
            autoComplete="new-password"
            visibilityToggle={{ visible, onVisibleChange: setVisible }}
            data-testid={`${testIdPrefix}-password`}
          />
        </Form.Item>
        <Button onClick={generate} data-testid={`${testIdPrefix}-generate`}>
          随机生成
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

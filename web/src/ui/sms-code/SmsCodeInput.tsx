import { Button, Flex, Form, Input, type FormRule } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { SMS_CODE_LENGTH } from '@erp/shared';
import { stripSpaces } from './strip-spaces.ts';
import { useSmsSender, type Deliver } from './use-sms-sender.ts';

interface SmsCodeInputProps {
  /** form field of the code */
  name: string;
  rules: FormRule[];
  /** validates the phone and asks the server for a code (see Deliver) */
  deliver: Deliver;
  inputTestId: string;
  buttonTestId: string;
}

/** A code input with the 获取验证码 button beside it; the button counts down after a send. */
export function SmsCodeInput({ name, rules, deliver, inputTestId, buttonTestId }: SmsCodeInputProps) {
  const { state, label, send } = useSmsSender();
  return (
    <Form.Item>
      <Flex gap={8}>
        <Form.Item name={name} rules={rules} normalize={stripSpaces} noStyle>
          <Input
            prefix={<SafetyOutlined />}
            placeholder="验证码"
            maxLength={SMS_CODE_LENGTH}
            inputMode="numeric"
            autoComplete="one-time-code"
            style={{ flex: 1 }}
            data-testid={inputTestId}
          />
        </Form.Item>
        <Button style={{ minWidth: 148 }} disabled={state.phase === 'counting'} loading={state.phase === 'sending'} onClick={() => void send(deliver)} data-testid={buttonTestId}>
          {label}
        </Button>
      </Flex>
    </Form.Item>
  );
}

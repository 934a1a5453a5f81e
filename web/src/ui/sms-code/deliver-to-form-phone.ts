import type { FormInstance } from 'antd';
import { SmsMessages } from '@erp/shared';
import { toast } from '../../api/feedback.ts';
import type { Deliver } from './use-sms-sender.ts';

/**
 * The usual Deliver of a form with a phone field: the phone must pass its field rules, then
 * `send` asks the server for a code and the user is told 验证码已发送.
 */
export function deliverToFormPhone(form: FormInstance, send: (phone: string) => Promise<unknown>, field = 'phone'): Deliver {
  return async () => {
    try {
      await form.validateFields([field]);
    } catch {
      return false;
    }
    await send(form.getFieldValue(field));
    toast().success(SmsMessages.sent);
    return true;
  };
}

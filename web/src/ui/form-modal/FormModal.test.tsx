import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/request.ts';
import { FormModal } from './FormModal.tsx';

interface Values {
  code: string;
  name: string;
}

function Harness({ onSubmit, onSaved }: { onSubmit: (v: Values) => Promise<number>; onSaved: (id: number) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <FormModal<Values, number>
      open={open}
      title="新增品牌"
      width={480}
      testId="brand-modal"
      formName="brand"
      initialValues={{ code: '', name: '' }}
      onSubmit={onSubmit}
      savedMessage="保存成功"
      onSaved={(id) => {
        onSaved(id);
        setOpen(false);
      }}
      onClose={() => setOpen(false)}
      errorFields={{ code: '编码' }}
    >
      <Form.Item name="code" label="编码" rules={[{ required: true, message: '请输入编码' }]}>
        <Input data-testid="code" />
      </Form.Item>
      <Form.Item name="name" label="名称" rules={[{ required: true, message: '请输入名称' }]}>
        <Input data-testid="name" />
      </Form.Item>
    </FormModal>
  );
}

const save = () => screen.getByRole('button', { name: /保\s*存/ });

describe('FormModal', () => {
  it('checks the rules first: nothing is sent while a required field is empty', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => 1);
    render(<Harness onSubmit={onSubmit} onSaved={() => {}} />);
    await user.type(screen.getByTestId('name'), '衣尚');
    await user.click(save());
    expect(await screen.findByText('请输入编码')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the typed values, then hands the result over and closes', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => 42);
    const onSaved = vi.fn();
    render(<Harness onSubmit={onSubmit} onSaved={onSaved} />);
    await user.type(screen.getByTestId('code'), 'YS');
    await user.type(screen.getByTestId('name'), '衣尚');
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(42));
    expect(onSubmit).toHaveBeenCalledWith({ code: 'YS', name: '衣尚' }, { toast: false });
  });

  it("keeps the dialog and the input when the server refuses, and puts a field's message under the field", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw new ApiError({ kind: 'business', code: 'A0400', msg: '编码已存在' }, 422);
    });
    const onSaved = vi.fn();
    render(<Harness onSubmit={onSubmit} onSaved={onSaved} />);
    await user.type(screen.getByTestId('code'), 'YS');
    await user.type(screen.getByTestId('name'), '衣尚');
    await user.click(save());
    expect(await screen.findByText('编码已存在')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect((screen.getByTestId('code') as HTMLInputElement).value).toBe('YS');
    expect((screen.getByTestId('name') as HTMLInputElement).value).toBe('衣尚');
  });
});

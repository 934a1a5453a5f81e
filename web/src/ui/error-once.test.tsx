import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, type CallOptions } from '../api/request.ts';
import { stockDocsApi } from '../api/stock-docs.ts';
import { DocumentActionBar } from './document/DocumentActionBar.tsx';
import { setMessageInstance, type MessageInstance } from '../api/feedback.ts';
import { FormModal } from './form-modal/FormModal.tsx';

// An error shows ONCE: a toast or an inline message, never both. A save whose caller shows the
// failure inline passes INLINE_ERROR (toast: false) to the request layer.

let toasts: string[] = [];

beforeEach(() => {
  toasts = [];
  const record = (content: unknown) => {
    toasts.push(typeof content === 'string' ? content : String((content as { content?: unknown }).content));
  };
  setMessageInstance({ error: record, success: () => {}, info: () => {}, warning: () => {} } as unknown as MessageInstance);
  // every call is refused the way the server refuses a save
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 'A0409', msg: '编码已存在', data: null }), { status: 409 }));
});
afterEach(() => {
  setMessageInstance(null);
  vi.unstubAllGlobals();
});

function Dialog({ errorFields, save }: { errorFields?: { code: string }; save: (values: { code: string }, options: CallOptions) => Promise<void> }) {
  return (
    <FormModal<{ code: string }>
      open
      title="新增货架"
      width={480}
      testId="modal"
      formName="shelf"
      initialValues={{ code: 'A-01' }}
      onSubmit={save}
      savedMessage="保存成功"
      onSaved={() => {}}
      onClose={() => {}}
      errorFields={errorFields}
    >
      <Form.Item name="code" label="编码">
        <Input />
      </Form.Item>
    </FormModal>
  );
}

describe('a failed save shows its error once', () => {
  it('a dialog whose message belongs to a field: under the field, no toast', async () => {
    render(<Dialog errorFields={{ code: '编码' }} save={async (values, options) => void (await http.post('/shelves', values, options))} />);
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('编码已存在')).toBeTruthy();
    expect(toasts).toEqual([]);
  });

  it('a dialog without such a field: one toast, nothing inline', async () => {
    render(<Dialog save={async (values, options) => void (await http.post('/brands', values, options))} />);
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(toasts).toEqual(['编码已存在']));
    expect(screen.queryByText('编码已存在')).toBeNull();
  });

  it('a dialog whose save did not pass the options on: the request toast only, not under the field too', async () => {
    render(<Dialog errorFields={{ code: '编码' }} save={async (values) => void (await http.post('/shelves', values))} />);
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(toasts).toEqual(['编码已存在']));
    expect(screen.queryByText('编码已存在')).toBeNull();
  });

  it('a document action refused by the server: in its dialog, no toast', async () => {
    const api = stockDocsApi('outbound');
    render(
      <DocumentActionBar<'post'>
        docNo="CK20261125-0001"
        open={['post']}
        order={['post']}
        label={() => '审核过账'}
        dialog={() => ({ confirm: '确定审核过账？' })}
        run={async () => void (await api.action(1, 'post', {}, 'key-1', { toast: false }))}
        testIds={{ bar: 'bar', button: () => 'act', confirm: 'confirm', reason: 'reason', error: 'error' }}
      />,
    );
    await userEvent.click(screen.getByTestId('act'));
    await userEvent.click(await screen.findByTestId('confirm'));
    expect((await screen.findByTestId('error')).textContent).toContain('编码已存在');
    expect(toasts).toEqual([]);
  });
});

/** Source files under web/src/pages (tests aside). */
function pageSources(dir = join(__dirname, '../pages')): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pageSources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [{ path, text: readFileSync(path, 'utf8') }] : [];
  });
}

describe('every form, dialog and page that shows a server error inline', () => {
  it('asks the request layer not to toast it too (INLINE_ERROR)', () => {
    // a caught ApiError's message put into the page's own state (an Alert, a field, a dialog)
    const inline = pageSources().filter(({ text }) => /instanceof ApiError \? \w+\.msg/.test(text));
    expect(inline.length).toBeGreaterThan(5);
    // or says why its call never toasts (a comment starting error-once:)
    const forgetting = inline.filter(({ text }) => !text.includes('INLINE_ERROR') && !text.includes('error-once:')).map(({ path }) => path.slice(path.indexOf('pages/')));
    expect(forgetting).toEqual([]);
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/request.ts';
import { DocumentUnavailable, type DocumentUnavailableProps } from './DocumentUnavailable.tsx';

function show(props: Partial<DocumentUnavailableProps>) {
  render(
    <MemoryRouter initialEntries={['/erp/warehouse/outbound/info?id=999']}>
      <Routes>
        <Route path="/erp/warehouse/outbound/info" element={<DocumentUnavailable listPath="/erp/warehouse/outbound" listName="出库单列表" {...props} />} />
        <Route path="/erp/warehouse/outbound" element={<p>出库单列表页</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('DocumentUnavailable', () => {
  it('says a missing or foreign document does not exist, offers the way back to its list and no retry', async () => {
    const retry = vi.fn();
    show({ error: new ApiError({ kind: 'business', code: 'A0404', msg: '单据不存在' } as never, 404), onRetry: retry });
    expect(screen.getByText('单据不存在')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /重\s*试/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '返回出库单列表' }));
    expect(await screen.findByText('出库单列表页')).toBeTruthy();
  });

  it('offers a retry beside the way back when loading failed for another reason', async () => {
    const retry = vi.fn();
    show({ noun: '采购订单', error: new ApiError({ kind: 'network', code: 'NETWORK', msg: '网络连接失败' } as never, null), onRetry: retry });
    expect(screen.getByText('采购订单加载失败')).toBeTruthy();
    expect(screen.getByText('网络连接失败')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: '返回出库单列表' })).toBeTruthy();
  });

  it('asks to open the page from its list when the address names no document', () => {
    show({ missingId: true });
    expect(screen.getByText('缺少单据编号')).toBeTruthy();
    expect(screen.getByText('请从出库单列表打开')).toBeTruthy();
  });
});

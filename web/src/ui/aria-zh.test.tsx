import { render, screen } from '@testing-library/react';
import { Button, ConfigProvider, InputNumber, Table } from 'antd';
import { QuestionCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, describe, expect, it } from 'vitest';
import { localizeAriaLabels } from './aria-zh.ts';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('localizeAriaLabels', () => {
  it('puts the English labels antd writes into Chinese, also for what renders later', async () => {
    stop = localizeAriaLabels(document.body);
    render(
      <ConfigProvider locale={zhCN}>
        <Table rowKey="id" rowSelection={{}} columns={[{ title: '款号', dataIndex: 'styleNo' }]} dataSource={[{ id: 1, styleNo: 'YS1' }]} pagination={false} />
        <InputNumber aria-label="数量" />
      </ConfigProvider>,
    );
    expect(await screen.findByLabelText('全选')).toBeTruthy();
    expect(await screen.findByLabelText('增加数值')).toBeTruthy();
    expect(await screen.findByLabelText('减少数值')).toBeTruthy();
    expect(document.querySelector('[aria-label="Select all"], [aria-label="Increase Value"]')).toBeNull();
  });

  it('labels row checkboxes in Chinese and hides the English names of icons behind their button (issue 26)', async () => {
    stop = localizeAriaLabels(document.body);
    render(
      <ConfigProvider locale={zhCN}>
        <Table
          rowKey="id"
          rowSelection={{}}
          columns={[{ title: '款号', dataIndex: 'styleNo' }]}
          dataSource={[
            { id: 1, styleNo: 'YS1' },
            { id: 2, styleNo: 'YS2' },
          ]}
          pagination={false}
        />
        <Button icon={<ReloadOutlined />} aria-label="刷新" />
        <QuestionCircleOutlined aria-label="未发数说明" />
      </ConfigProvider>,
    );
    expect(await screen.findByLabelText('选择第2行')).toBeTruthy();
    expect(screen.getByRole('button', { name: '刷新' })).toBeTruthy();
    expect(document.querySelector('[aria-label="reload"], [aria-label^="Select row"]')).toBeNull();
    expect(screen.getByLabelText('未发数说明')).toBeTruthy();
  });
});

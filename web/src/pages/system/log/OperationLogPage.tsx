import { useMemo, useState } from 'react';
import { Button, DatePicker, Input, Select, Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { displayOrEmpty, OPERATION_ACTIONS, OPERATION_LOG_KEYWORD_MAX, OPERATION_RESULTS, type OperationLogRecord } from '@erp/shared';
import { ListPage, type ListColumn } from '../../../ui/list-page/ListPage.tsx';
import type { ListSearchField } from '../../../ui/list-page/SearchForm.tsx';
import { OperationLogDrawer } from './OperationLogDrawer.tsx';
import { operationLogApi, operationLogKeys, type OperationLogFilters } from './operation-log-api.ts';
import { ACTION_COLORS, actionLabel, formatDuration, moduleLabel, RESULT_COLORS, resultLabel } from './operation-log-labels.ts';
import { urlCode, urlDateRange, urlOneOf, urlText, type ListUrlFilters } from '../../../ui/list-page/list-url.ts';
import { dateTimeColumn } from '../../../ui/list-page/columns.tsx';

const INITIAL_FILTERS: OperationLogFilters = {};
const URL_FILTERS: ListUrlFilters<OperationLogFilters> = {
  time: urlDateRange(),
  keyword: urlText,
  module: urlCode,
  action: urlOneOf(OPERATION_ACTIONS),
  result: urlOneOf(OPERATION_RESULTS),
  ip: urlText,
};
const DEFAULT_SORT = { field: 'createdAt', order: 'desc' } as const;

const RANGE_PRESETS = [
  { label: '今天', value: () => [dayjs().startOf('day'), dayjs().endOf('day')] as [dayjs.Dayjs, dayjs.Dayjs] },
  { label: '最近7天', value: () => [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')] as [dayjs.Dayjs, dayjs.Dayjs] },
  { label: '最近30天', value: () => [dayjs().subtract(29, 'day').startOf('day'), dayjs().endOf('day')] as [dayjs.Dayjs, dayjs.Dayjs] },
];

function searchFields(modules: { value: string; label: string }[]): ListSearchField[] {
  return [
    {
      name: 'time',
      label: '时间',
      wide: true,
      input: <DatePicker.RangePicker allowEmpty={[true, true]} presets={RANGE_PRESETS} style={{ width: '100%' }} data-testid="log-time" />,
    },
    {
      name: 'keyword',
      label: '操作人',
      input: <Input allowClear maxLength={OPERATION_LOG_KEYWORD_MAX} placeholder="账号 / 姓名" data-testid="log-keyword" />,
    },
    {
      name: 'module',
      label: '模块',
      input: <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="全部" options={modules} data-testid="log-module" />,
    },
    {
      name: 'action',
      label: '操作',
      // 17 actions: searchable, all in the list (no virtual window hiding the last ones)
      input: (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          virtual={false}
          placeholder="全部"
          options={OPERATION_ACTIONS.map((value) => ({ value, label: actionLabel(value) }))}
          data-testid="log-action"
        />
      ),
    },
    {
      name: 'result',
      label: '结果',
      input: <Select allowClear placeholder="全部" options={OPERATION_RESULTS.map((value) => ({ value, label: resultLabel(value) }))} data-testid="log-result" />,
    },
    { name: 'ip', label: 'IP', input: <Input allowClear maxLength={64} placeholder="IP 地址" data-testid="log-ip" /> },
  ];
}

function columnsWith(open: (row: OperationLogRecord) => void): ListColumn<OperationLogRecord>[] {
  return [
    dateTimeColumn('createdAt', '时间'),
    { key: 'account', title: '账号', dataIndex: 'account', width: 110, ellipsis: { showTitle: true }, render: displayOrEmpty },
    { key: 'userName', title: '姓名', dataIndex: 'userName', width: 90, ellipsis: { showTitle: true }, render: displayOrEmpty },
    {
      key: 'action',
      title: '操作',
      dataIndex: 'action',
      width: 88,
      render: (_, r) => <Tag color={ACTION_COLORS[r.action]}>{actionLabel(r.action)}</Tag>,
      exportValue: (r) => actionLabel(r.action),
    },
    { key: 'module', title: '模块', dataIndex: 'module', width: 112, render: (_, r) => moduleLabel(r.module), exportValue: (r) => moduleLabel(r.module) },
    { key: 'summary', title: '内容', dataIndex: 'summary', minWidth: 240, ellipsis: { showTitle: true }, render: displayOrEmpty },
    { key: 'targetId', title: '对象ID', dataIndex: 'targetId', width: 76, render: displayOrEmpty },
    {
      key: 'result',
      title: '结果',
      dataIndex: 'result',
      width: 68,
      render: (_, r) => {
        const tag = <Tag color={RESULT_COLORS[r.result]}>{resultLabel(r.result)}</Tag>;
        return r.message ? <Tooltip title={`${r.code}：${r.message}`}>{tag}</Tooltip> : tag;
      },
      exportValue: (r) => (r.message ? `${resultLabel(r.result)}（${r.message}）` : resultLabel(r.result)),
    },
    { key: 'ip', title: 'IP', dataIndex: 'ip', width: 120, render: displayOrEmpty },
    {
      key: 'durationMs',
      title: '耗时',
      dataIndex: 'durationMs',
      sortable: true,
      sortField: 'duration',
      width: 84,
      align: 'right',
      render: (ms: number) => formatDuration(ms),
      exportValue: (r) => r.durationMs,
    },
    {
      key: 'actions',
      title: '详情',
      fixed: 'right',
      width: 64,
      hideable: false,
      exportable: false,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => open(row)} data-testid={`log-detail-${row.id}`}>
          查看
        </Button>
      ),
    },
  ];
}

/** 操作日志: every change, sign-in and sign-out, searched by time, person, module, action, result and address. */
export function OperationLogPage() {
  const [viewing, setViewing] = useState<OperationLogRecord | null>(null);
  const modules = useQuery({ queryKey: operationLogKeys.modules, queryFn: ({ signal }) => operationLogApi.modules(signal), staleTime: Infinity });
  const fields = useMemo(() => searchFields(modules.data ?? []), [modules.data]);
  const columns = useMemo(() => columnsWith(setViewing), []);

  return (
    <>
      <ListPage<OperationLogRecord, OperationLogFilters>
        listId="system-operation-log"
        title="操作日志"
        testId="log"
        queryKey={operationLogKeys.page}
        fetchPage={operationLogApi.page}
        columns={columns}
        rowKey="id"
        initialFilters={INITIAL_FILTERS}
        urlFilters={URL_FILTERS}
        searchFields={fields}
        defaultSort={DEFAULT_SORT}
        // 内容 takes what the fixed-width columns leave; below this width the table scrolls
        tableProps={{ scroll: { x: 1180 } }}
      />
      <OperationLogDrawer row={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

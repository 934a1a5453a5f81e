import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Table, Tag, type TableProps } from 'antd';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@erp/shared';
import { formatDateTime } from '../../ui/format-time.ts';
import { describeDevice, sessionsApi, sessionStatus, type LoginSession, type SessionsQuery } from './sessions-api.ts';

const STATUS_COLORS: Record<string, string> = { 当前会话: 'blue', 有效: 'green' };

/** 登录会话: where and when this account signed in, newest first, paged and sorted on the server. */
export function SessionsCard() {
  const [query, setQuery] = useState<SessionsQuery>({ page: 1, limit: DEFAULT_PAGE_SIZE, sort: 'createdAt', order: 'desc' });
  const sessions = useQuery({
    queryKey: ['users', 'sessions', query],
    queryFn: ({ signal }) => sessionsApi.page(query, signal),
    placeholderData: keepPreviousData,
  });

  const sortOrderOf = (key: SessionsQuery['sort']) => (query.sort === key ? (query.order === 'asc' ? 'ascend' : 'descend') : null);

  const columns: TableProps<LoginSession>['columns'] = [
    { key: 'createdAt', title: '登录时间', dataIndex: 'createdAt', sorter: true, sortOrder: sortOrderOf('createdAt'), render: formatDateTime },
    { key: 'lastSeenAt', title: '最近活动', dataIndex: 'lastSeenAt', sorter: true, sortOrder: sortOrderOf('lastSeenAt'), render: formatDateTime },
    { key: 'ip', title: 'IP 地址', dataIndex: 'ip', render: (ip: string) => ip || '--' },
    { key: 'device', title: '设备', dataIndex: 'userAgent', render: describeDevice },
    {
      key: 'status',
      title: '状态',
      render: (_, row) => {
        const status = sessionStatus(row);
        return <Tag color={STATUS_COLORS[status]}>{status}</Tag>;
      },
    },
  ];

  return (
    <Card title="登录会话" style={{ marginTop: 16 }} data-testid="sessions-card">
      <Table<LoginSession>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={sessions.data?.records}
        loading={sessions.isFetching}
        locale={{ emptyText: sessions.isError ? '会话记录加载失败' : '暂无会话记录' }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: sessions.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
        }}
        onChange={(pagination, _filters, sorter) => {
          const single = Array.isArray(sorter) ? sorter[0] : sorter;
          const sortKey = (single?.order ? single.columnKey : undefined) as SessionsQuery['sort'] | undefined;
          const pageSize = pagination.pageSize ?? query.limit;
          setQuery({
            page: pageSize === query.limit ? (pagination.current ?? 1) : 1,
            limit: pageSize,
            sort: sortKey ?? 'createdAt',
            order: sortKey ? (single?.order === 'ascend' ? 'asc' : 'desc') : 'desc',
          });
        }}
      />
    </Card>
  );
}

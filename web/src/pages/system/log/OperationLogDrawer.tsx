import { Descriptions, Drawer, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { displayOrEmpty, ROLE_TYPE_LABELS, type OperationLogRecord, type RoleType } from '@erp/shared';
import { formatDateTime } from '../../../ui/format-time.ts';
import { operationLogApi, operationLogKeys } from './operation-log-api.ts';
import { ACTION_COLORS, actionLabel, formatDuration, moduleLabel, RESULT_COLORS, resultLabel } from './operation-log-labels.ts';

interface OperationLogDrawerProps {
  /** the row clicked: shown at once, then refreshed from the detail call */
  row: OperationLogRecord | null;
  onClose: () => void;
}

/** 日志详情: every recorded field of one call (never a request body: none is kept). */
export function OperationLogDrawer({ row, onClose }: OperationLogDrawerProps) {
  const id = row?.id ?? 0;
  const detail = useQuery({
    queryKey: operationLogKeys.detail(id),
    queryFn: ({ signal }) => operationLogApi.detail(id, signal),
    enabled: id > 0,
    placeholderData: row ?? undefined,
  });
  const log = detail.data ?? row;
  return (
    <Drawer title="日志详情" open={!!row} onClose={onClose} size={560} destroyOnHidden data-testid="operation-log-drawer">
      {!log ? (
        <Skeleton active />
      ) : (
        <Descriptions
          column={1}
          size="small"
          bordered
          styles={{ label: { width: 108, whiteSpace: 'nowrap' } }}
          items={[
            { key: 'time', label: '时间', children: formatDateTime(log.createdAt) },
            { key: 'account', label: '账号', children: displayOrEmpty(log.account) },
            { key: 'name', label: '姓名', children: displayOrEmpty(log.userName) },
            { key: 'role', label: '身份', children: displayOrEmpty(ROLE_TYPE_LABELS[log.roleType as RoleType] ?? log.roleType) },
            { key: 'action', label: '操作', children: <Tag color={ACTION_COLORS[log.action]}>{actionLabel(log.action)}</Tag> },
            { key: 'module', label: '模块', children: moduleLabel(log.module) },
            { key: 'summary', label: '内容', children: displayOrEmpty(log.summary) },
            { key: 'target', label: '对象ID', children: displayOrEmpty(log.targetId) },
            {
              key: 'result',
              label: '结果',
              children: (
                <>
                  <Tag color={RESULT_COLORS[log.result]}>{resultLabel(log.result)}</Tag>
                  <Typography.Text type="secondary">应答码 {displayOrEmpty(log.code)}</Typography.Text>
                </>
              ),
            },
            { key: 'message', label: '提示信息', children: displayOrEmpty(log.message) },
            {
              key: 'request',
              label: '接口',
              children: (
                <Typography.Text code copyable={{ text: `${log.method} ${log.path}` }}>
                  {log.method} {log.path}
                </Typography.Text>
              ),
            },
            { key: 'ip', label: 'IP', children: displayOrEmpty(log.ip) },
            { key: 'duration', label: '耗时', children: formatDuration(log.durationMs) },
            {
              key: 'agent',
              label: '客户端',
              children: <Typography.Text style={{ wordBreak: 'break-all' }}>{displayOrEmpty(log.userAgent)}</Typography.Text>,
            },
          ]}
        />
      )}
    </Drawer>
  );
}

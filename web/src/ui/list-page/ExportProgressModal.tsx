import { Alert, Button, Modal, Progress, Typography } from 'antd';
import { tooManyMessage } from './export-plan.ts';
import type { ExportProgress } from './use-list-export.ts';

/** Progress of an export (reading pages, writing the file), or the notice that it is too large. */
export function ExportProgressModal({ progress, onCancel }: { progress: ExportProgress | null; onCancel: () => void }) {
  const tooMany = progress?.phase === 'too-many';
  return (
    <Modal
      open={progress !== null}
      title={tooMany ? '导出数据过多' : '导出 Excel'}
      closable={tooMany}
      mask={{ closable: false }}
      keyboard={tooMany}
      onCancel={onCancel}
      width={440}
      footer={
        <Button onClick={onCancel} type={tooMany ? 'primary' : 'default'} data-testid="list-export-cancel">
          {tooMany ? '知道了' : '取消导出'}
        </Button>
      }
      data-testid="list-export-progress"
    >
      {progress?.phase === 'too-many' ? (
        <Alert type="warning" showIcon title={tooManyMessage(progress.total, progress.cap, progress.atLeast)} />
      ) : progress?.phase === 'writing' ? (
        <>
          <Progress percent={100} status="active" />
          <Typography.Text type="secondary">正在生成 Excel 文件（{progress.total} 条）…</Typography.Text>
        </>
      ) : progress ? (
        <>
          <Progress percent={progress.total ? Math.floor((progress.loaded / progress.total) * 100) : 0} status="active" />
          <Typography.Text type="secondary">{progress.total ? `正在读取数据：${progress.loaded} / ${progress.total} 条` : '正在读取数据…'}</Typography.Text>
        </>
      ) : null}
    </Modal>
  );
}

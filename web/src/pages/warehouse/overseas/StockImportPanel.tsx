import { useState } from 'react';
import { Alert, Button, Space, Spin, Table, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import type { StockImportCheckAnswer, StockImportLine, StockImportRowError, StockImportRowInput } from '@erp/shared';
import { ApiError } from '../../../api/request.ts';
import { toast } from '../../../api/feedback.ts';
import { downloadFile, loadExcel } from '../../../ui/list-page/export-workbook.ts';
import { buildStockTemplate, readStockFile, type StockImportColumn } from './stock-import-file.ts';

export interface StockImportPanelProps {
  columns: readonly StockImportColumn[];
  /** the template's file name and sheet title */
  templateName: string;
  templateExample: readonly (string | number)[];
  /** the server's check of the parsed rows (writes nothing) */
  check: (rows: StockImportRowInput[]) => Promise<StockImportCheckAnswer>;
  /** the checked lines when every row passed; null when the file changes or fails */
  onLines: (lines: StockImportLine[] | null) => void;
  disabled?: boolean;
  testId: string;
}

const ERROR_COLUMNS = [
  { key: 'row', title: '行号', dataIndex: 'row', width: 72 },
  { key: 'barcode', title: '条码', dataIndex: 'barcode', width: 170, render: (text: string) => text || '--' },
  { key: 'reason', title: '原因', dataIndex: 'reason' },
];

type State = { fileName: string; busy: boolean; problem: string | null; errors: StockImportRowError[]; count: number | null };

/**
 * Choose an .xlsx or .csv, read it here, let the server check every row, and show each bad row
 * with its sheet row number and reason. Only a file whose every row passed yields lines.
 */
export function StockImportPanel({ columns, templateName, templateExample, check, onLines, disabled, testId }: StockImportPanelProps) {
  const [state, setState] = useState<State | null>(null);
  const [template, setTemplate] = useState(false);

  const downloadTemplate = async () => {
    setTemplate(true);
    try {
      downloadFile(await buildStockTemplate(await loadExcel(), templateName, columns, templateExample), `${templateName}模板.xlsx`);
    } catch {
      toast().error('模板生成失败，请重试');
    } finally {
      setTemplate(false);
    }
  };

  const choose = async (file: File) => {
    onLines(null);
    setState({ fileName: file.name, busy: true, problem: null, errors: [], count: null });
    try {
      const parsed = await readStockFile(file, columns, loadExcel);
      if (!parsed.ok) {
        setState({ fileName: file.name, busy: false, problem: parsed.message, errors: [], count: null });
        return;
      }
      // error-once: the check calls never toast (stock-import-api.ts); the panel shows why
      const answer = await check(parsed.rows);
      setState({ fileName: file.name, busy: false, problem: null, errors: answer.errors, count: answer.errors.length ? null : answer.lines.length });
      if (answer.errors.length === 0) onLines(answer.lines);
    } catch (error) {
      setState({ fileName: file.name, busy: false, problem: error instanceof ApiError ? error.msg : '文件读取或校验失败，请重试', errors: [], count: null });
    }
  };

  return (
    <div className="stock-import" data-testid={testId}>
      <Space style={{ marginBottom: 8 }}>
        <Button icon={<DownloadOutlined />} loading={template} onClick={() => void downloadTemplate()} data-testid={`${testId}-template`}>
          下载模板
        </Button>
      </Space>
      <Upload.Dragger
        accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
        multiple={false}
        showUploadList={false}
        disabled={disabled || state?.busy}
        beforeUpload={(file) => {
          void choose(file);
          return Upload.LIST_IGNORE;
        }}
        data-testid={`${testId}-file`}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{state ? `已选择：${state.fileName}（点击或拖入以更换）` : '点击或将 Excel / CSV 文件拖到此处'}</p>
        <p className="ant-upload-hint">支持 .xlsx 和 .csv（UTF-8），第一行为表头，一次最多5000行</p>
      </Upload.Dragger>
      <div style={{ marginTop: 12 }} data-testid={`${testId}-result`}>
        {state?.busy ? (
          <Spin description="正在读取并校验…">
            <div style={{ height: 48 }} />
          </Spin>
        ) : state?.problem ? (
          <Alert type="error" showIcon title={state.problem} data-testid={`${testId}-problem`} />
        ) : state && state.errors.length > 0 ? (
          <>
            <Alert type="error" showIcon title={`校验未通过：共${state.errors.length}行有错误，请修改后重新选择文件`} style={{ marginBottom: 8 }} />
            <Table<StockImportRowError>
              size="small"
              rowKey={(e) => `${e.row}-${e.barcode}`}
              columns={ERROR_COLUMNS}
              dataSource={state.errors}
              pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
              data-testid={`${testId}-errors`}
            />
          </>
        ) : state?.count !== null && state?.count !== undefined ? (
          <Alert type="success" showIcon title={`校验通过：${state.count}行`} data-testid={`${testId}-ok`} />
        ) : null}
      </div>
    </div>
  );
}

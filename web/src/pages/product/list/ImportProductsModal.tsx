import { useState } from 'react';
import { Alert, Button, Modal, Result, Space, Spin, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { ProductImportMessages, type ProductImportError, type ProductImportRow } from '@erp/shared';
import { ApiError, INLINE_ERROR } from '../../../api/request.ts';
import { toast } from '../../../api/feedback.ts';
import { downloadFile, loadExcel } from '../../../ui/list-page/export-workbook.ts';
import { productApi, type ImportCheck } from '../../../api/products.ts';
import { buildErrorsWorkbook, buildImportTemplate, IMPORT_TEMPLATE_FILE, readImportFile, templateExample } from './product-import-sheet.ts';

type Busy = 'template' | 'reading' | 'checking' | 'importing' | 'errors' | null;

/** What the dialog knows of the chosen file. */
interface Chosen {
  fileName: string;
  rows: ProductImportRow[] | null;
  check: ImportCheck | null;
  /** a file that could not be read, or a call that failed */
  problem: string | null;
}

const ERROR_COLUMNS = [
  { key: 'row', title: '行号', dataIndex: 'row', width: 72 },
  { key: 'styleNo', title: '款号', dataIndex: 'styleNo', width: 140, render: (text: string) => text || '--' },
  { key: 'reason', title: '原因', dataIndex: 'reason' },
];

const CHECK_FAILED = '校验请求失败，请重试';

export const importSummary = (check: ImportCheck) => `将导入${check.products}个商品（${check.skus}个SKU）`;

/**
 * 导入 of products from the Excel template: download the template, choose a file, the server
 * checks every row (nothing is written), then 确认导入 writes all or nothing.
 */
export function ImportProductsModal({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const [busy, setBusy] = useState<Busy>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);

  const downloadTemplate = async () => {
    setBusy('template');
    try {
      const [excel, sample] = await Promise.all([loadExcel(), productApi.skuRows({ page: 1, limit: 10 }).catch(() => null)]);
      downloadFile(await buildImportTemplate(excel, templateExample(sample?.records[0])), IMPORT_TEMPLATE_FILE);
    } catch {
      toast().error('模板生成失败，请重试');
    } finally {
      setBusy(null);
    }
  };

  const check = async (fileName: string, rows: ProductImportRow[]) => {
    setBusy('checking');
    setChosen({ fileName, rows, check: null, problem: null });
    try {
      setChosen({ fileName, rows, check: await productApi.importCheck(rows, INLINE_ERROR), problem: null });
    } catch (error) {
      setChosen({ fileName, rows, check: null, problem: error instanceof ApiError ? error.msg || CHECK_FAILED : CHECK_FAILED });
    } finally {
      setBusy(null);
    }
  };

  const choose = async (file: File) => {
    setBusy('reading');
    setChosen({ fileName: file.name, rows: null, check: null, problem: null });
    try {
      const [excel, data] = await Promise.all([loadExcel(), file.arrayBuffer()]);
      const parsed = await readImportFile(excel, data);
      if (!parsed.ok) {
        setChosen({ fileName: file.name, rows: null, check: null, problem: parsed.message });
        setBusy(null);
        return;
      }
      await check(file.name, parsed.rows);
    } catch {
      setChosen({ fileName: file.name, rows: null, check: null, problem: '文件读取失败，请重新选择' });
      setBusy(null);
    }
  };

  const confirm = async () => {
    if (!chosen?.rows) return;
    setBusy('importing');
    try {
      const done = await productApi.importRows(chosen.rows);
      toast().success(ProductImportMessages.done(done.products, done.skus));
      onImported();
      onClose();
    } catch {
      // the request client has shown why; check again so the table shows what is wrong now
      setBusy(null);
      await check(chosen.fileName, chosen.rows);
      return;
    }
    setBusy(null);
  };

  const exportErrors = async (errors: readonly ProductImportError[]) => {
    setBusy('errors');
    try {
      downloadFile(await buildErrorsWorkbook(await loadExcel(), errors), `商品导入错误-${chosen?.fileName.replace(/\.xlsx$/i, '') ?? ''}.xlsx`);
    } catch {
      toast().error('导出失败，请重试');
    } finally {
      setBusy(null);
    }
  };

  const result = chosen?.check ?? null;
  const errors = result?.errors ?? [];
  const ready = !!result && errors.length === 0 && !!chosen?.rows;

  return (
    <Modal
      open={open}
      title="导入商品"
      width={760}
      onCancel={onClose}
      mask={{ closable: false }}
      afterClose={() => setChosen(null)}
      footer={
        <div className="product-import__footer">
          <Button icon={<DownloadOutlined />} loading={busy === 'template'} onClick={downloadTemplate} data-testid="product-import-template">
            下载模板
          </Button>
          <Space>
            <Button onClick={onClose}>{ready ? '取消' : '关闭'}</Button>
            {ready ? (
              <Button type="primary" loading={busy === 'importing'} disabled={busy !== null && busy !== 'importing'} onClick={confirm} data-testid="product-import-confirm">
                确认导入
              </Button>
            ) : null}
          </Space>
        </div>
      }
      data-testid="product-import-modal"
    >
      <Typography.Paragraph type="secondary">
        请按模板填写，每行一个SKU，款号相同的多行为同一商品。选择文件后先校验全部行，校验通过并点击“确认导入”后才会写入；有任何错误时不导入任何商品。
      </Typography.Paragraph>
      <Upload.Dragger
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        multiple={false}
        showUploadList={false}
        disabled={busy === 'reading' || busy === 'checking' || busy === 'importing'}
        beforeUpload={(file) => {
          void choose(file);
          return Upload.LIST_IGNORE;
        }}
        data-testid="product-import-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{chosen ? `已选择：${chosen.fileName}（点击或拖入以更换）` : '点击或将 Excel 文件拖到此处'}</p>
        <p className="ant-upload-hint">仅支持 .xlsx，一次最多5000行</p>
      </Upload.Dragger>

      <div className="product-import__result" data-testid="product-import-result">
        {busy === 'reading' || busy === 'checking' ? (
          <Spin description={busy === 'reading' ? '正在读取文件…' : '正在校验…'}>
            <div className="product-import__pending" />
          </Spin>
        ) : chosen?.problem ? (
          <Alert
            type="error"
            showIcon
            title={chosen.problem}
            action={
              chosen.rows ? (
                <Button size="small" onClick={() => chosen.rows && check(chosen.fileName, chosen.rows)} data-testid="product-import-retry">
                  重试
                </Button>
              ) : undefined
            }
            data-testid="product-import-problem"
          />
        ) : errors.length > 0 ? (
          <>
            <Alert
              type="error"
              showIcon
              title={`校验未通过：共${errors.length}处错误，未导入任何商品，请修改后重新选择文件`}
              action={
                <Button size="small" loading={busy === 'errors'} onClick={() => exportErrors(errors)} data-testid="product-import-export-errors">
                  导出错误
                </Button>
              }
            />
            <Table<ProductImportError>
              size="small"
              className="product-import__errors"
              rowKey={(error) => `${error.row}-${error.styleNo}-${error.reason}`}
              columns={ERROR_COLUMNS}
              dataSource={errors}
              pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
              data-testid="product-import-errors"
            />
          </>
        ) : ready && result ? (
          <Result status="success" title="校验通过" subTitle={importSummary(result)} className="product-import__ready" data-testid="product-import-summary" />
        ) : null}
      </div>
    </Modal>
  );
}

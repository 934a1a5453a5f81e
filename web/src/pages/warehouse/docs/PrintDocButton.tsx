import { Button, type ButtonProps } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { StockDocDetail } from '@erp/shared';
import { previewPrint } from '../../../print/print-bus.ts';
import { docPrintEvent } from './doc-print.ts';

/** 打印: the document's print preview (出库单 sheet for outbound, 调拨单 sheet otherwise), then the shell's A4 print frames. */
export function PrintDocButton({ doc, size, label = '打印' }: { doc: StockDocDetail; size?: ButtonProps['size']; label?: string }) {
  const send = () => {
    const event = docPrintEvent(doc);
    if (event.kind === 'outbound') previewPrint('outbound', event.payload);
    else if (event.kind === 'transfer') previewPrint('transfer', event.payload);
  };
  return (
    <Button size={size} icon={<PrinterOutlined />} onClick={send} disabled={doc.lines.length === 0} data-testid="doc-print">
      {label}
    </Button>
  );
}

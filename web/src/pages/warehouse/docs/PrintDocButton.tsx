import { Button, type ButtonProps } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { StockDocDetail } from '@erp/shared';
import { print } from '../../../print/print-bus.ts';
import { docPrintEvent } from './doc-print.ts';

/** 打印: sends the document to the shell's A4 print frames (出库单 sheet for outbound, 调拨单 sheet otherwise). */
export function PrintDocButton({ doc, size, label = '打印' }: { doc: StockDocDetail; size?: ButtonProps['size']; label?: string }) {
  const send = () => {
    const event = docPrintEvent(doc);
    if (event.kind === 'outbound') print('outbound', event.payload);
    else if (event.kind === 'transfer') print('transfer', event.payload);
  };
  return (
    <Button size={size} icon={<PrinterOutlined />} onClick={send} disabled={doc.lines.length === 0} data-testid="doc-print">
      {label}
    </Button>
  );
}

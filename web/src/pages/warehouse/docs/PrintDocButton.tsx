import { useState } from 'react';
import { Button, type ButtonProps } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { StockDocDetail } from '@erp/shared';
import { deliveryParties, deliverySheet } from '../../../print/delivery-sheet.ts';
import { previewPrint } from '../../../print/print-bus.ts';
import { docPrintEvent, isDelivery, outboundSheet } from './doc-print.ts';

/**
 * 打印: the document's print preview (出库单 sheet for outbound, 调拨单 sheet otherwise), then the
 * shell's A4 print frames. A 配货出库单 first asks whom it goes to (shop, 结算方, address, phone).
 */
export function PrintDocButton({ doc, size, label = '打印' }: { doc: StockDocDetail; size?: ButtonProps['size']; label?: string }) {
  const [loading, setLoading] = useState(false);
  const send = async () => {
    if (isDelivery(doc)) {
      setLoading(true);
      try {
        previewPrint('outbound', deliverySheet(outboundSheet(doc), await deliveryParties(doc.id)));
      } catch {
        // the request client has shown the server's message
      } finally {
        setLoading(false);
      }
      return;
    }
    const event = docPrintEvent(doc);
    if (event.kind === 'outbound') previewPrint('outbound', event.payload);
    else if (event.kind === 'transfer') previewPrint('transfer', event.payload);
  };
  return (
    <Button size={size} icon={<PrinterOutlined />} loading={loading} onClick={() => void send()} disabled={doc.lines.length === 0} data-testid="doc-print">
      {label}
    </Button>
  );
}

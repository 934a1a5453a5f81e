import { Button } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { ReturnDetail, SalesOrderDetail } from '@erp/shared';
import { previewPrint } from './print-bus.ts';
import { orderConfirmSheet, parcelSheet } from './order-sheets.ts';

/** 打印订货确认单: the order's print preview (A4, 尺码横排). */
export function PrintOrderButton({ order }: { order: SalesOrderDetail }) {
  return (
    <Button icon={<PrinterOutlined />} onClick={() => previewPrint('order', orderConfirmSheet(order))} disabled={order.lines.length === 0} data-testid="so-print">
      打印订货确认单
    </Button>
  );
}

/** 打印装箱单: what goes in the parcel of a 退货单 or 换货单. */
export function PrintParcelButton({ ret }: { ret: ReturnDetail }) {
  const sheet = parcelSheet(ret);
  return (
    <Button icon={<PrinterOutlined />} onClick={() => previewPrint('parcel', sheet)} disabled={sheet.lines.length === 0} data-testid="return-print">
      打印装箱单
    </Button>
  );
}

import type { DeliverySheetParties } from '@erp/shared';
import { http } from '../api/request.ts';
import type { OutboundSheet } from './print-types.ts';

// 配货出库单's print: the priced sheet of the transfer, naming whom it goes to — the receiving shop,
// 结算方, the receiving warehouse's contact, phone and address (the server reads them in the
// caller's scope). 尺码横排 is chosen in the preview.

export const deliveryParties = (docId: number) => http.get<DeliverySheetParties>(`/admin/api/v1/workbench/delivery-sheet/${docId}`);

export function deliverySheet(base: OutboundSheet, parties: DeliverySheetParties): OutboundSheet {
  return {
    ...base,
    title: '配货出库单',
    toLabel: '收货门店',
    to: parties.shopName,
    extraInfo: [
      ['订货单', parties.orderNo],
      ['结算方', parties.billedName || '总部直营（不结算）'],
      ['收货人', parties.contactName],
      ['电话', parties.phone],
      ['收货地址', parties.address],
    ],
  };
}

import { useLocation, useSearchParams } from 'react-router';
import '../../../ui/document/stock-docs.css';
import { RefundForm } from './RefundForm.tsx';
import { refundPath } from './refund-rules.ts';
import { useAfterSave } from '../../../shell/tabs/use-after-save.ts';

const idParam = (raw: string | null): number | null => {
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** 采购退货新增 (kept alive): ?orderId= starts from an order, ?id= edits a draft. */
export function PurchaseRefundAddPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const refundId = idParam(params.get('id'));
  const afterSave = useAfterSave(refundId !== null);
  const orderId = idParam(params.get('orderId'));
  // a new query starts a new form (the kept-alive page may be reopened for another order or draft)
  return (
    <RefundForm key={location.search} refundId={refundId} orderId={refundId === null ? orderId : null} onSaved={(refund) => afterSave(refundPath('info', { id: refund.id }))} />
  );
}

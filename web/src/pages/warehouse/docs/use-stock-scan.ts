import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StockDocKind, StockDocLineRecord, StockScanAnswer } from '@erp/shared';
import { useScanStation } from '../../../ui/document/use-scan-station.ts';
import { stockDocKeys, stockDocsApi } from '../../../api/stock-docs.ts';

/** The shared scan station on a stock document's scan route. */
export function useStockScanStation(options: {
  kind: StockDocKind;
  docId: number;
  totalActual: number;
  active: boolean;
  clearWarningOnOk?: boolean;
  onScanned?: (answer: StockScanAnswer, barcode: string) => void;
}) {
  const { kind, docId } = options;
  const client = useQueryClient();
  const api = useMemo(() => stockDocsApi(kind), [kind]);
  return useScanStation<StockDocLineRecord, StockScanAnswer>({
    ...options,
    send: (request) => api.scan(docId, request),
    afterBurst: () => {
      void client.invalidateQueries({ queryKey: stockDocKeys.detail(kind, docId) });
      void client.invalidateQueries({ queryKey: stockDocKeys.scans(kind, docId) });
    },
  });
}

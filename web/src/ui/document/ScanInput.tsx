import { useEffect } from 'react';
import { Alert, Button, Input } from 'antd';
import { BarcodeOutlined, UndoOutlined } from '@ant-design/icons';
import { STOCK_BARCODE_MAX } from '@erp/shared';
import { useScanKeyBuffer } from './ScanKeyBuffer.tsx';
import type { ScanFields, ScanStation } from './use-scan-station.ts';
import './document.css';

/**
 * The barcode input of a scan station: a scanner types into it and ends with Enter. It keeps the
 * focus (a click on empty space gives it back); Esc closes the warning. What was typed while the
 * page loaded (ScanKeyBuffer) is taken on mount: whole codes are sent, the rest stays in the box.
 */
export function ScanInput({ station, fields, problem = null }: { station: ScanStation; fields: ScanFields; problem?: string | null }) {
  const { input, code, setCode, busy, dismiss, submit, focus } = station;
  const early = useScanKeyBuffer();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the box appears; the buffer stops after handing over
  useEffect(() => {
    const keys = early?.take();
    if (!keys) return;
    for (const barcode of keys.codes) station.submitCode(barcode, fields, problem);
    if (keys.partial) setCode((typed) => keys.partial + typed);
  }, [early]);
  return (
    <Input
      ref={input}
      size="large"
      className="doc-scan__input"
      prefix={<BarcodeOutlined />}
      placeholder="请扫描条码（回车确认）"
      value={code}
      autoFocus
      autoComplete="off"
      maxLength={STOCK_BARCODE_MAX + 20}
      onChange={(e) => setCode(e.target.value)}
      onPressEnter={(e) => {
        e.preventDefault();
        submit(fields, problem);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') dismiss();
      }}
      onBlur={(e) => {
        // a click on empty space must not leave the scanner typing into nothing
        if (!e.relatedTarget) setTimeout(focus, 0);
      }}
      // always a suffix: toggling it remounts the <input> and drops the scanner's focus
      suffix={<span className="doc-scan__busy">{busy > 0 ? `处理中 ${busy}` : ''}</span>}
      data-testid="scan-input"
    />
  );
}

/** The red full-width warning of a refused code (remounts on each refusal so it flashes again). */
export function ScanWarningAlert({ station, description }: { station: ScanStation; description?: string }) {
  const { warning, dismiss } = station;
  if (!warning) return null;
  return (
    <Alert
      key={warning.seq}
      type="error"
      showIcon
      banner
      className="doc-scan__warning"
      title={warning.message}
      description={description}
      closable={{ onClose: dismiss }}
      data-testid="scan-warning"
    />
  );
}

/** 撤销上一件: takes back the last good scan. */
export function ScanUndoButton({ station }: { station: ScanStation }) {
  return (
    <Button icon={<UndoOutlined />} onClick={station.undoLast} disabled={!station.canUndo} data-testid="scan-undo">
      撤销上一件
    </Button>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { InputRef } from 'antd';
import { STOCK_BARCODE_MAX } from '@erp/shared';
import { ApiError } from '../../api/request.ts';
import { beep } from './scan-beep.ts';

/** What goes with a barcode besides the code itself. */
export interface ScanFields {
  boxNo?: string;
  shelfId: number | null;
}

export interface ScanWarning {
  message: string;
  /** bumps on each refusal so the same message flashes again */
  seq: number;
}

/** What a document's scan route answers (stock documents today; shipment and cashier later). */
export interface ScanAnswerLike<L> {
  result: string;
  message?: string | null;
  line?: L | null;
  totalActual: number;
}

export interface ScanRequest extends ScanFields {
  barcode: string;
  undo?: boolean;
}

export interface ScanStationOptions<L, A extends ScanAnswerLike<L>> {
  /** sends one scan to the document */
  send: (request: ScanRequest) => Promise<A>;
  /** once a burst of scans is answered: refresh the document and its log */
  afterBurst: () => void;
  /** the document's counted total as last read */
  totalActual: number;
  /** focus the input whenever this turns true */
  active: boolean;
  /** a good scan closes an open warning (otherwise it stays until dismissed) */
  clearWarningOnOk?: boolean;
  /** after each answered scan (ok or refused) */
  onScanned?: (answer: A, barcode: string) => void;
}

/**
 * The scan station's workings: the input's text, one call per Enter queued so fast scanners never
 * lose a code, beeps, the red warning of a refusal, 撤销上一件, the counted total, and one refresh
 * of the document and its log when a burst is over. The panels only choose what they show.
 */
export function useScanStation<L, A extends ScanAnswerLike<L>>({
  send: sendScan,
  afterBurst,
  totalActual: readTotal,
  active,
  clearWarningOnOk = false,
  onScanned,
}: ScanStationOptions<L, A>) {
  const input = useRef<InputRef>(null);
  const [code, setCode] = useState('');
  const [warning, setWarning] = useState<ScanWarning | null>(null);
  const [last, setLast] = useState<{ line: L; undo: boolean } | null>(null);
  const [totalActual, setTotalActual] = useState(readTotal);
  const [busy, setBusy] = useState(0);
  const [beeps, setBeeps] = useState(0);
  const done = useRef<({ barcode: string } & ScanFields)[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);

  useEffect(() => setTotalActual(readTotal), [readTotal]);
  useEffect(() => {
    if (active) input.current?.focus();
  }, [active]);

  const focus = () => input.current?.focus();

  const refuse = (message: string) => {
    beep('error');
    setBeeps((n) => n + 1);
    setWarning((w) => ({ message, seq: (w?.seq ?? 0) + 1 }));
  };

  const send = (barcode: string, undo: boolean, fields: ScanFields) => {
    pending.current += 1;
    setBusy(pending.current);
    queue.current = queue.current.then(async () => {
      try {
        const answer = await sendScan({ barcode, boxNo: fields.boxNo || undefined, shelfId: fields.shelfId, undo: undo || undefined });
        setTotalActual(answer.totalActual);
        if (answer.result === 'ok' && answer.line) {
          beep('ok');
          if (clearWarningOnOk) setWarning(null);
          setLast({ line: answer.line, undo });
          if (undo) done.current.pop();
          else done.current.push({ barcode, ...fields });
        } else refuse(answer.message || '扫描被拒绝');
        onScanned?.(answer, barcode);
      } catch (error) {
        refuse(error instanceof ApiError ? error.msg : error instanceof Error ? error.message : String(error));
      } finally {
        pending.current -= 1;
        setBusy(pending.current);
        focus();
        // refresh the lines and the log once the burst is over
        if (pending.current === 0) afterBurst();
      }
    });
  };

  /** Sends one code with `fields`, unless it is refused here (`problem`, too long). */
  const submitCode = (text: string, fields: ScanFields, problem: string | null = null) => {
    const barcode = text.trim();
    if (!barcode) return;
    if (barcode.length > STOCK_BARCODE_MAX) return refuse(`条码“${barcode.slice(0, 20)}…”不存在`);
    if (problem) return refuse(problem);
    send(barcode, false, fields);
  };

  /** Enter: sends the typed code. */
  const submit = (fields: ScanFields, problem: string | null = null) => {
    setCode('');
    submitCode(code, fields, problem);
  };

  /** Takes back the last good scan (same box and shelf). */
  const undoLast = () => {
    const prev = done.current.at(-1);
    if (prev) send(prev.barcode, true, prev);
    focus();
  };

  return {
    input,
    code,
    setCode,
    warning,
    dismiss: () => setWarning(null),
    last,
    totalActual,
    busy,
    beeps,
    canUndo: done.current.length > 0,
    focus,
    submit,
    submitCode,
    undoLast,
  };
}

export type ScanStation<L = unknown> = ReturnType<typeof useScanStation<L, ScanAnswerLike<L>>>;

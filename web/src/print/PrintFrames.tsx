import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { toast } from '../api/feedback.ts';
import { FrameDocument } from './FrameDocument.tsx';
import { PREVIEW_COPIES_MAX, PREVIEW_COPIES_MIN, subscribePrint } from './print-bus.ts';
import { printProblem } from './print-format.ts';
import { PrintPreviewHost } from './PrintPreviewModal.tsx';
import { PrintProblemContext } from './print-problem.ts';
import { loadPrintSettings, type TemplateSettings } from './print-settings.ts';
import { PRINT_KIND_TITLES, PRINT_KINDS, type PrintEvent, type PrintKind } from './print-types.ts';
import { PrintTemplate } from './templates/PrintTemplate.tsx';
import { templateCss } from './templates/template-css.ts';
import { TemplateBoundary } from './TemplateBoundary.tsx';

interface Job {
  id: number;
  event: PrintEvent;
  /** the whole document (or batch) this many times, each copy from a new page */
  copies: number;
  settings: TemplateSettings;
}

type PrintState = 'idle' | 'rendering' | 'printed' | 'failed';

/** Out of sight but laid out (not display:none), so the frame's document can print. */
const HIDDEN: CSSProperties = { position: 'fixed', right: 0, bottom: 0, width: 0, height: 0, border: 0, pointerEvents: 'none' };

const copiesProblem = (copies: number) =>
  Number.isInteger(copies) && copies >= PREVIEW_COPIES_MIN && copies <= PREVIEW_COPIES_MAX ? null : `份数须为${PREVIEW_COPIES_MIN}-${PREVIEW_COPIES_MAX}之间的整数`;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function PrintFrame({ kind }: { kind: PrintKind }) {
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const problems = useRef<string[]>([]);
  const [job, setJob] = useState<Job | null>(null);
  const [state, setState] = useState<PrintState>('idle');
  const [count, setCount] = useState(0);

  const fail = useCallback((message: string) => {
    setState('failed');
    toast().error(`打印失败：${message}`);
  }, []);
  const report = useCallback((problem: string) => {
    problems.current.push(problem);
  }, []);

  useEffect(
    () =>
      subscribePrint((event, copies) => {
        if (event.kind !== kind) return;
        const problem = printProblem(event) ?? copiesProblem(copies);
        if (problem) return fail(problem);
        problems.current = [];
        setState('rendering');
        setJob((prev) => ({ id: (prev?.id ?? 0) + 1, event, copies, settings: loadPrintSettings()[kind] }));
      }),
    [kind, fail],
  );

  // After the commit that drew the job (barcodes draw in layout effects): fonts, then print.
  useEffect(() => {
    if (!job) return;
    let cancelled = false;
    const run = async () => {
      const win = frameRef.current?.contentWindow;
      const doc = frameRef.current?.contentDocument;
      if (problems.current.length > 0) throw new Error(problems.current[0]);
      if (!win || !doc?.body.firstChild) throw new Error('打印页面未就绪');
      await doc.fonts.ready;
      await nextTask();
      if (cancelled) return;
      win.focus();
      win.print();
      setState('printed');
      setCount((n) => n + 1);
    };
    run().catch((error: unknown) => {
      if (!cancelled) fail(error instanceof Error ? error.message : String(error));
    });
    return () => {
      cancelled = true;
    };
  }, [job, fail]);

  return (
    <FrameDocument
      title={`打印${PRINT_KIND_TITLES[kind]}`}
      css={job ? templateCss(kind, job.settings) : ''}
      frameRef={frameRef}
      data-print-frame={kind}
      data-print-state={state}
      data-print-count={count}
      data-print-copies={job?.copies ?? 0}
      aria-hidden
      tabIndex={-1}
      style={HIDDEN}
    >
      {job ? (
        <PrintProblemContext value={report}>
          <TemplateBoundary resetKey={job.id} onError={report}>
            {Array.from({ length: job.copies }, (_, copy) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the copies are identical and never reorder
              <div className="copy" key={`${job.id}-${copy}`}>
                <PrintTemplate event={job.event} settings={job.settings} />
              </div>
            ))}
          </TemplateBoundary>
        </PrintProblemContext>
      ) : null}
    </FrameDocument>
  );
}

/** The hidden print pages (one per kind), fed by print() (print-bus.ts), and the preview print buttons open (previewPrint). Mounted once by the shell. */
export function PrintFrames() {
  return (
    <>
      <PrintPreviewHost />
      {PRINT_KINDS.map((kind) => (
        <PrintFrame key={kind} kind={kind} />
      ))}
    </>
  );
}

import { useCallback, useState } from 'react';
import { Alert } from 'antd';
import { FrameDocument } from './FrameDocument.tsx';
import { PrintProblemContext } from './print-problem.ts';
import type { TemplateSettings } from './print-settings.ts';
import type { PrintEvent } from './print-types.ts';
import { PrintTemplate } from './templates/PrintTemplate.tsx';
import { templateCss } from './templates/template-css.ts';
import { TemplateBoundary } from './TemplateBoundary.tsx';

interface PreviewPaneProps {
  event: PrintEvent;
  settings: TemplateSettings;
  /** 1 = real size (mm at 96 dpi). */
  zoom: number;
  /** the frame's class (its size on the page) */
  className?: string;
}

/** The template drawn at real millimetre size in its own frame, zoomed for the screen. */
export function PreviewPane({ event, settings, zoom, className = 'print-preview__frame' }: PreviewPaneProps) {
  const [problem, setProblem] = useState<{ event: PrintEvent; text: string } | null>(null);
  const report = useCallback((text: string) => setProblem({ event, text }), [event]);
  const shown = problem?.event === event ? problem.text : null;
  return (
    <>
      {shown ? <Alert type="error" showIcon title={`预览失败：${shown}`} style={{ marginBottom: 12 }} /> : null}
      <FrameDocument
        title="打印预览"
        className={className}
        css={`${templateCss(event.kind, settings)}\nhtml { zoom: ${zoom}; }`}
        data-testid="print-preview-frame"
        data-preview-kind={event.kind}
      >
        <PrintProblemContext value={report}>
          <TemplateBoundary resetKey={event} onError={report}>
            <PrintTemplate event={event} settings={settings} />
          </TemplateBoundary>
        </PrintProblemContext>
      </FrameDocument>
    </>
  );
}

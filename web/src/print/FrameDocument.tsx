import { useLayoutEffect, useRef, useState, type IframeHTMLAttributes, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

type FrameDocumentProps = Omit<IframeHTMLAttributes<HTMLIFrameElement>, 'children' | 'src' | 'srcDoc'> & {
  title: string;
  /** The template stylesheet, put into the frame's head. */
  css: string;
  children: ReactNode;
  frameRef?: RefObject<HTMLIFrameElement | null>;
  [data: `data-${string}`]: string | number | undefined;
};

/** A same-origin about:blank iframe whose body React renders into (a portal), isolated from the app's CSS. */
export function FrameDocument({ title, css, children, frameRef, ...frameProps }: FrameDocumentProps) {
  const ownRef = useRef<HTMLIFrameElement | null>(null);
  const [doc, setDoc] = useState<Document | null>(null);

  useLayoutEffect(() => {
    const frame = ownRef.current;
    if (!frame) return;
    if (frameRef) frameRef.current = frame;
    const adopt = () => {
      const next = frame.contentDocument;
      if (!next) return;
      if (next.compatMode !== 'CSS1Compat') {
        // about:blank starts in quirks mode (tables would not inherit font sizes): give it a doctype
        next.open();
        next.write('<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"></head><body></body></html>');
        next.close();
      }
      setDoc(next);
    };
    adopt();
    frame.addEventListener('load', adopt);
    return () => frame.removeEventListener('load', adopt);
  }, [frameRef]);

  useLayoutEffect(() => {
    if (doc) doc.title = title;
  }, [doc, title]);

  return (
    <>
      <iframe ref={ownRef} title={title} {...frameProps} />
      {doc ? createPortal(<style>{css}</style>, doc.head) : null}
      {doc ? createPortal(children, doc.body) : null}
    </>
  );
}

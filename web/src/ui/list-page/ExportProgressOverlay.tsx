import { lazy } from 'react';
import { LazyOverlay } from '../LazyOverlay.tsx';
import type { ExportProgress } from './use-list-export.ts';

// the progress dialog (Modal, Progress, Typography) loads with the first export, not with every list
const ExportProgressModal = lazy(async () => ({ default: (await import('./ExportProgressModal.tsx')).ExportProgressModal }));

/** ExportProgressModal, loaded when an export starts. */
export function ExportProgressOverlay({ progress, onCancel }: { progress: ExportProgress | null; onCancel: () => void }) {
  return (
    <LazyOverlay open={progress !== null}>
      <ExportProgressModal progress={progress} onCancel={onCancel} />
    </LazyOverlay>
  );
}

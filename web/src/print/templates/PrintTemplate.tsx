import type { PrintEvent } from '../print-types.ts';
import type { TemplateSettings } from '../print-settings.ts';
import { OutboundTemplate, TransferTemplate } from './DocumentTemplates.tsx';
import { HangtagTemplate } from './HangtagTemplate.tsx';
import { LabelTemplate } from './LabelTemplate.tsx';
import { OrderConfirmTemplate, ParcelTemplate } from './OrderSheetTemplates.tsx';
import { StatementTemplate } from './StatementTemplate.tsx';
import { WashlabelTemplate } from './WashlabelTemplate.tsx';

/** The template of an event's kind, drawing its payload at the given settings. */
export function PrintTemplate({ event, settings }: { event: PrintEvent; settings: TemplateSettings }) {
  switch (event.kind) {
    case 'label':
      return <LabelTemplate items={event.payload} settings={settings} />;
    case 'hangtag':
      return <HangtagTemplate items={event.payload} settings={settings} />;
    case 'washlabel':
      return <WashlabelTemplate items={event.payload} />;
    case 'outbound':
      return <OutboundTemplate sheet={event.payload} />;
    case 'transfer':
      return <TransferTemplate sheet={event.payload} />;
    case 'statement':
      return <StatementTemplate sheet={event.payload} />;
    case 'order':
      return <OrderConfirmTemplate sheet={event.payload} />;
    case 'parcel':
      return <ParcelTemplate sheet={event.payload} />;
  }
}

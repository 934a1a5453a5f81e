import { useMemo, useState } from 'react';
import { PrinterOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Segmented, Space, Tag, Typography } from 'antd';
import { print } from '../../../print/print-bus.ts';
import { loadPrintSettings, type PrintSettings, type TemplateSettings } from '../../../print/print-settings.ts';
import { PRINT_KIND_TITLES, PRINT_KINDS, type HangtagItem, type PrintEvent, type PrintKind } from '../../../print/print-types.ts';
import { HangtagSampleForm } from './HangtagSampleForm.tsx';
import { PreviewPane } from '../../../print/PreviewPane.tsx';
import { samplePayloads, SAMPLE_HANGTAG } from './sample-data.ts';
import { SettingsForm } from './SettingsForm.tsx';
import './print-preview.css';

const ZOOMS = [0.5, 0.75, 1, 1.5, 2];
const DEFAULT_ZOOM: Record<PrintKind, number> = { label: 2, hangtag: 1.5, washlabel: 1.5, outbound: 1, transfer: 1, statement: 1, order: 1, parcel: 1 };

const sameSettings = (a: TemplateSettings, b: TemplateSettings) => JSON.stringify(a) === JSON.stringify(b);

/** 打印模板: each print template with sample data, its paper settings per workstation, and a test print. */
export function PrintPreviewPage() {
  const [kind, setKind] = useState<PrintKind>('label');
  const [saved, setSaved] = useState<PrintSettings>(() => loadPrintSettings());
  const [drafts, setDrafts] = useState<PrintSettings>(saved);
  const [zooms, setZooms] = useState(DEFAULT_ZOOM);
  const [hangtag, setHangtag] = useState<HangtagItem>(SAMPLE_HANGTAG);

  const payloads = useMemo(() => samplePayloads(hangtag), [hangtag]);
  const event = useMemo(() => ({ kind, payload: payloads[kind] }) as PrintEvent, [kind, payloads]);
  const draft = drafts[kind];
  const unsaved = !sameSettings(draft, saved[kind]);

  return (
    <div>
      <Typography.Title level={3} style={{ margin: '4px 0 4px' }}>
        打印模板
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        条码标签、吊牌、水洗标、出库单、调拨单、对账单、订货确认单和退换货装箱单的打印样式。按本机打印机设置纸张尺寸与边距，用示例数据预览并试打印。
      </Typography.Paragraph>
      <Segmented<PrintKind>
        value={kind}
        onChange={setKind}
        options={PRINT_KINDS.map((k) => ({ value: k, label: <span data-testid={`print-kind-${k}`}>{PRINT_KIND_TITLES[k]}</span> }))}
        style={{ marginBottom: 16 }}
      />
      <div className="print-preview">
        <Card
          title={
            <Space>
              <span>预览 · {PRINT_KIND_TITLES[kind]}</span>
              <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
                {draft.widthMm} × {draft.heightMm} mm
              </Typography.Text>
            </Space>
          }
          extra={
            <Flex gap={12} align="center">
              <Segmented<number>
                size="small"
                value={zooms[kind]}
                onChange={(zoom) => setZooms((all) => ({ ...all, [kind]: zoom }))}
                options={ZOOMS.map((z) => ({ value: z, label: `${z * 100}%` }))}
              />
              <Button type="primary" icon={<PrinterOutlined />} onClick={() => print(kind, payloads[kind])} data-testid={`print-button-${kind}`}>
                打印
              </Button>
            </Flex>
          }
          styles={{ body: { padding: 12 } }}
        >
          <PreviewPane event={event} settings={draft} zoom={zooms[kind]} />
        </Card>
        <div className="print-preview__side">
          <Card title="纸张设置" extra={unsaved ? <Tag color="orange">未保存</Tag> : null}>
            <SettingsForm key={kind} kind={kind} initial={draft} onDraft={(next) => setDrafts((all) => ({ ...all, [kind]: next }))} onSaved={setSaved} />
          </Card>
          {/* kept mounted while other kinds show, so typed values survive switching */}
          <Card title="吊牌示例数据" hidden={kind !== 'hangtag'} extra={<Typography.Text type="secondary">仅用于预览，不保存</Typography.Text>}>
            <HangtagSampleForm sample={hangtag} onChange={setHangtag} />
          </Card>
        </div>
      </div>
    </div>
  );
}

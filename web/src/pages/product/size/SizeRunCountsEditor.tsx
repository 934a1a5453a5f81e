import { Form, Typography } from 'antd';
import { formatRun, runPieces, SIZE_RUN_COUNT_MAX, type QuantityRule } from '@erp/shared';
import { QuantityInput } from '../../../ui/quantity/QuantityInput.tsx';
import './size-runs.css';

/** Pieces per size as typed: a number, null when empty, NaN for text that is no number. */
export type TypedCounts = Record<string, number | null>;

const COUNT_RULE: QuantityRule = { min: 0, max: SIZE_RUN_COUNT_MAX, label: '件数' };

/** The counts that would be saved: the sizes typed with a good number (the preview and the total). */
export function goodCounts(counts: TypedCounts | undefined): Record<string, number> {
  return Object.fromEntries(
    Object.entries(counts ?? {}).filter((entry): entry is [string, number] => Number.isInteger(entry[1]) && entry[1]! > 0 && entry[1]! <= SIZE_RUN_COUNT_MAX),
  );
}

interface SizeRunCountsEditorProps {
  /** the group's sizes, in order */
  sizes: readonly string[];
  value?: TypedCounts;
  onChange?: (next: TypedCounts) => void;
}

/** One count per size of the group, and the run as it reads (S1 M2 L2 XL1) with its pieces, live. */
export function SizeRunCountsEditor({ sizes, value = {}, onChange }: SizeRunCountsEditorProps) {
  const good = goodCounts(value);
  const text = formatRun(good, sizes);
  return (
    <div className="erp-size-run-counts" data-testid="size-run-counts">
      <div className="erp-size-run-counts__grid">
        {sizes.map((size) => (
          <div key={size} className="erp-size-run-counts__cell">
            <span className="erp-size-run-counts__size">{size}</span>
            {/* its own status only: the field's message names the one bad size, the others stay plain */}
            <Form.Item noStyle validateStatus="">
              <QuantityInput
                value={value[size]}
                onChange={(count) => onChange?.({ ...value, [size]: count })}
                rule={COUNT_RULE}
                hint="tooltip"
                width={64}
                placeholder="0"
                aria-label={`${size} 件数`}
                testId={`size-run-count-${size}`}
              />
            </Form.Item>
          </div>
        ))}
      </div>
      <Typography.Text type="secondary" data-testid="size-run-preview">
        预览：{text || '—'}　每手 <span data-testid="size-run-pieces">{runPieces(good)}</span> 件
      </Typography.Text>
    </div>
  );
}

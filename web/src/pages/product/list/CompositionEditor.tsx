import { AutoComplete, Button, InputNumber } from 'antd';
import { CheckCircleFilled, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ProductLimits } from '@erp/shared';
import { COMPOSITION_NAME_MAX, compositionPartProblem, compositionSum, type CompositionRow, type FibreRow } from './product-form-rules.ts';

const PART_NAMES = ['面料', '里料', '填充物', '罗纹', '网布', '口袋布'];
const FIBRE_NAMES = ['棉', '聚酯纤维', '羊毛', '羊绒', '粘纤', '锦纶', '氨纶', '蚕丝', '亚麻', '腈纶', '莫代尔', '莱赛尔', '白鸭绒', '灰鸭绒', '白鹅绒', '羽毛'];

const toOptions = (names: string[]) => names.map((value) => ({ value }));
const contains = (input: string, option?: { value?: unknown }) => String(option?.value ?? '').includes(input.trim());

export interface CompositionEditorProps {
  value?: CompositionRow[];
  onChange?: (value: CompositionRow[]) => void;
  disabled?: boolean;
}

/**
 * 成分 (hang tag): parts such as 面料 and 里料, or one nameless part for the whole garment, each
 * with fibres and percentages; each part shows its running sum, which must reach 100.
 */
export function CompositionEditor({ value, onChange, disabled }: CompositionEditorProps) {
  const parts = value ?? [];
  const set = (next: CompositionRow[]) => onChange?.(next);
  const setPart = (index: number, patch: Partial<CompositionRow>) => set(parts.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const setFibre = (index: number, fibreIndex: number, patch: Partial<FibreRow>) =>
    setPart(index, { fibres: parts[index]!.fibres.map((f, j) => (j === fibreIndex ? { ...f, ...patch } : f)) });

  return (
    <div className="product-composition" data-testid="product-form-composition">
      {parts.map((part, index) => {
        const sum = compositionSum(part);
        const problem = compositionPartProblem(part);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts carry no id and every field is controlled from the part at its position, so the position is the part's identity (the test ids use it too)
          <div key={index} className="product-composition__part" data-testid={`composition-part-${index}`}>
            <div className="product-composition__head">
              <AutoComplete
                value={part.part}
                onChange={(text: string) => setPart(index, { part: text })}
                options={toOptions(PART_NAMES)}
                showSearch={{ filterOption: contains }}
                placeholder="部位（整件可不填）"
                maxLength={COMPOSITION_NAME_MAX}
                disabled={disabled}
                style={{ width: 200 }}
                data-testid={`composition-part-${index}-name`}
              />
              <span className={`product-composition__sum${problem ? '' : ' is-ok'}`} title={problem ?? undefined} data-testid={`composition-part-${index}-sum`}>
                合计 {sum}%{problem ? null : <CheckCircleFilled />}
              </span>
              <Button type="text" danger size="small" icon={<DeleteOutlined />} disabled={disabled} onClick={() => set(parts.filter((_, i) => i !== index))}>
                删除部位
              </Button>
            </div>
            {part.fibres.map((fibre, fibreIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fibres carry no id and every field is controlled from the fibre at its position, so the position is the fibre's identity (the test ids use it too)
              <div key={fibreIndex} className="product-composition__fibre">
                <AutoComplete
                  value={fibre.name}
                  onChange={(text: string) => setFibre(index, fibreIndex, { name: text })}
                  options={toOptions(FIBRE_NAMES)}
                  showSearch={{ filterOption: contains }}
                  placeholder="纤维名称，如 羊毛"
                  maxLength={COMPOSITION_NAME_MAX}
                  disabled={disabled}
                  style={{ width: 200 }}
                  data-testid={`composition-part-${index}-fibre-${fibreIndex}-name`}
                />
                <InputNumber<number>
                  value={fibre.percent}
                  onChange={(percent) => setFibre(index, fibreIndex, { percent: percent ?? null })}
                  min={0.1}
                  max={100}
                  step={1}
                  precision={1}
                  suffix="%"
                  placeholder="百分比"
                  disabled={disabled}
                  style={{ width: 120 }}
                  data-testid={`composition-part-${index}-fibre-${fibreIndex}-percent`}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label="删除纤维"
                  disabled={disabled}
                  onClick={() => setPart(index, { fibres: part.fibres.filter((_, j) => j !== fibreIndex) })}
                />
              </div>
            ))}
            <div className="product-composition__foot">
              <Button
                size="small"
                type="dashed"
                icon={<PlusOutlined />}
                disabled={disabled || part.fibres.length >= ProductLimits.fibresMax}
                onClick={() =>
                  setPart(index, { fibres: [...part.fibres, { name: '', percent: part.fibres.length === 0 ? 100 : Math.max(0, Math.round((100 - sum) * 10) / 10) || null }] })
                }
                data-testid={`composition-part-${index}-add-fibre`}
              >
                添加纤维
              </Button>
            </div>
          </div>
        );
      })}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={disabled || parts.length >= ProductLimits.compositionPartsMax}
        onClick={() => set([...parts, { part: parts.length === 0 ? '' : PART_NAMES[Math.min(parts.length, PART_NAMES.length - 1)]!, fibres: [{ name: '', percent: 100 }] }])}
        data-testid="composition-add-part"
      >
        添加部位
      </Button>
    </div>
  );
}

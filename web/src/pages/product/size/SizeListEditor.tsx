import { useState } from 'react';
import { Button, Input, Space, Tooltip, Typography } from 'antd';
import { CloseOutlined, LeftOutlined, RightOutlined, SortAscendingOutlined } from '@ant-design/icons';
import { SIZE_NAME_MAX, sortSizesStandard } from '@erp/shared';
import { dropSize, moveSize, newSizeProblem } from '../master-rules.ts';

interface SizeListEditorProps {
  value?: string[];
  onChange?: (sizes: string[]) => void;
}

/** The ordered sizes of a group: drag a size, or move it with ‹ ›; 按标准排序 orders F, S, M … XXXL, then numbers. */
export function SizeListEditor({ value = [], onChange }: SizeListEditorProps) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const change = (next: string[]) => onChange?.(next);

  const add = () => {
    const found = newSizeProblem(value, draft);
    setProblem(found);
    if (found) return;
    change([...value, draft.trim()]);
    setDraft('');
  };

  return (
    <div data-testid="size-editor">
      <div style={{ minHeight: 36 }}>
        {value.length === 0 ? <Typography.Text type="secondary">暂无尺码，请在下方添加</Typography.Text> : null}
        {value.map((size, index) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: dragging is a pointer shortcut; the ← and → buttons inside reorder the same sizes by keyboard
          <span
            key={size}
            className={`erp-size-editor__item${dragging === index ? ' is-dragging' : ''}`}
            draggable
            onDragStart={() => setDragging(index)}
            onDragEnd={() => setDragging(null)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={() => {
              if (dragging !== null) change(dropSize(value, dragging, index));
              setDragging(null);
            }}
            data-testid={`size-item-${size}`}
          >
            <span style={{ marginInlineEnd: 4 }}>{size}</span>
            <Button
              type="text"
              size="small"
              icon={<LeftOutlined />}
              disabled={index === 0}
              onClick={() => change(moveSize(value, index, -1))}
              aria-label={`${size} 前移`}
              data-testid={`size-left-${size}`}
            />
            <Button
              type="text"
              size="small"
              icon={<RightOutlined />}
              disabled={index === value.length - 1}
              onClick={() => change(moveSize(value, index, 1))}
              aria-label={`${size} 后移`}
              data-testid={`size-right-${size}`}
            />
            <Button
              type="text"
              size="small"
              danger
              icon={<CloseOutlined />}
              onClick={() => change(value.filter((_, i) => i !== index))}
              aria-label={`移除 ${size}`}
              data-testid={`size-remove-${size}`}
            />
          </span>
        ))}
      </div>
      <Space wrap>
        <Space.Compact>
          <Input
            value={draft}
            maxLength={SIZE_NAME_MAX}
            placeholder="输入尺码后回车"
            status={problem ? 'error' : undefined}
            onChange={(e) => {
              setDraft(e.target.value);
              setProblem(null);
            }}
            onPressEnter={(e) => {
              e.preventDefault();
              add();
            }}
            style={{ width: 160 }}
            data-testid="size-new"
          />
          <Button onClick={add} data-testid="size-add">
            添加
          </Button>
        </Space.Compact>
        <Tooltip title="F、S、M、L、XL、XXL、XXXL，数字从小到大">
          <Button icon={<SortAscendingOutlined />} disabled={value.length < 2} onClick={() => change(sortSizesStandard(value))} data-testid="size-sort-standard">
            按标准排序
          </Button>
        </Tooltip>
      </Space>
      {problem ? (
        <div className="ant-form-item-explain-error" style={{ marginTop: 4 }}>
          {problem}
        </div>
      ) : null}
    </div>
  );
}

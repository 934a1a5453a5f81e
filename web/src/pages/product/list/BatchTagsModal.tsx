import { useState } from 'react';
import { Alert, Button, Modal, Radio, Space, Typography } from 'antd';
import { TagPicker } from '../../../ui/TagPicker.tsx';
import { toast } from '../../../api/feedback.ts';
import { productApi } from '../../../api/products.ts';

type Mode = 'add' | 'remove';

export interface BatchTagsModalProps {
  /** the selected products; the dialog is open while this is not null */
  ids: readonly number[] | null;
  onClose: () => void;
  onDone: () => void;
}

export const batchTagsDone = (mode: Mode, count: number) => (mode === 'add' ? `已为${count}个商品添加标签` : `已从${count}个商品移除标签`);

/** 标签 on many products: add the chosen tags to each, or take them off; other tags stay. */
export function BatchTagsModal({ ids, onClose, onDone }: BatchTagsModalProps) {
  const [mode, setMode] = useState<Mode>('add');
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const count = ids?.length ?? 0;

  const reset = () => {
    setMode('add');
    setTagIds([]);
    setProblem(null);
  };

  const save = async () => {
    if (!ids) return;
    if (tagIds.length === 0) {
      setProblem('请至少选择一个标签');
      return;
    }
    setSaving(true);
    try {
      const { updated } = await productApi.batchTags([...ids], tagIds, mode);
      toast().success(batchTagsDone(mode, updated));
      onDone();
    } catch {
      // the request client has shown why; the choice stays for another try
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={ids !== null}
      title={`批量设置标签（已选${count}个商品）`}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" danger={mode === 'remove'} loading={saving} onClick={save} data-testid="product-tags-ok">
            {mode === 'add' ? '添加标签' : '移除标签'}
          </Button>
        </Space>
      }
      afterClose={reset}
      destroyOnHidden
      width={640}
      data-testid="product-tags-modal"
    >
      <Radio.Group
        value={mode}
        onChange={(event) => setMode(event.target.value as Mode)}
        optionType="button"
        buttonStyle="solid"
        options={[
          { value: 'add', label: '添加标签' },
          { value: 'remove', label: '移除标签' },
        ]}
        className="product-tags__mode"
        data-testid="product-tags-mode"
      />
      <Typography.Paragraph type="secondary" className="product-tags__hint">
        {mode === 'add' ? '所选标签将添加到每个商品，商品原有的其他标签保留。' : '所选标签将从每个商品上移除，其他标签保留。'}
      </Typography.Paragraph>
      <TagPicker
        targetType="product"
        value={tagIds}
        onChange={(next) => {
          setTagIds(next);
          setProblem(null);
        }}
        testId="product-tags-pick"
      />
      {problem ? <Alert type="error" showIcon title={problem} className="product-tags__problem" /> : null}
    </Modal>
  );
}

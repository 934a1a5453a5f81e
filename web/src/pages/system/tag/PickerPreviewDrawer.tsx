import { useState } from 'react';
import { Alert, Drawer, Segmented, Typography } from 'antd';
import { TAG_TARGET_LABELS, TAG_TARGET_TYPES, type TagTargetType } from '@erp/shared';
import { TagPicker } from '../../../ui/TagPicker.tsx';

/** How the tag picker of the product, member and shop screens looks with the current groups; nothing is saved. */
export function PickerPreviewDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [targetType, setTargetType] = useState<TagTargetType>('shop');
  const [value, setValue] = useState<number[]>([]);
  return (
    <Drawer title="标签选择器预览" open={open} onClose={onClose} size={560} destroyOnHidden data-testid="tag-picker-preview">
      <Alert type="info" showIcon title="商品、会员、门店的编辑页将以此方式选择标签；此处仅供预览，不会保存。" style={{ marginBottom: 16 }} />
      <Segmented<TagTargetType>
        value={targetType}
        onChange={(type) => {
          setTargetType(type);
          setValue([]);
        }}
        options={TAG_TARGET_TYPES.map((type) => ({ value: type, label: TAG_TARGET_LABELS[type] }))}
        style={{ marginBottom: 16 }}
        data-testid="tag-picker-preview-type"
      />
      <TagPicker targetType={targetType} value={value} onChange={setValue} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }} data-testid="tag-picker-preview-count">
        已选 {value.length} 个标签
      </Typography.Paragraph>
    </Drawer>
  );
}

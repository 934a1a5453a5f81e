import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Image, Skeleton, Tag } from 'antd';
import { displayOrEmpty, formatYuan, type MaterialRecord } from '@erp/shared';
import { formatDateTime } from '../../../ui/format-time.ts';
import { materialApi, materialKeys } from './material-api.ts';

interface MaterialDetailDrawerProps {
  /** the row clicked; null closes the drawer */
  material: MaterialRecord | null;
  onClose: () => void;
}

/** 物料详情: every field and the picture at full width; its stock joins here when warehouses land. */
export function MaterialDetailDrawer({ material, onClose }: MaterialDetailDrawerProps) {
  const id = material?.id ?? 0;
  const query = useQuery({ queryKey: materialKeys.one(id), queryFn: ({ signal }) => materialApi.get(id, signal), enabled: id > 0 });
  // the row shows at once; the fresh read replaces it
  const record = query.data ?? material;

  return (
    <Drawer title="物料详情" open={material !== null} onClose={onClose} size={560} destroyOnHidden data-testid="material-detail">
      {record ? (
        <>
          <div className="material-detail__image">
            {record.imageUrl ? (
              <Image src={record.imageUrl} alt={record.name} width="100%" style={{ maxHeight: 320, objectFit: 'contain' }} data-testid="material-detail-image" />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无图片" />
            )}
          </div>
          <Descriptions column={2} bordered size="small" styles={{ label: { width: 96 } }}>
            <Descriptions.Item label="物料编码">{record.code}</Descriptions.Item>
            <Descriptions.Item label="状态">{record.enabled ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>}</Descriptions.Item>
            <Descriptions.Item label="物料名称" span={2}>
              {record.name}
            </Descriptions.Item>
            <Descriptions.Item label="物料类别">{displayOrEmpty(record.categoryName || record.category)}</Descriptions.Item>
            <Descriptions.Item label="单位">{displayOrEmpty(record.unitName || record.unit)}</Descriptions.Item>
            <Descriptions.Item label="规格" span={2}>
              {displayOrEmpty(record.specification)}
            </Descriptions.Item>
            <Descriptions.Item label="成本价">{formatYuan(record.costPriceFen)}</Descriptions.Item>
            <Descriptions.Item label="供应商">{displayOrEmpty(record.supplierName)}</Descriptions.Item>
            <Descriptions.Item label="备注" span={2}>
              {displayOrEmpty(record.remark)}
            </Descriptions.Item>
            <Descriptions.Item label="创建时间">{formatDateTime(record.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="更新时间">{formatDateTime(record.updatedAt)}</Descriptions.Item>
          </Descriptions>
        </>
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}

import { useEffect } from 'react';
import { Select, type SelectProps } from 'antd';

/**
 * 发货仓库 of 配货 and 生成出库 (配货发货, 翻单): a select of HQ's warehouses that picks the only one
 * when HQ has just one (issue 26), so nobody chooses from a list of one. As a Form.Item child it
 * gets value / onChange from the form.
 */
export function HqWarehouseSelect({ options = [], value, onChange, ...rest }: SelectProps<number> & { options?: { value: number; label: string }[] }) {
  const sole = options.length === 1 ? options[0]!.value : null;
  useEffect(() => {
    if (sole !== null && (value === undefined || value === null)) onChange?.(sole, options[0]!);
  }, [sole, value, onChange, options]);
  return <Select<number> options={options} value={value} onChange={onChange} {...rest} />;
}

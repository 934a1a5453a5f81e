import { Select, type SelectProps } from 'antd';
import { useDictOptions } from '../api/use-dict.ts';

export interface DictSelectProps extends Omit<SelectProps<string>, 'options' | 'loading'> {
  /** the dictionary code, e.g. 'season' */
  code: string;
}

/** A select of one dictionary's enabled items; the value is the item value. Works inside Form.Item. */
export function DictSelect({ code, placeholder = '请选择', allowClear = true, showSearch, ...rest }: DictSelectProps) {
  const { options, loading } = useDictOptions(code);
  return (
    <Select<string>
      placeholder={placeholder}
      allowClear={allowClear}
      showSearch={showSearch ?? (options.length > 8 ? { optionFilterProp: 'label' } : false)}
      {...rest}
      options={options}
      loading={loading}
    />
  );
}

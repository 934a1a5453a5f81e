import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Button, Col, Form, Row, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { cleanFilters } from './list-query.ts';

/** One search field: the form name (a filter key), its label and its input. */
export interface ListSearchField {
  name: string;
  label: string;
  input: ReactNode;
  /** a wider cell, e.g. a date range whose two dates would be cut off */
  wide?: boolean;
}

interface SearchFormProps<F extends object> {
  fields: readonly ListSearchField[];
  initialFilters: F;
  /** the filters applied now (e.g. read from the URL): the form shows them whenever they change */
  values?: F;
  onSearch: (filters: F) => void;
  testId?: string;
}

/** Filters as comparable text: keys sorted, empty values left out (dates by their JSON). */
function filtersKey(filters: object): string {
  const entries = Object.entries(filters).filter(([, value]) => value !== undefined && value !== null && value !== '');
  return JSON.stringify(entries.sort(([a], [b]) => a.localeCompare(b)));
}

/** The search panel: fields in a grid, 查询 (also Enter) and 重置 (back to the initial filters). */
export function SearchForm<F extends object>({ fields, initialFilters, values, onSearch, testId = 'list' }: SearchFormProps<F>) {
  const [form] = Form.useForm();
  const names = fields.map((field) => field.name).join('\n');
  // the form shows these filters, its other fields empty
  const show = useCallback((filters: F) => form.setFieldsValue({ ...Object.fromEntries(names.split('\n').map((name) => [name, undefined])), ...filters }), [form, names]);
  // new applied filters (Back, a link): shown unless the form applied them itself (a search or
  // 重置, whose later echo must not wipe what was typed since), and not on a kept-alive page
  // shown again, whose typed but unsearched input stays
  const shownKey = useRef(values ? filtersKey(values) : '');
  useEffect(() => {
    if (!values) return;
    const key = filtersKey(values);
    if (key === shownKey.current) return;
    shownKey.current = key;
    show(values);
  }, [show, values]);
  const apply = (filters: F) => {
    shownKey.current = filtersKey(filters);
    onSearch(filters);
  };
  const submit = (entered: Partial<F>) => apply(cleanFilters({ ...initialFilters, ...entered }));
  const reset = () => {
    show(initialFilters);
    apply(cleanFilters(initialFilters));
  };
  return (
    <Form form={form} className="erp-list__search" initialValues={values ?? initialFilters} onFinish={submit} autoComplete="off">
      <Row gutter={[24, 16]}>
        {fields.map((field) => (
          <Col key={field.name} xs={24} sm={field.wide ? 24 : 12} lg={field.wide ? 12 : 8} xl={field.wide ? 8 : 6}>
            <Form.Item name={field.name} label={field.label} className="erp-list__search-item">
              {field.input}
            </Form.Item>
          </Col>
        ))}
        <Col flex="auto" className="erp-list__search-actions">
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${testId}-search`}>
              查询
            </Button>
            <Button onClick={reset} icon={<ReloadOutlined />} data-testid={`${testId}-reset`}>
              重置
            </Button>
          </Space>
        </Col>
      </Row>
    </Form>
  );
}

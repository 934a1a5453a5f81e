import type { ReactNode } from 'react';
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
  onSearch: (filters: F) => void;
  testId?: string;
}

/** The search panel: fields in a grid, 查询 (also Enter) and 重置 (back to the initial filters). */
export function SearchForm<F extends object>({ fields, initialFilters, onSearch, testId = 'list' }: SearchFormProps<F>) {
  const [form] = Form.useForm();
  const submit = (values: Partial<F>) => onSearch(cleanFilters({ ...initialFilters, ...values }));
  const reset = () => {
    form.resetFields();
    onSearch(cleanFilters(initialFilters));
  };
  return (
    <Form form={form} className="erp-list__search" initialValues={initialFilters} onFinish={submit} autoComplete="off">
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

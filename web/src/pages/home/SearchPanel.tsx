import { useState } from 'react';
import { Alert, Card, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { WORKBENCH_SEARCH_MAX } from '@erp/shared';
import { workbenchApi } from './workbench-api.ts';
import { searchHint, searchInputError, searchOutcome, type SearchOutcome } from './workbench-todos.ts';

/**
 * 单据查找: a document number of any series (采购, 订货, 库存, 售后, 财务) or a SKU barcode. One hit
 * opens at once; several are listed; nothing the user may open says 未找到.
 */
export function SearchPanel({ canOpen }: { canOpen: (path: string) => boolean }) {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Exclude<SearchOutcome, { kind: 'open' }> | null>(null);
  const search = useMutation({
    mutationFn: (q: string) => workbenchApi.search(q),
    onSuccess: (answer) => {
      const found = searchOutcome(answer, canOpen);
      if (found.kind === 'open') {
        setOutcome(null);
        navigate(found.path);
      } else setOutcome(found);
    },
    // the request client has shown the server's message
    onError: () => setOutcome(null),
  });

  const submit = (value: string) => {
    const refused = searchInputError(value);
    if (refused) setOutcome({ kind: 'none', message: refused });
    else search.mutate(value.trim());
  };

  return (
    <Card className="erp-workbench__section erp-workbench__panel" title="单据查找" data-testid="workbench-search">
      <Input.Search
        allowClear
        enterButton="查找"
        size="large"
        maxLength={WORKBENCH_SEARCH_MAX}
        placeholder="输入单号或商品条码"
        aria-label="单号或条码"
        loading={search.isPending}
        onSearch={submit}
        onChange={() => setOutcome(null)}
        data-testid="workbench-search-input"
      />
      <Typography.Paragraph type="secondary" className="erp-workbench__search-hint" data-testid="workbench-search-hint">
        {searchHint(canOpen)}
      </Typography.Paragraph>
      {outcome?.kind === 'none' ? <Alert type="warning" showIcon title={outcome.message} data-testid="workbench-search-none" /> : null}
      {outcome?.kind === 'choose' ? (
        <ul className="erp-workbench__hits" data-testid="workbench-search-hits">
          {outcome.hits.map((hit) => (
            <li key={hit.path}>
              <Link to={hit.path}>{hit.label}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

import { useDeferredValue, useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Input, InputNumber, Pagination, Select, Space, Spin, TreeSelect } from 'antd';
import { SEASON_KIND_LABELS, type CatalogueBuyer, type CatalogueStyle } from '@erp/shared';
import { useCanOpen } from '../../../api/queries.ts';
import { DictSelect } from '../../../ui/DictSelect.tsx';
import { useCategoryPickTree } from '../../../api/product-form-options.ts';
import { orderingApi, orderingKeys, type BuyerChoice, type CatalogueFilters } from '../../../api/ordering.ts';
import { CART_PATH } from '../cart/cart-api.ts';
import { useProductTagOptions } from '../ordering-options.ts';
import { CartLink } from './CartLink.tsx';
import { loadBuyer, saveBuyer } from './remembered-buyer.ts';
import { StyleCard } from './StyleCard.tsx';
import { StyleDetailDrawer } from './StyleDetailDrawer.tsx';
import '../ordering.css';

const PAGE_SIZE = 20;
const SORTS = [
  { value: 'styleNo:asc', label: '按款号' },
  { value: 'wholesalePrice:asc', label: '批发价从低到高' },
  { value: 'wholesalePrice:desc', label: '批发价从高到低' },
  { value: 'newest:desc', label: '最新上架' },
];

const buyerKey = (b: CatalogueBuyer) => `${b.type}:${b.id}`;

/** 购货方: an agent picks itself or one of its shops, HQ searches every buyer; a shop is its own. */
export function BuyerPicker({ value, onChange, testId = 'catalogue-buyer' }: { value: CatalogueBuyer | null; onChange: (buyer: CatalogueBuyer) => void; testId?: string }) {
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const query = useQuery({ queryKey: orderingKeys.buyers(deferred), queryFn: ({ signal }) => orderingApi.buyers(deferred, signal), placeholderData: keepPreviousData });
  const buyers = query.data?.buyers ?? [];
  // an agent starts as its own buyer; HQ chooses
  useEffect(() => {
    if (!value && query.data && (!query.data.chooses || query.data.buyers[0]?.description.includes('本公司'))) {
      const first = query.data.buyers[0];
      if (first) onChange(first);
    }
  }, [value, query.data, onChange]);
  if (query.data && !query.data.chooses) return <span data-testid={`${testId}-fixed`}>{value ? `${value.name}（${value.code}）` : ''}</span>;
  const options = buyers.map((b) => ({ value: buyerKey(b), label: `${b.name}（${b.code}）· ${b.description}` }));
  if (value && !buyers.some((b) => buyerKey(b) === buyerKey(value))) options.unshift({ value: buyerKey(value), label: `${value.name}（${value.code}）` });
  return (
    <Select<string>
      style={{ width: 360 }}
      placeholder="请选择购货方（代理商或门店）"
      value={value ? buyerKey(value) : undefined}
      onChange={(key) => {
        const picked = buyers.find((b) => buyerKey(b) === key);
        if (picked) onChange(picked);
      }}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={query.isFetching}
      options={options}
      data-testid={testId}
    />
  );
}

/**
 * 收货门店 for the cart: a shop buyer receives itself; an agent buyer picks one of its shops (HQ sees
 * the shops listed under that agent). The server checks the choice again.
 */
function ReceivingShop({ buyer, value, onChange }: { buyer: CatalogueBuyer | null; value: number | null; onChange: (shopId: number | null) => void }) {
  const shops = useQuery({ queryKey: orderingKeys.buyers(''), queryFn: ({ signal }) => orderingApi.buyers('', signal), enabled: buyer?.type === 'agent' });
  const options = (shops.data?.buyers ?? [])
    .filter((b) => b.type === 'shop' && (buyer?.description.includes('本公司') || b.description.includes(`隶属 ${buyer?.name}`)))
    .map((b) => ({ value: b.id, label: `${b.name}（${b.code}）` }));
  const first = options[0]?.value ?? null;
  // a shop receives itself; an agent starts with its first shop
  useEffect(() => {
    if (buyer?.type === 'shop' && value !== buyer.id) onChange(buyer.id);
    else if (buyer?.type === 'agent' && value === null && first !== null) onChange(first);
  }, [buyer, value, first, onChange]);
  if (buyer?.type !== 'agent') return null;
  return (
    <>
      <span>收货门店</span>
      <Select<number>
        style={{ width: 220 }}
        value={value ?? undefined}
        onChange={onChange}
        options={options}
        placeholder="请选择收货门店"
        loading={shops.isFetching}
        notFoundContent="该代理商没有可收货的门店"
        data-testid="catalogue-shop"
      />
    </>
  );
}

/** 订货 (ordering/purchase): the styles of the seasons open today, priced for the chosen buyer. */
export function CataloguePage() {
  const [form] = Form.useForm<CatalogueFilters & { sort: string }>();
  // the buyer and shop chosen last by this user (a reload keeps them)
  const [remembered] = useState(() => loadBuyer());
  const [buyer, setBuyer] = useState<CatalogueBuyer | null>(remembered?.buyer ?? null);
  const [shopId, setShopId] = useState<number | null>(remembered?.shopId ?? null);
  useEffect(() => {
    if (buyer) saveBuyer({ buyer, shopId });
  }, [buyer, shopId]);
  const canCart = useCanOpen()(CART_PATH);
  const [filters, setFilters] = useState<CatalogueFilters>({});
  const [sort, setSort] = useState('styleNo:asc');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ productId: number; seasonId: number } | null>(null);
  const { tree: categories } = useCategoryPickTree();
  const tags = useProductTagOptions();
  const seasons = useQuery({ queryKey: orderingKeys.openSeasons, queryFn: ({ signal }) => orderingApi.openSeasons(signal) });
  const choice: BuyerChoice | null = buyer ? { buyerType: buyer.type, buyerId: buyer.id } : null;
  // 可订品牌: only the brands this buyer may order
  const brands = useQuery({ queryKey: orderingKeys.brands(choice), queryFn: ({ signal }) => orderingApi.brands(choice, signal), enabled: choice !== null, staleTime: 60_000 });
  const [field, order] = sort.split(':') as [string, 'asc' | 'desc'];
  const catalogue = useQuery({
    queryKey: [...orderingKeys.catalogue, choice, filters, sort, page],
    queryFn: ({ signal }) => orderingApi.catalogue(choice, { ...filters, page, limit: PAGE_SIZE, sort: field, order }, signal),
    enabled: choice !== null,
    placeholderData: keepPreviousData,
  });
  const search = () => {
    const values = form.getFieldsValue();
    const next = Object.fromEntries(Object.entries(values).filter(([key, v]) => key !== 'sort' && v !== undefined && v !== null && v !== '')) as CatalogueFilters;
    setFilters(next);
    setPage(1);
  };
  const reset = () => {
    form.resetFields();
    setFilters({});
    setPage(1);
  };
  const records: CatalogueStyle[] = catalogue.data?.records ?? [];

  return (
    <div className="catalogue" data-testid="catalogue">
      <Card size="small" className="catalogue__filters">
        <div className="catalogue__head">
          <Space wrap size={[16, 8]} className="catalogue__buyer">
            <span>购货方</span>
            <BuyerPicker
              value={buyer}
              onChange={(next) => {
                setBuyer(next);
                setShopId(null);
              }}
            />
            {canCart ? <ReceivingShop buyer={buyer} value={shopId} onChange={setShopId} /> : null}
            {seasons.data && seasons.data.length > 0 ? (
              <span className="catalogue__seasons">开放中：{seasons.data.map((s) => `${s.name}（${SEASON_KIND_LABELS[s.kind]}，${s.opensOn} 至 ${s.closesOn}）`).join('；')}</span>
            ) : null}
          </Space>
          {canCart ? <CartLink /> : null}
        </div>
        <Form form={form} layout="inline" className="catalogue__form" onFinish={search}>
          <Form.Item name="seasonId" label="订货季">
            <Select
              allowClear
              placeholder="全部"
              style={{ width: 180 }}
              options={(seasons.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              data-testid="catalogue-season"
            />
          </Form.Item>
          <Form.Item name="brandId" label="品牌">
            <Select allowClear placeholder="全部" style={{ width: 120 }} options={(brands.data ?? []).map((b) => ({ value: b.id, label: b.name }))} data-testid="catalogue-brand" />
          </Form.Item>
          <Form.Item name="categoryId" label="分类">
            <TreeSelect allowClear placeholder="全部" style={{ width: 150 }} treeData={categories} data-testid="catalogue-category" />
          </Form.Item>
          <Form.Item name="year" label="年份">
            <InputNumber min={2000} max={2100} precision={0} placeholder="如 2026" style={{ width: 100 }} data-testid="catalogue-year" />
          </Form.Item>
          <Form.Item name="season" label="季节">
            <DictSelect code="season" placeholder="全部" style={{ width: 100 }} data-testid="catalogue-product-season" />
          </Form.Item>
          <Form.Item name="tagId" label="标签">
            <Select allowClear placeholder="全部" style={{ width: 120 }} options={tags} data-testid="catalogue-tag" />
          </Form.Item>
          <Form.Item name="keyword" label="款号/名称">
            <Input allowClear maxLength={40} placeholder="款号或名称" style={{ width: 150 }} data-testid="catalogue-keyword" />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="catalogue-search">
                查询
              </Button>
              <Button onClick={reset} data-testid="catalogue-reset">
                重置
              </Button>
              <Select
                value={sort}
                style={{ width: 150 }}
                options={SORTS}
                onChange={(value) => {
                  setSort(value);
                  setPage(1);
                }}
                aria-label="排序"
                data-testid="catalogue-sort"
              />
            </Space>
          </Form.Item>
        </Form>
      </Card>

      {!choice ? (
        <Empty className="catalogue__empty" description="请先选择购货方，再浏览订货目录" />
      ) : catalogue.isError ? (
        <Alert type="error" showIcon title="订货目录加载失败，请稍后重试" />
      ) : (
        <Spin spinning={catalogue.isFetching}>
          {records.length === 0 && !catalogue.isFetching ? (
            <Empty className="catalogue__empty" description={seasons.data?.length === 0 ? '当前没有开放中的订货季' : '没有符合条件的款式'} />
          ) : (
            <div className="catalogue__grid" data-testid="catalogue-grid">
              {records.map((style) => (
                <StyleCard key={`${style.seasonId}-${style.productId}`} style={style} onOpen={(s) => setOpen({ productId: s.productId, seasonId: s.seasonId })} />
              ))}
            </div>
          )}
          <Pagination
            className="catalogue__pager"
            current={page}
            pageSize={PAGE_SIZE}
            total={catalogue.data?.total ?? 0}
            showSizeChanger={false}
            showTotal={(total) => `共 ${total} 款`}
            onChange={setPage}
            hideOnSinglePage={false}
          />
        </Spin>
      )}
      <StyleDetailDrawer target={open} buyer={choice} cart={canCart ? { shopId } : null} onClose={() => setOpen(null)} />
    </div>
  );
}

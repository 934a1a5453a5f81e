import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Modal, Skeleton, Space } from 'antd';
import { ProductMessages } from '@erp/shared';
import { ApiError, INLINE_ERROR } from '../../../api/request.ts';
import { toast } from '../../../api/feedback.ts';
import { productApi, productKeys, type ProductDetail } from '../../../api/products.ts';
import { useSizeGroups } from '../../../api/product-form-options.ts';
import { emptyFormValues, fieldOfServerMessage, FormMessages, formValuesOf, inputOf, type ProductFormValues } from './product-form-rules.ts';
import { BasicSection, FormSection, LabelSection, OtherSection, PictureSection } from './ProductFormFields.tsx';
import { ProductRunFields } from './ProductRunFields.tsx';
import { ProductSkuSection } from './ProductSkuSection.tsx';
import type { SizeGroup } from '../../../api/product-master.ts';
import './product-edit.css';

const FORM_ID = 'product-form';

export interface ProductFormDrawerProps {
  open: boolean;
  /** null = 新增 */
  productId: number | null;
  onClose(): void;
  onSaved(id: number): void;
}

interface ProductFormProps {
  detail: ProductDetail | null;
  sizeGroups: readonly SizeGroup[];
  onDirty: () => void;
  onSaving: (saving: boolean) => void;
  onError: (message: string | null) => void;
  onSaved: (id: number) => void;
}

/** The form itself: mounted once per opening, so its instance starts from the product (or empty). */
function ProductForm({ detail, sizeGroups, onDirty, onSaving, onError, onSaved }: ProductFormProps) {
  const client = useQueryClient();
  const [form] = Form.useForm<ProductFormValues>();
  const [initial] = useState<ProductFormValues>(() =>
    detail ? formValuesOf(detail) : emptyFormValues(new Date().getFullYear(), (sizeGroups.find((g) => g.isDefault && g.enabled) ?? sizeGroups.find((g) => g.enabled))?.id),
  );

  const submit = async () => {
    const values = form.getFieldsValue(true) as ProductFormValues;
    const groupSizeIds = sizeGroups.find((g) => g.id === values.sizeGroupId)?.sizes.map((s) => s.id) ?? [];
    const input = inputOf(values, groupSizeIds, detail?.skus ?? [], detail === null);
    onSaving(true);
    onError(null);
    try {
      let id: number;
      if (detail) {
        await productApi.update(detail.id, input, INLINE_ERROR);
        id = detail.id;
      } else {
        id = (await productApi.create(input, INLINE_ERROR)).id;
      }
      toast().success(detail ? ProductMessages.updated : ProductMessages.created);
      void client.invalidateQueries({ queryKey: productKeys.all });
      onSaved(id);
    } catch (error) {
      // shown next to the form and under its field (INLINE_ERROR: no toast besides)
      const message = error instanceof ApiError ? error.msg : '保存失败，请重试';
      onError(message);
      const field = fieldOfServerMessage(message);
      if (field) {
        form.setFields([{ name: field, errors: [message] }]);
        form.scrollToField(field, { block: 'center' });
      }
    } finally {
      onSaving(false);
    }
  };

  return (
    <Form<ProductFormValues>
      id={FORM_ID}
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      onValuesChange={(changed: Partial<ProductFormValues>) => {
        onDirty();
        onError(null);
        // another group's sizes and runs do not carry over
        if ('sizeGroupId' in changed) form.setFieldsValue({ sizeIds: [], sizeRunId: null });
      }}
      scrollToFirstError={{ block: 'center' }}
      autoComplete="off"
      className="product-form"
      data-testid="product-form"
    >
      <BasicSection detail={detail} />
      <FormSection title="颜色尺码" testId="product-form-skus">
        <ProductSkuSection form={form} sizeGroups={sizeGroups} existing={detail?.skus ?? []} />
      </FormSection>
      <FormSection title="配码" testId="product-form-run-section">
        <ProductRunFields form={form} sizeGroups={sizeGroups} />
      </FormSection>
      <LabelSection />
      <PictureSection />
      <OtherSection creating={detail === null} />
    </Form>
  );
}

/**
 * 新增 / 编辑商品 in a wide drawer. A refused save keeps every input and shows the server's
 * message beside the save button and under its field; closing with changes asks first.
 */
export function ProductFormDrawer({ open, productId: requestedId, onClose, onSaved }: ProductFormDrawerProps) {
  // while the drawer slides shut the parent already says null: keep showing what was open
  const [shown, setShown] = useState<{ id: number | null }>({ id: requestedId });
  if (open && shown.id !== requestedId) setShown({ id: requestedId });
  const productId = open ? requestedId : shown.id;
  const [modal, modalHolder] = Modal.useModal();
  const dirty = useRef(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const editing = productId !== null;
  const groups = useSizeGroups();
  const query = useQuery({
    queryKey: productKeys.one(productId ?? 0),
    queryFn: ({ signal }) => productApi.get(productId ?? 0, signal),
    enabled: open && editing,
    // the form starts from a fresh read, never from a cached copy
    refetchOnMount: 'always',
  });
  const fresh = editing && query.data && query.data.id === productId && query.isFetchedAfterMount && !query.isFetching ? query.data : null;
  // the form keeps the product it opened with (a refetch after a save must not remount it)
  const [kept, setKept] = useState<ProductDetail | null>(null);
  if (fresh && kept?.id !== fresh.id) setKept(fresh);
  const detail = editing && kept?.id === productId ? kept : null;
  const ready = groups.data !== undefined && (!editing || detail !== null);
  const loadError = (editing && query.isError && !detail) || groups.isError;

  const close = () => {
    if (!dirty.current || saving) {
      if (!saving) onClose();
      return;
    }
    void modal.confirm({
      title: '放弃未保存的修改？',
      content: FormMessages.unsaved,
      okText: '关闭',
      okButtonProps: { danger: true },
      cancelText: '继续编辑',
      onOk: onClose,
    });
  };

  return (
    <Drawer
      title={editing ? `编辑商品${detail ? ` · ${detail.styleNo}` : ''}` : '新增商品'}
      open={open}
      onClose={close}
      size={1100}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) {
          dirty.current = false;
          setKept(null);
          setServerError(null);
        }
      }}
      data-testid="product-form-drawer"
      footer={
        <div className="product-form__footer">
          <div className="product-form__error">{serverError ? <Alert type="error" showIcon title={serverError} data-testid="product-form-error" /> : null}</div>
          <Space>
            <Button onClick={close} disabled={saving}>
              取消
            </Button>
            <Button type="primary" htmlType="submit" form={FORM_ID} loading={saving} disabled={!ready} data-testid="product-form-save">
              保存
            </Button>
          </Space>
        </div>
      }
    >
      {modalHolder}
      {loadError ? (
        <Alert
          type="error"
          showIcon
          title={editing && query.isError ? `商品加载失败：${query.error.message}` : '尺码组加载失败'}
          action={<Button onClick={() => (editing ? void query.refetch() : void groups.refetch())}>重试</Button>}
        />
      ) : ready ? (
        <ProductForm
          key={productId ?? 'new'}
          detail={detail}
          sizeGroups={groups.data ?? []}
          onDirty={() => {
            dirty.current = true;
          }}
          onSaving={setSaving}
          onError={setServerError}
          onSaved={(id) => {
            dirty.current = false;
            onSaved(id);
          }}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 12 }} />
      )}
    </Drawer>
  );
}

import { Button, Card, Form, Input, Result, Space, Tag, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SYS_ICP_MAX, SYS_TITLE_MAX, SysInfoMessages, type SysBasicInfo, type SysBasicInfoForm } from '@erp/shared';
import { queryKeys } from '../../../api/auth.ts';
import { useSysBasicInfo } from '../../../api/queries.ts';
import { PRODUCT_TITLE } from '../../../ui/brand.ts';
import { toast } from '../../../api/feedback.ts';
import { ImageUpload } from '../../../ui/upload/ImageUpload.tsx';
import { formOf, sameForm, systemInfoApi } from './system-info-api.ts';
import { SystemInfoPreview } from './SystemInfoPreview.tsx';
import './system-info.css';

/** The logo is a shop-level base picture: no category of its own (SPEC §3 lists eight). */
const LOGO_CATEGORY = 'shop/baseimage';

/** 系统信息 (SPEC §3): title, logo and the two record numbers shown on the login page and in the header. */
export function SystemInfoPage() {
  const { data: info, isPending, isError, refetch } = useSysBasicInfo();
  return (
    <div>
      <Typography.Title level={3} style={{ margin: '4px 0 4px' }}>
        系统信息
      </Typography.Title>
      <Typography.Paragraph type="secondary">系统名称、Logo 和备案号显示在登录页与顶部栏，保存后所有用户立即可见。</Typography.Paragraph>
      {isError ? (
        <Card>
          <Result status="warning" title="系统信息加载失败" extra={<Button onClick={() => void refetch()}>重试</Button>} />
        </Card>
      ) : isPending ? (
        <Card loading />
      ) : (
        <SystemInfoForm info={info} />
      )}
    </div>
  );
}

function SystemInfoForm({ info }: { info: SysBasicInfo }) {
  const [form] = Form.useForm<SysBasicInfoForm>();
  const queryClient = useQueryClient();
  const saved = formOf(info);
  const watched = Form.useWatch([], form) as SysBasicInfoForm | undefined;
  const draft = { ...saved, ...watched };
  const unsaved = !sameForm(draft, saved);

  const save = useMutation({
    mutationFn: systemInfoApi.save,
    onSuccess: async () => {
      toast().success(SysInfoMessages.saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.sysBasicInfo });
    },
  });

  const submit = async () => {
    try {
      const values = await form.validateFields();
      save.mutate({ ...saved, ...values });
    } catch {
      // the form shows what is wrong
    }
  };

  return (
    <div className="system-info">
      <Card title="基本信息" extra={unsaved ? <Tag color="orange">未保存</Tag> : null}>
        <Form form={form} layout="vertical" name="system-info" initialValues={saved} className="system-info__form" onFinish={() => void submit()}>
          <Form.Item
            name="titleName"
            label="系统名称"
            required
            rules={[
              { required: true, whitespace: true, message: SysInfoMessages.titleRequired },
              { max: SYS_TITLE_MAX, message: SysInfoMessages.titleTooLong },
            ]}
            extra="显示在登录页、顶部栏和浏览器标签上"
          >
            <Input placeholder={PRODUCT_TITLE} count={{ show: true, max: SYS_TITLE_MAX }} data-testid="system-info-title" />
          </Form.Item>
          <Form.Item name="logoUrl" label="系统 Logo">
            <ImageUpload
              category={LOGO_CATEGORY}
              hint="png、jpeg、jpg、bmp 格式，小于 5MB；建议使用正方形、透明背景的 PNG，不小于 128×128 像素。不上传时显示系统名称的首字。"
              data-testid="system-info-logo"
            />
          </Form.Item>
          <Form.Item name="icp" label="ICP 备案号" rules={[{ max: SYS_ICP_MAX, message: SysInfoMessages.icpTooLong }]} extra="显示在登录页底部，链接到工业和信息化部备案管理系统">
            <Input placeholder="如：浙ICP备12345678号-1" allowClear data-testid="system-info-icp" />
          </Form.Item>
          <Form.Item
            name="mpsIcp"
            label="公安备案号"
            rules={[{ max: SYS_ICP_MAX, message: SysInfoMessages.mpsIcpTooLong }]}
            extra="显示在登录页底部，链接到全国互联网安全管理服务平台"
          >
            <Input placeholder="如：浙公网安备33010602000001号" allowClear data-testid="system-info-mpsicp" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="system-info-save">
              保存
            </Button>
            <Button disabled={!unsaved || save.isPending} onClick={() => form.setFieldsValue(saved)} data-testid="system-info-reset">
              重置
            </Button>
          </Space>
        </Form>
      </Card>
      <SystemInfoPreview form={draft} />
    </div>
  );
}

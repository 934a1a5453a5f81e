import { Card, Typography } from 'antd';
import type { SysBasicInfoForm } from '@erp/shared';
import { PRODUCT_TITLE } from '../../../ui/brand.ts';

function Logo({ url, title, size }: { url: string; title: string; size: number }) {
  return url ? (
    <img className="system-info__logo" src={url} alt="" style={{ width: size, height: size }} />
  ) : (
    <span className="system-info__logo system-info__logo--text" style={{ width: size, height: size, lineHeight: `${size}px`, fontSize: size / 2 }}>
      {title.slice(0, 1)}
    </span>
  );
}

/** How the unsaved values will look on the login page and in the shell header. */
export function SystemInfoPreview({ form }: { form: SysBasicInfoForm }) {
  const title = form.titleName.trim() || PRODUCT_TITLE;
  const icp = form.icp.trim();
  const mpsIcp = form.mpsIcp.trim();
  return (
    <Card title="预览" extra={<Typography.Text type="secondary">保存前的效果</Typography.Text>} data-testid="system-info-preview">
      <div className="system-info__caption">登录页</div>
      <div className="system-info__login">
        <Logo url={form.logoUrl} title={title} size={44} />
        <div className="system-info__login-title">{title}</div>
        <div className="system-info__login-subtitle">采购 · 仓储 · 订货 · 零售 · 财务 一体化管理</div>
        <div className="system-info__login-card" />
        <div className="system-info__login-footer">
          {icp || mpsIcp ? (
            <>
              {icp ? <span>{icp}</span> : null}
              {mpsIcp ? <span>{mpsIcp}</span> : null}
            </>
          ) : (
            <span className="system-info__muted">未填写备案号时不显示</span>
          )}
        </div>
      </div>
      <div className="system-info__caption">顶部栏</div>
      <div className="system-info__header">
        {form.logoUrl ? <img className="system-info__header-logo" src={form.logoUrl} alt="" /> : null}
        <span className="system-info__header-title">{title}</span>
      </div>
    </Card>
  );
}

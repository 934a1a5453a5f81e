import type { ReactNode } from 'react';
import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { theme } from 'antd';

/**
 * A failure notice laid out like antd's Result (icon, title, subtitle, actions) without it: Result
 * carries its 403/404/500 illustrations into every chunk that shows an error, here the shell and
 * every list. Loads nothing extra, so it can tell that a chunk failed to load.
 */
export function StatusResult({
  status,
  title,
  subTitle,
  extra,
  className,
}: {
  status: 'warning' | 'error';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  className?: string;
}) {
  const { token } = theme.useToken();
  const Icon = status === 'error' ? CloseCircleFilled : ExclamationCircleFilled;
  return (
    <div className={className} role="alert" style={{ padding: className ? undefined : '48px 32px', textAlign: 'center' }}>
      <Icon style={{ fontSize: 72, color: status === 'error' ? token.colorError : token.colorWarning }} />
      <div style={{ marginTop: 24, fontSize: 24, lineHeight: 1.33, color: token.colorTextHeading }}>{title}</div>
      {subTitle ? <div style={{ marginTop: 4, fontSize: 14, color: token.colorTextDescription }}>{subTitle}</div> : null}
      {extra ? <div style={{ marginTop: 24 }}>{extra}</div> : null}
    </div>
  );
}

import { Result } from 'antd';
import { Link } from 'react-router';

export const NOT_FOUND_TEXT = '无法找到该页面';

/** 404 inside the shell: a link back to the landing page. */
export function NotFound() {
  return <Result status="404" title="404" subTitle={NOT_FOUND_TEXT} extra={<Link to="/">返回首页</Link>} />;
}

/** 404 for public routes without a page yet: a link back to the login page. */
export function PublicNotFound() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result status="404" title="404" subTitle={NOT_FOUND_TEXT} extra={<Link to="/login">返回登录</Link>} />
    </div>
  );
}

import { useEffect, type ReactNode } from 'react';
import { useSysBasicInfo } from '../../api/queries.ts';
import { PRODUCT_TITLE } from '../brand.ts';
import './login.css';

/** The frame of the public sign-in screens (login, reset password): brand, a card, ICP lines. */
export function AuthLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { data: info } = useSysBasicInfo();
  const title = info?.titleName || PRODUCT_TITLE;
  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <div className="erp-login">
      <main className="erp-login__main">
        <header className="erp-login__brand">
          {info?.logoUrl ? (
            <img className="erp-login__logo" src={info.logoUrl} alt="" />
          ) : (
            <span className="erp-login__logo erp-login__logo--text" aria-hidden>
              {title.slice(0, 1)}
            </span>
          )}
          <h1 className="erp-login__title">{title}</h1>
          <p className="erp-login__subtitle">采购 · 仓储 · 订货 · 零售 · 财务 一体化管理</p>
        </header>
        {/* a plain panel, not antd's Card: Card brings Skeleton along, which the sign-in screens never show */}
        <section className={wide ? 'erp-login__card erp-login__card--wide' : 'erp-login__card'}>{children}</section>
      </main>
      <footer className="erp-login__footer">
        {info?.icp ? (
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
            {info.icp}
          </a>
        ) : null}
        {info?.mpsIcp ? (
          <a href="https://beian.mps.gov.cn/" target="_blank" rel="noopener noreferrer">
            {info.mpsIcp}
          </a>
        ) : null}
      </footer>
    </div>
  );
}

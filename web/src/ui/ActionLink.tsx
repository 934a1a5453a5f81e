import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './action-link.css';

/**
 * A link-looking button for an action in a table cell or a line of text (open a detail, clear a
 * selection): a real button, so keyboards and screen readers reach it, unlike an <a> without href.
 */
export function ActionLink({ children, className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { children: ReactNode; 'data-testid'?: string }) {
  return (
    <button type="button" className={`erp-action-link${className ? ` ${className}` : ''}`} {...rest}>
      {children}
    </button>
  );
}

import { formatYuan } from '@erp/shared';
import './money.css';

export interface MoneyTextProps {
  /** integer fen; null or undefined shows -- */
  fen: number | null | undefined;
  /** bold, for a total or the figure a line is about */
  strong?: boolean;
  /** a negative amount in antd's error colour (only where the sign is news: a balance, a difference) */
  signColour?: boolean;
  /** a movement: + before a positive amount (`+¥12.00`, `−¥12.00`, `¥0.00`) */
  signed?: boolean;
  className?: string;
  'data-testid'?: string;
}

/** A movement's amount: `+¥12.00` up, `−¥12.00` down (formatYuan's minus), `¥0.00` none. */
export function formatSignedYuan(fen: number | null | undefined): string {
  return typeof fen === 'number' && fen > 0 ? `+${formatYuan(fen)}` : formatYuan(fen);
}

/**
 * Money as every screen shows it (issue 26): `¥15,735.36`, `−¥4,814.82`, `--` for none, from
 * integer fen through shared formatYuan. The one place a page turns fen into text in JSX.
 */
export function MoneyText({ fen, strong, signColour, signed, className, 'data-testid': testId }: MoneyTextProps) {
  const text = signed ? formatSignedYuan(fen) : formatYuan(fen);
  const negative = signColour === true && typeof fen === 'number' && fen < 0;
  const classes = ['money-text', negative ? 'money-text--negative' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={classes} data-testid={testId}>
      {strong ? <strong>{text}</strong> : text}
    </span>
  );
}

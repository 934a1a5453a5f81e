import { InputNumber, type InputNumberProps } from 'antd';
import { fenToYuanNumber, yuanToFen } from '@erp/shared';

export interface YuanInputProps extends Omit<InputNumberProps<string>, 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'precision' | 'stringMode'> {
  /** the amount in integer fen; null or undefined: empty */
  value?: number | null;
  /** the typed yuan as integer fen, null when cleared */
  onChange?: (fen: number | null) => void;
  /** bounds in fen; without them nothing is clamped and a page's rule names a bad amount (−5 stays −5) */
  minFen?: number;
  maxFen?: number;
}

/**
 * What the typed text is in fen: exact (the text, not a float: 0.07 → 7, 19.99 → 1999), signed;
 * undefined while it is not yet an amount of at most two decimals (19.999 waits for the blur,
 * where the input rounds it to two).
 */
export function typedYuanToFen(typed: string | number | null | undefined): number | null | undefined {
  if (typed === null || typed === undefined) return null;
  const text = String(typed).trim();
  if (text === '') return null;
  const negative = text.startsWith('-');
  const fen = yuanToFen(negative ? text.slice(1) : text);
  if (fen === null) return undefined;
  return negative && fen !== 0 ? -fen : fen;
}

const yuanText = (fen: number | null | undefined) => (fen === null || fen === undefined || !Number.isFinite(fen) ? null : String(fenToYuanNumber(fen)));

/**
 * The one money input (issue 27): antd InputNumber that shows and takes yuan with two decimals
 * while the page (and its Form field) holds integer fen, so no page multiplies by 100 by hand.
 * Works as a Form.Item child (value/onChange) and stand-alone.
 */
export function YuanInput({ value, onChange, minFen, maxFen, style, ...rest }: YuanInputProps) {
  return (
    <InputNumber<string>
      {...rest}
      stringMode
      precision={2}
      min={yuanText(minFen) ?? undefined}
      max={yuanText(maxFen) ?? undefined}
      style={{ width: '100%', ...style }}
      value={yuanText(value)}
      onChange={(typed) => {
        const fen = typedYuanToFen(typed);
        if (fen !== undefined) onChange?.(fen);
      }}
    />
  );
}

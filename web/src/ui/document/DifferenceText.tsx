import './stock-docs.css';

/** A signed difference, red when short, orange when over, plain when none. */
export function DifferenceText({ value }: { value: number | null }) {
  if (value === null) return <span className="doc-diff doc-diff--none">--</span>;
  if (value === 0) return <span className="doc-diff doc-diff--zero">0</span>;
  return <span className={value < 0 ? 'doc-diff doc-diff--short' : 'doc-diff doc-diff--over'}>{value > 0 ? `+${value}` : value}</span>;
}

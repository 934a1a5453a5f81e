import { useSearchParams } from 'react-router';

/** `?id=` of the page as a positive integer, or null. */
export function useDocIdParam(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

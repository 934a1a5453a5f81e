import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The page's chosen season, agent or shop kept in its address (?seasonId=3&agentId=1), so a tab switch, a reload and a shared link keep them. */
export function usePlanChoice<K extends string>(keys: readonly K[]): [Partial<Record<K, number>>, (patch: Partial<Record<K, number | undefined>>) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const choice = useMemo(() => {
    const params = new URLSearchParams(location.search);
    const out: Partial<Record<K, number>> = {};
    for (const key of keys) {
      const n = Number(params.get(key));
      if (Number.isSafeInteger(n) && n > 0) out[key] = n;
    }
    return out;
  }, [location.search, keys]);
  const set = useCallback(
    (patch: Partial<Record<K, number | undefined>>) => {
      const params = new URLSearchParams(location.search);
      for (const [key, value] of Object.entries(patch) as [K, number | undefined][]) {
        if (value === undefined) params.delete(key);
        else params.set(key, String(value));
      }
      const search = params.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    },
    [location.pathname, location.search, navigate],
  );
  return [choice, set];
}

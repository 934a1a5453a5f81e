import { useCallback, useState } from 'react';

/** 缓存模式 (SPEC §2 Tab strip): when on, every page stays alive; remembered per user. */
const key = (userId: number) => `erp:cache-mode:${userId}`;

function read(userId: number): boolean {
  try {
    return localStorage.getItem(key(userId)) === '1';
  } catch {
    return false;
  }
}

export function useCacheMode(userId: number): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => read(userId));
  const set = useCallback(
    (next: boolean) => {
      setOn(next);
      try {
        if (next) localStorage.setItem(key(userId), '1');
        else localStorage.removeItem(key(userId));
      } catch {
        // not remembered, still applied
      }
    },
    [userId],
  );
  return [on, set];
}

import { describe, expect, it } from 'vitest';
import { mountedKeys, nextKept } from './keep-alive-rules.ts';

const all = () => true;
const only =
  (...keys: string[]) =>
  (key: string) =>
    keys.includes(key);

describe('nextKept', () => {
  it('keeps a kept-alive page after it was shown, most recent last', () => {
    let kept: string[] = [];
    kept = nextKept(kept, { activeKey: '/a', openKeys: ['/a', '/b'], keepAlive: all });
    kept = nextKept(kept, { activeKey: '/b', openKeys: ['/a', '/b'], keepAlive: all });
    expect(kept).toEqual(['/a', '/b']);
    kept = nextKept(kept, { activeKey: '/a', openKeys: ['/a', '/b'], keepAlive: all });
    expect(kept).toEqual(['/b', '/a']);
  });

  it('does not keep an ordinary page once another is shown', () => {
    const input = { openKeys: ['/in/add', '/list'], keepAlive: only('/in/add') };
    let kept = nextKept([], { ...input, activeKey: '/list' });
    expect(kept).toEqual([]);
    kept = nextKept(kept, { ...input, activeKey: '/in/add' });
    kept = nextKept(kept, { ...input, activeKey: '/list' });
    expect(kept).toEqual(['/in/add']);
    expect([...mountedKeys(kept, '/list')].sort()).toEqual(['/in/add', '/list']);
  });

  it('drops the page of a closed tab', () => {
    const kept = nextKept(['/a', '/b'], { activeKey: '/c', openKeys: ['/b', '/c'], keepAlive: all });
    expect(kept).toEqual(['/b', '/c']);
  });

  it('drops pages kept only by the cache mode when it is switched off', () => {
    const kept = nextKept(['/a', '/in/add', '/b'], { activeKey: '/b', openKeys: ['/a', '/in/add', '/b'], keepAlive: only('/in/add') });
    expect(kept).toEqual(['/in/add']);
  });

  it('evicts the oldest hidden pages beyond the limit, never the active one', () => {
    const open = ['/1', '/2', '/3', '/4'];
    const kept = nextKept(['/1', '/2', '/3'], { activeKey: '/4', openKeys: open, keepAlive: all, limit: 2 });
    expect(kept).toEqual(['/2', '/3', '/4']);
  });

  it('is idempotent for the same input (a page rendered twice changes nothing)', () => {
    const input = { activeKey: '/b', openKeys: ['/a', '/b'], keepAlive: all, limit: 1 };
    const once = nextKept(['/a', '/x'], input);
    expect(nextKept(once, input)).toEqual(once);
  });
});

/** Light fallback while a route chunk loads (no antd, so the entry stays small). */
export function BootLoading() {
  return (
    <div role="status" style={{ padding: 48, textAlign: 'center', color: '#8c8c8c', fontSize: 14 }}>
      加载中…
    </div>
  );
}

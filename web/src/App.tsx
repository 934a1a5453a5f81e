import { lazy, Suspense, useEffect } from 'react';
import { ConfigProvider } from 'antd';
// the ES module (antd/locale/zh_CN is CommonJS and drags its wrappers into the entry)
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { BrowserRouter, useNavigate } from 'react-router';
import { setSessionClearedHandler } from './api/request.ts';
import { loginPathFor } from './auth/redirect.ts';
import { AppRoutes } from './router/AppRoutes.tsx';
import { useReducedMotion } from './ui/reduced-motion.ts';

// antd's message (with its notification styles) loads beside the first screen, not before it
const FeedbackBridge = lazy(async () => ({ default: (await import('./ui/FeedbackBridge.tsx')).FeedbackBridge }));

const queryClient = new QueryClient({
  // Business errors are final and already toasted by the request client: no retries.
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
});

/** A session-clearing code sends the user to /login in-app (keeping the wanted path) and drops cached data. */
function SessionBridge() {
  const navigate = useNavigate();
  const client = useQueryClient();
  useEffect(() => {
    setSessionClearedHandler(() => {
      const { pathname, search } = window.location;
      if (pathname !== '/login') navigate(loginPathFor(pathname, search), { replace: true });
      setTimeout(() => client.clear(), 0);
    });
    return () => setSessionClearedHandler(null);
  }, [navigate, client]);
  return null;
}

export function App() {
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#2f54eb', borderRadius: 6, motion: !reducedMotion } }}>
      <Suspense fallback={null}>
        <FeedbackBridge />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <SessionBridge />
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </ConfigProvider>
  );
}

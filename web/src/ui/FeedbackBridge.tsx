import { useEffect } from 'react';
import { message } from 'antd';
import { setMessageInstance } from '../api/feedback.ts';

/** Mounted inside ConfigProvider: renders the message holder and hands its API to toast(). */
export function FeedbackBridge() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setMessageInstance(api);
    return () => setMessageInstance(null);
  }, [api]);
  return holder;
}

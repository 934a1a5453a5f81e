import type { message as antdMessage } from 'antd';

export type MessageInstance = ReturnType<typeof antdMessage.useMessage>[0];
type Level = 'success' | 'error' | 'info' | 'warning';
/** What the app calls: toast().success('已保存') and the like. */
export type Toaster = Pick<MessageInstance, Level>;

/**
 * Toasts for any code (the request client and components alike). The root mounts FeedbackBridge,
 * a chunk of its own loaded right after the first screen (antd's message is not part of the login
 * page's download), which registers a context-aware instance from message.useMessage(). A toast
 * asked for before that is held and shown as soon as the bridge is there. It lives in api/ because
 * the request client toasts its failures (ui/ sits above api/).
 */
let instance: MessageInstance | null = null;
const waiting: { level: Level; args: unknown[] }[] = [];

const show = (target: MessageInstance, level: Level, args: unknown[]) => (target[level] as (...a: unknown[]) => unknown)(...args);

export function setMessageInstance(next: MessageInstance | null): void {
  instance = next;
  if (next) for (const { level, args } of waiting.splice(0)) show(next, level, args);
}

const held =
  (level: Level) =>
  (...args: unknown[]) => {
    if (instance) return show(instance, level, args);
    waiting.push({ level, args });
    return undefined;
  };
const facade = { success: held('success'), error: held('error'), info: held('info'), warning: held('warning') } as unknown as Toaster;

export function toast(): Toaster {
  return instance ?? facade;
}

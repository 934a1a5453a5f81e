import { message as staticMessage } from 'antd';

export type MessageInstance = ReturnType<typeof staticMessage.useMessage>[0];

/**
 * Toasts for any code (the request client and components alike). The root registers a
 * context-aware instance from message.useMessage(); the static API is only a fallback.
 */
let instance: MessageInstance | null = null;

export function setMessageInstance(next: MessageInstance | null): void {
  instance = next;
}

export function toast(): MessageInstance {
  return instance ?? staticMessage;
}

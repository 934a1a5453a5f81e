import type { WorkbenchFigures, WorkbenchSearchAnswer, WorkbenchTodo } from '@erp/shared';
import { http } from '../../api/request.ts';

/** 工作台: the signed-in user's to-dos and the search by number or barcode. */
const BASE = '/admin/api/v1/workbench';

export const workbenchKeys = {
  todos: ['workbench', 'todos'] as const,
  figures: ['workbench', 'figures'] as const,
};

export const workbenchApi = {
  todos: (signal?: AbortSignal) => http.get<WorkbenchTodo[]>(`${BASE}/todos`, undefined, { signal }),
  figures: (signal?: AbortSignal) => http.get<WorkbenchFigures>(`${BASE}/figures`, undefined, { signal }),
  search: (q: string, signal?: AbortSignal) => http.get<WorkbenchSearchAnswer>(`${BASE}/search`, { q }, { signal }),
};

import { MENU_TYPES, type MenuTreeNode } from '@erp/shared';
import { z } from 'zod';

export const menuIdParams = z.object({ id: z.coerce.number().int().positive() });

const text = (max: number) => z.string().max(max).optional().default('');

/** Loose on purpose: the service checks each field by the node's type with one Chinese message. */
export const menuBody = z.object({
  parentId: z.number().int().positive().nullable().optional().default(null),
  type: z.enum(MENU_TYPES, { error: '请选择菜单类型' }),
  name: text(128),
  title: text(128),
  path: text(512),
  redirect: text(512),
  component: text(256),
  icon: text(128),
  sort: z.number({ error: '排序须为0-9999的整数' }).optional().default(0),
  permission: text(128),
  keepAlive: z.boolean().optional().default(false),
  hidden: z.boolean().optional().default(false),
  enabled: z.boolean().optional().default(true),
});

export const sortBody = z
  .array(
    z.object({
      id: z.number().int().positive(),
      parentId: z.number().int().positive().nullable(),
      sort: z.number(),
    }),
  )
  .min(1, '请提供要排序的菜单')
  .max(500);

export const menuTreeNode: z.ZodType<MenuTreeNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    type: z.enum(MENU_TYPES),
    name: z.string(),
    path: z.string(),
    redirect: z.string(),
    component: z.string(),
    title: z.string(),
    icon: z.string(),
    sort: z.number().int(),
    permission: z.string(),
    keepAlive: z.boolean(),
    hidden: z.boolean(),
    enabled: z.boolean(),
    children: z.array(menuTreeNode),
  }),
);

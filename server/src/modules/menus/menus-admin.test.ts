import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t?.close());

const API = '/api/admin/api/v1/menus';
const idOf = async (name: string) => (await t.db.selectFrom('menus').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const create = (payload: Record<string, unknown>, session = admin) => t.call({ method: 'POST', url: API, payload, session });
const update = (id: number, payload: Record<string, unknown>, session = admin) => t.call({ method: 'PUT', url: `${API}/${id}`, payload, session });
const row = (name: string) => t.db.selectFrom('menus').selectAll().where('name', '=', name).executeTakeFirst();

function find(nodes: any[], name: string): any {
  for (const node of nodes) {
    if (node.name === name) return node;
    const hit = find(node.children, name);
    if (hit) return hit;
  }
  return null;
}

/** The current values of a node as a PUT body. */
async function formOf(name: string) {
  const r = (await row(name))!;
  return {
    parentId: r.parent_id,
    type: r.type,
    name: r.name,
    title: r.title,
    path: r.path,
    redirect: r.redirect,
    component: r.component,
    icon: r.icon,
    sort: r.sort,
    permission: r.permission,
    keepAlive: r.keep_alive,
    hidden: r.hidden,
    enabled: r.enabled,
  };
}

describe('menu administration', () => {
  it('refuses every call to a user without the codes', async () => {
    const clerk = await t.login('clerk01');
    const system = await idOf('System');
    const calls = [
      { method: 'GET', url: `${API}/tree` },
      { method: 'POST', url: API, payload: { type: 'dir', name: 'X', title: 'x', path: '/x' } },
      { method: 'PUT', url: `${API}/sort`, payload: [{ id: system, parentId: null, sort: 1 }] },
      { method: 'PUT', url: `${API}/${system}`, payload: { type: 'dir', name: 'System', title: 'x', path: '/x' } },
      { method: 'DELETE', url: `${API}/${system}` },
    ] as const;
    for (const call of calls) {
      const res = await t.call({ ...call, session: clerk });
      expect(res.status, call.url).toBe(403);
      expect(res.body.code).toBe('A0301');
    }
  });

  it('answers the whole tree with buttons, sorted', async () => {
    const res = await t.call({ method: 'GET', url: `${API}/tree`, session: admin });
    expect(res.body.code).toBe('201');
    const system = find(res.body.data, 'System');
    expect(system.children.map((n: any) => n.name).slice(0, 2)).toEqual(['Registration', 'PrintTemplates']);
    const roles = find(res.body.data, 'Roles');
    expect(roles).toMatchObject({ type: 'menu', path: '/erp/system/role', component: 'system/role/index', icon: 'SafetyCertificateOutlined', permission: 'system:role:list' });
    expect(roles.children.map((n: any) => n.permission)).toEqual(['system:role:add', 'system:role:edit', 'system:role:delete', 'system:role:grant', 'system:role:users']);
  });

  it('checks each type by its own rules with a clear message and stores nothing', async () => {
    const system = await idOf('System');
    const registration = await idOf('Registration');
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'dir', name: 'NoPath', title: '无路径' }, '请输入路由地址'],
      [{ type: 'dir', name: '1bad', title: '坏名', path: '/bad' }, '路由名称须为2-64位字母、数字、下划线或短横线，以字母开头'],
      [{ type: 'dir', name: 'NoTitle', path: '/no-title' }, '请输入菜单标题'],
      [{ type: 'menu', parentId: system, name: 'NoComp', title: '无组件', path: '/erp/system/nocomp' }, '请输入组件路径'],
      [
        { type: 'menu', parentId: system, name: 'BadComp', title: '坏组件', path: '/erp/system/badcomp', component: '/a b' },
        '组件路径格式如 system/menu/index（字母、数字、_、-，以 / 分隔）',
      ],
      [{ type: 'button', parentId: registration, name: 'NoCode', title: '无权限码' }, '请输入权限标识'],
      [
        { type: 'button', parentId: registration, name: 'BadCode', title: '坏权限码', permission: 'system:x' },
        '权限标识格式如 system:menu:add（至少三段，以英文冒号分隔，不超过64个字符）',
      ],
      [{ type: 'button', parentId: system, name: 'DirButton', title: '挂错', permission: 'system:x:y' }, '按钮只能挂在菜单（页面）下'],
      [{ type: 'button', name: 'TopButton', title: '挂错', permission: 'system:x:y' }, '按钮只能挂在菜单（页面）下'],
      [{ type: 'link', parentId: system, name: 'BadLink', title: '坏外链', path: 'ftp://x.cn' }, '外链地址须以 http:// 或 https:// 开头，或以 {apiPrefix}/ 开头'],
      [{ type: 'menu', parentId: registration, name: 'PageInPage', title: '挂错', path: '/x/y', component: 'x/y' }, '目录、菜单和外链只能放在目录下或作为顶级'],
      [{ type: 'dir', parentId: 999999, name: 'Orphan', title: '孤儿', path: '/orphan' }, '上级菜单不存在'],
      [{ type: 'dir', name: 'BadIcon', title: '坏图标', path: '/bad-icon', icon: '<svg>' }, '图标名称无效，请从图标库中选择'],
      [{ type: 'dir', name: 'BadSort', title: '坏排序', path: '/bad-sort', sort: 1.5 }, '排序须为0-9999的整数'],
    ];
    for (const [payload, msg] of cases) {
      const res = await create(payload);
      expect(res.body.msg, JSON.stringify(payload)).toBe(msg);
      expect(res.status).toBe(422);
      expect(await row(String(payload.name))).toBeUndefined();
    }
    expect((await create({ type: 'dir', name: 'system', title: '重名', path: '/dup' })).body).toMatchObject({ code: 'A0409', msg: '路由名称「system」已被使用' });
    const twin = await create({ type: 'button', parentId: registration, name: 'AuditTwin', title: '重复', permission: 'system:registration:audit' });
    expect(twin.body).toMatchObject({ code: 'A0409', msg: '同一页面下已有相同权限标识的按钮' });
  });

  it('creates each type, keeping only the fields its type uses', async () => {
    const dir = await create({ type: 'dir', name: 'Tools', title: '工具', path: '/erp/tools', icon: 'ToolOutlined', sort: 50, component: 'ignored' });
    expect(dir.body).toMatchObject({ code: '201', msg: '菜单已保存，用户下次加载路由时生效' });
    const page = await create({
      type: 'menu',
      parentId: dir.body.data.id,
      name: 'ToolPage',
      title: '工具页',
      path: '/erp/tools/page',
      component: 'tools/page/index',
      keepAlive: true,
      permission: 'tools:page:list',
    });
    expect(page.body.code).toBe('201');
    const button = await create({ type: 'button', parentId: page.body.data.id, name: 'ToolRun', title: '运行', permission: 'tools:page:run', path: '/ignored', keepAlive: true });
    expect(button.body.code).toBe('201');
    const link = await create({ type: 'link', parentId: dir.body.data.id, name: 'ToolDocs', title: '文档', path: '{apiPrefix}/openapi.json' });
    expect(link.body.code).toBe('201');
    const web = await create({ type: 'link', parentId: dir.body.data.id, name: 'ToolSite', title: '官网', path: 'https://example.com/a?b=1' });
    expect(web.body.code).toBe('201');
    expect(await row('ToolRun')).toMatchObject({ path: '', keep_alive: false, permission: 'tools:page:run', parent_id: page.body.data.id });
    expect(await row('Tools')).toMatchObject({ component: '', keep_alive: false });
    expect(await row('ToolPage')).toMatchObject({ keep_alive: true, component: 'tools/page/index' });
    const tree = (await t.call({ method: 'GET', url: `${API}/tree`, session: admin })).body.data;
    expect(find(tree, 'Tools').children.map((n: any) => n.name)).toEqual(['ToolPage', 'ToolDocs', 'ToolSite']);
  });

  it('refuses a move under the node itself or its descendants, and a type its children do not fit', async () => {
    const outer = (await create({ type: 'dir', name: 'Outer', title: '外层', path: '/outer' })).body.data.id;
    const inner = (await create({ type: 'dir', parentId: outer, name: 'Inner', title: '内层', path: '/outer/inner' })).body.data.id;
    expect((await update(outer, { ...(await formOf('Outer')), parentId: inner })).body.msg).toBe('不能把菜单移到它自己或它的下级之下');
    expect((await update(outer, { ...(await formOf('Outer')), parentId: outer })).body.msg).toBe('不能把菜单移到它自己或它的下级之下');
    expect((await update(outer, { ...(await formOf('Outer')), type: 'link', path: 'https://x.cn' })).body.msg).toBe('该节点下的子项与新类型不符，不能修改类型');
    expect((await row('Outer'))!.parent_id).toBeNull();

    const sort = (payload: object) => t.call({ method: 'PUT', url: `${API}/sort`, payload, session: admin });
    expect((await sort([{ id: outer, parentId: inner, sort: 1 }])).body.msg).toBe('不能把菜单移到它自己或它的下级之下');
    // a good move and a bad one in one call: neither is applied
    const tools = await idOf('Tools');
    const bad = await sort([
      { id: inner, parentId: tools, sort: 7 },
      { id: await idOf('ToolRun'), parentId: outer, sort: 1 },
    ]);
    expect(bad.body.msg).toBe('按钮只能挂在菜单（页面）下');
    expect((await row('Inner'))!.parent_id).toBe(outer);
    const good = await sort([
      { id: inner, parentId: tools, sort: 7 },
      { id: outer, parentId: null, sort: 60 },
    ]);
    expect(good.body).toMatchObject({ code: '201', msg: '排序已保存，用户下次加载路由时生效' });
    expect(await row('Inner')).toMatchObject({ parent_id: tools, sort: 7 });
    expect(await row('Outer')).toMatchObject({ sort: 60 });
  });

  it('edits a node and shows the change at the next route load', async () => {
    const session = await t.login('admin');
    const before = (await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/route', session })).body.data;
    expect(find(before, 'PrintTemplates').meta.title).toBe('打印模板');
    const id = await idOf('PrintTemplates');
    const res = await update(id, { ...(await formOf('PrintTemplates')), title: '打印模板设置', icon: 'PrinterOutlined' });
    expect(res.body.code).toBe('201');
    const after = (await t.call({ method: 'GET', url: '/api/admin/api/v1/menus/route', session })).body.data;
    expect(find(after, 'PrintTemplates').meta.title).toBe('打印模板设置');
  });

  it('deletes a leaf with its grants but refuses a node with children', async () => {
    const tools = await idOf('Tools');
    const refused = await t.call({ method: 'DELETE', url: `${API}/${tools}`, session: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('该菜单下还有 4 个子项，请先删除或移走子项');
    const run = await idOf('ToolRun');
    const adminRole = await t.db.selectFrom('roles').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow();
    await t.db.insertInto('role_menus').values({ role_id: adminRole.id, menu_id: run }).execute();
    const res = await t.call({ method: 'DELETE', url: `${API}/${run}`, session: admin });
    expect(res.body).toMatchObject({ code: '201', msg: '菜单已删除，用户下次加载路由时生效' });
    expect(await row('ToolRun')).toBeUndefined();
    expect(await t.db.selectFrom('role_menus').select('menu_id').where('menu_id', '=', run).executeTakeFirst()).toBeUndefined();
    const gone = await t.call({ method: 'DELETE', url: `${API}/${run}`, session: admin });
    expect(gone.status).toBe(404);
  });

  it('keeps the menu and role screens: no delete, disable, hide or code change', async () => {
    const essential = '是维护菜单和权限所必需的，不能删除、停用、隐藏，也不能修改其类型或权限标识';
    const grant = await idOf('RoleGrant');
    expect((await t.call({ method: 'DELETE', url: `${API}/${grant}`, session: admin })).body.msg).toBe(`「权限分配」${essential}`);
    const roles = await idOf('Roles');
    expect((await update(roles, { ...(await formOf('Roles')), hidden: true })).body.msg).toBe(`「角色管理」${essential}`);
    const system = await idOf('System');
    expect((await update(system, { ...(await formOf('System')), enabled: false })).body.msg).toBe(`「系统设置」${essential}`);
    const menus = await idOf('Menus');
    expect((await update(menus, { ...(await formOf('Menus')), permission: 'system:menu:view' })).body.msg).toBe(`「菜单管理」${essential}`);
    // other edits of them are fine
    expect((await update(roles, { ...(await formOf('Roles')), title: '角色与权限' })).body.code).toBe('201');
    // an ordinary page may be hidden and disabled
    expect((await update(await idOf('ToolPage'), { ...(await formOf('ToolPage')), hidden: true, enabled: false })).body.code).toBe('201');
  });
});

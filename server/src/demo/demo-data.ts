/** 演示数据：一家服装品牌总部、一个代理商及其门店、一家直营店和一家面料供应商。 */
export const DEMO_PASSWORD = 'Erp12345';

export const demoAgents = [
  { code: 'AG001', name: '杭州衣尚服饰贸易有限公司', contact_name: '陈立华', phone: '0571-87001234', province: '浙江省', city: '杭州市', address: '上城区解放路 88 号 12 楼' },
];

export const demoShops = [
  {
    code: 'SH001',
    name: '衣尚·杭州湖滨银泰店',
    kind: 'franchise' as const,
    agent: 'AG001',
    contact_name: '王晓燕',
    phone: '0571-87005566',
    province: '浙江省',
    city: '杭州市',
    address: '上城区延安路 258 号湖滨银泰 B 座 2F',
    region: 'east',
    manager_name: '王晓燕',
    area_sqm: 180,
    opened_on: '2021-09-18',
  },
  {
    code: 'SH002',
    name: '衣尚·宁波天一广场店',
    kind: 'franchise' as const,
    agent: 'AG001',
    contact_name: '周建国',
    phone: '0574-87123456',
    province: '浙江省',
    city: '宁波市',
    address: '海曙区中山东路 188 号天一广场 3 号门',
    region: 'east',
    manager_name: '周建国',
    area_sqm: 150,
    opened_on: '2022-04-30',
  },
  {
    code: 'SH003',
    name: '衣尚·上海南京西路旗舰店',
    kind: 'direct' as const,
    agent: null,
    contact_name: '李敏',
    phone: '021-62581234',
    province: '上海市',
    city: '上海市',
    address: '静安区南京西路 1266 号恒隆广场 L3',
    region: 'east',
    manager_name: '李敏',
    area_sqm: 420,
    opened_on: '2019-10-01',
  },
];

export const demoSuppliers = [{ code: 'SP001', name: '广州锦纶纺织有限公司', contact_name: '黄志强', phone: '020-84321234', address: '海珠区中大布匹市场 5 栋 301' }];

export const demoUsers = [
  { account: 'admin', name: '系统管理员', phone: '13800000001', role_type: 'manager' as const, role: 'admin', active: true },
  { account: 'agent01', name: '陈立华', phone: '13800000002', role_type: 'agent' as const, role: 'agent', agent: 'AG001', active: true },
  { account: 'shop01', name: '王晓燕', phone: '13800000003', role_type: 'shop' as const, role: 'shop', shop: 'SH001', active: true },
  { account: 'supplier01', name: '黄志强', phone: '13800000004', role_type: 'supplier' as const, role: 'supplier', supplier: 'SP001', active: true },
  { account: 'clerk01', name: '郑佳怡', phone: '13800000006', role_type: 'manager' as const, role: 'clerk', active: true },
  { account: 'newstaff', name: '林小雨', phone: '13800000005', role_type: 'manager' as const, role: 'admin', active: false },
];

/** Demo roles besides the built-in ones, with the menus (by name) they grant. */
export const demoRoles = [
  // 文员：能查看注册申请、打印，但不能审核（演示按钮权限）
  { code: 'clerk', name: '行政文员', remark: '查看注册申请与打印，不能审核', menus: ['Registration', 'PrintTemplates'] },
];

/** Demo WeChat identities bound to accounts (see DEMO_WECHAT_IDENTITIES). */
export const demoWechatBindings = [
  { account: 'agent01', openid: 'demo-wx-agent01', nickname: '陈立华' },
  { account: 'shop01', openid: 'demo-wx-shop01', nickname: '王晓燕' },
];

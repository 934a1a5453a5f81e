import { ROLE_TYPE_LABELS, type DataScope, type RoleType } from '@erp/shared';

/** The data scope in words (总部：全部数据 / 代理商：X 及其下属门店 / 门店：X / 供应商：X). */
export function describeScope(scope: DataScope | null | undefined): string {
  switch (scope?.kind) {
    case 'all':
      return `${ROLE_TYPE_LABELS.manager}：全部数据`;
    case 'agent':
      return `${ROLE_TYPE_LABELS.agent}：${scope.agentName} 及其下属门店`;
    case 'shop':
      return `${ROLE_TYPE_LABELS.shop}：${scope.shopName}`;
    case 'supplier':
      return `${ROLE_TYPE_LABELS.supplier}：${scope.supplierName}`;
    default:
      return '无数据权限';
  }
}

export function roleLabel(roleType: RoleType | string | null | undefined): string {
  return (roleType && ROLE_TYPE_LABELS[roleType as RoleType]) || '--';
}

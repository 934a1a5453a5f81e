import type { ComponentType } from 'react';
import {
  AccountBookOutlined,
  CrownOutlined,
  ColumnWidthOutlined,
  BgColorsOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AuditOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  CarOutlined,
  ContainerOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DollarOutlined,
  FileTextOutlined,
  GiftOutlined,
  HomeOutlined,
  IdcardOutlined,
  SafetyCertificateOutlined,
  MenuOutlined,
  FileSearchOutlined,
  InfoCircleOutlined,
  InboxOutlined,
  LineChartOutlined,
  LinkOutlined,
  PieChartOutlined,
  PrinterOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  RollbackOutlined,
  RetweetOutlined,
  FieldTimeOutlined,
  ShoppingOutlined,
  SkinOutlined,
  SwapOutlined,
  TagsOutlined,
  TeamOutlined,
  ScheduleOutlined,
  UserOutlined,
  UsergroupAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';

/** meta.icon names (@ant-design/icons names) -> icon components; unknown names fall back. */
const ICONS: Record<string, ComponentType> = {
  AccountBookOutlined,
  CrownOutlined,
  ColumnWidthOutlined,
  BgColorsOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AuditOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  CarOutlined,
  ContainerOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DollarOutlined,
  FileTextOutlined,
  GiftOutlined,
  HomeOutlined,
  IdcardOutlined,
  SafetyCertificateOutlined,
  MenuOutlined,
  FileSearchOutlined,
  InfoCircleOutlined,
  InboxOutlined,
  LineChartOutlined,
  LinkOutlined,
  PieChartOutlined,
  PrinterOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  RollbackOutlined,
  RetweetOutlined,
  FieldTimeOutlined,
  ShoppingOutlined,
  SkinOutlined,
  SwapOutlined,
  TagsOutlined,
  TeamOutlined,
  ScheduleOutlined,
  UserOutlined,
  UsergroupAddOutlined,
  WalletOutlined,
};

/** The names a menu may use (菜单管理's icon picker offers exactly these). */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ICONS).sort();

/** 'bar-chart' / 'barChart' / 'BarChart' -> 'BarChartOutlined'. */
function canonicalName(name: string): string {
  if (ICONS[name]) return name;
  const pascal = name
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
  return pascal.endsWith('Outlined') ? pascal : `${pascal}Outlined`;
}

export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = (name && ICONS[canonicalName(name.trim())]) || AppstoreOutlined;
  return <Icon />;
}

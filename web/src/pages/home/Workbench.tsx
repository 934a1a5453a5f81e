import { Avatar, Card, Col, Descriptions, Empty, Row, Skeleton, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import dayjs from 'dayjs';
import type { UserInfo } from '@erp/shared';
import { useCanOpen, useMenuIndex } from '../../api/queries.ts';
import { UserInfoCard } from '../../ui/UserInfoCard.tsx';
import { describeScope, roleLabel } from '../../access/describe-scope.ts';
import type { MenuLeaf } from '../../access/menu-tree.ts';
import { formatDateTime } from '../../ui/format-time.ts';
import { MenuIcon } from '../../ui/menu-icons.tsx';
import { FiguresStrip } from './FiguresStrip.tsx';
import { SearchPanel } from './SearchPanel.tsx';
import { TodoPanel } from './TodoPanel.tsx';
import { greetingFor, shortcutSections } from './workbench-model.ts';
import { hasSearchLists, hasTodoLists } from './workbench-todos.ts';
import './workbench.css';

function ProfileCard({ user }: { user: UserInfo }) {
  const name = user.name || user.account;
  return (
    <Card className="erp-workbench__profile">
      <div className="erp-workbench__hello">
        <Avatar size={56} src={user.image || undefined}>
          {name.slice(0, 1)}
        </Avatar>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {greetingFor(new Date().getHours())}，{name}
          </Typography.Title>
          <Typography.Text type="secondary">{dayjs().format('YYYY年M月D日 dddd')}</Typography.Text>
        </div>
      </div>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'account', label: '账号', children: user.account },
          { key: 'role', label: '角色', children: roleLabel(user.roleType) },
          { key: 'scope', label: '数据范围', children: describeScope(user.scope) },
          { key: 'lastLogin', label: '上次登录', children: formatDateTime(user.lastLoginAt) },
        ]}
      />
    </Card>
  );
}

/** A shortcut tile: in-app link, or an external address in a new window. */
function Shortcut({ leaf }: { leaf: MenuLeaf }) {
  const body = (
    <Card size="small" hoverable className="erp-workbench__tile">
      <div className="erp-workbench__tile-title">
        {leaf.title}
        {leaf.external ? <ExportOutlined className="erp-workbench__tile-external" aria-label="新窗口打开" /> : null}
      </div>
      <div className="erp-workbench__tile-trail">{leaf.trail.slice(1).join(' / ') || leaf.trail[0] || '\u00a0'}</div>
    </Card>
  );
  return leaf.external ? (
    <a href={leaf.path} target="_blank" rel="noopener noreferrer">
      {body}
    </a>
  ) : (
    <Link to={leaf.path}>{body}</Link>
  );
}

function Shortcuts() {
  const { pathname } = useLocation();
  const menu = useMenuIndex();
  if (!menu.data) return <Skeleton active />;
  const sections = shortcutSections(menu.data, pathname);
  if (sections.length === 0) return <Empty description="暂无可用功能" />;
  return sections.map((section) => (
    <Card
      key={section.key}
      className="erp-workbench__section"
      title={
        <span>
          <MenuIcon name={section.icon} /> {section.title}
        </span>
      }
    >
      <Row gutter={[12, 12]}>
        {section.entries.map((leaf) => (
          <Col key={leaf.path} xs={12} sm={8} md={6} xl={4}>
            <Shortcut leaf={leaf} />
          </Col>
        ))}
      </Row>
    </Card>
  ));
}

/** 待办事项 and 单据查找, each shown when the user's menu has a list it serves. */
/** The figures strip for an agent or a shop whose menu has 往来账户 or 订货额度. */
function Figures({ user }: { user: UserInfo }) {
  const canOpen = useCanOpen();
  const party = user.roleType === 'agent' || user.roleType === 'shop';
  return party && (canOpen('/erp/finance/account') || canOpen('/erp/ordering/quota')) ? <FiguresStrip /> : null;
}

function WorkPanels() {
  const menu = useMenuIndex();
  const canOpen = useCanOpen();
  if (!menu.data) return null;
  const todos = hasTodoLists(canOpen);
  const search = hasSearchLists(canOpen);
  if (!todos && !search) return null;
  return (
    <Row gutter={16}>
      {todos ? (
        <Col xs={24} xl={search ? 16 : 24}>
          <TodoPanel canOpen={canOpen} />
        </Col>
      ) : null}
      {search ? (
        <Col xs={24} xl={todos ? 8 : 24}>
          <SearchPanel canOpen={canOpen} />
        </Col>
      ) : null}
    </Row>
  );
}

/** 工作台: who I am, what waits for me, a search by number or barcode, and a way into every screen I have. */
export function Workbench() {
  return (
    <div className="erp-workbench">
      <Typography.Title level={3} className="erp-workbench__heading">
        工作台
      </Typography.Title>
      <UserInfoCard>
        {(user) => (
          <>
            <ProfileCard user={user} />
            <Figures user={user} />
          </>
        )}
      </UserInfoCard>
      <WorkPanels />
      <Typography.Title level={5} className="erp-workbench__heading">
        功能入口
      </Typography.Title>
      <Shortcuts />
    </div>
  );
}

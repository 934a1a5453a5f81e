import type { ReactNode } from 'react';
import { Alert, Button, Card, Col, Empty, Row, Skeleton } from 'antd';
import { ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { workbenchApi, workbenchKeys } from './workbench-api.ts';
import { countText, todoHref, visibleTodos, type TodoView } from './workbench-todos.ts';

/** One to-do: its count, what is counted, and the way into the list filtered to it. */
function TodoTile({ todo }: { todo: TodoView & { count: number; capped: boolean } }) {
  return (
    <Link to={todoHref(todo)} data-testid={`todo-${todo.key}`} aria-label={`${todo.title}：${countText(todo)}`}>
      <Card size="small" hoverable className={todo.count > 0 ? 'erp-workbench__todo erp-workbench__todo--due' : 'erp-workbench__todo'}>
        <div className="erp-workbench__todo-title">
          {todo.title}
          <RightOutlined className="erp-workbench__todo-go" />
        </div>
        <div className="erp-workbench__todo-count" data-testid={`todo-count-${todo.key}`}>
          {countText(todo)}
        </div>
        <div className="erp-workbench__todo-hint">{todo.hint}</div>
      </Card>
    </Link>
  );
}

/** 待办事项: the user's to-dos with counts (only what its permissions and data scope give it). */
export function TodoPanel({ canOpen }: { canOpen: (path: string) => boolean }) {
  const todos = useQuery({ queryKey: workbenchKeys.todos, queryFn: ({ signal }) => workbenchApi.todos(signal), staleTime: 30_000 });
  const refresh = (
    <Button type="link" size="small" icon={<ReloadOutlined />} loading={todos.isFetching} onClick={() => todos.refetch()} data-testid="todo-refresh">
      刷新
    </Button>
  );
  let body: ReactNode;
  if (todos.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (todos.isError) body = <Alert type="warning" showIcon title="待办加载失败" description={todos.error.message} action={refresh} />;
  else {
    const shown = visibleTodos(todos.data, canOpen);
    body =
      shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办" />
      ) : (
        <Row gutter={[12, 12]}>
          {shown.map((todo) => (
            <Col key={todo.key} xs={12} sm={8} md={6}>
              <TodoTile todo={todo} />
            </Col>
          ))}
        </Row>
      );
  }
  return (
    <Card className="erp-workbench__section erp-workbench__panel" title="待办事项" extra={refresh} data-testid="workbench-todos">
      {body}
    </Card>
  );
}

import { Card, Col, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { WorkbenchFigures } from '@erp/shared';
import { workbenchApi, workbenchKeys } from './workbench-api.ts';
import { figureTiles } from './workbench-figures.ts';

/** 可用授信, 本季额度剩余 and 欠款 of an agent or a shop, as the server gives them. */
export function FiguresTiles({ figures }: { figures: WorkbenchFigures }) {
  const tiles = figureTiles(figures);
  if (tiles.length === 0) return null;
  return (
    <Row gutter={[12, 12]} className="erp-workbench__section" data-testid="workbench-figures">
      {tiles.map((tile) => (
        <Col key={tile.key} xs={24} md={8}>
          <Card size="small" className="erp-workbench__figure" data-testid={`figure-${tile.key}`}>
            <div className="erp-workbench__todo-title">{tile.title}</div>
            <div className={tile.alert ? 'erp-workbench__figure-value erp-workbench__figure-value--alert' : 'erp-workbench__figure-value'} data-testid={`figure-value-${tile.key}`}>
              {tile.value}
            </div>
            <div className="erp-workbench__todo-hint">{tile.note}</div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The strip, asked only by a menu with 往来账户 or 订货额度 (agents and shops; HQ's answer is empty). */
export function FiguresStrip() {
  const figures = useQuery({ queryKey: workbenchKeys.figures, queryFn: ({ signal }) => workbenchApi.figures(signal), staleTime: 30_000 });
  return figures.data ? <FiguresTiles figures={figures.data} /> : null;
}

import { Progress } from 'antd';
import { percentText } from '@erp/shared';

/** 完成率 as a bar with its percent (past 100 % the bar is full and green). */
export function PlanPercent({ percent, testId }: { percent: number | null; testId?: string }) {
  if (percent === null) return <span data-testid={testId}>--</span>;
  return (
    <span className="agent-plan__percent" data-testid={testId} title={percentText(percent)}>
      <Progress percent={Math.min(100, percent)} size="small" showInfo={false} status={percent >= 100 ? 'success' : 'normal'} style={{ width: 64, margin: 0 }} />
      <span className="agent-plan__percent-text">{percentText(percent)}</span>
    </span>
  );
}

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FiguresTiles } from './FiguresStrip.tsx';

describe('FiguresTiles', () => {
  it('shows the three figures with whose they are', () => {
    render(
      <FiguresTiles
        figures={{
          account: { kind: 'own', partyName: '杭州衣尚服饰贸易有限公司', availableFen: null, owedFen: 1_573_536 },
          quota: { kind: 'season', seasonId: 1, seasonName: '2026秋冬现货', limited: true, leftFen: 200_000, leftPieces: 40 },
        }}
      />,
    );
    expect(screen.getByTestId('figure-value-credit').textContent).toBe('不限');
    expect(screen.getByTestId('figure-credit').textContent).toContain('杭州衣尚服饰贸易有限公司');
    expect(screen.getByTestId('figure-value-quota').textContent).toBe('¥2,000.00');
    expect(screen.getByTestId('figure-quota').textContent).toContain('剩余 40 件');
    expect(screen.getByTestId('figure-value-owed').textContent).toBe('¥15,735.36');
    expect(screen.getByTestId('figure-value-owed').className).toContain('--alert');
  });

  it('renders nothing for HQ', () => {
    const { container } = render(<FiguresTiles figures={{ account: null, quota: null }} />);
    expect(container.textContent).toBe('');
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlanningMessages, POLICY_TARGET_LABELS } from '@erp/shared';
import { describe, expect, it, vi } from 'vitest';

const createPolicy = vi.fn(async (_input: unknown) => ({ id: 9 }));
vi.mock('../planning-api.ts', async (original) => ({
  ...(await original<typeof import('../planning-api.ts')>()),
  planningApi: { createPolicy: (input: unknown) => createPolicy(input), updatePolicy: vi.fn() },
}));
vi.mock('../../../api/use-dict.ts', async (original) => ({
  ...(await original<typeof import('../../../api/use-dict.ts')>()),
  useDictOptions: () => ({ options: [{ value: 'level1', label: '一级代理' }], loading: false }),
}));

const { PolicyFormModal } = await import('./PolicyFormModal.tsx');

/** Picks `label` in the open select's dropdown. */
async function choose(testId: string, label: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(label));
}

describe('PolicyFormModal', () => {
  it('clears the chosen level when the target becomes a shop kind, so a level is never saved for a shop kind', async () => {
    const user = userEvent.setup();
    render(<PolicyFormModal record={null} open onClose={() => {}} onSaved={() => {}} />);
    await choose('policy-form-level', '一级代理');
    await user.type(screen.getByTestId('policy-form-rate'), '90');
    await user.click(within(screen.getByTestId('policy-form-target-type')).getByText(POLICY_TARGET_LABELS.shop_kind));
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    // the shop kind is still to be chosen: nothing is sent
    await screen.findByText(PlanningMessages.levelRequired);
    expect(createPolicy).not.toHaveBeenCalled();
    await choose('policy-form-shop-kind', '加盟店');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(createPolicy).toHaveBeenCalledTimes(1));
    expect(createPolicy.mock.calls[0]![0]).toMatchObject({ targetType: 'shop_kind', targetValue: 'franchise', rateBp: 9_000 });
  });
});

import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ScanInput } from './ScanInput.tsx';
import { ScanKeyBuffer } from './ScanKeyBuffer.tsx';
import { useScanStation, type ScanRequest } from './use-scan-station.ts';

function Station({ sent }: { sent: string[] }) {
  const station = useScanStation({
    send: async (request: ScanRequest) => {
      sent.push(request.barcode);
      return { result: 'ok', line: { barcode: request.barcode }, totalActual: sent.length };
    },
    afterBurst: () => undefined,
    totalActual: 0,
    active: true,
  });
  return <ScanInput station={station} fields={{ shelfId: null }} />;
}

/** A scan page: the station appears only once "the document" has loaded. */
let load: () => void = () => undefined;
function Page({ sent }: { sent: string[] }) {
  const [loaded, setLoaded] = useState(false);
  load = () => setLoaded(true);
  return (
    <ScanKeyBuffer>
      <input data-testid="other" aria-label="其他" />
      {loaded ? <Station sent={sent} /> : <span>加载中</span>}
    </ScanKeyBuffer>
  );
}

describe('ScanKeyBuffer', () => {
  it('keeps every key a scanner types while the page loads: whole codes are sent, the rest waits in the box', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    render(<Page sent={sent} />);
    expect(screen.queryByTestId('scan-input')).toBeNull();
    // the scanner fires at once, before the scan box exists (focus is on the page)
    await user.keyboard('6901234567892{Enter}69012');
    act(() => load());
    const input = (await screen.findByTestId('scan-input')) as HTMLInputElement;
    await waitFor(() => expect(sent).toEqual(['6901234567892']));
    expect(input.value).toBe('69012');
    // the box has the focus now: the scanner's next keys finish the code typed early
    await waitFor(() => expect(document.activeElement).toBe(input));
    await user.keyboard('34567{Enter}');
    await waitFor(() => expect(sent).toEqual(['6901234567892', '6901234567']));
    expect(input.value).toBe('');
  });

  it('leaves keys typed into an input of the page alone', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    render(<Page sent={sent} />);
    await user.click(screen.getByTestId('other'));
    await user.keyboard('123{Enter}');
    act(() => load());
    const input = (await screen.findByTestId('scan-input')) as HTMLInputElement;
    expect((screen.getByTestId('other') as HTMLInputElement).value).toBe('123');
    expect(input.value).toBe('');
    expect(sent).toEqual([]);
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBarcodeSvg } from '../../web/src/print/barcode-decode.ts';
import { animationsDone, launchBrowser, screenshot, signInTo, withPage as withBrowserPage } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const withPage = <T>(fn: (page: Page, errors: string[]) => Promise<T>) => withBrowserPage(browser, fn);

type Kind = 'label' | 'hangtag' | 'washlabel' | 'outbound' | 'transfer' | 'statement';

interface Printed {
  barcodes: { value: string; format: 'EAN13' | 'CODE128'; svg: string }[];
  pageSize: string | null;
  text: string;
}

/** Opens 打印模板 as admin, with window.print stubbed in every frame (no dialog in headless Chromium). */
async function openPrintPage(page: Page) {
  await page.addInitScript(() => {
    window.print = () => {
      const top = window.top as unknown as { __printed?: number };
      top.__printed = (top.__printed ?? 0) + 1;
    };
  });
  await signInTo(page, 'admin');
  await page.waitForURL((url) => url.pathname === '/erp/sells/fullstatist');
  await page.goto('/erp/system/print');
  await page.getByTestId('print-kind-label').waitFor();
}

async function showKind(page: Page, kind: Kind) {
  await page.getByTestId(`print-kind-${kind}`).click();
  await page.locator(`[data-testid=print-preview-frame][data-preview-kind=${kind}]`).waitFor();
  await animationsDone(page);
}

/** Clicks 打印 and reads the hidden frame's document once it has printed. */
async function printAndRead(page: Page, kind: Kind): Promise<Printed> {
  const frame = page.locator(`iframe[data-print-frame=${kind}]`);
  const before = Number((await frame.getAttribute('data-print-count')) ?? 0);
  await page.getByTestId(`print-button-${kind}`).click();
  await page.waitForFunction(
    ([k, n]) => {
      const f = document.querySelector(`iframe[data-print-frame=${k}]`);
      return f?.getAttribute('data-print-state') === 'printed' && Number(f.getAttribute('data-print-count')) > Number(n);
    },
    [kind, before],
  );
  return frame.evaluate((element) => {
    const doc = (element as HTMLIFrameElement).contentDocument!;
    const rules = [...doc.styleSheets].flatMap((sheet) => [...sheet.cssRules]);
    const pageRule = rules.find((rule): rule is CSSPageRule => rule instanceof doc.defaultView!.CSSPageRule);
    return {
      barcodes: [...doc.querySelectorAll<HTMLElement>('[data-barcode-value]')].map((wrapper) => ({
        value: wrapper.dataset.barcodeValue!,
        format: wrapper.dataset.barcodeFormat as 'EAN13' | 'CODE128',
        svg: wrapper.querySelector('svg')!.outerHTML,
      })),
      pageSize: pageRule ? pageRule.style.getPropertyValue('size') : null,
      text: doc.body.innerText,
    };
  });
}

const printedCount = (page: Page) => page.evaluate(() => (window as unknown as { __printed?: number }).__printed ?? 0);

describe('print templates', () => {
  it('prints a hang tag whose EAN-13 scans to the sample barcode, on 50 x 90 mm pages', () =>
    withPage(async (page, errors) => {
      await openPrintPage(page);
      // SPEC's five hidden print pages, 对账单's A4 sheet (issue 18), 订货确认单 and 装箱单 (issue 26)
      await expect.poll(() => page.locator('iframe[data-print-frame]').count()).toBe(8);
      await showKind(page, 'hangtag');
      await screenshot(page, 'print-preview-hangtag');

      const sample = await page.getByTestId('print-sample-barcode').inputValue();
      const printed = await printAndRead(page, 'hangtag');
      expect(printed.pageSize).toBe('50mm 90mm');
      expect(printed.barcodes[0]).toMatchObject({ value: sample, format: 'EAN13' });
      expect(decodeBarcodeSvg(printed.barcodes[0].svg, 'EAN13')).toBe(sample);
      for (const code of printed.barcodes) expect(decodeBarcodeSvg(code.svg, code.format)).toBe(code.value);
      expect(printed.text).toContain('GB 18401-2010 B类');
      expect(printed.text).toContain('¥1,299.00');
      expect(await printedCount(page)).toBe(1);

      // the sample form: a wrong check digit is refused, a good edit reaches the print
      await page.getByTestId('print-sample-barcode').fill('6926013100146');
      await page.getByText('条码校验位不正确').waitFor();
      await page.getByTestId('print-sample-barcode').fill('6926013100145');
      await page.getByTestId('print-sample-name').fill('女式羊毛大衣（试样）');
      await page.getByText('条码校验位不正确').waitFor({ state: 'detached' });
      const again = await printAndRead(page, 'hangtag');
      expect(decodeBarcodeSvg(again.barcodes[0].svg, 'EAN13')).toBe('6926013100145');
      expect(again.text).toContain('女式羊毛大衣（试样）');
      expect(await printedCount(page)).toBe(2);
      expect(errors).toEqual([]);
    }));

  it('prints labels in EAN-13 and Code 128 that scan back, on 40 x 60 mm pages', () =>
    withPage(async (page, errors) => {
      await openPrintPage(page);
      await showKind(page, 'label');
      await screenshot(page, 'print-preview-label');
      const printed = await printAndRead(page, 'label');
      expect(printed.pageSize).toBe('40mm 60mm');
      expect(printed.barcodes.map((b) => b.format)).toEqual(['EAN13', 'CODE128']);
      const code128 = printed.barcodes[1];
      expect(code128.value).toBe('YS26W2003-BK-S');
      expect(decodeBarcodeSvg(code128.svg, 'CODE128')).toBe('YS26W2003-BK-S');
      expect(decodeBarcodeSvg(printed.barcodes[0].svg, 'EAN13')).toBe(printed.barcodes[0].value);
      expect(errors).toEqual([]);
    }));

  it('shows the wash label and the A4 sheets (出库单, 调拨单, 对账单), and prints an outbound sheet with its number as Code 128', () =>
    withPage(async (page, errors) => {
      await openPrintPage(page);
      await showKind(page, 'washlabel');
      await screenshot(page, 'print-preview-washlabel');
      await showKind(page, 'transfer');
      await screenshot(page, 'print-preview-transfer');
      await showKind(page, 'statement');
      await screenshot(page, 'print-preview-statement');
      await showKind(page, 'outbound');
      await screenshot(page, 'print-preview-outbound');
      const printed = await printAndRead(page, 'outbound');
      expect(printed.pageSize).toBe('210mm 297mm');
      expect(printed.barcodes).toHaveLength(1);
      expect(decodeBarcodeSvg(printed.barcodes[0].svg, 'CODE128')).toBe('CK20261121001');
      expect(printed.text).toContain('壹万玖仟壹佰捌拾贰元整');
      expect(errors).toEqual([]);
    }));

  it('saves paper settings per workstation and prints with them', () =>
    withPage(async (page) => {
      await openPrintPage(page);
      await showKind(page, 'hangtag');
      const width = page.getByTestId('print-setting-widthMm');
      await width.fill('5');
      await page.getByTestId('print-settings-save').click();
      await page.getByText('纸张宽度须为20-300之间的整数（毫米）').waitFor();
      await width.fill('60');
      await page.getByTestId('print-setting-heightMm').fill('100');
      await page.getByTestId('print-settings-save').click();
      await page.getByText('打印设置已保存').waitFor();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('erp:print-settings') ?? '{}'));
      expect(stored.hangtag).toMatchObject({ widthMm: 60, heightMm: 100 });
      expect((await printAndRead(page, 'hangtag')).pageSize).toBe('60mm 100mm');
      await page.getByTestId('print-settings-reset').click();
      expect((await printAndRead(page, 'hangtag')).pageSize).toBe('50mm 90mm');
    }));
});

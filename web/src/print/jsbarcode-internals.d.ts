/** JsBarcode's Code 128 table, read by the decoder's test to cross-check its own. */
declare module 'jsbarcode/bin/barcodes/CODE128/constants.js' {
  export const BARS: readonly number[];
}

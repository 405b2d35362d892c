import { checkScannerInput, parseStoredSettings, SCANNER_DEFAULTS, SCANNER_RANGES } from './scanner-settings';

// spec 001 §5 arbitrage and middle detection inputs, §9 defaults; the inputs are shown once, in the
// scanner panel, with the ranges the scanner calls accept
describe('scanner inputs', () => {
  it('has the spec defaults: min profit 0.5, max stake 100; middles 3, 15, 1000', () => {
    expect(SCANNER_DEFAULTS).toEqual({
      minProfit: 0.5,
      maxStake: 100,
      minGap: 3,
      minProbability: 15,
      middleStake: 1000,
    });
  });

  it('takes a minimum profit of 0.1 to 50 in steps of 0.1', () => {
    const range = SCANNER_RANGES.minProfit;
    expect(checkScannerInput('minProfit', '0.1', range)).toEqual({ ok: true, value: 0.1 });
    expect(checkScannerInput('minProfit', '50', range)).toEqual({ ok: true, value: 50 });
    expect(checkScannerInput('minProfit', '12.3', range)).toEqual({ ok: true, value: 12.3 });
    expect(checkScannerInput('minProfit', '50.1', range)).toEqual({
      ok: false,
      message: 'Minimum profit must be between 0.1% and 50%',
    });
    expect(checkScannerInput('minProfit', '0', range)).toEqual({
      ok: false,
      message: 'Minimum profit must be between 0.1% and 50%',
    });
    expect(checkScannerInput('minProfit', '0.15', range)).toEqual({
      ok: false,
      message: 'Minimum profit must be in steps of 0.1%',
    });
  });

  it('takes a max stake of $10 to $10,000 in steps of $10', () => {
    const range = SCANNER_RANGES.maxStake;
    expect(checkScannerInput('maxStake', '10', range)).toEqual({ ok: true, value: 10 });
    expect(checkScannerInput('maxStake', '10000', range)).toEqual({ ok: true, value: 10_000 });
    expect(checkScannerInput('maxStake', '5', range)).toEqual({
      ok: false,
      message: 'Max stake must be between $10 and $10,000',
    });
    expect(checkScannerInput('maxStake', '10010', range)).toEqual({
      ok: false,
      message: 'Max stake must be between $10 and $10,000',
    });
    expect(checkScannerInput('maxStake', '105', range)).toEqual({
      ok: false,
      message: 'Max stake must be in steps of $10',
    });
  });

  it('takes a middle gap of 0.5 to 20 in steps of 0.5 and a probability of 5 to 50 in steps of 1', () => {
    expect(checkScannerInput('minGap', '2.5', SCANNER_RANGES.minGap)).toEqual({ ok: true, value: 2.5 });
    expect(checkScannerInput('minGap', '2.7', SCANNER_RANGES.minGap)).toEqual({
      ok: false,
      message: 'Minimum gap must be in steps of 0.5',
    });
    expect(checkScannerInput('minProbability', '51', SCANNER_RANGES.minProbability)).toEqual({
      ok: false,
      message: 'Minimum probability must be between 5% and 50%',
    });
  });

  it('refuses what is not a number', () => {
    for (const raw of ['', '  ', 'abc'])
      expect(checkScannerInput('maxStake', raw, SCANNER_RANGES.maxStake)).toEqual({
        ok: false,
        message: 'Max stake must be a number',
      });
  });

  it('reads stored settings field by field, defaults for what is missing or corrupt', () => {
    expect(parseStoredSettings(JSON.stringify({ minProfit: 3, maxStake: 'x' }))).toEqual({
      ...SCANNER_DEFAULTS,
      minProfit: 3,
    });
    expect(() => parseStoredSettings('{')).toThrow();
  });
});

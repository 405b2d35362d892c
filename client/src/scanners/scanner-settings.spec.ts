import {
  ARBITRAGE_FIELDS,
  checkScannerInput,
  draftErrors,
  FILTER_PANEL_DEFAULTS,
  FILTER_PANEL_RANGES,
  MIDDLE_FIELDS,
  parseStoredSettings,
  SCANNER_DEFAULTS,
  scannerPanelRanges,
  settingsAsDraft,
} from './scanner-settings';

// spec 001 §5 arbitrage and middle detection inputs, §9 defaults
describe('scanner inputs', () => {
  it('has the spec defaults: scanner min profit 0.5, filter panel 2, max stake 100; middles 3, 15, 1000', () => {
    expect(SCANNER_DEFAULTS).toEqual({ minProfit: 0.5, maxStake: 100, minGap: 3, minProbability: 15, middleStake: 1000 });
    expect(FILTER_PANEL_DEFAULTS).toMatchObject({ minProfit: 2, maxStake: 100 });
  });

  it('takes a minimum profit of 0.1 to 50 in steps of 0.1 in the filter panel, 0.1 to 10 in the scanner panel', () => {
    const filter = FILTER_PANEL_RANGES.minProfit;
    expect(checkScannerInput('minProfit', '0.1', filter)).toEqual({ ok: true, value: 0.1 });
    expect(checkScannerInput('minProfit', '50', filter)).toEqual({ ok: true, value: 50 });
    expect(checkScannerInput('minProfit', '12.3', filter)).toEqual({ ok: true, value: 12.3 });
    expect(checkScannerInput('minProfit', '50.1', filter)).toEqual({ ok: false, message: 'Minimum profit must be between 0.1% and 50%' });
    expect(checkScannerInput('minProfit', '0', filter)).toEqual({ ok: false, message: 'Minimum profit must be between 0.1% and 50%' });
    expect(checkScannerInput('minProfit', '0.15', filter)).toEqual({ ok: false, message: 'Minimum profit must be in steps of 0.1%' });
    expect(checkScannerInput('minProfit', '12', scannerPanelRanges(1000).minProfit)).toEqual({
      ok: false,
      message: 'Minimum profit must be between 0.1% and 10%',
    });
  });

  it('takes a max stake of $10 to $10,000 in steps of $10 in the filter panel, $100 up to the bankroll in the scanner panel', () => {
    const filter = FILTER_PANEL_RANGES.maxStake;
    expect(checkScannerInput('maxStake', '10', filter)).toEqual({ ok: true, value: 10 });
    expect(checkScannerInput('maxStake', '10000', filter)).toEqual({ ok: true, value: 10_000 });
    expect(checkScannerInput('maxStake', '5', filter)).toEqual({ ok: false, message: 'Max stake must be between $10 and $10,000' });
    expect(checkScannerInput('maxStake', '10010', filter)).toEqual({ ok: false, message: 'Max stake must be between $10 and $10,000' });
    expect(checkScannerInput('maxStake', '105', filter)).toEqual({ ok: false, message: 'Max stake must be in steps of $10' });
    const scanner = scannerPanelRanges(2500).maxStake;
    expect(checkScannerInput('maxStake', '2500', scanner)).toEqual({ ok: true, value: 2500 });
    expect(checkScannerInput('maxStake', '2510', scanner)).toEqual({ ok: false, message: 'Max stake must be between $100 and $2,500' });
    expect(checkScannerInput('maxStake', '50', scanner)).toEqual({ ok: false, message: 'Max stake must be between $100 and $2,500' });
    // a bankroll under $100 still leaves $100 to choose
    expect(scannerPanelRanges(40).maxStake).toEqual({ min: 100, max: 100, step: 10 });
  });

  it('takes a middle gap of 0.5 to 20 in steps of 0.5 and a probability of 5 to 50 in steps of 1', () => {
    expect(checkScannerInput('minGap', '2.5', FILTER_PANEL_RANGES.minGap)).toEqual({ ok: true, value: 2.5 });
    expect(checkScannerInput('minGap', '2.7', FILTER_PANEL_RANGES.minGap)).toEqual({ ok: false, message: 'Minimum gap must be in steps of 0.5' });
    expect(checkScannerInput('minProbability', '51', FILTER_PANEL_RANGES.minProbability)).toEqual({
      ok: false,
      message: 'Minimum probability must be between 5% and 50%',
    });
  });

  it('refuses what is not a number', () => {
    for (const raw of ['', '  ', 'abc'])
      expect(checkScannerInput('maxStake', raw, FILTER_PANEL_RANGES.maxStake)).toEqual({ ok: false, message: 'Max stake must be a number' });
  });

  it('collects the messages of the fields a panel shows', () => {
    const draft = { ...settingsAsDraft(SCANNER_DEFAULTS), minProfit: '60', minGap: '0' };
    expect(draftErrors(draft, ARBITRAGE_FIELDS, FILTER_PANEL_RANGES)).toEqual({ minProfit: 'Minimum profit must be between 0.1% and 50%' });
    expect(draftErrors(draft, MIDDLE_FIELDS, FILTER_PANEL_RANGES)).toEqual({ minGap: 'Minimum gap must be between 0.5 and 20' });
    expect(draftErrors(settingsAsDraft(FILTER_PANEL_DEFAULTS), [...ARBITRAGE_FIELDS, ...MIDDLE_FIELDS], FILTER_PANEL_RANGES)).toEqual({});
  });

  it('reads stored settings field by field, defaults for what is missing or corrupt', () => {
    expect(parseStoredSettings(JSON.stringify({ minProfit: 3, maxStake: 'x' }))).toEqual({ ...SCANNER_DEFAULTS, minProfit: 3 });
    expect(() => parseStoredSettings('{')).toThrow();
  });
});

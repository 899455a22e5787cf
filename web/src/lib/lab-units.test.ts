import { afterEach, describe, expect, it, vi } from 'vitest';
import { displayUnit, readLabUnits, rememberLabUnits } from './lab-units.ts';

/** A browser's localStorage, or one that refuses every call (storage turned off). */
function stubWindow(options: { storageOff?: boolean } = {}) {
  const items = new Map<string, string>();
  const refuse = () => {
    throw new DOMException('storage is off', 'SecurityError');
  };
  vi.stubGlobal('window', {
    localStorage: {
      getItem: options.storageOff ? refuse : (key: string) => items.get(key) ?? null,
      setItem: options.storageOff ? refuse : (key: string, value: string) => void items.set(key, value),
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  return items;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('lab units', () => {
  it('start from the profile: SI for metric, conventional for US units', () => {
    stubWindow();
    expect(readLabUnits({ id: 'a', unitSystem: 'metric' })).toBe('si');
    expect(readLabUnits({ id: 'b', unitSystem: 'us' })).toBe('conventional');
  });

  it('the switch is remembered for that user only, and outlives the profile default', () => {
    const items = stubWindow();
    rememberLabUnits({ id: 'a', unitSystem: 'us' }, 'si');
    expect(readLabUnits({ id: 'a', unitSystem: 'us' })).toBe('si');
    expect(readLabUnits({ id: 'b', unitSystem: 'us' })).toBe('conventional');
    // A stored value that is not a unit system is ignored.
    items.set('stacklab:lab-units:b', 'metric');
    expect(readLabUnits({ id: 'b', unitSystem: 'us' })).toBe('conventional');
  });

  it('with storage off, the switch still holds for the life of the page', () => {
    stubWindow({ storageOff: true });
    expect(readLabUnits({ id: 'c', unitSystem: 'metric' })).toBe('si');
    rememberLabUnits({ id: 'c', unitSystem: 'metric' }, 'conventional');
    expect(readLabUnits({ id: 'c', unitSystem: 'metric' })).toBe('conventional');
  });
});

describe('units as people write them (decision 040)', () => {
  it.each([
    ['10*3/uL', '×10³/µL'],
    ['10*6/uL', '×10⁶/µL'],
    ['10*9/L', '×10⁹/L'],
    ['10*12/L', '×10¹²/L'],
    ['{ratio}', ''],
    ['{INR}', ''],
    ['{copies}/mL', 'copies/mL'],
    ['mL/min/{1.73_m2}', 'mL/min/1.73 m²'],
    ['ug/mL{FEU}', 'µg/mL FEU'],
    ['/100{WBC}', '/100 WBC'],
    ['u[IU]/mL', 'µIU/mL'],
    ['m[IU]/L', 'mIU/L'],
    ['[IU]/mL', 'IU/mL'],
    ['umol/L', 'µmol/L'],
    ['ug/dL', 'µg/dL'],
    ['mm[Hg]', 'mmHg'],
    ['mg/(24.h)', 'mg/24 h'],
    ['mg/dL', 'mg/dL'],
    ['U/L', 'U/L'],
    ['ng/mL', 'ng/mL'],
    ['g/L', 'g/L'],
    ['mmol/mol', 'mmol/mol'],
  ])('writes %s as %s', (unit, shown) => {
    expect(displayUnit(unit)).toBe(shown);
  });
});

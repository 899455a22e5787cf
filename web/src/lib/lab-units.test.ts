import { afterEach, describe, expect, it, vi } from 'vitest';
import { readLabUnits, rememberLabUnits } from './lab-units.ts';

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

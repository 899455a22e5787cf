import { useCallback, useSyncExternalStore } from 'react';
import { type ChartUnits, type PageUser, chartUnitsFor } from '#contract/page-data.ts';

/**
 * The unit system a user reads their labs in (product.md, Labs): the labs page's Conventional/SI
 * switch, remembered in this browser for this user; until they flip it, what their profile's unit
 * system suggests. The assistant is asked in the same units (`labUnits`, decision 027), so an
 * answer's numbers match the chart, today and after a reload.
 */
export type LabUnitsOwner = Pick<PageUser, 'unitSystem'> & { id: string };

const listeners = new Set<() => void>();
const storageKey = (userId: string) => `stacklab:lab-units:${userId}`;
/** The switch's choice for this page's life, for when storage is off. */
const memory = new Map<string, ChartUnits>();

export function readLabUnits(user: LabUnitsOwner): ChartUnits {
  try {
    const stored = window.localStorage.getItem(storageKey(user.id));
    if (stored === 'si' || stored === 'conventional') return stored;
  } catch {
    // Storage can be off (private windows, policies): this page's choice, else the profile's default.
  }
  return memory.get(user.id) ?? chartUnitsFor(user);
}

export function rememberLabUnits(user: LabUnitsOwner, units: ChartUnits): void {
  try {
    window.localStorage.setItem(storageKey(user.id), units);
  } catch {
    // Not remembered across reloads, but this page still follows the switch below.
  }
  memory.set(user.id, units);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab flipping the switch counts too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The user's lab units and a setter that remembers them; `undefined` units for a visitor. */
export function useLabUnits<U extends LabUnitsOwner | null>(user: U): [U extends null ? undefined : ChartUnits, (units: ChartUnits) => void] {
  const read = () => (user ? readLabUnits(user) : undefined);
  const units = useSyncExternalStore(subscribe, read, () => (user ? chartUnitsFor(user) : undefined));
  const id = user?.id;
  const unitSystem = user?.unitSystem;
  const set = useCallback(
    (next: ChartUnits) => {
      if (id && unitSystem) rememberLabUnits({ id, unitSystem }, next);
    },
    [id, unitSystem],
  );
  return [units as U extends null ? undefined : ChartUnits, set];
}

const SUPERSCRIPT: Record<string, string> = { '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹', '-': '⁻' };
const superscript = (digits: string) => [...digits].map((digit) => SUPERSCRIPT[digit] ?? digit).join('');

/**
 * A UCUM-style unit as people write it (decision 040): "10*3/uL" is "×10³/µL", "u[IU]/mL" is
 * "µIU/mL", "mm[Hg]" is "mmHg"; an annotation alone ("{ratio}", "{INR}") is no unit at all, and
 * one inside a unit keeps its word ("{copies}/mL" is "copies/mL", "mL/min/{1.73_m2}" is
 * "mL/min/1.73 m²"). Units already written for people pass through unchanged.
 */
export function displayUnit(unit: string): string {
  const trimmed = unit.trim();
  if (/^\{[^}]*\}$/.test(trimmed)) return '';
  return trimmed
    .replace(/(\S)\{([^}]*)\}/g, (_match, before: string, word: string) => `${before}${before === '/' ? '' : ' '}${word}`)
    .replace(/\{([^}]*)\}/g, '$1')
    .replace(/_/g, ' ')
    .replace(/(\d)\s?m2\b/g, '$1 m²')
    .replace(/^10\*(-?\d+)/, (_match, power: string) => `×10${superscript(power)}`)
    .replace(/\^(-?\d+)/g, (_match, power: string) => superscript(power))
    .replace(/(^|[/(\s])u(?=(L|mL|g|mol|[[]|IU|U\b))/g, '$1µ')
    .replace(/\[([^\]]*)\]/g, '$1')
    .replace(/\((\d+)\.h\)/, '$1 h');
}

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

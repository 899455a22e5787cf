import { describe, expect, it } from 'vitest';
import { routesFor, type Screen, type SessionState } from '#contract/routes.ts';

/** The screens the app draws itself, without a page of their own (app-routes.tsx). */
const WITHOUT_A_PAGE: Screen[] = ['loading', 'not-found', 'signed-in-redirect'];

const states: SessionState[] = [{ status: 'loading' }, { status: 'signed-out' }, { status: 'signed-in', isAdmin: false }, { status: 'signed-in', isAdmin: true }];

describe('pages and the route table (app-routes.tsx finds a screen\'s page by its file name)', () => {
  // The same lookup as the app's: a screen whose file is missing would show the 404 screen instead.
  const files = Object.keys(import.meta.glob('./routes/*.tsx')).map((file) => file.slice('./routes/'.length, -'.tsx'.length));
  const screens = [...new Set(states.flatMap((state) => routesFor(state).map((route) => route.screen)))].filter((screen) => !WITHOUT_A_PAGE.includes(screen));

  it('gives every screen of the table its file in routes/', () => {
    expect(screens.filter((screen) => !files.includes(screen))).toEqual([]);
  });

  it('has no file in routes/ that no route shows (a page\'s parts go in routes/parts/ or its feature)', () => {
    expect(files.filter((file) => !(screens as string[]).includes(file))).toEqual([]);
  });
});

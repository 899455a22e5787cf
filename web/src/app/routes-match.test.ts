import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchRoute, resolveScreen, routesFor, type SessionState } from '#contract/routes.ts';

const loading: SessionState = { status: 'loading' };
const signedOut: SessionState = { status: 'signed-out' };
const member: SessionState = { status: 'signed-in', isAdmin: false };
const admin: SessionState = { status: 'signed-in', isAdmin: true };

describe('route table (contract/routes.ts)', () => {
  it('serves public content in every state, before anything else', () => {
    for (const state of [loading, signedOut, member, admin]) {
      expect(resolveScreen('/terms-of-service', state)).toBe('terms');
      expect(resolveScreen('/privacy-policy', state)).toBe('privacy');
      expect(resolveScreen('/privacy', state)).toBe('privacy');
      expect(resolveScreen('/about', state)).toBe('about');
      expect(resolveScreen('/learn', state)).toBe('learn');
      expect(resolveScreen('/learn/vitamin-d', state)).toBe('learn-post');
      expect(resolveScreen('/ask', state)).toBe('ask');
      expect(resolveScreen('/contact', state)).toBe('contact');
      expect(resolveScreen('/research', state)).toBe('research');
      expect(resolveScreen('/research/omega-3', state)).toBe('research-post');
    }
  });

  it('shows a spinner for everything else while the session loads, admin routes included', () => {
    expect(resolveScreen('/', loading)).toBe('loading');
    expect(resolveScreen('/profile', loading)).toBe('loading');
    expect(resolveScreen('/admin', loading)).toBe('loading');
    expect(resolveScreen('/admin/users', loading)).toBe('loading');
  });

  it('gives a signed-out visitor the landing page for any unknown path', () => {
    expect(resolveScreen('/', signedOut)).toBe('landing');
    expect(resolveScreen('/profile', signedOut)).toBe('landing');
    expect(resolveScreen('/dashboard', signedOut)).toBe('landing');
    expect(resolveScreen('/admin', signedOut)).toBe('landing');
    expect(resolveScreen('/no/such/page', signedOut)).toBe('landing');
  });

  it('gives a signed-out visitor the auth and plan screens', () => {
    expect(resolveScreen('/auth', signedOut)).toBe('auth');
    expect(resolveScreen('/signup', signedOut)).toBe('signup');
    expect(resolveScreen('/forgot-password', signedOut)).toBe('forgot-password');
    expect(resolveScreen('/verify-email', signedOut)).toBe('verify-email');
    expect(resolveScreen('/reset-password', signedOut)).toBe('reset-password');
    expect(resolveScreen('/subscription', signedOut)).toBe('subscription');
    expect(resolveScreen('/subscription-page', signedOut)).toBe('subscription');
    expect(resolveScreen('/payment-success', signedOut)).toBe('payment-success');
  });

  it('gives a signed-in user the app and a 404 elsewhere', () => {
    expect(resolveScreen('/', member)).toBe('dashboard');
    expect(resolveScreen('/dashboard', member)).toBe('dashboard');
    expect(resolveScreen('/subscription', member)).toBe('subscription');
    expect(resolveScreen('/subscription-page', member)).toBe('subscription');
    expect(resolveScreen('/payment-success', member)).toBe('payment-success');
    expect(resolveScreen('/profile', member)).toBe('profile');
    expect(resolveScreen('/health-stats', member)).toBe('health-stats');
    expect(resolveScreen('/insights', member)).toBe('insights');
    expect(resolveScreen('/supplement-history', member)).toBe('supplement-history');
    expect(resolveScreen('/labs', member)).toBe('labs');
    expect(resolveScreen('/labs/biomarkers/vitamin-d', member)).toBe('biomarker');
    expect(resolveScreen('/no/such/page', member)).toBe('not-found');
    expect(resolveScreen('/auth', member)).toBe('signed-in-redirect');
  });

  it('hides admin routes behind the 404 screen unless the user is an admin', () => {
    for (const path of ['/admin', '/admin/supplements', '/admin/users', '/admin/blog']) {
      expect(resolveScreen(path, member)).toBe('not-found');
    }
    expect(resolveScreen('/admin', admin)).toBe('admin');
    expect(resolveScreen('/admin/supplements', admin)).toBe('admin-supplements');
    expect(resolveScreen('/admin/users', admin)).toBe('admin-users');
    expect(resolveScreen('/admin/blog', admin)).toBe('admin-blog');
    expect(resolveScreen('/admin/other', admin)).toBe('not-found');
  });

  it('opens a share link in every state, outside the app layout', () => {
    for (const state of [loading, signedOut, member, admin]) {
      expect(resolveScreen('/share/abc123', state)).toBe('share');
    }
    expect(resolveScreen('/share', member)).toBe('not-found');
  });
});

describe('matchRoute', () => {
  it("gives the route's parameters as the router does, decoded", () => {
    expect(matchRoute('/labs/biomarkers/vitamin-d', member)).toEqual({ screen: 'biomarker', params: { biomarker: 'vitamin-d' } });
    expect(matchRoute('/labs/biomarkers/own%3Aabc', member)).toEqual({ screen: 'biomarker', params: { biomarker: 'own:abc' } });
    expect(matchRoute('/labs/biomarkers/vitamin-d', signedOut)).toEqual({ screen: 'landing', params: {} });
    expect(matchRoute('/no/such/page', member)).toEqual({ screen: 'not-found', params: {} });
  });
});

describe('resolveScreen and the router', () => {
  // The server picks a page's code by resolveScreen; the browser shows what React Router matches.
  const states = [loading, signedOut, member, admin];
  const paths = [
    ...new Set(states.flatMap((state) => routesFor(state).map((route) => route.path.replace(/:\w+/g, 'some-slug')))),
    '/',
    '/Learn/Vitamin-D',
    '/labs/',
    '/admin/users/extra',
    '/share',
    '/share/a/b',
    '/no/such/page',
  ].filter((path) => path !== '*');

  it('agree on every route of every session state', () => {
    for (const state of states) {
      const routes = routesFor(state);
      for (const path of paths) {
        const matched = matchRoutes(routes.map((route) => ({ path: route.path })), path)?.[0]?.route.path;
        const byRouter = routes.find((route) => route.path === matched)?.screen ?? 'not-found';
        expect(resolveScreen(path, state), `${path} (${state.status})`).toBe(byRouter);
      }
    }
  });
});

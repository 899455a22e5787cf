import { describe, expect, it } from 'vitest';
import { displayNameFor, initialsFor } from './initials.ts';

describe('initialsFor', () => {
  it('uses the first letters of the first and last words of the name', () => {
    expect(initialsFor({ name: 'Jane Doe', username: 'jdoe' })).toBe('JD');
    expect(initialsFor({ name: 'mary ann van dyke', username: 'mary' })).toBe('MD');
  });

  it('uses one letter for a one-word name', () => {
    expect(initialsFor({ name: 'Cher', username: 'cher99' })).toBe('C');
  });

  it('ignores surrounding and repeated spaces', () => {
    expect(initialsFor({ name: '  Ada   Lovelace ', username: 'ada' })).toBe('AL');
  });

  it('falls back to the first two letters of the username when there is no name', () => {
    expect(initialsFor({ name: null, username: 'alice' })).toBe('AL');
    expect(initialsFor({ name: '   ', username: 'bob_smith' })).toBe('BO');
    expect(initialsFor({ name: '', username: 'x' })).toBe('X');
  });

  it('keeps letters outside the basic plane whole', () => {
    expect(initialsFor({ name: '𝒜lpha Beta', username: 'ab' })).toBe('𝒜B');
  });
});

describe('displayNameFor', () => {
  it('prefers the name, else the username', () => {
    expect(displayNameFor({ name: 'Jane Doe', username: 'jdoe' })).toBe('Jane Doe');
    expect(displayNameFor({ name: null, username: 'jdoe' })).toBe('jdoe');
    expect(displayNameFor({ name: ' ', username: 'jdoe' })).toBe('jdoe');
  });
});

import { describe, expect, it } from 'vitest';
import { headerInitials, profileInitials } from './initials';

describe('profileInitials', () => {
  it.each([
    [{ firstName: 'ana', lastName: 'Lima', email: 'x@example.com' }, 'AL'],
    [{ firstName: '  Bo ', lastName: ' chen', email: null }, 'BC'],
    [{ firstName: 'Ana', lastName: '', email: 'zoe@example.com' }, 'Z'],
    [{ firstName: 'Ana', lastName: null, email: 'zoe@example.com' }, 'Z'],
    [{ firstName: '   ', lastName: 'Lima', email: 'zoe@example.com' }, 'Z'],
    [{ email: 'zoe@example.com' }, 'Z'],
    [{ firstName: 'Ana', email: '' }, 'U'],
    [{}, 'U'],
    [null, 'U'],
    [undefined, 'U'],
  ])('%o → %s', (user, expected) => {
    expect(profileInitials(user)).toBe(expected);
  });
});

describe('headerInitials', () => {
  it.each([
    [{ firstName: 'ana', lastName: 'lima' }, 'AL'],
    [{ firstName: 'Ana', lastName: null }, 'A'],
    [{ firstName: '', lastName: 'Lima' }, 'L'],
    [{ firstName: ' ', lastName: ' ', email: 'zoe@example.com' }, 'NS'],
    [null, 'NS'],
  ])('%o → %s', (user, expected) => {
    expect(headerInitials(user)).toBe(expected);
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('lets a later class override its own (a link that is hidden on phones)', () => {
    render(<Button className="hidden px-2 md:inline-flex">Sign In</Button>);
    const classes = screen.getByRole('button').className.split(' ');
    expect(classes).toContain('hidden');
    expect(classes).toContain('md:inline-flex');
    expect(classes).toContain('px-2');
    expect(classes).not.toContain('inline-flex');
    expect(classes).not.toContain('px-4');
  });

  it('asChild: the child element gets the button’s props, keeping its own', async () => {
    const calls: string[] = [];
    const buttonRef = createRef<HTMLAnchorElement>();
    const linkRef = createRef<HTMLAnchorElement>();
    render(
      <Button
        asChild
        size="lg"
        className="w-full"
        style={{ color: 'red', margin: 1 }}
        onClick={() => calls.push('button')}
        ref={buttonRef as never}
      >
        <a
          href="/auth"
          className="underline"
          style={{ margin: 2 }}
          onClick={(event) => {
            event.preventDefault();
            calls.push('link');
          }}
          ref={linkRef}
        >
          Sign In
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Sign In' });
    expect(screen.queryByRole('button')).toBeNull();
    expect(link.getAttribute('href')).toBe('/auth');
    expect(link.getAttribute('data-slot')).toBe('button');
    expect(link.className).toMatch(/^inline-flex .* h-10 px-8 w-full underline$/);
    expect(link.style.color).toBe('red');
    expect(link.style.margin).toBe('2px');
    await userEvent.click(link);
    expect(calls).toEqual(['link', 'button']);
    expect(buttonRef.current).toBe(link);
    expect(linkRef.current).toBe(link);
  });
});

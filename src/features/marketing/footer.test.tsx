// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Footer } from './footer';

describe('Footer', () => {
  it('keeps the cookie policy collapsed until its toggle is pressed', async () => {
    render(<Footer />);
    const toggle = screen.getByRole('button', { name: /Cookie Policy/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('article', { name: 'Cookie Policy' })).toBeNull();

    await userEvent.setup().click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const policy = screen.getByRole('article', { name: 'Cookie Policy' });
    expect(policy.textContent).toContain('June 20, 2025');
  });

  it('covers every part of the cookie policy, with a contact address', async () => {
    render(<Footer />);
    await userEvent.setup().click(screen.getByRole('button', { name: /Cookie Policy/ }));
    const policy = screen.getByRole('article', { name: 'Cookie Policy' });
    const headings = within(policy)
      .getAllByRole('heading')
      .map((heading) => heading.textContent);

    expect(headings).toEqual([
      'What are cookies?',
      'First-party and third-party cookies',
      'Why do we use cookies?',
      'How can I control cookies?',
      'How can I control cookies in my browser?',
      'Opting out of interest-based advertising',
      'What about other tracking technologies, like web beacons?',
      'Do you use Flash cookies or Local Shared Objects?',
      'Do you serve targeted advertising?',
      'How often will you update this Cookie Policy?',
      'Where can I get further information?',
    ]);
    expect(policy.textContent).toContain('Cookie Consent Manager');
    expect(policy.textContent).toContain('Essential cookies cannot be rejected');
    expect(within(policy).getByRole('link', { name: 'Digital Advertising Alliance' }).getAttribute('href')).toMatch(
      /^https:\/\//,
    );
    expect(within(policy).getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
  });

  it('shows the copyright line for the current year and the registration line', () => {
    render(<Footer />);
    expect(screen.getByText(`© ${new Date().getFullYear()} Chloe. All rights reserved.`)).toBeTruthy();
    expect(screen.getByText(/Registered in England and Wales/)).toBeTruthy();
  });
});

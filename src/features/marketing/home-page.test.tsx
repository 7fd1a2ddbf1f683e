// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createRoute } from '@tanstack/react-router';
import type { ComponentProps } from 'react';
import { renderRoutes } from '../../testing/render-routes';
import { HomePage } from './home-page';

function renderHome(props: Partial<ComponentProps<typeof HomePage>> = {}) {
  return renderRoutes('/', (root) => [
    createRoute({
      getParentRoute: () => root,
      path: '/',
      component: () => (
        <HomePage
          voice={(caption) => (
            <div>
              <button type="button">Talk to Chloe</button>
              {caption}
            </div>
          )}
          {...props}
        />
      ),
    }),
  ]);
}

describe('HomePage', () => {
  it('has one h1, the voice button under it and its caption', async () => {
    renderHome();
    const headline = await screen.findByRole('heading', { level: 1 });
    expect(headline.textContent).toBe('Meet Chloe, your AI property assistant');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(/saves up to 80% of the time/)).toBeTruthy();

    const voice = screen.getByRole('button', { name: 'Talk to Chloe' });
    const caption = screen.getByText('Click above to talk with Chloe, your AI property assistant');
    expect(headline.compareDocumentPosition(voice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(voice.compareDocumentPosition(caption) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('links Co-Founder to /shareholder and Hire Chloe to /professional-signup', async () => {
    renderHome();
    expect((await screen.findByRole('link', { name: 'Co-Founder' })).getAttribute('href')).toBe('/shareholder');
    expect(screen.getByRole('link', { name: 'Hire Chloe for Your Business' }).getAttribute('href')).toBe(
      '/professional-signup',
    );
  });

  it('compares life before and with Chloe in two named lists', async () => {
    renderHome();
    const before = await screen.findByRole('list', { name: 'Before Chloe' });
    const after = screen.getByRole('list', { name: 'With Chloe' });
    expect(within(before).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
    expect(within(after).getByText('Every call answered 24/7')).toBeTruthy();
  });

  it('has a section for agents, movers, lawyers and brokers, each with 3–4 benefits', async () => {
    renderHome();
    for (const name of ['For estate agents', 'For movers', 'For solicitors and conveyancers', 'For mortgage brokers']) {
      const section = await screen.findByRole('region', { name });
      const benefits = within(section).getAllByRole('listitem');
      expect(benefits.length).toBeGreaterThanOrEqual(3);
      expect(benefits.length).toBeLessThanOrEqual(4);
    }
  });

  it('covers chain-break protection, the channels, and closes with sharing and investing', async () => {
    renderHome();
    const chain = await screen.findByRole('region', { name: 'Chain-break protection' });
    expect(chain.textContent).toContain('Monitors property chains in real time');
    expect(chain.textContent).toContain('bridging finance');
    const channels = screen.getByRole('region', { name: 'Talk to Chloe your way' });
    for (const channel of ['Voice', 'Text', 'Email', 'WhatsApp', 'Browser']) {
      expect(within(channels).getByRole('heading', { level: 3, name: channel })).toBeTruthy();
    }
    expect(channels.textContent).toContain('32 languages');
    expect(screen.getByText(/Share this demo with your team/)).toBeTruthy();
    expect(screen.getByText(/how to become a founding member and investor/)).toBeTruthy();
  });

  it('orders its headings: h2 per section, h3 inside, none skipped', async () => {
    renderHome();
    await screen.findByRole('heading', { level: 1 });
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    levels.forEach((level, i) => {
      if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1]! + 1);
    });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Moving, before and with Chloe',
      'One assistant for everyone in the move',
      'Chain-break protection',
      'Talk to Chloe your way',
      'A custom AI assistant for your business',
    ]);
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('shows the header and the action only when given', async () => {
    const { unmount } = renderHome();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    unmount();

    renderHome({
      header: <header>Signed-in header</header>,
      action: <a href="/auth">Sign In</a>,
    });
    expect((await screen.findByRole('banner')).textContent).toBe('Signed-in header');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
  });
});

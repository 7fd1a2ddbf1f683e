// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createRoute } from '@tanstack/react-router';
import { PERSONAS } from '../../../lib/personas';
import { renderRoutes } from '../../../testing/render-routes';
import { DemoPage } from './demo-page';
import { DEMO_PAGES, type DemoPageData } from './demo-pages';

function renderDemo(page: DemoPageData) {
  return renderRoutes('/demo-page', (root) => [
    createRoute({ getParentRoute: () => root, path: '/', component: () => <p>Home</p> }),
    createRoute({
      getParentRoute: () => root,
      path: '/demo-page',
      component: () => (
        <DemoPage
          page={page}
          voice={(caption) => (
            <div>
              <button type="button">Talk to {PERSONAS[page.persona].name}</button>
              {caption}
            </div>
          )}
        />
      ),
    }),
  ]);
}

const haus = DEMO_PAGES['/demo/haus&haus'];
const oval = DEMO_PAGES['/demo/oval-real-estate'];

describe('DemoPage', () => {
  it('has one h1 with the headline, the sub-headline, then the persona’s voice button and its caption', async () => {
    renderDemo(haus);
    const headline = await screen.findByRole('heading', { level: 1 });
    expect(headline.textContent).toBe('Meet Sarah, the AI assistant for Haus & Haus');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(haus.subheadline)).toBeTruthy();
    const voice = screen.getByRole('button', { name: 'Talk to Sarah' });
    const caption = screen.getByText('Click above to talk with Sarah, the AI assistant for Haus & Haus');
    expect(headline.compareDocumentPosition(voice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(voice.compareDocumentPosition(caption) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has a header with Back to Home to /', async () => {
    renderDemo(haus);
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('shows the phone badge: the grouped number, dialled as tel:+44, with the tooltip Call Sarah directly', async () => {
    renderDemo(haus);
    const call = await screen.findByRole('link', { name: /Call Sarah directly/ });
    expect(call.getAttribute('href')).toBe('tel:+442079460211');
    expect(call.textContent).toBe('020 7946 0211');
    expect(call.getAttribute('title')).toBe('Call Sarah directly');
    expect(call.getAttribute('aria-label')).toBe('Call Sarah directly: 020 7946 0211');
    // A phone-call page features the call in the hero, under the voice button.
    expect(within(screen.getByRole('main')).getByRole('link', { name: /Call Sarah directly/ })).toBe(call);
    expect(screen.queryByRole('list', { name: 'Sarah answers by' })).toBeNull();
  });

  it('on a channel-grid page: the channels in the hero, the phone badge in the header', async () => {
    renderDemo(oval);
    const call = within(await screen.findByRole('banner')).getByRole('link', { name: /Call Archer directly/ });
    expect(call.getAttribute('href')).toBe('tel:+442079460312');
    expect(call.textContent).toBe('020 7946 0312');
    expect(call.getAttribute('title')).toBe('Call Archer directly');
    expect(screen.getAllByRole('link', { name: /directly/ })).toHaveLength(1);
    const grid = screen.getByRole('list', { name: 'Archer answers by' });
    expect(
      within(grid)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Voice Calls', 'Email', 'SMS & Text', 'Web Browser']);
  });

  it('has the handwritten note that the demo is available for 7 days, and an intro card', async () => {
    renderDemo(haus);
    expect(await screen.findByText(/This demo is available for 7 days/)).toBeTruthy();
    const intro = screen.getByRole('region', { name: haus.intro.title });
    expect(within(intro).getByText(haus.intro.text)).toBeTruthy();
  });

  it('has the four channel tiles and eight feature cards, each with its own heading', async () => {
    renderDemo(haus);
    const channels = await screen.findByRole('region', { name: 'Sarah answers on every channel' });
    expect(
      within(channels)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Voice Calls', 'Email', 'SMS & Text', 'Web Browser']);
    expect(within(channels).getAllByRole('listitem')).toHaveLength(4);
    const features = screen.getByRole('region', { name: 'What Sarah does for Haus & Haus' });
    expect(within(features).getAllByRole('listitem')).toHaveLength(8);
    expect(within(features).getAllByRole('heading', { level: 3 })).toHaveLength(8);
    expect(within(features).getByRole('heading', { name: '32 languages' })).toBeTruthy();
  });

  it('closes with a call to action, and embeds the voice widget tied to the persona’s agent', async () => {
    const { container } = renderDemo(oval);
    const closing = await screen.findByRole('region', { name: oval.closing.title });
    expect(within(closing).getByText(oval.closing.text)).toBeTruthy();
    expect(within(closing).getByRole('link', { name: 'Get Archer for Oval Real Estate' }).getAttribute('href')).toBe(
      '/professional-signup',
    );
    const widgets = container.querySelectorAll('elevenlabs-convai');
    expect(widgets).toHaveLength(1);
    expect(widgets[0]!.getAttribute('agent-id')).toBe(PERSONAS.archer.agentId);
    expect(PERSONAS.archer.agentId).not.toBe(PERSONAS.sarah.agentId);
  });
});

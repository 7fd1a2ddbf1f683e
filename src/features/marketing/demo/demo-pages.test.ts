import { describe, expect, it } from 'vitest';
import { CHLOE_PHONE } from '../../../lib/company';
import { PERSONA_BY_PATH, PERSONAS, personaForPath } from '../../../lib/personas';
import { formatUkPhone } from '../../../lib/phone';
import { demoPageAt } from './demo-page-at';
import { DEMO_CHANNELS, DEMO_FEATURES, DEMO_NOTE, DEMO_PAGES } from './demo-pages';

const pages = Object.values(DEMO_PAGES);

describe('DEMO_PAGES', () => {
  it('has exactly the demo and agent landing pages of the route table, each under its own path', () => {
    expect(Object.keys(DEMO_PAGES).sort()).toEqual(
      [
        '/demo/haus&haus',
        '/demo/oval-real-estate',
        '/demo/london-nightly',
        '/demo-hawes-co',
        '/demo-yopa',
        '/cornerstone-estate-agents',
        '/we-can-properties',
        '/winkworths',
      ].sort(),
    );
    for (const [path, page] of Object.entries(DEMO_PAGES)) expect(page.path).toBe(path);
    const agentPages = pages.filter((page) => page.kind === 'agent').map((page) => page.path);
    expect(agentPages.sort()).toEqual(['/cornerstone-estate-agents', '/we-can-properties', '/winkworths']);
  });

  it('agrees with PERSONA_BY_PATH both ways (Norman aside), and talks to the persona’s agent', () => {
    const table = Object.entries(PERSONA_BY_PATH).filter(([path]) => path !== '/norman');
    expect(table).toHaveLength(pages.length);
    for (const [path, persona] of table) {
      expect(demoPageAt(path)?.persona, path).toBe(persona);
    }
    for (const page of pages) {
      expect(PERSONA_BY_PATH[page.path], page.path).toBe(page.persona);
      expect(personaForPath(page.path).id).toBe(page.persona);
      expect(personaForPath(encodeURI(page.path).replace('&', '%26')).id).toBe(page.persona);
      expect(page.agentId).toBe(PERSONAS[page.persona].agentId);
    }
  });

  it('names the documented prospects and personas', () => {
    const who = Object.fromEntries(
      pages.map((page) => [page.path, `${PERSONAS[page.persona].name} for ${page.prospect}`]),
    );
    expect(who).toEqual({
      '/demo/haus&haus': 'Sarah for Haus & Haus',
      '/demo/oval-real-estate': 'Archer for Oval Real Estate',
      '/demo/london-nightly': 'Joanne for London Nightly',
      '/demo-hawes-co': 'Sarah for Hawes & Co',
      '/demo-yopa': 'Kerry for YOPA',
      '/cornerstone-estate-agents': 'Sarah for Cornerstone Estate Agents',
      '/we-can-properties': 'Sandra for We Can Properties',
      '/winkworths': 'Sarah for Winkworths',
    });
  });

  it('gives each page its own made-up number in Ofcom’s drama range (020 7946 0xxx), not Chloe’s line', () => {
    for (const page of pages) {
      expect(page.phone, page.path).toMatch(/^02079460\d{3}$/);
      expect(formatUkPhone(page.phone)).toMatch(/^020 7946 0\d{3}$/);
    }
    const numbers = [...pages.map((page) => page.phone), CHLOE_PHONE];
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('fills every field, and features the phone-call button on some pages and a channel grid on others', () => {
    for (const page of pages) {
      for (const text of [
        page.prospect,
        page.headline,
        page.subheadline,
        page.intro.title,
        page.intro.text,
        page.closing.title,
        page.closing.text,
        page.agentId,
      ]) {
        expect(text.trim().length, page.path).toBeGreaterThan(1);
      }
      expect(page.headline).toContain(PERSONAS[page.persona].name);
      expect(page.headline).toContain(page.prospect);
    }
    expect(new Set(pages.map((page) => page.hero))).toEqual(new Set(['phone', 'channels']));
  });

  it('has the four channel tiles, eight feature cards and the 7-day note', () => {
    expect(DEMO_CHANNELS.map((channel) => channel.title)).toEqual([
      'Voice Calls',
      'Email',
      'SMS & Text',
      'Web Browser',
    ]);
    expect(DEMO_FEATURES).toHaveLength(8);
    expect(new Set(DEMO_FEATURES.map((feature) => feature.title)).size).toBe(8);
    for (const feature of DEMO_FEATURES) expect(feature.text.length).toBeGreaterThan(10);
    expect(DEMO_NOTE).toContain('available for 7 days');
  });
});

describe('demoPageAt', () => {
  it('finds a page by its path written either way, in any case, with a trailing slash', () => {
    const haus = DEMO_PAGES['/demo/haus&haus'];
    expect(demoPageAt('/demo/haus&haus')).toBe(haus);
    expect(demoPageAt('/demo/haus%26haus')).toBe(haus);
    expect(demoPageAt('/demo/Haus&Haus/')).toBe(haus);
    expect(demoPageAt('/winkworths')).toBe(DEMO_PAGES['/winkworths']);
  });

  it('finds nothing for any other path: the 404 page', () => {
    for (const path of [
      '/demo/nope',
      '/demo',
      '/demo/haus',
      '/norman',
      '/',
      '/demo/%E0%A4%A',
      '/toString',
      '/__proto__',
    ]) {
      expect(demoPageAt(path), path).toBeUndefined();
    }
  });
});

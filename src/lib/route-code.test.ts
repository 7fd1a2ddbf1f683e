// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { matchesRoute, preloadRouteCode, ROUTE_CODE_META, routeFilePath } from './route-code';

describe("a route file's address", () => {
  it('follows TanStack Router file naming', () => {
    expect(routeFilePath('_authenticated/saved-properties')).toBe('/saved-properties');
    expect(routeFilePath('_authenticated/shareholder/dashboard')).toBe('/shareholder/dashboard');
    expect(routeFilePath('auth_.reset')).toBe('/auth/reset');
    expect(routeFilePath('demo/$slug')).toBe('/demo/$slug');
    expect(routeFilePath('shareholder/index')).toBe('/shareholder');
    expect(routeFilePath('index')).toBe('/');
  });

  it('is none for a layout or the root', () => {
    expect(routeFilePath('_authenticated')).toBeNull();
    expect(routeFilePath('__root')).toBeNull();
  });

  it('is, for every route file, the address TanStack’s own generator gave it (src/generated/route-tree.gen.ts)', () => {
    const generated = readFileSync(path.resolve(import.meta.dirname, '../generated/route-tree.gen.ts'), 'utf8');
    const files = new Map(
      [...generated.matchAll(/^import \{ Route as (\w+) \} from '\.\/\.\.\/routes\/(.+)'$/gm)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    );
    const routes = [...generated.matchAll(/path: '(.*)'\n\s+fullPath: '(.*)'\n\s+preLoaderRoute: typeof (\w+)/g)].map(
      ([, own, full, name]) => ({ file: files.get(name!)!, own: own!, full: full! }),
    );
    expect(routes.length).toBe(files.size - 1); // every file but the root
    for (const { file, own, full } of routes) {
      // A layout adds no segment of its own: no address.
      const expected = own === '' ? null : full.length > 1 ? full.replace(/\/$/, '') : full;
      expect(routeFilePath(file), file).toBe(expected);
    }
  });
});

describe('matching an address to a route', () => {
  it('takes any one segment for a parameter, and a trailing slash', () => {
    expect(matchesRoute('/saved-properties', '/saved-properties')).toBe(true);
    expect(matchesRoute('/saved-properties', '/saved-properties/')).toBe(true);
    expect(matchesRoute('/demo/$slug', '/demo/haus')).toBe(true);
    expect(matchesRoute('/demo/$slug', '/demo')).toBe(false);
    expect(matchesRoute('/demo/$slug', '/demo/haus/more')).toBe(false);
    expect(matchesRoute('/account', '/saved-properties')).toBe(false);
  });
});

describe("preloading the opened route's code", () => {
  const routes = [
    { path: '/saved-properties', files: ['/assets/saved-properties-a.js', '/assets/card-b.js'] },
    { path: '/account', files: ['/assets/account-c.js', '/assets/card-b.js'] },
  ];
  const shell = (content: string) => {
    const meta = document.createElement('meta');
    meta.name = ROUTE_CODE_META;
    meta.content = content;
    document.head.append(meta);
  };
  const preloaded = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
      l.getAttribute('href'),
    );

  afterEach(() => document.head.replaceChildren());

  it('links the files of the page opened, and only those, once each', () => {
    shell(JSON.stringify(routes));
    const existing = document.createElement('link');
    existing.rel = 'modulepreload';
    existing.href = '/assets/card-b.js';
    document.head.append(existing);
    preloadRouteCode('/saved-properties');
    expect(preloaded()).toEqual(['/assets/card-b.js', '/assets/saved-properties-a.js']);
    const link = document.head.querySelector<HTMLLinkElement>('link[href="/assets/saved-properties-a.js"]')!;
    expect(link.crossOrigin).toBe('');
  });

  it('links nothing for an address no route lists, a page without the list, or a list it cannot read', () => {
    preloadRouteCode('/saved-properties');
    shell('{not json');
    preloadRouteCode('/saved-properties');
    document.head.replaceChildren();
    shell(JSON.stringify(routes));
    preloadRouteCode('/nowhere');
    expect(preloaded()).toEqual([]);
  });
});

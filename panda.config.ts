import { defineConfig } from '@pandacss/dev';

// Design tokens for Chloe. Raw values live in `tokens`; components use the `semanticTokens`
// (bg, fg, border, primary, danger, ...) so a later dark theme only touches this file.
export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: ['./src/**/*.test.{ts,tsx}'],
  jsxFramework: 'react',
  outdir: 'styled-system',
  // Problems only: a build (and `npm start`) prints no timing notes.
  logLevel: 'warn',
  globalCss: {
    'html, body': {
      bg: 'bg',
      color: 'fg',
      fontFamily: 'body',
      lineHeight: '1.5',
      WebkitFontSmoothing: 'antialiased',
      // What people type may be one long word (a 200-character name, a pasted link): it breaks
      // where it must instead of widening the page. 'anywhere', not 'break-word', so a
      // flex or grid item can shrink below the word's width.
      overflowWrap: 'anywhere',
    },
    // The preflight gives these 'break-word', which does not narrow a grid track or flex item.
    'p, h1, h2, h3, h4, h5, h6, li, dd, dt, td, th, label, legend, blockquote, figcaption': {
      overflowWrap: 'anywhere',
    },
    '#root': { minHeight: '100dvh', display: 'flex', flexDirection: 'column' },
    ':focus-visible': { outline: '2px solid token(colors.focusRing)', outlineOffset: '2px' },
  },
  // `extend` keeps Panda's preset scales (font sizes, sizes, weights, ...) and adds ours on top.
  theme: {
    extend: {
      // Widths under 768 px are mobile (docs/product/screens.md#layout): `md` is the first that is not.
      breakpoints: { sm: '480px', md: '768px', lg: '1024px', xl: '1280px' },
      tokens: {
        colors: {
          white: { value: '#ffffff' },
          black: { value: '#0b0b12' },
          brand: {
            50: { value: '#f3f1ff' },
            100: { value: '#e9e5ff' },
            200: { value: '#d5ceff' },
            300: { value: '#b5a6ff' },
            400: { value: '#9175ff' },
            500: { value: '#7045fb' },
            600: { value: '#6128ee' },
            700: { value: '#5219d4' },
            800: { value: '#4416ad' },
            900: { value: '#39158c' },
          },
          accent: {
            300: { value: '#f9a8d4' },
            500: { value: '#ec4899' },
            700: { value: '#be185d' },
          },
          gray: {
            50: { value: '#f8f8fb' },
            100: { value: '#f0f0f5' },
            200: { value: '#e3e3ec' },
            300: { value: '#cbcbd8' },
            400: { value: '#9d9db0' },
            500: { value: '#6e6e84' },
            600: { value: '#545468' },
            700: { value: '#3e3e4f' },
            800: { value: '#27273a' },
            900: { value: '#17172a' },
          },
          red: {
            50: { value: '#fef2f2' },
            200: { value: '#fecaca' },
            600: { value: '#dc2626' },
            700: { value: '#b91c1c' },
          },
          green: {
            50: { value: '#f0fdf4' },
            200: { value: '#bbf7d0' },
            600: { value: '#16a34a' },
            700: { value: '#15803d' },
            800: { value: '#166534' },
          },
          yellow: {
            50: { value: '#fefce8' },
            200: { value: '#fef08a' },
            600: { value: '#ca8a04' },
            800: { value: '#854d0e' },
          },
        },
        fonts: {
          body: {
            value:
              "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
          },
          heading: { value: "'Inter Display', Inter, ui-sans-serif, system-ui, sans-serif" },
          mono: { value: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace" },
          // Caveat is served from this origin (src/index.css); the rest stand in while it loads.
          hand: { value: "Caveat, 'Segoe Print', 'Bradley Hand', 'Comic Neue', cursive" },
        },
        spacing: {
          0: { value: '0' },
          0.5: { value: '0.125rem' },
          1: { value: '0.25rem' },
          1.5: { value: '0.375rem' },
          2: { value: '0.5rem' },
          3: { value: '0.75rem' },
          4: { value: '1rem' },
          5: { value: '1.25rem' },
          6: { value: '1.5rem' },
          8: { value: '2rem' },
          10: { value: '2.5rem' },
          12: { value: '3rem' },
          16: { value: '4rem' },
          20: { value: '5rem' },
          24: { value: '6rem' },
        },
        radii: {
          none: { value: '0' },
          sm: { value: '0.25rem' },
          md: { value: '0.5rem' },
          lg: { value: '0.75rem' },
          xl: { value: '1rem' },
          '2xl': { value: '1.5rem' },
          full: { value: '9999px' },
        },
        gradients: {
          brand: {
            value: 'linear-gradient(135deg, {colors.brand.50} 0%, {colors.brand.100} 45%, {colors.accent.300} 100%)',
          },
        },
        shadows: {
          sm: { value: '0 1px 2px rgba(23, 23, 42, 0.06)' },
          md: { value: '0 4px 12px rgba(23, 23, 42, 0.08), 0 1px 3px rgba(23, 23, 42, 0.06)' },
          lg: { value: '0 12px 32px rgba(23, 23, 42, 0.12), 0 2px 6px rgba(23, 23, 42, 0.08)' },
        },
      },
      semanticTokens: {
        colors: {
          bg: {
            DEFAULT: { value: '{colors.gray.50}' },
            surface: { value: '{colors.white}' },
            muted: { value: '{colors.gray.100}' },
          },
          fg: {
            DEFAULT: { value: '{colors.gray.900}' },
            muted: { value: '{colors.gray.600}' },
            subtle: { value: '{colors.gray.500}' },
            onBrand: { value: '{colors.white}' },
          },
          border: {
            DEFAULT: { value: '{colors.gray.200}' },
            strong: { value: '{colors.gray.300}' },
          },
          primary: {
            DEFAULT: { value: '{colors.brand.600}' },
            hover: { value: '{colors.brand.700}' },
            subtle: { value: '{colors.brand.50}' },
            text: { value: '{colors.brand.700}' },
          },
          danger: {
            DEFAULT: { value: '{colors.red.600}' },
            hover: { value: '{colors.red.700}' },
            subtle: { value: '{colors.red.50}' },
            border: { value: '{colors.red.200}' },
          },
          success: {
            DEFAULT: { value: '{colors.green.600}' },
            subtle: { value: '{colors.green.50}' },
            border: { value: '{colors.green.200}' },
            // Text on grey or light green: 4.5:1 or more (green.700 on bg.muted is 4.4:1).
            text: { value: '{colors.green.800}' },
          },
          // A state that waits (a pending email, an account neither active nor in error).
          warning: {
            subtle: { value: '{colors.yellow.50}' },
            border: { value: '{colors.yellow.200}' },
            // yellow.800 on yellow.50: 7:1.
            text: { value: '{colors.yellow.800}' },
          },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

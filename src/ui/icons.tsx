import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';

// Line icons (24×24, stroked in the text colour). Decorative: the words beside them carry the
// meaning, so each is hidden from assistive technology.

const base = css({ w: '4', h: '4', flexShrink: '0' });

type IconProps = { className?: string };

function Svg({ children, className }: { children: ReactNode; className?: string | undefined }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={cx(base, className)}
    >
      {children}
    </svg>
  );
}

export const CheckCircleIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 3 3 5-6" />
  </Svg>
);

export const SyncIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M20 12a8 8 0 0 1-14 5.3" />
    <path d="M4 12a8 8 0 0 1 14-5.3" />
    <path d="M18 3v4h-4" />
    <path d="M6 21v-4h4" />
  </Svg>
);

export const WifiOffIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M2 8.8a15 15 0 0 1 4.2-2.6" />
    <path d="M10.7 5.1A15 15 0 0 1 22 8.8" />
    <path d="M5 12.5a10 10 0 0 1 5.2-2.7" />
    <path d="M8.5 16a5 5 0 0 1 7 0" />
    <path d="M12 20h.01" />
    <path d="m3 3 18 18" />
  </Svg>
);

export const AlertCircleIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5" />
    <path d="M12 16.5h.01" />
  </Svg>
);

export const WarningTriangleIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    <path d="M12 9v4" />
    <path d="M12 17h.01" />
  </Svg>
);

export const DeviceIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <rect x="6" y="2.5" width="12" height="19" rx="2" />
    <path d="M11 18h2" />
  </Svg>
);

export const InfoIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 16v-4.5" />
    <path d="M12 8h.01" />
  </Svg>
);

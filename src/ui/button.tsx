import type { ComponentProps } from 'react';
import { createLink } from '@tanstack/react-router';
import { css, cva, cx, type RecipeVariantProps } from 'styled-system/css';

export const buttonRecipe = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: 'semibold',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'pointer',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    transition: 'background 0.15s, color 0.15s, border-color 0.15s',
    _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  },
  variants: {
    variant: {
      primary: { bg: 'primary', color: 'fg.onBrand', _hover: { bg: 'primary.hover' } },
      secondary: {
        bg: 'bg.surface',
        color: 'fg',
        borderColor: 'border.strong',
        _hover: { bg: 'bg.muted' },
      },
      ghost: { bg: 'transparent', color: 'primary.text', _hover: { bg: 'primary.subtle' } },
      destructive: { bg: 'danger', color: 'fg.onBrand', _hover: { bg: 'danger.hover' } },
    },
    size: {
      sm: { h: '8', px: '3', fontSize: 'sm' },
      md: { h: '10', px: '4', fontSize: 'sm' },
      lg: { h: '12', px: '6', fontSize: 'md' },
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

type ButtonVariants = NonNullable<RecipeVariantProps<typeof buttonRecipe>>;

/** The small spinner a busy button shows (also for buttons that stay pressable while busy). */
export const spinner = css({
  w: '4',
  h: '4',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'currentColor',
  borderTopColor: 'transparent',
  animation: 'spin',
});

export type ButtonProps = ComponentProps<'button'> & ButtonVariants & { busy?: boolean };

/** A button; `busy` disables it and shows a spinner while keeping its label for screen readers. */
export function Button({
  variant,
  size,
  busy = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cx(buttonRecipe({ variant, size }), className)}
      {...rest}
    >
      {busy && <span aria-hidden="true" className={spinner} />}
      {children}
    </button>
  );
}

function ButtonAnchor({ variant, size, className, ...rest }: ComponentProps<'a'> & ButtonVariants) {
  return <a className={cx(buttonRecipe({ variant, size }), className)} {...rest} />;
}

/** A router link that looks like a Button. */
export const ButtonLink = createLink(ButtonAnchor);

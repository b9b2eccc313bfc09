/**
 * Mantine's Text, Badge, Button and ActionIcon for what a list draws on every row that scrolls into
 * view: the same elements, classes, data attributes and variables as the Mantine component (so they
 * look and behave the same, themes and dark scheme included), without the component's work per
 * use (its props, styles API and inline variables: components/plain/mantineVars.ts). Elsewhere,
 * use Mantine's own.
 */
import type { ButtonHTMLAttributes, HTMLAttributes, ReactNode } from 'react';
import { ActionIcon, Badge, Button, UnstyledButton, useMantineTheme } from '@mantine/core';
import type { ActionIconProps, BadgeProps, ButtonProps, MantineTheme } from '@mantine/core';
import { mantineVars, type VarsProps } from './mantineVars';
import classes from './plain.module.css';

type DataAttributes = { readonly [data: `data-${string}`]: string | number | boolean | undefined };

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

const focusClass = (theme: MantineTheme) => theme.focusClassName || `mantine-focus-${theme.focusRing}`;

/** An element's own style after the variables' inline style (where they could not be a class). */
const styled = (vars: VarsProps, style: React.CSSProperties | undefined) => (vars.style === undefined ? style : { ...vars.style, ...style });

type PlainTextProps = HTMLAttributes<HTMLElement> &
  DataAttributes & {
    readonly size?: 'xs' | 'sm' | 'md';
    readonly dimmed?: boolean;
    readonly strong?: boolean;
    readonly truncate?: boolean;
    readonly nowrap?: boolean;
    /** The element: a paragraph (Text's default), a span or a div. */
    readonly as?: 'p' | 'span' | 'div';
  };

/** Text of a size (Mantine's Text, md by default), dimmed, medium weight, cut with an ellipsis, or kept on one line. */
export function PlainText({
  size = 'md',
  dimmed = false,
  strong = false,
  truncate = false,
  nowrap = false,
  as: Element = 'p',
  className,
  ...rest
}: PlainTextProps) {
  const names = cx(
    classes.text,
    size !== 'md' && classes[size],
    dimmed && classes.dimmed,
    strong && classes.strong,
    truncate && classes.truncate,
    nowrap && classes.nowrap,
    className,
  );
  return <Element className={names} {...rest} />;
}

type PlainBadgeProps = HTMLAttributes<HTMLDivElement> &
  DataAttributes & {
    readonly color: string;
    readonly variant: 'light' | 'filled' | 'outline';
    readonly children: ReactNode;
  };

/** Mantine's Badge of the default size, without sections. */
export function PlainBadge({ color, variant, children, className, style, ...rest }: PlainBadgeProps) {
  const theme = useMantineTheme();
  const vars = mantineVars(theme, `badge-${color}-${variant}`, () => Badge.varsResolver(theme, { color, variant } as BadgeProps, {}).root);
  return (
    <div className={cx(Badge.classes.root, 'mantine-Badge-root', vars.className, className)} data-variant={variant} style={styled(vars, style)} {...rest}>
      <span className={cx(Badge.classes.label, 'mantine-Badge-label')}>{children}</span>
    </div>
  );
}

/** The root of a Mantine button (Button, ActionIcon: an UnstyledButton): its classes, state and variables. */
function buttonRoot(
  theme: MantineTheme,
  rootClass: string | undefined,
  staticClass: string,
  vars: VarsProps,
  { variant, size, disabled, className, style }: { variant?: string; size?: string; disabled: boolean; className?: string; style?: React.CSSProperties },
): ButtonHTMLAttributes<HTMLButtonElement> & DataAttributes {
  return {
    type: 'button',
    className: cx(
      focusClass(theme),
      !disabled && theme.activeClassName,
      rootClass,
      staticClass,
      UnstyledButton.classes.root,
      'mantine-UnstyledButton-root',
      vars.className,
      className,
    ),
    'data-variant': variant,
    'data-size': size,
    'data-disabled': disabled || undefined,
    disabled,
    style: styled(vars, style),
  };
}

type PlainButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  DataAttributes & {
    /** The filled variant's colour (the theme's primary colour without one). */
    readonly color?: string;
    /** Filled without one, as Mantine's Button. */
    readonly variant?: 'default' | 'light' | 'subtle' | 'outline';
    readonly size: 'compact-sm' | 'compact-xs' | 'xs' | 'sm';
    readonly children: ReactNode;
  };

/** Mantine's Button (a colour or a variant, a size, disabled), without sections or loader. */
export function PlainButton({ color, variant, size, disabled = false, children, className, style, ...rest }: PlainButtonProps) {
  const theme = useMantineTheme();
  const vars = mantineVars(
    theme,
    `button-${color ?? ''}-${variant ?? ''}-${size}`,
    () => Button.varsResolver(theme, { color, variant, size } as ButtonProps, {}).root,
  );
  return (
    <button {...buttonRoot(theme, Button.classes.root, 'mantine-Button-root', vars, { variant, size, disabled, className, style })} {...rest}>
      <span className={cx(Button.classes.inner, 'mantine-Button-inner')}>
        <span className={cx(Button.classes.label, 'mantine-Button-label')}>{children}</span>
      </span>
    </button>
  );
}

type PlainActionIconProps = ButtonHTMLAttributes<HTMLButtonElement> &
  DataAttributes & {
    readonly color?: string;
    readonly variant: 'light' | 'subtle' | 'filled' | 'default';
    readonly size?: 'xs' | 'sm' | 'md' | 'lg';
    readonly children: ReactNode;
  };

/** Mantine's ActionIcon (a variant, a colour, a size), without loader. */
export function PlainActionIcon({ color, variant, size, disabled = false, children, className, style, ...rest }: PlainActionIconProps) {
  const theme = useMantineTheme();
  const vars = mantineVars(
    theme,
    `ai-${color ?? ''}-${variant}-${size ?? ''}`,
    () => ActionIcon.varsResolver(theme, { color, variant, size } as ActionIconProps, {}).root,
  );
  return (
    <button {...buttonRoot(theme, ActionIcon.classes.root, 'mantine-ActionIcon-root', vars, { variant, size, disabled, className, style })} {...rest}>
      <span className={cx(ActionIcon.classes.icon, 'mantine-ActionIcon-icon')}>{children}</span>
    </button>
  );
}

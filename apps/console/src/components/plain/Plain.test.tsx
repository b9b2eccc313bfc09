import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { ActionIcon, Badge, Button, MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from '../../theme';
import { PlainActionIcon, PlainBadge, PlainButton } from './Plain';

/** An element as the browser would take it: its tag, classes (in any order), attributes and inline declarations, then its children. */
function shape(element: Element): unknown {
  const attributes = Object.fromEntries(
    [...element.attributes]
      .filter((a) => a.name !== 'class' && a.name !== 'style')
      .map((a) => [a.name, a.value])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
  const style = element.getAttribute('style') ?? '';
  const declarations = style
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .sort();
  return {
    tag: element.tagName,
    classes: [...element.classList].sort(),
    attributes,
    declarations,
    children: [...element.childNodes].map((n) => (n.nodeType === n.TEXT_NODE ? n.textContent : shape(n as Element))),
  };
}

function drawn(ui: ReactElement): unknown {
  const { container, unmount } = render(<MantineProvider theme={theme}>{ui}</MantineProvider>);
  const element = container.firstElementChild;
  if (element === null) throw new Error('nothing drawn');
  const result = shape(element);
  unmount();
  return result;
}

// jsdom has no constructed style sheets: the variables are inline there, exactly as Mantine writes them,
// so the two must be the same element. (In a browser the variables are a class: tests/e2e unit-list.spec.)
describe('the plain components draw what Mantine draws', () => {
  it.each([
    ['green', 'light'],
    ['orange', 'light'],
    ['red', 'filled'],
    ['yellow', 'filled'],
    ['blue', 'outline'],
  ] as const)('Badge %s %s', (color, variant) => {
    expect(
      drawn(
        <PlainBadge color={color} variant={variant} data-testid="b">
          3
        </PlainBadge>,
      ),
    ).toEqual(
      drawn(
        <Badge color={color} variant={variant} data-testid="b">
          3
        </Badge>,
      ),
    );
  });

  it.each([
    [{ color: 'red' }, false],
    [{ color: 'red' }, true],
    [{ variant: 'default' }, false],
    [{ variant: 'default' }, true],
  ] as const)('Button %o, disabled %s', (props, disabled) => {
    expect(
      drawn(
        <PlainButton size="compact-sm" {...props} disabled={disabled}>
          Start
        </PlainButton>,
      ),
    ).toEqual(
      drawn(
        <Button size="compact-sm" {...props} disabled={disabled}>
          Start
        </Button>,
      ),
    );
  });

  it.each([[{ variant: 'subtle', size: 'sm' }], [{ variant: 'light', color: 'grape' }]] as const)('ActionIcon %o', (props) => {
    expect(
      drawn(
        <PlainActionIcon {...props} aria-label="Open">
          <svg />
        </PlainActionIcon>,
      ),
    ).toEqual(
      drawn(
        <ActionIcon {...props} aria-label="Open">
          <svg />
        </ActionIcon>,
      ),
    );
  });
});

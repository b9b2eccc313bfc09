/**
 * The errors of failed queries (setup.ts): bare while `waitFor` polls, but a query that never
 * matches still fails with the document printed, as testing-library prints it.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

describe('failed queries', () => {
  it('a findBy that times out prints the document once', async () => {
    render(<p data-testid="here">Camera_north</p>);
    const error = await screen.findByTestId('missing', undefined, { timeout: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(/^Unable to find an element by: \[data-testid="missing"\]/);
    expect(message.match(/Camera_north/g)).toHaveLength(1);
    expect(message).toContain('Ignored nodes: comments, script, style');
  });

  it('a getBy prints the document, and each element a query found several of', () => {
    render(
      <>
        <p data-testid="twice">Camera_north</p>
        <p data-testid="twice">Camera_south</p>
      </>,
    );
    expect(() => screen.getByTestId('missing')).toThrow(/Camera_south/);
    expect(() => screen.getByTestId('twice')).toThrow(/Found multiple elements[\s\S]*Camera_north[\s\S]*Camera_south/);
  });
});

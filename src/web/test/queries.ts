import { screen } from '@testing-library/react';

/** The text a term of a description list on the screen stands for. */
export function definitionOf(term: string): string | null | undefined {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import deErrors from '../../common/locales/de/errors.json';
import { contactSchema } from '../../common/schemas/contact';
import { ensureNamespaces, i18n } from '../i18n/i18n';
import { fieldProps, useSchemaForm } from './form';

type ContactField = 'name' | 'email' | 'subject' | 'message';

describe('useSchemaForm', () => {
  it('answers keys of the errors namespace only: a value of the wrong type without a message of its own gets the generic key', async () => {
    // A broken value (a number where the form keeps text) must not show zod's "Invalid input: expected string, received number".
    const values = { name: '', email: 'anna@example.test', subject: 5, message: 'A fine message for you.' } as unknown as Record<ContactField, string>;
    const { result } = renderHook(() => useSchemaForm<ContactField>(contactSchema, values));
    act(() => {
      result.current.submit();
    });
    expect(result.current.errors).toEqual({ name: 'contactNameRequired', subject: 'validation' });

    await ensureNamespaces('de', ['errors']);
    const t = (key: string) => i18n.t(key, { lng: 'de' });
    const shown = fieldProps('subject', values, () => undefined, result.current, t).error;
    expect(shown).toBe(deErrors.validation);
  });

  it('gives the generic key to a refinement without a message and to a field of the wrong type', () => {
    const schema = z.object({ when: z.string().refine((v) => v.startsWith('2')), count: z.number() });
    const values = { when: '1999-01-01', count: 'many' } as unknown as Record<'when' | 'count', string>;
    const { result } = renderHook(() => useSchemaForm<'when' | 'count'>(schema, values));
    act(() => {
      result.current.submit();
    });
    expect(result.current.errors).toEqual({ when: 'validation', count: 'validation' });
  });
});
